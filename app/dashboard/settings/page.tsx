// /dashboard/settings: a customer's API keys, integrations, their callback deliveries, tracker connections and the
// audit trail. A company login manages one of its customers at a time (`?customer=`, the first one by default).
// The sections are client components calling the self-serve JSON API with the session cookie; this page only decides who
// may see it and for which customer.
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { CustomerFilter } from "@/components/dashboard/customer-filter";
import { ScopeLine } from "@/components/dashboard/scope-line";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { SettingsSections } from "@/components/settings/settings-sections";
import { dashboardPageUser, orNotFound, type SearchParams } from "@/lib/auth/dashboard-page";
import { resolveScope } from "@/lib/auth/scope";
import "@/components/settings/settings.css";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage({ searchParams }: { searchParams: SearchParams }) {
  const db = await getDb();
  const { user, customer: requested } = await dashboardPageUser(db, searchParams, "/dashboard/settings");
  const scope = await orNotFound(resolveScope(db, user.principal, requested));
  const company = user.principal.kind === "company" ? user.principal.companyId : null;
  const customer = scope.selectedCustomerId ?? scope.visibleCustomerIds[0] ?? null;
  // A company login names its customer on every API call; a customer login's calls act for its own.
  const apiCustomer = company ? customer : null;
  const dashboardHref = company && requested ? `/dashboard?customer=${encodeURIComponent(requested)}` : "/dashboard";

  return (
    <div className="dashboard settings">
      <p className="back-link">
        <Link href={dashboardHref}>← Back to the dashboard</Link>
      </p>
      <header className="dashboard-header">
        <div>
          <h1>Settings</h1>
          <ScopeLine company={company} customer={customer} customerCount={scope.visibleCustomerIds.length} email={user.email} />
        </div>
        <div className="dashboard-actions">
          {company && customer ? (
            <CustomerFilter id="settings-customer" customers={scope.visibleCustomerIds} selected={customer} action="/dashboard/settings" submitLabel="Switch" />
          ) : null}
          <SignOutButton />
        </div>
      </header>
      {customer ? (
        <SettingsSections key={customer} customer={apiCustomer} dashboardHref={dashboardHref} />
      ) : (
        <p className="alert info">Your company has no customers yet: keys and integrations belong to a customer, so there is nothing to manage here.</p>
      )}
    </div>
  );
}
