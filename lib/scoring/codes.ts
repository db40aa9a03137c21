// The finding codes (documented in lib/scoring/README.md, "Finding codes"): every code the heuristic engine can
// report, with the dimension it lowers, the severities its rules give it, the points it costs, and how it is
// named. The rules (heuristic/rules-*.ts and the batch readers) take their codes from here through `found`
// (heuristic/finding.ts), the scores take their costs (heuristic/scoring.ts), the reasoning its `phrase`, the CSV
// flow and the summary cards its `label` (csv-flow/finding-labels.ts). A code missing here does not compile.
import type { Dimension, Severity } from "./types";

export interface FindingCodeEntry {
  /** The dimension its findings lower. */
  dimension: Dimension;
  /** The severities its rules report it with. */
  severities: readonly Severity[];
  /**
   * Points a finding takes off its dimension's 10, one number or one per severity (a severity not named costs
   * 4, 2 or 1 for high, medium or low). The weights say what the defect costs a team: a story nobody can test
   * (8) or a title that is not a story (8) costs more than a missing "so that" (3); an epic (10) more than two
   * actions (6), two things (4) or a bracket (2).
   */
  cost: number | Readonly<Partial<Record<Severity, number>>>;
  /** A short name, for places that list many findings at once (the CSV export, the summary cards). */
  label: string;
  /** What a finding of it is, in a few words, for a dimension's reasoning ("Lost 60%: two actions in one story"). */
  phrase: string;
}

