// How findings become scores (documented in lib/scoring/README.md): each dimension starts at 10 and loses
// what each of its findings costs a team; the overall (../overall.ts) is the mean of the six, pulled toward the
// weakest by any failing one.
import { DIMENSION_LABELS, DIMENSIONS, type Dimension, type PerDimension, type Severity } from "../types";
import { gainNote, overallScore } from "../overall";
import { FINDING_CODE_LIST, FINDING_CODES, type FindingCode, type FindingCodeEntry } from "../codes";
import type { Found } from "./finding";

export { aggregate, overallScore, PASSING } from "../overall";

const BY_SEVERITY: Record<Severity, number> = { high: 4, medium: 2, low: 1 };

/**
 * Points a finding takes off its dimension, by code (and severity where one code has several): the registry's
 * costs (../codes.ts, where the weights are explained), for the settings page's "engine's cost".
 */
export const COSTS: Readonly<Record<string, FindingCodeEntry["cost"]>> =
  Object.fromEntries(FINDING_CODE_LIST.map((code) => [code, FINDING_CODES[code].cost]));

/** What a finding of a code is, in a few words, for the reasoning: the registry's phrase. */
const phraseOf = (code: FindingCode): string => FINDING_CODES[code].phrase;

export function costOf(f: { code: FindingCode; severity: Severity; cost?: number }): number {
  if (typeof f.cost === "number") return f.cost;
  const c: FindingCodeEntry["cost"] = FINDING_CODES[f.code].cost;
  if (typeof c === "number") return c;
  return c[f.severity] ?? BY_SEVERITY[f.severity];
}

/** Codes that count as one kind for repeats: a rewrite's placeholder stands where the vague word stood. */
const KIND: Partial<Record<FindingCode, FindingCode>> = { "unambiguous.placeholder": "unambiguous.vague_term" };

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
  const seen = new Map<FindingCode, number>();
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
      const l = phraseOf(c.finding.code);
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
    if (top) out[d] = phraseOf(top.finding.code);
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
