import { WORK_ITEM_KIND_PLURALS, WORK_ITEM_KINDS, type KindStats, type WorkItemKind } from "@/lib/work-items/kinds";

/**
 * The dashboard's choice of kind (`?work_item_type=`): a plain GET form like the customer filter, so it works
 * before any script loads; it keeps the chosen customer. Every kind is offered, with its count where the
 * summary gives one, so a chosen kind with no items can still be changed back.
 */
export function KindFilter({ kinds, selected, customer }: { kinds: KindStats[]; selected: WorkItemKind | null; customer: string | null }) {
  const counts = new Map(kinds.map((k) => [k.kind, k.story_count]));
  const total = kinds.reduce((sum, k) => sum + k.story_count, 0);
  const offered = WORK_ITEM_KINDS.filter((kind) => counts.has(kind) || kind === selected);
  return (
    <form className="customer-filter kind-filter" method="get" action="/dashboard">
      {customer ? <input type="hidden" name="customer" value={customer} /> : null}
      <label htmlFor="kind-filter">Kind</label>
      <select id="kind-filter" name="work_item_type" defaultValue={selected ?? ""}>
        <option value="">All kinds{total ? ` (${total.toLocaleString("en-US")})` : ""}</option>
        {offered.map((kind) => (
          <option key={kind} value={kind}>
            {WORK_ITEM_KIND_PLURALS[kind]}
            {counts.has(kind) ? ` (${counts.get(kind)!.toLocaleString("en-US")})` : ""}
          </option>
        ))}
      </select>
      <button type="submit" className="button secondary">
        Show
      </button>
    </form>
  );
}
