// How findings become scores (documented in lib/scoring/README.md): each dimension starts at 10 and loses
// what each of its findings costs a team; the overall (../overall.ts) is the mean of the six, pulled toward the
// weakest by any failing one.
import { DIMENSION_LABELS, DIMENSIONS, type Dimension, type PerDimension, type Severity } from "../types";
import { gainNote, overallScore } from "../overall";
import type { Found } from "./finding";

export { aggregate, overallScore, PASSING } from "../overall";

const BY_SEVERITY: Record<Severity, number> = { high: 4, medium: 2, low: 1 };

/**
 * Points a finding takes off its dimension, by code (and severity where one code has several). The weights
 * say what the defect costs a team: a story nobody can test (8) or a title that is not a story (8) costs
 * more than a missing "so that" (3); an epic (10) more than two actions (5), two things (3) or a bracket (2).
 */
export const COSTS: Record<string, number | Partial<Record<Severity, number>>> = {
  "well_formed.not_a_story": 8,
  "well_formed.no_role": 2,
  "well_formed.no_means": 3,
  "well_formed.broken_means": 10,
  "estimable.unreadable": 5,
  "valuable.no_benefit": 3,
  "conceptually_sound.role_not_user": 2,
  "uniform.template": 1,
  "uniform.repeated_indicator": 1,
  "conceptually_sound.no_feature": 3,
  "unambiguous.vague_term": 2,
  "unambiguous.general_term": 1,
  "unambiguous.loophole": 2,
  "unambiguous.placeholder": 2,
  "estimable.open_ended": 3,
  "estimable.broad_goal": 2,
  "estimable.no_detail": { high: 5, low: 1 },
  "atomic.several_features": 10,
  "atomic.two_actions": 6,
  "atomic.second_story": 6,
  "atomic.two_objects": 4,
  "atomic.two_qualities": 1,
  "atomic.list_detail": 1,
  "atomic.two_roles": 1,
  "atomic.conjunction": 4,
  "small.many_criteria": { high: 4, medium: 2 },
  "small.long_text": 3,
  "small.long_summary": 1,
  "minimal.brackets": 2,
  "minimal.trailing_text": 2,
  "minimal.leading_text": 2,
  "minimal.example": 1,
  "minimal.extra_reason": 1,
  "minimal.repeated_indicator": 1,
  "minimal.punctuation": 1,
  "minimal.concession": 1,
  "problem_oriented.solution_term": 2,
  "problem_oriented.build_task": 1,
  "negotiable.implementation_detail": 1,
  "independent.ticket_reference": 4,
  "independent.dependency": 2,
  "independent.linked_dependency": 2,
  "unique.duplicate": 4,
  "unique.near_duplicate": 2,
  "testable.no_acceptance_criteria": { high: 8, low: 3 },
  "testable.unverifiable_criteria": 4,
  "testable.vague_criterion": 1,
  // Bugs, tasks, spikes and epics (README "Work item kinds"): the evidence of each kind costs what its story
  // counterpart does. Nothing to check a fix against (8) is a story with no criteria; no steps to reproduce (5)
  // is a title with nothing to size from (2 when the action that sets it off is given, not the way there); a task
  // with no reason (5) weighs what no role and no benefit do, and
  // a kind's missing "why" on a ticket that is only a title (high) what a story title's missing user and benefit
  // cost (8, missingWhy in kind-text.ts).
  "work_item.no_summary": 8,
  // A ticket whose kind nothing decided (rules-kinds.ts): no reason weighs what a task's does (a title alone:
  // what a story title's missing user and benefit cost), nothing to tell it is done what no criteria do.
  "work_item.no_reason": { high: 8, medium: 3 },
  "work_item.no_done_condition": { high: 8, medium: 4 },
  "bug.no_expected_result": 8,
  "bug.vague_expected_result": 4,
  "bug.no_actual_result": 2,
  "bug.no_steps": { high: 5, low: 2 },
  "bug.no_environment": 2,
  "bug.no_impact": { high: 8, medium: 3 },
  "bug.several_defects": 4,
  "bug.prescribes_fix": 2,
  "task.no_reason": { high: 8, medium: 5 },
  "task.no_done_condition": 8,
  "task.vague_done_condition": 4,
  "spike.no_question": { high: 8, medium: 5 },
  "spike.no_timebox": 5,
  "spike.no_output": 8,
  "epic.no_goal": { high: 8, medium: 5 },
  "epic.no_scope": 3,
  "epic.no_out_of_scope": 2,
  "epic.no_breakdown": 6,
  "epic.no_success_measure": 2,
  // A language the rules do not read (README "Languages"): said, not charged; the structure rules still judge it.
  "language.not_read": 0,
};

