import Link from "next/link";
import { KindLabel } from "@/components/kind-label";
import { DIMENSION_LABELS, evenDimensions, percent, scoreClass } from "@/lib/format";
import type { KindStats, WorkItemKind } from "@/lib/work-items/kinds";
import { CardTable } from "./card-table";

/** Stories, bugs, tasks, spikes and epics side by side: how many, their average, and each one's weakest dimension. */
export function KindBreakdown({ kinds, selected, customer }: { kinds: KindStats[]; selected: WorkItemKind | null; customer: string | null }) {
  const href = (kind: string) => `/dashboard?${new URLSearchParams({ ...(customer ? { customer } : {}), work_item_type: kind })}`;
  return (
    <section className="card" aria-labelledby="kinds-heading" data-testid="kind-breakdown">
      <h2 id="kinds-heading">By kind</h2>
      <CardTable
        label="Kinds table"
        className="kinds-table"
        caption="Work items of each kind: how many, their average overall score and their weakest dimension."
        columns={["Kind", "Items", "Average overall", "Weakest dimension"]}
      >
        {kinds.map((k) => (
          <tr key={k.kind} role="row" className={k.kind === selected ? "current-kind" : undefined}>
            <td role="cell" className="card-title">
              <Link href={href(k.kind)} className="kind-link" aria-current={k.kind === selected ? "page" : undefined}>
                <KindLabel kind={k.kind} />
              </Link>
            </td>
            <td role="cell" data-label="Items">
              {k.story_count.toLocaleString("en-US")}
            </td>
            <td role="cell" data-label="Average overall">
              <span className={scoreClass(k.average_overall)}>{percent(k.average_overall)}</span>
            </td>
            <td role="cell" data-label="Weakest dimension">
              {k.weakest_dimension ? (
                <>
                  {DIMENSION_LABELS[k.weakest_dimension]}{" "}
                  <span className={scoreClass(k.dimension_averages[k.weakest_dimension])}>({percent(k.dimension_averages[k.weakest_dimension])})</span>
                </>
              ) : evenDimensions(k.dimension_averages) ? (
                <span className="muted">none: all six at {evenDimensions(k.dimension_averages)}</span>
              ) : (
                "–"
              )}
            </td>
          </tr>
        ))}
      </CardTable>
    </section>
  );
}
