// /dashboard/settings: a customer's API keys, integrations, their callback deliveries and the audit trail. A
// company login manages one of its customers at a time (`?customer=`, the first one by default). The sections
// are client components calling the self-serve JSON API with the session cookie; this page only decides who
// may see it and for which customer.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { CustomerFilter } from "@/components/dashboard/customer-filter";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import { SettingsSections } from "@/components/settings/settings-sections";
import { requireDashboardUser } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import { resolveScope, type StatsScope } from "@/lib/stats/scope";
import "@/components/settings/settings.css";

export const metadata: Metadata = { title: "Settings" };
export const dynamic = "force-dynamic";

export default async function SettingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const requested = typeof params.customer === "string" && params.customer ? params.customer : null;
  const db = await getDb();
  const user = await requireDashboardUser(db, requested ? `/dashboard/settings?customer=${encodeURIComponent(requested)}` : "/dashboard/settings");
  let scope: StatsScope;
  try {
    scope = await resolveScope(db, user.principal, requested);
  } catch (error) {
    // A customer outside the login's scope: the same 404 whether or not it exists.
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
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
          <p className="muted">
            {company ? (
              <>
                Company <strong>{company}</strong>
                {customer ? (
                  <>
                    {" "}
                    · customer <strong>{customer}</strong>
                  </>
                ) : null}
              </>
            ) : (
              <>
                Customer <strong>{customer}</strong>
              </>
            )}{" "}
            · signed in as {user.email}
          </p>
        </div>
        <div className="dashboard-actions">
          {company && customer ? (
            <CustomerFilter id="settings-customer" customers={scope.visibleCustomerIds} selected={customer} action="/dashboard/settings" submitLabel="Switch" />
          ) : null}
          <SignOutButton />
        </div>
      </header>
      {customer ? (
        <SettingsSections key={customer} customer={apiCustomer} />
      ) : (
        <p className="alert info">Your company has no customers yet: keys and integrations belong to a customer, so there is nothing to manage here.</p>
      )}
    </div>
  );
}
