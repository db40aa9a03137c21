// Agreement figures for bench:quality: Cohen's kappa on QUS labels (as ../shared/data/README.md computes it),
// the literal baseline rule, AUC, precision/recall and the spread of scores.
import { backlogLines } from "@/lib/backlog/decode";
import type { ScoringResult } from "@/lib/scoring";

/** The QUS criteria a reviewer labels, and the finding-code prefix that counts as the engine saying so. */
export const QUS_CRITERIA = [
  { name: "Atomic", prefix: "atomic." },
  { name: "Minimal", prefix: "minimal." },
  { name: "Uniform", prefix: "uniform." },
  { name: "Unique", prefix: "unique." },
] as const;

export const NO_VIOLATION = "No violation";

function label(names: Iterable<string>): string {
  const sorted = [...new Set(names)].sort();
  return sorted.length ? sorted.join(",") : NO_VIOLATION;
}

/** A story's engine label: the criteria it has findings for, sorted and joined, or "No violation". */
export function engineLabel(result: ScoringResult): string {
  return label(QUS_CRITERIA.filter((c) => result.findings.some((f) => f.code.startsWith(c.prefix))).map((c) => c.name));
}

/**
 * The literal rule of the data README, scored per batch: any and/or/&/+// before "so that" -> Atomic, any
 * bracket -> Minimal, an exact duplicate (of an earlier story of the batch) -> Unique.
 */
export function literalLabels(stories: string[]): string[] {
  const seen = new Set<string>();
  return stories.map((story) => {
    const names: string[] = [];
    const before = story.split(/so that/i)[0];
    if (/\b(?:and|or)\b|[&+/]/i.test(before)) names.push("Atomic");
    if (/[()[\]{}]/.test(story)) names.push("Minimal");
    const key = story.trim().toLowerCase();
    if (seen.has(key)) names.push("Unique");
    seen.add(key);
    return label(names);
  });
}

/** Cohen's kappa of two labelings, each distinct label one category. */
export function kappa(a: string[], b: string[]): number {
  const n = a.length;
  if (n === 0) return NaN;
  let agree = 0;
  const ca = new Map<string, number>();
  const cb = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (a[i] === b[i]) agree++;
    ca.set(a[i], (ca.get(a[i]) ?? 0) + 1);
    cb.set(b[i], (cb.get(b[i]) ?? 0) + 1);
  }
  let expected = 0;
  for (const [k, v] of ca) expected += v * (cb.get(k) ?? 0);
  expected /= n * n;
  const observed = agree / n;
  return expected === 1 ? 1 : (observed - expected) / (1 - expected);
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

export function prf(predicted: boolean[], actual: boolean[]): Prf {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  predicted.forEach((p, i) => {
    if (p && actual[i]) tp++;
    else if (p) fp++;
    else if (actual[i]) fn++;
  });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, fp, fn };
}

/** Probability that a random positive scores higher than a random negative (ties count half). */
export function auc(scores: number[], positive: boolean[]): number {
  const pairs = scores.map((s, i) => ({ s, p: positive[i] })).sort((x, y) => x.s - y.s);
  let rankSum = 0;
  let nPos = 0;
  let i = 0;
  while (i < pairs.length) {
    let j = i;
    while (j < pairs.length && pairs[j].s === pairs[i].s) j++;
    const rank = (i + 1 + j) / 2;
    for (let q = i; q < j; q++) {
      if (pairs[q].p) {
        rankSum += rank;
        nPos++;
      }
    }
    i = j;
  }
  const nNeg = pairs.length - nPos;
  return nPos && nNeg ? (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg) : NaN;
}

export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** Mean, population standard deviation and range. */
export function spread(values: number[]): Spread {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return { mean, sd, min: Math.min(...values), max: Math.max(...values) };
}

/** The stories of a one-story-a-line backlog file (lib/backlog/decode.ts: UTF-8, a BOM, or Windows-1252). */
export const backlogStories = backlogLines;

/** Share of stories with at least one finding of each code: code -> fraction. */
export function firingRates(results: ScoringResult[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of results) for (const code of new Set(r.findings.map((f) => f.code))) counts.set(code, (counts.get(code) ?? 0) + 1);
  return new Map([...counts].map(([code, n]) => [code, n / results.length]));
}
