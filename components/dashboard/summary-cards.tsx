import { DIMENSION_LABELS, percent, scoreClass } from "@/lib/stats/format";
import type { DimensionsBreakdown } from "@/lib/stats/dimensions";
import type { StatsSummary } from "@/lib/stats/summary";
import { WORK_ITEM_KIND_PLURALS, type WorkItemKind } from "@/lib/work-items/kinds";

/** The headline numbers: stories (or the items of the kind chosen), runs, average score, weakest dimension. */
export function SummaryCards({ summary, dimensions, workItemType = null }: { summary: StatsSummary; dimensions: DimensionsBreakdown; workItemType?: WorkItemKind | null }) {
  const weakest = dimensions.weakest_dimension;
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      <ul className="cards summary-cards" role="list">
        <li className="card">
          <p className="stat-label">{workItemType ? WORK_ITEM_KIND_PLURALS[workItemType] : "Stories"} scored</p>
          <p className="stat-value" data-testid="card-stories">
            {summary.story_count.toLocaleString("en-US")}
          </p>
        </li>
        <li className="card">
          <p className="stat-label">Scoring runs</p>
          <p className="stat-value" data-testid="card-runs">
            {summary.run_count.toLocaleString("en-US")}
          </p>
        </li>
        <li className="card">
          <p className="stat-label">Average score (latest runs)</p>
          <p className={`stat-value ${scoreClass(summary.average_overall)}`} data-testid="card-average">
            {percent(summary.average_overall)}
          </p>
        </li>
        <li className="card">
          <p className="stat-label">Weakest dimension</p>
          <p className="stat-value" data-testid="card-weakest">
            {weakest ? DIMENSION_LABELS[weakest] : "–"}
          </p>
          {weakest ? (
            <p className="stat-note">
              average <span className={scoreClass(dimensions.dimensions[weakest].average)}>{percent(dimensions.dimensions[weakest].average)}</span>
            </p>
          ) : null}
        </li>
      </ul>
    </section>
  );
}
