import { DIMENSION_LABELS, DIMENSIONS, formatDateTime, percent, scoreClass } from "@/lib/format";
import type { HistoryRun } from "@/lib/stats/story-history";
import { SplitStories } from "../split-stories";
import { CardTable } from "./card-table";
import { DismissFinding } from "./dismiss-finding";
import { reasoningInPercent, recommendationInPercent } from "@/lib/scoring/overall";

const SEVERITY_LABEL: Record<string, string> = { high: "High", medium: "Medium", low: "Low" };

/** One scoring run: the text that was scored, the six scores with reasoning, findings, recommendations, rewrite or split. */
/** The latest run's findings can be dismissed with a reason: `dismiss` names the story and its text's dismissals. */
interface Dismissing {
  ticketRef: string;
  customer: string | null;
  dismissals: { code: string; reason: string }[];
}

export function RunDetails({ run, number, previous, dismiss }: { run: HistoryRun; number: number; previous: HistoryRun | null; dismiss?: Dismissing }) {
  const delta = previous ? Math.round(run.overall_score * 10) - Math.round(previous.overall_score * 10) : null;
  return (
    <>
      <div className="run-text">
        <h4>Scored text</h4>
        <p className="story-text">{run.ticket.summary}</p>
        {run.ticket.description ? (
          <>
            <h5>Description</h5>
            <p className="story-text">{run.ticket.description}</p>
          </>
        ) : null}
        {run.ticket.acceptance_criteria ? (
          <>
            <h5>Acceptance criteria</h5>
            <p className="story-text">{run.ticket.acceptance_criteria}</p>
          </>
        ) : null}
        <p className="muted small">
          Run {number} · <time dateTime={run.created_at}>{formatDateTime(run.created_at)}</time> · ticket {run.ticket_id} · {run.engine} engine ·{" "}
          <span data-testid="run-rules">{run.rules ? `rules: ${run.rules.preset} (${run.rules.version})` : "rules: default (before rule settings)"}</span>
          {delta !== null ? ` · ${delta >= 0 ? "+" : ""}${delta} points since the previous run` : ""}
        </p>
        {run.overall_reasoning ? (
          <p className="overall-reasoning">
            <strong>Overall</strong> {run.overall_reasoning}
          </p>
        ) : null}
      </div>
      <CardTable
        label="Scores and reasoning"
        className="reasoning-table"
        caption={`Scores and reasoning per dimension, run ${number}`}
        columns={["Dimension", "Score", "Reasoning"]}
      >
        {DIMENSIONS.map((dimension) => {
          const detail = run.dimensions[dimension];
          // A fix the recommendations already list (with what it gains) is not repeated under its dimension.
          const suggestions = detail.suggestions.filter((s) => !run.recommendations.some((r) => r.startsWith(s)));
          const before = previous?.dimensions[dimension].score;
          return (
            <tr key={dimension} role="row">
              <th scope="row" role="rowheader" className="card-title">
                {DIMENSION_LABELS[dimension]}
              </th>
              <td role="cell" data-label="Score" className={scoreClass(detail.score)}>
                {percent(detail.score)}
                {before !== undefined && before !== null && detail.score !== null && before !== detail.score ? (
                  <span className="muted small"> (was {percent(before)})</span>
                ) : null}
              </td>
              <td role="cell" data-label="Reasoning" className="reasoning-cell">
                {detail.reasoning ? <span className="reasoning">{reasoningInPercent(detail.reasoning)}</span> : <span className="muted">No reasoning recorded.</span>}
                {suggestions.length ? (
                  <ul className="suggestions">
                    {suggestions.map((suggestion, index) => (
                      <li key={index}>{suggestion}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          );
        })}
      </CardTable>
      <div className="run-columns">
        <div>
          <h4>Findings</h4>
          {run.findings.length ? (
            <ul className="findings">
              {run.findings.map((finding, index) => (
                <li key={index}>
                  <span className={`severity severity-${finding.severity}`}>{SEVERITY_LABEL[finding.severity] ?? finding.severity}</span>{" "}
                  {finding.message} <span className="muted small">({finding.code})</span>
                  {dismiss ? (
                    <>
                      {" "}
                      <DismissFinding
                        ticketRef={dismiss.ticketRef}
                        code={finding.code}
                        customer={dismiss.customer}
                        dismissed={dismiss.dismissals.find((d) => d.code === finding.code)?.reason ?? null}
                      />
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No findings: nothing to fix.</p>
          )}
          {run.silenced_findings.length ? (
            <>
              <h5>Silenced</h5>
              <ul className="findings silenced" data-testid="silenced-findings">
                {run.silenced_findings.map((finding, index) => (
                  <li key={index}>
                    <span className="status-pill off">{finding.silenced_by === "dismissal" ? "Dismissed" : "Silenced by the ticket"}</span> {finding.message}{" "}
                    <span className="muted small">
                      ({finding.code}; costs nothing) “{finding.reason}”
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
        <div>
          <h4>Recommendations</h4>
          {run.recommendations.length ? (
            <ol className="recommendations">
              {run.recommendations.map((recommendation, index) => (
                <li key={index}>{recommendationInPercent(recommendation)}</li>
              ))}
            </ol>
          ) : (
            <p className="muted">None.</p>
          )}
        </div>
      </div>
      {run.split.length > 0 ? (
        <div>
          <SplitStories parts={run.split} />
        </div>
      ) : null}
      <div>
        <h4>Proposed rewrite</h4>
        {run.rewrite ? <blockquote className="rewrite">{run.rewrite}</blockquote> : <p className="muted">The engine had nothing better to propose.</p>}
      </div>
    </>
  );
}