export const FINDING_CODES = {
  // The story's form (QUS: well-formed, conceptually sound, uniform).
  "well_formed.not_a_story": { dimension: "valuable", severities: ["high"], cost: 8, label: "Not a story", phrase: "not written as a story" },
  "well_formed.no_role": { dimension: "valuable", severities: ["medium"], cost: 2, label: "No role", phrase: "no role" },
  "well_formed.no_means": { dimension: "valuable", severities: ["medium"], cost: 3, label: "No “I want”", phrase: 'no "I want"' },
  "well_formed.broken_means": { dimension: "valuable", severities: ["high"], cost: 10, label: "Not a sentence", phrase: "a means that is not a sentence" },
  "estimable.unreadable": { dimension: "estimable", severities: ["high"], cost: 5, label: "Unreadable", phrase: "nothing readable to size" },
  "valuable.no_benefit": { dimension: "valuable", severities: ["medium"], cost: 3, label: "No benefit", phrase: 'no benefit ("so that")' },
  "conceptually_sound.role_not_user": { dimension: "valuable", severities: ["medium"], cost: 2, label: "Role is not a user", phrase: "a role that is not a person" },
  "uniform.template": { dimension: "valuable", severities: ["low"], cost: 1, label: "Off the batch's template", phrase: "the batch's template not followed" },
  "uniform.repeated_indicator": { dimension: "valuable", severities: ["low"], cost: 1, label: "Template keyword repeated", phrase: "a repeated template keyword" },
  "conceptually_sound.no_feature": { dimension: "estimable", severities: ["medium"], cost: 3, label: "No feature", phrase: "a wish, not a feature" },
  // Wording.
  "unambiguous.vague_term": { dimension: "estimable", severities: ["medium"], cost: 2, label: "Vague term", phrase: "subjective wording" },
  "unambiguous.general_term": { dimension: "estimable", severities: ["low"], cost: 1, label: "General term", phrase: "general wording" },
  "unambiguous.loophole": { dimension: "estimable", severities: ["medium"], cost: 2, label: "Loophole", phrase: "an open-ended phrase" },
  "unambiguous.placeholder": { dimension: "estimable", severities: ["medium"], cost: 2, label: "Placeholder", phrase: "a placeholder to fill in" },
  "estimable.open_ended": { dimension: "estimable", severities: ["medium"], cost: 3, label: "Open-ended research", phrase: "open-ended research" },
  "estimable.broad_goal": { dimension: "estimable", severities: ["medium"], cost: 2, label: "Broad goal", phrase: "a direction, not a result" },
  "estimable.no_detail": { dimension: "estimable", severities: ["high", "low"], cost: { high: 5, low: 1 }, label: "No description", phrase: "nothing beyond the summary to size from" },
  // One story, not several (QUS: atomic).
  "atomic.several_features": { dimension: "small", severities: ["high"], cost: 10, label: "Several features", phrase: "several features in one story" },
  "atomic.two_actions": { dimension: "small", severities: ["high"], cost: 6, label: "Two actions", phrase: "two actions in one story" },
  "atomic.second_story": { dimension: "small", severities: ["high"], cost: 6, label: "Second story", phrase: "a second story after the first" },
  "atomic.two_objects": { dimension: "small", severities: ["medium"], cost: 4, label: "Two things", phrase: "two things asked for at once" },
  "atomic.two_qualities": { dimension: "small", severities: ["low"], cost: 1, label: "Two qualities", phrase: "two qualities at once" },
  "atomic.list_detail": { dimension: "small", severities: ["low"], cost: 1, label: "Detail list", phrase: "a list of details in the story sentence" },
  "atomic.two_roles": { dimension: "small", severities: ["low"], cost: 1, label: "Two roles", phrase: "two roles in one story" },
  "atomic.conjunction": { dimension: "small", severities: ["medium"], cost: 4, label: "Conjunction", phrase: "a conjunction in what is asked for" },
  "small.many_criteria": { dimension: "small", severities: ["high", "medium"], cost: { high: 4, medium: 2 }, label: "Many criteria", phrase: "many acceptance criteria" },
  "small.long_text": { dimension: "small", severities: ["medium"], cost: 3, label: "Long text", phrase: "a very long text" },
  "small.long_summary": { dimension: "small", severities: ["low"], cost: 1, label: "Long summary", phrase: "a long summary" },
  // Nothing but the story in the summary (QUS: minimal), the problem and not the solution.
  "minimal.brackets": { dimension: "negotiable", severities: ["medium"], cost: 2, label: "Brackets", phrase: "bracketed text" },
  "minimal.trailing_text": { dimension: "negotiable", severities: ["medium"], cost: 2, label: "Note after the story", phrase: "a note after the story" },
  "minimal.leading_text": { dimension: "negotiable", severities: ["medium"], cost: 2, label: "Note before the story", phrase: "a note before the story" },
  "minimal.example": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Examples", phrase: "examples in the story" },
  "minimal.extra_reason": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Second reason", phrase: "a second reason" },
  "minimal.repeated_indicator": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Repeated keyword", phrase: "a repeated keyword" },
  "minimal.punctuation": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Punctuation", phrase: "extra clauses" },
  "minimal.concession": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Concession", phrase: "a concession in the story" },
  "problem_oriented.solution_term": { dimension: "negotiable", severities: ["medium"], cost: 2, label: "Solution term", phrase: "a prescribed solution" },
  "problem_oriented.build_task": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Build task", phrase: "a build task instead of a capability" },
  "negotiable.implementation_detail": { dimension: "negotiable", severities: ["low"], cost: 1, label: "Implementation detail", phrase: "a prescribed technique" },
  // Other work and other stories.
  "independent.ticket_reference": { dimension: "independent", severities: ["high"], cost: 4, label: "Ticket reference", phrase: "a reference to another ticket" },
  "independent.dependency": { dimension: "independent", severities: ["medium"], cost: 2, label: "Dependency", phrase: "a dependency on other work" },
  "independent.linked_dependency": { dimension: "independent", severities: ["medium"], cost: 2, label: "Linked dependency", phrase: "a linked dependency" },
  "unique.duplicate": { dimension: "independent", severities: ["high"], cost: 4, label: "Duplicate", phrase: "a duplicate of another story" },
  "unique.near_duplicate": { dimension: "independent", severities: ["medium"], cost: 2, label: "Near duplicate", phrase: "a near duplicate of another story" },
  // Acceptance criteria.
  "testable.no_acceptance_criteria": { dimension: "testable", severities: ["high", "low"], cost: { high: 8, low: 3 }, label: "No acceptance criteria", phrase: "no acceptance criteria" },
  "testable.unverifiable_criteria": { dimension: "testable", severities: ["medium"], cost: 4, label: "Unverifiable criteria", phrase: "criteria with no observable outcome" },
  "testable.vague_criterion": { dimension: "testable", severities: ["low"], cost: 1, label: "Vague criterion", phrase: "a vague criterion" },
  // Bugs, tasks, spikes and epics (README "Work item kinds"): the evidence of each kind costs what its story
  // counterpart does. Nothing to check a fix against (8) is a story with no criteria; no steps to reproduce (5)
  // is a title with nothing to size from (2 when the action that sets it off is given, not the way there); a task
  // with no reason (5) weighs what no role and no benefit do, and a kind's missing "why" on a ticket that is only
  // a title (high) what a story title's missing user and benefit cost (8, missingWhy in heuristic/kind-text.ts).
  // A kind's short names are the code's own words ("No expected result"), as the CSV flow has always shown them.
  "work_item.no_summary": { dimension: "valuable", severities: ["high"], cost: 8, label: "No summary", phrase: "no summary" },
  // A ticket whose kind nothing decided (rules-kinds.ts): no reason weighs what a task's does (a title alone:
  // what a story title's missing user and benefit cost), nothing to tell it is done what no criteria do.
  "work_item.no_reason": { dimension: "valuable", severities: ["high", "medium"], cost: { high: 8, medium: 3 }, label: "No reason", phrase: "no reason it matters" },
  "work_item.no_done_condition": { dimension: "testable", severities: ["high", "medium"], cost: { high: 8, medium: 4 }, label: "No done condition", phrase: "nothing says when it is done" },
  "bug.no_expected_result": { dimension: "testable", severities: ["high", "low"], cost: { high: 8, low: 2 }, label: "No expected result", phrase: "no expected result" },
  "bug.vague_expected_result": { dimension: "testable", severities: ["medium"], cost: 4, label: "Vague expected result", phrase: "an expected result nobody can check" },
  "bug.no_actual_result": { dimension: "testable", severities: ["low"], cost: 2, label: "No actual result", phrase: "no actual result" },
  "bug.no_steps": { dimension: "estimable", severities: ["high", "low"], cost: { high: 5, low: 2 }, label: "No steps", phrase: "no steps to reproduce" },
  "bug.no_environment": { dimension: "estimable", severities: ["medium"], cost: 2, label: "No environment", phrase: "no environment or version" },
  "bug.no_impact": { dimension: "valuable", severities: ["high", "medium"], cost: { high: 8, medium: 3 }, label: "No impact", phrase: "nothing on who is affected or how badly" },
  "bug.several_defects": { dimension: "small", severities: ["medium"], cost: 4, label: "Several defects", phrase: "more than one defect" },
  "bug.prescribes_fix": { dimension: "negotiable", severities: ["medium"], cost: 2, label: "Prescribes fix", phrase: "the code change instead of the failure" },
  "task.no_reason": { dimension: "valuable", severities: ["high", "medium"], cost: { high: 8, medium: 5 }, label: "No reason", phrase: "no reason for the task" },
  "task.no_done_condition": { dimension: "testable", severities: ["high"], cost: 8, label: "No done condition", phrase: "no done condition" },
  "task.vague_done_condition": { dimension: "testable", severities: ["medium"], cost: 4, label: "Vague done condition", phrase: "a done condition nobody can check" },
  "spike.no_question": { dimension: "valuable", severities: ["high", "medium"], cost: { high: 8, medium: 5 }, label: "No question", phrase: "no question to answer" },
  "spike.no_timebox": { dimension: "estimable", severities: ["high"], cost: 5, label: "No timebox", phrase: "no timebox" },
  "spike.no_output": { dimension: "testable", severities: ["high"], cost: 8, label: "No output", phrase: "no output named" },
  "epic.no_goal": { dimension: "valuable", severities: ["high", "medium"], cost: { high: 8, medium: 5 }, label: "No goal", phrase: "no goal or value" },
  "epic.no_scope": { dimension: "estimable", severities: ["medium"], cost: 3, label: "No scope", phrase: "no scope" },
  "epic.no_out_of_scope": { dimension: "estimable", severities: ["low"], cost: 2, label: "No out of scope", phrase: "nothing out of scope" },
  "epic.no_breakdown": { dimension: "small", severities: ["high"], cost: 6, label: "No breakdown", phrase: "not broken down into stories" },
  "epic.no_success_measure": { dimension: "testable", severities: ["low"], cost: 2, label: "No success measure", phrase: "no measure of success" },
  // A language the rules do not read (README "Languages"): said, not charged; the structure rules still judge it.
  "language.not_read": { dimension: "estimable", severities: ["low"], cost: 0, label: "Wording not checked (language)", phrase: "wording not checked (a language the rules do not read)" },
} as const satisfies Record<string, FindingCodeEntry>;

