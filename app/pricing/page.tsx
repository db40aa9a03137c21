// /pricing: the plans and their monthly quotas of new stories (the quota refusal's upgrade_url points here).
import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/db/client";
import { currentDashboardUser } from "@/lib/auth/session";
import { listPlans } from "@/lib/stories/billing";
import { eq } from "drizzle-orm";
import { customers } from "@/db/schema";
import "@/components/dashboard/dashboard.css";

export const metadata: Metadata = { title: "Pricing" };
export const dynamic = "force-dynamic";

/**
 * "$X / month"; a plan without a price says "Free" once: as its price, unless its name already says it (the
 * card would read "Free" twice), in which case the price shows what it costs, "$0 / month".
 */
function priceLabel(name: string, priceUsdMonthly: number): React.ReactNode {
  if (priceUsdMonthly === 0 && !/\bfree\b/i.test(name)) return "Free";
  return (
    <>
      ${priceUsdMonthly.toLocaleString("en-US")}
      <span className="muted small"> / month</span>
    </>
  );
}

export default async function PricingPage() {
  const db = await getDb();
  const plans = await listPlans(db);
  const user = await currentDashboardUser(db);
  let currentPlan: string | null = null;
  if (user?.principal.kind === "customer") {
    const [row] = await db.select({ planId: customers.planId }).from(customers).where(eq(customers.id, user.principal.customerId));
    currentPlan = row?.planId ?? null;
  }
  return (
    <section className="pricing">
      <h1>Plans and quotas</h1>
      <p className="lead">
        Every plan scores with the full INVEST analysis. A plan&rsquo;s quota counts <strong>new unique stories</strong> per calendar month (UTC):
        re-scoring a story you already scored is always free, in any month, even when the quota is used up.
      </p>
      <ul className="plan-grid" role="list">
        {plans.map((plan) => (
          <li key={plan.id} className={`card plan${plan.id === currentPlan ? " current" : ""}`}>
            <h2>{plan.displayName}</h2>
            {plan.id === currentPlan ? <p className="badge">Your plan</p> : null}
            <p className="plan-price">{priceLabel(plan.displayName, plan.priceUsdMonthly)}</p>
            <p className="plan-quota">
              <strong>{plan.monthlyQuota.toLocaleString("en-US")}</strong> new stories a month
            </p>
            <ul className="plan-features">
              <li>Synchronous and asynchronous API</li>
              <li>Dashboard with trends and story history</li>
              <li>Unlimited re-scores of counted stories</li>
            </ul>
          </li>
        ))}
      </ul>
      <p className="muted">
        The quota resets at the start of each month (UTC); new stories over the quota are refused with <code>429 QUOTA_EXHAUSTED</code> until then.
        To change plan or get a custom quota, ask your administrator.{" "}
        {user ? <Link href="/dashboard">See this month&rsquo;s usage on your dashboard.</Link> : <Link href="/login">Sign in to see your usage.</Link>}
      </p>
    </section>
  );
}
