import { DIMENSION_LABELS, DIMENSIONS, evenDimensions, percent, scoreClass } from "@/lib/format";
import type { DimensionsBreakdown } from "@/lib/stats/dimensions";
import type { StatsSummary } from "@/lib/stats/summary";
import { itemsNoun, type WorkItemKind } from "@/lib/work-items/kinds";

/** The headline numbers: stories (or the items of the kind chosen), runs, average score, weakest dimension. */
export function SummaryCards({ summary, dimensions, workItemType = null }: { summary: StatsSummary; dimensions: DimensionsBreakdown; workItemType?: WorkItemKind | null }) {
  const weakest = dimensions.weakest_dimension;
  const even = evenDimensions(Object.fromEntries(DIMENSIONS.map((d) => [d, dimensions.dimensions[d].average])));
  // "Stories" only when every item is a story; "Work items" when the scope holds bugs, tasks or spikes too.
  const kinds = workItemType ? [workItemType] : (Object.keys(summary.by_work_item_type ?? {}) as WorkItemKind[]);
  const noun = itemsNoun(kinds.length ? kinds : ["story"], 2);
  return (
    <section aria-labelledby="summary-heading">
      <h2 id="summary-heading" className="sr-only">
        Summary
      </h2>
      <ul className="cards summary-cards" role="list">
        <li className="card">
          <p className="stat-label">{noun[0].toUpperCase() + noun.slice(1)} scored</p>
          <p className="stat-value" data-testid="card-stories">
            {summary.story_count.toLocaleString("en-US")}
          </p>
          {/* What is counted here is not what is billed (the usage card): say so where the two numbers meet. */}
          <p className="stat-note" data-testid="card-stories-note">
            one per ticket, however often edited; what is billed is under this month&rsquo;s usage
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
            {weakest ? DIMENSION_LABELS[weakest] : even ? "None" : "–"}
          </p>
          {weakest ? (
            <p className="stat-note">
              average <span className={scoreClass(dimensions.dimensions[weakest].average)}>{percent(dimensions.dimensions[weakest].average)}</span>
            </p>
          ) : even ? (
            <p className="stat-note">all six average {even}</p>
          ) : null}
        </li>
      </ul>
    </section>
  );
}
