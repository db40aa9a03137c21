import { trackerNameBeyondKind, WORK_ITEM_KIND_LABELS, WORK_ITEM_TYPE_SOURCE_WORDS, type WorkItemKind } from "@/lib/work-items/kinds";
import type { WorkItemTypeSource } from "@/lib/scoring/kind";

/**
 * What a work item is (Story, Bug, Task, Spike, Epic), as a small label. The tracker's own name for the type
 * ("Defect", "Sub-task") is its title and is read out after the kind when it says more than the kind does.
 * With `source`, where the kind came from follows in words ("from its type"): a product owner told "Bug" should
 * know whether the ticket said so or the engine read it from the text.
 */
export function KindLabel({ kind, typeName, source }: { kind: WorkItemKind; typeName?: string | null; source?: WorkItemTypeSource | null }) {
  const label = WORK_ITEM_KIND_LABELS[kind];
  const trackerName = trackerNameBeyondKind(kind, typeName);
  return (
    <>
      <span className={`kind-label kind-${kind}`} title={trackerName ? `${label} (tracker type: ${trackerName})` : undefined} data-kind={kind}>
        {label}
        {trackerName ? <span className="visually-hidden">{` (${trackerName})`}</span> : null}
      </span>
      {source ? (
        <span className="kind-source" data-testid="kind-source" data-source={source}>
          ({WORK_ITEM_TYPE_SOURCE_WORDS[source]})
        </span>
      ) : null}
    </>
  );
}