/** What a finding of each code is, in a few words, for the reasoning. */
const LABELS: Record<string, string> = {
  "well_formed.not_a_story": "not written as a story",
  "language.not_read": "wording not checked (a language the rules do not read)",
  "well_formed.no_role": "no role",
  "well_formed.no_means": 'no "I want"',
  "well_formed.broken_means": "a means that is not a sentence",
  "estimable.unreadable": "nothing readable to size",
  "valuable.no_benefit": 'no benefit ("so that")',
  "conceptually_sound.role_not_user": "a role that is not a person",
  "uniform.template": "the batch's template not followed",
  "uniform.repeated_indicator": "a repeated template keyword",
  "conceptually_sound.no_feature": "a wish, not a feature",
  "unambiguous.vague_term": "subjective wording",
  "unambiguous.general_term": "general wording",
  "unambiguous.loophole": "an open-ended phrase",
  "unambiguous.placeholder": "a placeholder to fill in",
  "estimable.open_ended": "open-ended research",
  "estimable.broad_goal": "a direction, not a result",
  "estimable.no_detail": "nothing beyond the summary to size from",
  "atomic.several_features": "several features in one story",
  "atomic.two_actions": "two actions in one story",
  "atomic.second_story": "a second story after the first",
  "atomic.two_objects": "two things asked for at once",
  "atomic.two_qualities": "two qualities at once",
  "atomic.list_detail": "a list of details in the story sentence",
  "atomic.two_roles": "two roles in one story",
  "atomic.conjunction": "a conjunction in what is asked for",
  "small.many_criteria": "many acceptance criteria",
  "small.long_text": "a very long text",
  "small.long_summary": "a long summary",
  "minimal.brackets": "bracketed text",
  "minimal.trailing_text": "a note after the story",
  "minimal.leading_text": "a note before the story",
  "minimal.example": "examples in the story",
  "minimal.extra_reason": "a second reason",
  "minimal.repeated_indicator": "a repeated keyword",
  "minimal.punctuation": "extra clauses",
  "minimal.concession": "a concession in the story",
  "problem_oriented.solution_term": "a prescribed solution",
  "problem_oriented.build_task": "a build task instead of a capability",
  "negotiable.implementation_detail": "a prescribed technique",
  "independent.ticket_reference": "a reference to another ticket",
  "independent.dependency": "a dependency on other work",
  "independent.linked_dependency": "a linked dependency",
  "unique.duplicate": "a duplicate of another story",
  "unique.near_duplicate": "a near duplicate of another story",
  "testable.no_acceptance_criteria": "no acceptance criteria",
  "testable.unverifiable_criteria": "criteria with no observable outcome",
  "testable.vague_criterion": "a vague criterion",
  "work_item.no_summary": "no summary",
  "work_item.no_reason": "no reason it matters",
  "work_item.no_done_condition": "nothing says when it is done",
  "bug.no_expected_result": "no expected result",
  "bug.vague_expected_result": "an expected result nobody can check",
  "bug.no_actual_result": "no actual result",
  "bug.no_steps": "no steps to reproduce",
  "bug.no_environment": "no environment or version",
  "bug.no_impact": "nothing on who is affected or how badly",
  "bug.several_defects": "more than one defect",
  "bug.prescribes_fix": "the code change instead of the failure",
  "task.no_reason": "no reason for the task",
  "task.no_done_condition": "no done condition",
  "task.vague_done_condition": "a done condition nobody can check",
  "spike.no_question": "no question to answer",
  "spike.no_timebox": "no timebox",
  "spike.no_output": "no output named",
  "epic.no_goal": "no goal or value",
  "epic.no_scope": "no scope",
  "epic.no_out_of_scope": "nothing out of scope",
  "epic.no_breakdown": "not broken down into stories",
  "epic.no_success_measure": "no measure of success",
};

