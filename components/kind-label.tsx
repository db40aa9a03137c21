import { trackerNameBeyondKind, WORK_ITEM_KIND_LABELS, type WorkItemKind } from "@/lib/work-items/kinds";

/**
 * What a work item is (Story, Bug, Task, Spike, Epic), as a small label. The tracker's own name for the type
 * ("Defect", "Sub-task") is its title and is read out after the kind when it says more than the kind does.
 */
export function KindLabel({ kind, typeName }: { kind: WorkItemKind; typeName?: string | null }) {
  const label = WORK_ITEM_KIND_LABELS[kind];
  const trackerName = trackerNameBeyondKind(kind, typeName);
  return (
    <span className={`kind-label kind-${kind}`} title={trackerName ? `${label} (tracker type: ${trackerName})` : undefined} data-kind={kind}>
      {label}
      {trackerName ? <span className="visually-hidden">{` (${trackerName})`}</span> : null}
    </span>
  );
}
