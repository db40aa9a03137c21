// /dashboard/stories/{identity}: every scoring run of one story in the user's scope, so its edits can be compared.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { RunDetails } from "@/components/dashboard/run-details";
import { ScoreProgressChart } from "@/components/dashboard/score-progress-chart";
import { KindLabel } from "@/components/kind-label";
import { requireDashboardUser } from "@/lib/auth/session";
import { DIMENSION_LABELS, formatDate, percent, scoreClass } from "@/lib/stats/format";
import { resolveScope } from "@/lib/stats/scope";
import { storyHistory } from "@/lib/stats/story-history";
import { declaredKind } from "@/lib/work-items/kinds";

export const metadata: Metadata = { title: "Story history" };
export const dynamic = "force-dynamic";

type Params = Promise<{ identity: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The identity as the link encoded it; tolerate both decoded and still-encoded segments. */
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
    history = await storyHistory({ db, scope, storyIdentity: candidate, customerId: customer });
    if (history) break;
  }
  if (!history) notFound();

  const { story, runs } = history;
  const firstRun = runs[0];
  const lastRun = runs.at(-1);
  const change = firstRun && lastRun ? Math.round(lastRun.overall_score * 10) - Math.round(firstRun.overall_score * 10) : 0;
  // What the item is: as the history says, else as its latest run was judged; runs before kinds were stories.
  const kind = declaredKind(story) ?? (lastRun ? declaredKind(lastRun) : null) ?? "story";
  const newestFirst = runs.map((run, index) => ({ run, number: history.total_runs - runs.length + index + 1, previous: runs[index - 1] ?? null })).reverse();

  return (
    <article className="story-history">
      <p>
        <Link href={customer && scope.visibleCustomerIds.length > 1 ? `/dashboard?customer=${encodeURIComponent(customer)}` : "/dashboard"}>← Back to the dashboard</Link>
      </p>
      <header className="story-header">
        <p className="eyebrow">
          <KindLabel kind={kind} />
          {story.ticket_key ?? (story.identity_resolution === "content_hash" ? "content hash" : "")}
        </p>
        <h1>{story.summary}</h1>
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
          <div>
            <dt>Change since the first run</dt>
            <dd className={change > 0 ? "score-good" : change < 0 ? "score-bad" : ""}>
              {change > 0 ? "+" : ""}
              {change} points
            </dd>
          </div>
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
        <p className="muted small identity">
          Identity ({story.identity_resolution === "external_id" ? "external id" : "content hash"}): <code>{story.story_identity}</code>
        </p>
        {history.also_in_customers.length ? (
          <p className="alert info">
            The same story was also scored by{" "}
            {history.also_in_customers.map((other, index) => (
              <span key={other}>
                {index ? ", " : ""}
                <Link href={`/dashboard/stories/${encodeURIComponent(story.story_identity)}?customer=${encodeURIComponent(other)}`}>{other}</Link>
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
                    judged as <KindLabel kind={declaredKind(run) ?? "story"} /> ·{" "}
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
            <RunDetails run={run} number={number} previous={previous} />
          </details>
        ))}
      </section>
    </article>
  );
}
