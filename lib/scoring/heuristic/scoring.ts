import { MODEL_PENALTY_CODES } from "./model";
import { DIMENSION_LABELS, DIMENSIONS, type Dimension, type Finding, type PerDimension } from "../types";

const PENALTY = { high: 3, medium: 2, low: 1 } as const;
// A story without acceptance criteria is untestable as written, whatever else it gets right.
const CODE_PENALTY: Record<string, number> = { "testable.no_acceptance_criteria:high": 5 };
const SEVERITY_RANK = { high: 0, medium: 1, low: 2 } as const;

/** Evidence in favour of a dimension, found beside the defects. */
export interface Evidence {
  hasDescription: boolean;
  hasCriteria: boolean;
  verifiableCriteria: boolean;
  hasEnds: boolean;
  citedValue: boolean;
  citedDefinitionOfDone: boolean;
  /** Points the fitted models take off (their findings carry no severity-based penalty). */
  modelPenalties?: { independent: number; estimable: number };
}

const PRAISE: Record<Dimension, string> = {
  independent: "No dependency on other tickets or ordering words found.",
  negotiable: "States the need without prescribing a design.",
  valuable: "Names the user and the benefit.",
  estimable: "Clear enough to size.",
  small: "Reads as one slice of work.",
  testable: "Acceptance criteria state observable outcomes.",
};

/**
 * A dimension starts at 10 and loses 3/2/1 points per high/medium/low finding. Repeats of one code count
 * half, then not at all, so one long list does not sink a dimension on its own. Evidence adds back a point.
 */
export function dimensionScore(dimension: Dimension, findings: Finding[], evidence: Evidence): number {
  let penalty = 0;
  const seen = new Map<string, number>();
  for (const f of findings) {
    if (f.dimension !== dimension || MODEL_PENALTY_CODES.has(f.code)) continue;
    const n = seen.get(f.code) ?? 0;
    seen.set(f.code, n + 1);
    const weight = CODE_PENALTY[`${f.code}:${f.severity}`] ?? PENALTY[f.severity];
    penalty += n === 0 ? weight : n === 1 ? weight / 2 : 0;
  }
  if (dimension === "independent") penalty += evidence.modelPenalties?.independent ?? 0;
  if (dimension === "estimable") penalty += evidence.modelPenalties?.estimable ?? 0;
  let bonus = 0;
  if (dimension === "estimable" && evidence.hasDescription) bonus += 1;
  if (dimension === "estimable" && evidence.hasCriteria) bonus += 1;
  if (dimension === "testable" && evidence.citedDefinitionOfDone) bonus += 1;
  if (dimension === "valuable" && evidence.citedValue && !evidence.hasEnds) bonus += 1;
  const base = dimension === "estimable" ? 8 : 10;
  return Math.max(0, Math.min(10, Math.round(base + bonus - penalty)));
}

export function overallScore(scores: PerDimension<number>): number {
  const sum = DIMENSIONS.reduce((acc, d) => acc + scores[d], 0);
  return Math.round((sum / DIMENSIONS.length) * 10) / 10;
}

export function sortFindings(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    (a.start ?? -1) - (b.start ?? -1) || a.code.localeCompare(b.code));
}

export function reasoningFor(dimension: Dimension, score: number, findings: Finding[], citations: string[], note?: string): string {
  const own = findings.filter((f) => f.dimension === dimension);
  const parts = [`${DIMENSION_LABELS[dimension]}: ${score}/10.`];
  if (own.length === 0) parts.push(PRAISE[dimension]);
  else parts.push(...sortFindings(own).slice(0, 3).map((f) => f.message));
  if (own.length > 3) parts.push(`(${own.length - 3} more finding${own.length === 4 ? "" : "s"}.)`);
  if (note) parts.push(note);
  if (citations.length > 0) parts.push(`Informed by context: ${citations.join(", ")}.`);
  return parts.join(" ");
}

export function suggestionsFor(dimension: Dimension, findings: Finding[]): string[] {
  const out: string[] = [];
  for (const f of sortFindings(findings)) {
    if (f.dimension !== dimension || out.includes(f.message)) continue;
    out.push(f.message);
    if (out.length >= 4) break;
  }
  return out;
}

/** Ticket-level advice, most damaging defect first, one line per distinct code. */
export function recommendationsFor(findings: Finding[]): string[] {
  const out: string[] = [];
  const codes = new Set<string>();
  for (const f of sortFindings(findings)) {
    if (codes.has(f.code)) continue;
    codes.add(f.code);
    out.push(f.message);
    if (out.length >= 6) break;
  }
  return out;
}
