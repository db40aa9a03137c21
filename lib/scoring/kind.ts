// What a work item is: a story, a bug, a task, a spike or an epic. Trackers name their types in many ways
// ("Defect", "Sub-task", "Chore", "Product Backlog Item"); each name maps to one of five kinds, and the
// engines judge the six INVEST dimensions with the evidence that kind has (lib/scoring/README.md).
import { z } from "zod";

export const WORK_ITEM_KINDS = ["story", "bug", "task", "spike", "epic"] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];
export const workItemKindSchema = z.enum(WORK_ITEM_KINDS);

/** How the kinds are named to people. */
export const WORK_ITEM_KIND_LABELS: Record<WorkItemKind, string> = {
  story: "Story",
  bug: "Bug",
  task: "Task",
  spike: "Spike",
  epic: "Epic",
};

// Tracker type names, matched as whole words after case and separators are normalised. Order matters: the
// first list that matches wins ("Bug Story" is rare; "Technical Task" is a task, "Epic Story" an epic).
const NAMES: [WorkItemKind, RegExp][] = [
  ["bug", /\b(?:bug|bugs|defect|defects|incident|problem|fault|error|regression|hotfix)\b/],
  ["spike", /\b(?:spike|spikes|research|investigation|discovery|poc|proof of concept)\b/],
  ["epic", /\b(?:epic|epics|initiative|theme|saga|capability)\b/],
  ["task", /\b(?:task|tasks|sub task|subtask|chore|chores|technical debt|tech debt|maintenance|refactor|refactoring|ops|devops|documentation|docs|test|qa|support|housekeeping)\b/],
  ["story", /\b(?:story|stories|user story|feature|new feature|requirement|enhancement|improvement|product backlog item|pbi|change request)\b/],
];

/**
 * The kind a tracker's type name names ("Defect" -> bug, "Sub-task" -> task, "Product Backlog Item" -> story),
 * or null when it names none of them (the text then decides).
 */
export function kindFromTypeName(name: string | null | undefined): WorkItemKind | null {
  if (typeof name !== "string") return null;
  const normalised = name.toLowerCase().replace(/[\s_\-–/]+/g, " ").trim();
  if (!normalised) return null;
  for (const [kind, pattern] of NAMES) if (pattern.test(normalised)) return kind;
  return null;
}

/**
 * How sure the kind is (`metadata.work_item_type_source`): `given` when the tracker's type named it, `text` when
 * the ticket's wording showed it (a label, a story sentence, a bug report's steps and results, technical work),
 * `default` when nothing decided: the ticket is then reported as a story (the specification's default) but judged
 * on what every kind needs (what, why, when it is done, how big), not on the story template.
 */
export const WORK_ITEM_TYPE_SOURCES = ["given", "text", "default"] as const;
export type WorkItemTypeSource = (typeof WORK_ITEM_TYPE_SOURCES)[number];
export const workItemTypeSourceSchema = z.enum(WORK_ITEM_TYPE_SOURCES);
