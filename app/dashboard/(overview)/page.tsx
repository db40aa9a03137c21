// /dashboard: the signed-in user's story health: summary cards, usage, trend, dimensions and the stories table.
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CustomerFilter } from "@/components/dashboard/customer-filter";
import { ScopeLine } from "@/components/dashboard/scope-line";
import { DimensionBreakdown } from "@/components/dashboard/dimension-breakdown";
import { KindBreakdown } from "@/components/dashboard/kind-breakdown";
import { KindFilter } from "@/components/dashboard/kind-filter";
import { RulesLine } from "@/components/dashboard/rules-line";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { StoriesTable } from "@/components/dashboard/stories-table";
import { SummaryCards } from "@/components/dashboard/summary-cards";
import { TrendChart } from "@/components/dashboard/trend-chart";
import { UsageCard } from "@/components/dashboard/usage-card";
import { dashboardPageUser, orNotFound, type SearchParams } from "@/lib/auth/dashboard-page";
import { now } from "@/lib/clock";
import { rulesInForce } from "@/lib/rules/settings";
import { DEFAULT_DASHBOARD_INTERVAL, loadDashboard } from "@/lib/stats/dashboard";
import { kindParam } from "@/lib/work-items/kinds";

export const metadata: Metadata = { title: "Dashboard" };
export const dynamic = "force-dynamic";

export default async function DashboardPage({ searchParams }: { searchParams: SearchParams }) {
  const db = await getDb();
  const { user, customer } = await dashboardPageUser(db, searchParams, "/dashboard");
  const workItemType = kindParam((await searchParams).work_item_type);
  const data = await orNotFound(loadDashboard({ db, principal: user.principal, customer, workItemType, at: now() }));
  const { scope, summary, trends, dimensions, stories, kinds } = data;
  // Client components fetch again when the filters change; a new key starts them from the server's data.
  const filters = `${customer ?? "all"}-${workItemType ?? "all"}`;
  const company = user.principal.kind === "company" ? user.principal.companyId : null;
  const settingsHref = customer ? `/dashboard/settings?customer=${encodeURIComponent(customer)}` : "/dashboard/settings";
  // The rules of the customers whose scores are shown: the one picked, else every one in scope.
  const rules = await rulesInForce(db, scope.customerIds);

  return (
    <div className="dashboard">
      <header className="dashboard-header">
        <div>
          <h1>Dashboard</h1>
          <ScopeLine company={company} customer={company ? scope.selectedCustomerId : scope.customerIds[0]} customerCount={scope.visibleCustomerIds.length} email={user.email} />
          <RulesLine rules={rules} settingsHref={settingsHref} />
        </div>
        <div className="dashboard-actions">
          {company ? (
            <CustomerFilter
              id="customer-filter"
              customers={scope.visibleCustomerIds}
              selected={scope.selectedCustomerId}
              action="/dashboard"
              allCustomers
              submitLabel="Apply"
              keep={{ work_item_type: workItemType }}
            />
          ) : null}
          {kinds.length > 1 || workItemType ? <KindFilter kinds={kinds} selected={workItemType} customer={customer} /> : null}
          <Link className="button secondary" href={settingsHref}>
            Settings
          </Link>
          <SignOutButton />
        </div>
      </header>
      <SummaryCards summary={summary} dimensions={dimensions} workItemType={workItemType} />
      {kinds.length > 1 ? <KindBreakdown kinds={kinds} selected={workItemType} customer={customer} /> : null}
      <div className="dashboard-grid">
        <TrendChart key={`trend-${filters}`} initial={trends} initialInterval={DEFAULT_DASHBOARD_INTERVAL} customer={customer} workItemType={workItemType} />
        <UsageCard quotas={summary.quotas} />
      </div>
      <DimensionBreakdown breakdown={dimensions} />
      <StoriesTable
        key={`stories-${filters}`}
        initial={stories}
        customer={customer}
        workItemType={workItemType}
        showCustomer={scope.customerIds.length > 1}
      />
    </div>
  );
}
