import Link from "next/link";
import { formatDate } from "@/lib/format";
import type { QuotaSummary } from "@/lib/stats/summary";

/**
 * This month's new stories against the quota, per customer in scope, when the count resets, and what is billed:
 * a unique story (by `external_id`, else by its text), once, in the month it is first scored.
 */
export function UsageCard({ quotas }: { quotas: QuotaSummary[] }) {
  return (
    <section className="card usage-card" aria-labelledby="usage-heading">
      <h2 id="usage-heading">This month&rsquo;s usage</h2>
      {quotas.length === 0 ? <p className="muted">No customers yet.</p> : null}
      <ul className="usage-list" role="list">
        {quotas.map((quota) => {
          const share = quota.quota > 0 ? Math.min(100, Math.round((quota.used / quota.quota) * 100)) : 100;
          const id = `usage-${quota.customer_id}`;
          return (
            <li key={quota.customer_id}>
              <p className="usage-line" id={id}>
                {quotas.length > 1 ? <strong>{quota.customer_id}: </strong> : null}
                <span data-testid="usage-count">
                  {quota.used.toLocaleString("en-US")} of {quota.quota.toLocaleString("en-US")}
                </span>{" "}
                new stories ({quota.plan} plan)
              </p>
              <progress className={share >= 90 ? "usage-bar high" : "usage-bar"} max={100} value={share} aria-labelledby={id}>
                {share}%
              </progress>
              <p className="muted small">
                {quota.used >= quota.quota ? "Quota reached: new stories are paused until " : "Resets on "}
                <time dateTime={quota.reset_at}>{formatDate(quota.reset_at)}</time>. Re-scoring a counted story is always free.
              </p>
            </li>
          );
        })}
      </ul>
      <p className="muted small" data-testid="billing-rule">
        <strong>What is billed:</strong> each unique story once, in the month it is first scored; scoring it again is free. A story is known by
        its <code>external_id</code>; a ticket sent without one is known by its text, so each edit of it is billed as a new story. Send your
        tracker&rsquo;s id as <code>external_id</code> and edits are free.
      </p>
      <p className="small">
        <Link href="/pricing">Compare plans and quotas</Link>
      </p>
    </section>
  );
}