export function costOf(f: { code: string; severity: Severity; cost?: number }): number {
  if (typeof f.cost === "number") return f.cost;
  const c = COSTS[f.code];
  if (typeof c === "number") return c;
  return c?.[f.severity] ?? BY_SEVERITY[f.severity];
}

/** Codes that count as one kind for repeats: a rewrite's placeholder stands where the vague word stood. */
const KIND: Record<string, string> = { "unambiguous.placeholder": "unambiguous.vague_term" };

export interface Charge {
  finding: Found;
  points: number;
}

/**
 * Points lost per finding of one dimension: the first of a kind costs in full, a repeat half, further repeats
 * nothing (one long list does not sink a dimension on its own). Costlier findings are charged first, so
 * taking any finding away never adds points back to the loss.
 */
function chargeDimension(own: Found[]): Charge[] {
  const sorted = own.length > 1 ? [...own].sort((x, y) => costOf(y) - costOf(x)) : own;
  const seen = new Map<string, number>();
  return sorted.map((finding) => {
    const kind = KIND[finding.code] ?? finding.code;
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    const cost = costOf(finding);
    return { finding, points: n === 0 ? cost : n === 1 ? cost / 2 : 0 };
  });
}

/** The charges of every dimension, worked out once per result. */
export function chargesOf(findings: Found[]): PerDimension<Charge[]> {
  const own: PerDimension<Found[]> = { independent: [], negotiable: [], valuable: [], estimable: [], small: [], testable: [] };
  for (const f of findings) own[f.dimension].push(f);
  return {
    independent: chargeDimension(own.independent), negotiable: chargeDimension(own.negotiable), valuable: chargeDimension(own.valuable),
    estimable: chargeDimension(own.estimable), small: chargeDimension(own.small), testable: chargeDimension(own.testable),
  };
}

function scoreFrom(charges: Charge[]): number {
  let lost = 0;
  for (const c of charges) lost += c.points;
  return Math.max(0, Math.min(10, Math.round(10 - lost)));
}

export function scoresFrom(charges: PerDimension<Charge[]>): PerDimension<number> {
  return {
    independent: scoreFrom(charges.independent), negotiable: scoreFrom(charges.negotiable), valuable: scoreFrom(charges.valuable),
    estimable: scoreFrom(charges.estimable), small: scoreFrom(charges.small), testable: scoreFrom(charges.testable),
  };
}

export function scoresOf(findings: Found[]): PerDimension<number> {
  return scoresFrom(chargesOf(findings));
}

const SEVERITY_RANK = { high: 0, medium: 1, low: 2 } as const;

export function sortFindings<T extends Found>(findings: T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    (a.start ?? -1) - (b.start ?? -1) || a.code.localeCompare(b.code));
}

/** Points on a dimension's 0-10 scale as the percentage people read: 6 is "60%", a half point "5%". */
function percentOfTen(n: number): string {
  const p = Math.round(n * 100) / 10;
  return `${Number.isInteger(p) ? String(p) : p.toFixed(1)}%`;
}

/**
 * "Small 40%. Lost 60%: two actions in one story (60%). Fixing it raises Small to 100%." Or, when nothing was
 * found, the evidence for the dimension. In percent, as every page shows scores (the score itself stays on the
 * 0-10 scale). The costs listed add up to what was lost, or the reasoning says why not: charges beyond the 100%
 * a dimension has are capped, and half points are rounded. Each finding's own message says where; this says
 * what it cost.
 */
export function reasoningFor(dimension: Dimension, score: number, charges: Charge[], evidence: string, citations: string[]): string {
  const label = DIMENSION_LABELS[dimension];
  const parts: string[] = [`${label} ${percentOfTen(score)}.`];
  const lost = charges.filter((c) => c.points > 0);
  if (lost.length === 0) parts.push(evidence);
  else {
    const byLabel = new Map<string, { points: number; count: number }>();
    for (const c of charges) {
      const l = LABELS[c.finding.code] ?? c.finding.code;
      const entry = byLabel.get(l) ?? { points: 0, count: 0 };
      entry.points += c.points;
      entry.count += 1;
      byLabel.set(l, entry);
    }
    const total = lost.reduce((s, c) => s + c.points, 0);
    const list = [...byLabel].map(([l, e]) => `${l}${e.count > 1 ? ` ×${e.count}` : ""} (${percentOfTen(e.points)})`).join(", ");
    const shown = 10 - score;
    const note = total > 10 ? `; the ${percentOfTen(total)} charged are capped at the 100% ${label} has`
      : total !== shown ? `; ${percentOfTen(total)} rounded to ${percentOfTen(shown)}` : "";
    parts.push(`Lost ${percentOfTen(shown)}: ${list}${note}.`);
    if (charges.some((c) => c.points < costOf(c.finding))) parts.push("A repeat of a kind costs half, further ones nothing.");
    parts.push(`Fixing ${lost.length === 1 ? "it" : "them"} raises ${label} to 100%.`);
  }
  if (citations.length > 0) parts.push(`Informed by context: ${citations.join(", ")}.`);
  return parts.join(" ");
}

