// /dashboard/stories/{ticket_ref}: every scoring run of one story (a ticket as a person knows it: its key, else its
// ticket id, else its billing identity) in the user's scope, so its edits can be compared. An old link by billing
// identity (`sha256:...` or an external id) redirects to the story of its latest run.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { RunDetails } from "@/components/dashboard/run-details";
import { ScoreProgressChart } from "@/components/dashboard/score-progress-chart";
import { KindLabel } from "@/components/kind-label";
import { LanguageLabel } from "@/components/language-label";
import { requireDashboardUser } from "@/lib/auth/session";
import { DIMENSION_LABELS, formatDate, percent, scoreClass } from "@/lib/format";
import { resolveScope } from "@/lib/auth/scope";
import { storyHistory, ticketOfIdentity } from "@/lib/stats/story-history";
import { dismissalsFor } from "@/lib/rules/settings";
import { billingIdentityLabel, hasTicketName, storyHref, TRACKER_NAMES } from "@/lib/stats/story-name";
import { declaredKind } from "@/lib/work-items/kinds";

export const metadata: Metadata = { title: "Story history" };
export const dynamic = "force-dynamic";

type Params = Promise<{ identity: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The ticket ref (or old billing identity) as the link encoded it; tolerate both decoded and still-encoded segments. */
function identityCandidates(segment: string): string[] {
  const candidates = [segment];
  try {
    const decoded = decodeURIComponent(segment);
    if (decoded !== segment) candidates.push(decoded);
  } catch {
    // not percent-encoded
  }
  return candidates;
}

export default async function StoryHistoryPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { identity } = await params;
  const query = await searchParams;
  const customer = typeof query.customer === "string" && query.customer ? query.customer : null;
  const db = await getDb();
  const returnTo = `/dashboard/stories/${encodeURIComponent(identity)}${customer ? `?customer=${encodeURIComponent(customer)}` : ""}`;
  const user = await requireDashboardUser(db, returnTo);
  const scope = await resolveScope(db, user.principal);
  if (customer && !scope.visibleCustomerIds.includes(customer)) notFound();
  let history = null;
  for (const candidate of identityCandidates(identity)) {
    history = await storyHistory({ db, scope, ref: candidate, customerId: customer });
    if (history) break;
  }
  if (!history) {
    // An old link by billing identity: the story (ticket) of that identity's latest run.
    for (const candidate of identityCandidates(identity)) {
      const ticket = await ticketOfIdentity({ db, scope, storyIdentity: candidate, customerId: customer });
      if (ticket && ticket.ticket_ref !== candidate) redirect(storyHref(ticket));
    }
    notFound();
  }

  const { story, runs } = history;
  const named = hasTicketName(story);
  const firstRun = runs[0];
  const lastRun = runs.at(-1);
  // A change needs two runs: a story scored once has not changed.
  const change = runs.length > 1 && firstRun && lastRun ? Math.round(lastRun.overall_score * 10) - Math.round(firstRun.overall_score * 10) : null;
  // What the item is: as the history says, else as its latest run was judged; runs before kinds were stories.
  const kind = declaredKind(story) ?? (lastRun ? declaredKind(lastRun) : null) ?? "story";
  // Where that kind came from is the latest run's word for it, when that run judged it as this kind.
  const kindSource = lastRun && declaredKind(lastRun) === kind ? lastRun.work_item_type_source : null;
  // The latest run's findings can be dismissed with a reason; those already dismissed for its text say so.
  const dismissing = lastRun
    ? { ticketRef: story.ticket_ref, customer: story.customer_id, dismissals: await dismissalsFor(db, story.customer_id, lastRun.ticket) }
    : undefined;
  const newestFirst = runs.map((run, index) => ({ run, number: history.total_runs - runs.length + index + 1, previous: runs[index - 1] ?? null })).reverse();

  return (
    <article className="story-history">
      <p>
        <Link href={customer && scope.visibleCustomerIds.length > 1 ? `/dashboard?customer=${encodeURIComponent(customer)}` : "/dashboard"}>← Back to the dashboard</Link>
      </p>
      <header className="story-header">
        <p className="eyebrow">
          <KindLabel kind={kind} source={kindSource} />
          <LanguageLabel language={lastRun?.language} />
        </p>
        <h1 data-testid="story-title">
          {named ? (
            <>
              <span className="story-ref">{story.ticket_ref}</span> · {story.title}
            </>
          ) : (
            story.title
          )}
        </h1>
        {story.url ? (
          <p className="muted">
            <a href={story.url} target="_blank" rel="noopener noreferrer" data-testid="story-tracker-link">
              Open {story.ticket_ref} in {TRACKER_NAMES[story.source ?? ""] ?? "the tracker"} ↗
            </a>
          </p>
        ) : null}
        <dl className="story-facts">
          <div>
            <dt>Latest score</dt>
            <dd className={scoreClass(story.overall_score)} data-testid="story-latest" title={lastRun?.overall_reasoning}>
              {percent(story.overall_score)}
            </dd>
          </div>
          <div>
            <dt>Runs</dt>
            <dd>{story.run_count}</dd>
          </div>
          {change !== null ? (
            <div>
              <dt>Change since the first run</dt>
              <dd className={change > 0 ? "score-good" : change < 0 ? "score-bad" : ""}>
                {change > 0 ? "+" : ""}
                {change} points
              </dd>
            </div>
          ) : null}
          <div>
            <dt>First scored</dt>
            <dd>{formatDate(story.first_scored_at)}</dd>
          </div>
          {scope.visibleCustomerIds.length > 1 ? (
            <div>
              <dt>Customer</dt>
              <dd>{story.customer_id}</dd>
            </div>
          ) : null}
        </dl>
        <p className="muted small identity" data-testid="billing-identity">
          {billingIdentityLabel(story.identity_resolution)}: <code>{story.story_identity}</code>
        </p>
        {history.also_in_customers.length ? (
          <p className="alert info">
            The same story was also scored by{" "}
            {history.also_in_customers.map((other, index) => (
              <span key={other}>
                {index ? ", " : ""}
                <Link href={storyHref({ ticket_ref: story.ticket_ref, customer_id: other })}>{other}</Link>
              </span>
            ))}
            .
          </p>
        ) : null}
      </header>

      {runs.length > 1 ? (
        <section className="card" aria-labelledby="progress-heading">
          <h2 id="progress-heading">Score across edits</h2>
          <p className="muted small">
            From {percent(firstRun.overall_score)} to {percent(lastRun?.overall_score)} over {runs.length} runs:{" "}
            {runs.map((run) => percent(run.overall_score)).join(" → ")}.
          </p>
          <ScoreProgressChart points={runs.map((run, index) => ({ label: `Run ${history.total_runs - runs.length + index + 1}`, overall: Math.round(run.overall_score * 10) }))} />
        </section>
      ) : null}

      <section aria-labelledby="runs-heading">
        <h2 id="runs-heading">Runs, newest first</h2>
        {history.total_runs > runs.length ? <p className="muted">Showing the latest {runs.length} of {history.total_runs} runs.</p> : null}
        {newestFirst.map(({ run, number, previous }, index) => (
          <details key={run.run_id} className="card run" open={index === 0}>
            <summary>
              <h3>
                Run {number}
                {index === 0 ? " (latest)" : ""} · {formatDate(run.created_at)} ·{" "}
                {(declaredKind(run) ?? "story") !== kind ? (
                  <>
                    judged as <KindLabel kind={declaredKind(run) ?? "story"} source={run.work_item_type_source} /> ·{" "}
                  </>
                ) : null}
                <span className={scoreClass(run.overall_score)}>{percent(run.overall_score)}</span>
              </h3>
              <span className="run-dimensions muted small">
                {Object.entries(DIMENSION_LABELS)
                  .map(([dimension, label]) => `${label} ${percent(run.dimensions[dimension as keyof typeof run.dimensions].score)}`)
                  .join(" · ")}
              </span>
            </summary>
            <RunDetails run={run} number={number} previous={previous} dismiss={index === 0 ? dismissing : undefined} />
          </details>
        ))}
      </section>
    </article>
  );
}