/** A finding code the heuristic engine reports (`atomic.two_actions`): a key of the registry. */
export type FindingCode = keyof typeof FINDING_CODES;
/** The dimension a code lowers. */
export type DimensionOf<C extends FindingCode> = (typeof FINDING_CODES)[C]["dimension"];
/** The severities a code is reported with. */
export type SeverityOf<C extends FindingCode> = (typeof FINDING_CODES)[C]["severities"][number];

/** The codes that lower dimension `D` and are reported with every severity of `S`. */
export type CodeWith<D extends Dimension, S extends Severity> = {
  [C in FindingCode]: DimensionOf<C> extends D ? ([S] extends [SeverityOf<C>] ? C : never) : never;
}[FindingCode];

/** Every code, in the registry's order. */
export const FINDING_CODE_LIST = Object.keys(FINDING_CODES) as FindingCode[];

/** Whether a string (another engine's code, a team's setting, a stored finding) is one of the registry's codes. */
export function isFindingCode(code: string): code is FindingCode {
  return Object.prototype.hasOwnProperty.call(FINDING_CODES, code);
}

/**
 * A code named where findings are plain strings (a scored result's, another engine's): `f.code ===
 * findingCode("atomic.two_actions")` does not compile with a code the registry does not name.
 */
export const findingCode = <C extends FindingCode>(code: C): C => code;
