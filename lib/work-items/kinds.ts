// How pages name, count and filter work items by kind (story, bug, task, spike, epic). Pure: the results
// page, the dashboard and the story page share it, on the server and in the browser.
import { kindFromTypeName, WORK_ITEM_KIND_LABELS, WORK_ITEM_KINDS, WORK_ITEM_TYPE_SOURCES, type WorkItemKind, type WorkItemTypeSource } from "@/lib/scoring/kind";
import { DIMENSIONS, type Dimension } from "@/lib/scoring/types";
import { weakestDimension } from "@/lib/format";

export { WORK_ITEM_KIND_LABELS, WORK_ITEM_KINDS, type WorkItemKind };

/** The kinds as a filter names them ("Bugs (12)"). */
export const WORK_ITEM_KIND_PLURALS: Record<WorkItemKind, string> = {
  story: "Stories",
  bug: "Bugs",
  task: "Tasks",
  spike: "Spikes",
  epic: "Epics",
};

const NOUNS: Record<WorkItemKind, [one: string, many: string]> = {
  story: ["story", "stories"],
  bug: ["bug", "bugs"],
  task: ["task", "tasks"],
  spike: ["spike", "spikes"],
  epic: ["epic", "epics"],
};

export function isWorkItemKind(value: unknown): value is WorkItemKind {
  return typeof value === "string" && (WORK_ITEM_KINDS as readonly string[]).includes(value);
}

/**
 * The kind of a scored item: the kind the engine decided when the result says it, else the kind its tracker
 * type names (results stored before kinds existed), else a story.
 */
export function itemKind(item: { work_item_type?: string | null; type?: string | null }): WorkItemKind {
  if (isWorkItemKind(item.work_item_type)) return item.work_item_type;
  return kindFromTypeName(item.type) ?? "story";
}

export interface KindCount {
  kind: WorkItemKind;
  count: number;
}

/** How many items of each kind there are, in the kinds' order, kinds with none left out. */
export function countKinds(kinds: Iterable<WorkItemKind>): KindCount[] {
  const counts = new Map<WorkItemKind, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return WORK_ITEM_KINDS.filter((kind) => counts.has(kind)).map((kind) => ({ kind, count: counts.get(kind)! }));
}

/** "3 stories, 1 bug and 2 tasks". */
export function describeKindCounts(counts: KindCount[]): string {
  const parts = counts.map(({ kind, count }) => `${count.toLocaleString("en-US")} ${NOUNS[kind][count === 1 ? 0 : 1]}`);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** "story" or "stories"; "work item(s)" for items of any kind. */
export function kindNoun(kind: WorkItemKind | null, count: number): string {
  if (kind === null) return count === 1 ? "work item" : "work items";
  return NOUNS[kind][count === 1 ? 0 : 1];
}

/**
 * What to call a set of items: their kind's noun when they are all of one kind ("stories" only when every one is
 * a story, "bugs" when every one is a bug), "work items" when the kinds are mixed or unknown.
 */
export function itemsNoun(kinds: Iterable<WorkItemKind>, count: number): string {
  const distinct = new Set(kinds);
  return kindNoun(distinct.size === 1 ? [...distinct][0] : null, count);
}

/** A `?work_item_type=` value as a kind; anything else (absent, repeated, unknown) is no filter. */
export function kindParam(value: string | string[] | undefined | null): WorkItemKind | null {
  const first = Array.isArray(value) ? value[0] : value;
  return isWorkItemKind(first) ? first : null;
}

/**
 * The tracker's own name for a type when it says more than the kind's label ("Defect" for a bug, "Sub-task"
 * for a task); null when it says the same ("Bug") or nothing.
 */
export function trackerNameBeyondKind(kind: WorkItemKind, typeName: string | null | undefined): string | null {
  const name = typeName?.trim();
  if (!name) return null;
  return name.toLowerCase() === WORK_ITEM_KIND_LABELS[kind].toLowerCase() ? null : name;
}

/**
 * Where a kind came from (`metadata.work_item_type_source`), as the pages and the export say it after the kind:
 * "Bug (from its type)". A default kind is always a story: the words say it is one only because nothing said more.
 */
export const WORK_ITEM_TYPE_SOURCE_WORDS: Record<WorkItemTypeSource, string> = {
  given: "from its type",
  text: "read from the text",
  default: "by default: neither its type nor its text says",
};

/** The source a stored result declares, or null when it has none (results from before sources were recorded). */
export function declaredKindSource(item: object): WorkItemTypeSource | null {
  const value = (item as { work_item_type_source?: unknown }).work_item_type_source;
  return typeof value === "string" && (WORK_ITEM_TYPE_SOURCES as readonly string[]).includes(value) ? (value as WorkItemTypeSource) : null;
}

/** The kind an API answer declares (`work_item_type`), or null when it declares none (answers before kinds). */
export function declaredKind(item: object): WorkItemKind | null {
  const value = (item as { work_item_type?: unknown }).work_item_type;
  return isWorkItemKind(value) ? value : null;
}

export interface KindStats {
  kind: WorkItemKind;
  story_count: number;
  /** 0-10, null when unknown. */
  average_overall: number | null;
  dimension_averages: Record<Dimension, number | null>;
  /** The dimension with the lowest average; null when none has one, or all read the same (all 100%, say). */
  weakest_dimension: Dimension | null;
}

/**
 * `/stats/summary`'s `by_work_item_type` (one entry per kind present) as a list in the kinds' order, each
 * with its weakest dimension; empty when the answer has none (servers before kinds).
 */
export function kindStats(summary: object): KindStats[] {
  const byKind = (summary as { by_work_item_type?: unknown }).by_work_item_type;
  if (!byKind || typeof byKind !== "object") return [];
  const list: KindStats[] = [];
  for (const kind of WORK_ITEM_KINDS) {
    const entry = (byKind as Record<string, unknown>)[kind] as
      | { story_count?: unknown; average_overall?: unknown; dimension_averages?: Record<string, unknown> }
      | undefined;
    if (!entry || typeof entry.story_count !== "number" || entry.story_count <= 0) continue;
    const dimension_averages = Object.fromEntries(
      DIMENSIONS.map((d) => [d, typeof entry.dimension_averages?.[d] === "number" ? (entry.dimension_averages[d] as number) : null]),
    ) as Record<Dimension, number | null>;
    const weakest = weakestDimension(dimension_averages);
    list.push({
      kind,
      story_count: entry.story_count,
      average_overall: typeof entry.average_overall === "number" ? entry.average_overall : null,
      dimension_averages,
      weakest_dimension: weakest,
    });
  }
  return list;
}
