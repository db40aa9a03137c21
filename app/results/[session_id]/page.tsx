import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { DimensionChart } from "@/components/evaluator/dimension-chart";
import { band, rowList, SCORE_BANDS } from "@/components/evaluator/labels";
import { ResultsTable } from "@/components/evaluator/results-table";
import { ShareLink } from "@/components/evaluator/share-link";
import "@/components/evaluator/results.css";
import { sessionView } from "@/lib/csv-flow/score-session";
import { findSession } from "@/lib/csv-flow/sessions";
import { digestResults } from "@/lib/csv-flow/summary";
import type { ResultsResponse } from "@/lib/csv-flow/types";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { enforceCsvLimit } from "@/lib/rate-limit";
import { FORMAT_LABELS } from "@/lib/backlog/formats";
import { RULE_PRESET_LABELS } from "@/lib/scoring/rules";
import { countKinds, describeKindCounts, itemKind } from "@/lib/work-items/kinds";

export const metadata: Metadata = { title: "Results", robots: { index: false } };

type Props = { params: Promise<{ session_id: string }> };

export default async function ResultsPage({ params }: Props) {
  const { session_id: sessionId } = await params;
  try {
    // The page shows what GET /evaluate/results shows, so it counts against the same per-IP limit.
    await enforceCsvLimit(await headers(), "results");
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) {
      return (
        <section>
          <h1>Too many requests</h1>
          <p className="alert error" role="alert">
            {error.message}
          </p>
        </section>
      );
    }
    throw error;
  }
  const session = await findSession({ sessionId });
  if (!session) notFound();
  const view = sessionView(session);
  if (view.status !== "completed" || !view.summary) {
    return (
      <section>
        <h1>Not scored yet</h1>
        <p className="lead">
          <strong>{view.filename}</strong> was uploaded but has not been scored. Upload it again on the{" "}
          <Link href="/">evaluator</Link> and press Score.
        </p>
      </section>
    );
  }
  const shareUrl = `${env().publicBaseUrl}/results/${view.session_id}`;
  // Each kind (stories, bugs, tasks, spikes, epics) is judged as what it is, and counted apart.
  const kinds = countKinds(view.results.map(itemKind));
  return (
    <>
      <header className="results-header">
        <div>
          <p className="eyebrow">INVEST results</p>
          <h1>{view.filename}</h1>
          <p className="muted">
            {view.scored_count.toLocaleString("en-US")} of {view.row_count.toLocaleString("en-US")} rows scored
            {view.format ? ` · read as ${FORMAT_LABELS[view.format]}` : ""}
            {kinds.length > 1 ? ` · ${describeKindCounts(kinds)}` : ""}
            {/* Sessions scored before the preset was kept say nothing: they may have been read strict or lenient. */}
            {view.preset ? (
              <>
                {" "}
                · <span data-testid="results-preset">rules: {RULE_PRESET_LABELS[view.preset]}</span>
              </>
            ) : null}{" "}
            · kept until{" "}
            <time dateTime={view.expires_at}>{new Date(view.expires_at).toUTCString().replace(/:\d\d GMT$/, " UTC")}</time>
          </p>
        </div>
        <div className="results-actions">
          <a className="button" href={`/evaluate/results/${view.session_id}?format=csv`} download>
            Download CSV
          </a>
          <Link className="button secondary" href="/">
            Score another backlog
          </Link>
        </div>
      </header>

      {view.skipped_rows.length > 0 && (
        <p className="alert info">
          {view.skipped_rows.length} {view.skipped_rows.length === 1 ? "row was" : "rows were"} not scored because the summary
          is empty: row {rowList(view.skipped_rows)}.
        </p>
      )}

      <SummaryCards view={view} />

      <section aria-labelledby="dimensions-heading" className="card chart-card">
        <h2 id="dimensions-heading" className="visually-hidden">
          Dimensions
        </h2>
        <DimensionChart summary={view.summary} />
      </section>

      <section aria-labelledby="stories-heading">
        <h2 id="stories-heading">{kinds.length > 1 ? "Work items" : "Stories"}</h2>
        <ResultsTable results={view.results} />
      </section>

      <section aria-labelledby="share-heading" className="card share-card">
        <h2 id="share-heading">Share these results</h2>
        <ShareLink url={shareUrl} />
      </section>
    </>
  );
}

function SummaryCards({ view }: { view: ResultsResponse }) {
  const digest = digestResults(view.results);
  const count = (n: number) => n.toLocaleString("en-US");
  // "stories" only when every item is a story; "work items" when the kinds are mixed (bugs, tasks, spikes).
  const { noun } = digest;
  const of = `of ${count(digest.stories)} ${digest.stories === 1 ? noun.one : noun.many}`;
  const { overall, bands, weakestVarying, commonFinding } = digest;
  const [weak, ready] = [SCORE_BANDS[0], SCORE_BANDS[SCORE_BANDS.length - 1]];
  const [weakCount, readyCount] = [bands[weak.key], bands[ready.key]];
  const cards: { label: string; value: string; tone: "good" | "mid" | "bad"; note: string; word?: boolean }[] = [
    {
      label: "Average score",
      value: `${overall.average}%`,
      tone: band(overall.average),
      note: overall.lowest === overall.highest ? `every ${noun.one} ${overall.lowest}%` : `from ${overall.lowest}% to ${overall.highest}%`,
    },
    // The lowest and the highest of the bands the scores are coloured and filtered by, low to high.
    { label: weak.label, value: count(weakCount), tone: weakCount ? "bad" : "good", note: of },
    { label: ready.label, value: count(readyCount), tone: readyCount ? "good" : "mid", note: of },
  ];
  // Only what sets items apart is a headline: a dimension every item scores the same on is in the sentences.
  if (weakestVarying) {
    cards.push({
      label: `Weakest where ${noun.many} differ`,
      value: weakestVarying.label,
      word: true,
      tone: band(weakestVarying.average),
      note: `${weakestVarying.average}% on average, ${weakestVarying.lowest}% to ${weakestVarying.highest}%`,
    });
  }
  if (commonFinding) {
    cards.push({ label: "Most common finding", value: commonFinding.label, word: true, tone: "mid", note: `in ${count(commonFinding.stories)} ${of}` });
  }
  if (digest.duplicates > 0) {
    cards.push({ label: "Duplicates", value: count(digest.duplicates), tone: "mid", note: `${noun.many} repeating another` });
  }
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="visually-hidden">
        Summary
      </h2>
      {digest.shared.length > 0 && (
        <div className="summary-facts" data-testid="summary-facts">
          {digest.shared.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </div>
      )}
      <ul className="cards summary-cards">
        {cards.map((card) => (
          <li key={card.label} className={`card stat tone-${card.tone}`}>
            <p className="stat-label">{card.label}</p>
            <p className={card.word ? "stat-value stat-word" : "stat-value"}>{card.value}</p>
            <p className="stat-note">{card.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
