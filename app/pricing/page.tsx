// /pricing: the plans of this installation as the quotas its operator sets (the quota refusal's upgrade_url
// points here). A self-hosted service has no prices of its own to show, so none are invented.
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { currentDashboardUser } from "@/lib/auth/session";
import { plansView } from "@/lib/account/plans";
import "@/components/dashboard/dashboard.css";

export const metadata: Metadata = { title: "Plans and quotas" };
export const dynamic = "force-dynamic";

export default async function PricingPage() {
  const db = await getDb();
  const user = await currentDashboardUser(db);
  const { plans, currentPlan, customQuota } = await plansView(db, user?.principal.kind === "customer" ? user.principal.customerId : null);
  return (
    <section className="pricing">
      <h1>Plans and quotas</h1>
      <p className="lead">
        A plan is a monthly quota of <strong>new unique stories</strong> (calendar month, UTC), set by whoever runs this service. Every plan scores
        with the full INVEST analysis, through the API, the integrations and the dashboard, and re-scoring a story already counted is always free,
        in any month, even when the quota is used up.
      </p>
      <ul className="plan-grid" role="list">
        {plans.map((plan) => (
          <li key={plan.id} className={`card plan${plan.id === currentPlan ? " current" : ""}`}>
            <h2>{plan.displayName}</h2>
            {plan.id === currentPlan ? <p className="badge">Your plan</p> : null}
            <p className="plan-quota">
              <strong>{plan.monthlyQuota.toLocaleString("en-US")}</strong> new stories a month
            </p>
            {plan.id === currentPlan && customQuota !== null && customQuota !== plan.monthlyQuota ? (
              <p className="muted small">Your account&rsquo;s own quota: {customQuota.toLocaleString("en-US")} a month.</p>
            ) : null}
          </li>
        ))}
      </ul>
      <h2>Changing a plan</h2>
      <p>
        New stories over the quota are refused with <code>429 QUOTA_EXHAUSTED</code> until the month ends. The operator of this installation assigns
        plans and can give an account a quota of its own:
      </p>
      <pre className="plan-command">
        <code>npm run provision -- customer --id acme --plan team --quota 5000</code>
      </pre>
      <p className="muted">
        {user ? <Link href="/dashboard">See this month&rsquo;s usage on your dashboard.</Link> : <Link href="/login">Sign in to see your usage.</Link>}
      </p>
    </section>
  );
}