/** What costs each dimension most, in a few words, for the overall's explanation ("no acceptance criteria"). */
export function mainCauses(charges: PerDimension<Charge[]>): Partial<PerDimension<string>> {
  const out: Partial<PerDimension<string>> = {};
  for (const d of DIMENSIONS) {
    const top = charges[d].find((c) => c.points > 0);
    if (top) out[d] = LABELS[top.finding.code] ?? top.finding.code;
  }
  return out;
}

/** The fixes of a dimension's findings, most costly first, each once. */
export function suggestionsFor(charges: Charge[]): string[] {
  const out: string[] = [];
  for (const c of charges) {
    if (!out.includes(c.finding.advice)) out.push(c.finding.advice);
    if (out.length >= 4) break;
  }
  return out;
}

export interface Recommendations {
  /** Each distinct fix, most gain first, with what it gains alone; a last line says what all gain together. */
  lines: string[];
  /** The overall score once every listed fix is made. */
  together: number;
}

/** At most this many fixes are recommended. */
const MAX_RECOMMENDATIONS = 6;

/** The scores once the given findings are gone (only the dimensions of the fixed findings change). */
function scoresWithout(charges: PerDimension<Charge[]>, scores: PerDimension<number>, fixed: Set<Found>): PerDimension<number> {
  const after = { ...scores };
  for (const d of DIMENSIONS) {
    if (!charges[d].some((c) => fixed.has(c.finding))) continue;
    after[d] = scoreFrom(chargeDimension(charges[d].map((c) => c.finding).filter((x) => !fixed.has(x))));
  }
  return after;
}

/**
 * Ticket-level advice ordered by what it gains: each distinct fix with the overall points it would add alone,
 * if every finding it fixes were gone ("Add acceptance criteria (+25% overall)"), and, for two or more, a last
 * line with what all of them give together. Single gains overlap (two fixes of one dimension, the weakest
 * dimension's pull), so they do not add up; the last line says so.
 */
export function recommendationsFor(charges: PerDimension<Charge[]>, scores: PerDimension<number>): Recommendations {
  const overall = overallScore(scores);
  const byAdvice = new Map<string, Found[]>();
  for (const d of DIMENSIONS) {
    for (const { finding } of charges[d]) {
      const list = byAdvice.get(finding.advice);
      if (list) list.push(finding);
      else byAdvice.set(finding.advice, [finding]);
    }
  }
  // Gains in whole percentage points, as the overall is shown: the overall has one decimal on the 0-10 scale,
  // so the percentage shown after the fix is exactly the one shown now plus the gain.
  const gains: { advice: string; fixed: Found[]; gain: number }[] = [];
  for (const [advice, fixed] of byAdvice) {
    const gain = percentPoints(overallScore(scoresWithout(charges, scores, new Set(fixed)))) - percentPoints(overall);
    gains.push({ advice, fixed, gain });
  }
  gains.sort((a, b) => b.gain - a.gain);
  const shown = gains.slice(0, MAX_RECOMMENDATIONS);
  const together = overallScore(scoresWithout(charges, scores, new Set(shown.flatMap((g) => g.fixed))));
  const lines = shown.map((g) => (g.gain > 0 ? `${g.advice} ${gainNote(g.gain)}` : g.advice));
  if (shown.length > 1) {
    lines.push(`All of these together: ${percentOf(overall)} → ${percentOf(together)}. Each gain above is for that fix alone; ` +
      "the gains overlap, so they do not add up.");
  }
  return { lines, together };
}

const percentPoints = (score: number) => Math.round(score * 10);
const percentOf = (score: number) => `${percentPoints(score)}%`;
