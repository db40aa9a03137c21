// The fitted decision models (weights in model-weights.ts, fitted by train/fit.ts) applied to a story.
import type { Finding } from "../types";
import {
  atomicGate, conjunctionSpan, dependencyAnchor, estimableAnchor, modelPenalty, RANKING_SCALE, unambiguousGate,
} from "./decide";
import { FEATURE_INDEX, type FeatureName } from "./features";
import { finding, quote, type RuleInput } from "./finding";
import { MODELS } from "./model-weights";

type ModelName = keyof typeof MODELS;

const COMPILED = Object.fromEntries(Object.entries(MODELS).map(([name, m]) => [name,
  Object.entries(m.weights as Record<string, number>).map(([f, w]) => [FEATURE_INDEX[f as FeatureName], w] as const)])) as
  Record<ModelName, (readonly [number, number])[]>;

export function probability(name: ModelName, x: number[]): number {
  let z = 0;
  for (const [i, w] of COMPILED[name]) z += w * x[i];
  return 1 / (1 + Math.exp(-z));
}

export interface ModelDecision {
  findings: Finding[];
  /** Exact points the model findings take off their dimension. */
  penalties: { independent: number; estimable: number };
  /** Reasoning for a model penalty that has no finding to point at (the independent ranking nudge). */
  notes: { independent?: string };
}

/** Codes whose penalty comes from ModelDecision.penalties rather than from their severity. */
export const MODEL_PENALTY_CODES = new Set(["independent.relies_on_capability", "estimable.broad_goal"]);

const SUBJECTIVE = /^(?:easy|easily|quick|quickly|fast|user-friendly|intuitive|seamless|seamlessly|simple|smooth|smoothly)$/i;

const severityFor = (points: number) => (points >= 4 ? "high" : points >= 3 ? "medium" : "low") as Finding["severity"];

/**
 * Keeps the atomic and unambiguous rule candidates only when the fitted model says the story is defective,
 * and adds the independent/estimable findings the models support (each anchored on the words behind it).
 */
export function decide(input: RuleInput, atomic: Finding[], unambiguous: Finding[], x: number[]): ModelDecision {
  const { summary, story } = input;
  const findings: Finding[] = [];

  if (atomicGate(input, atomic) && probability("atomic", x) >= MODELS.atomic.threshold) {
    if (atomic.length > 0) findings.push(...atomic);
    else {
      const span = conjunctionSpan(input)!;
      findings.push(finding("atomic.conjunction", "small", "medium",
        `"${quote(summary, span)}" adds a second requirement to the story; consider one story per requirement.`,
        { field: "summary", span }));
    }
  }

  // Loopholes ("if possible", "and/or") and plainly subjective manner words ("quickly", "user-friendly")
  // leave scope open whatever the model says.
  const loopholes = unambiguous.filter((f) => f.code === "unambiguous.loophole" ||
    f.code === "unambiguous.vague_term" && SUBJECTIVE.test(summary.slice(f.start, f.end)));
  if (unambiguousGate(input) && probability("unambiguous", x) >= MODELS.unambiguous.threshold) {
    const words = unambiguous.filter((f) => !loopholes.includes(f));
    if (words.length > 0) findings.push(...words);
    else if (story.means) {
      const span = estimableAnchor(input, []) ?? story.means;
      findings.push(finding("unambiguous.general_goal", "estimable", "low",
        `"${quote(summary, story.means)}" states a broad goal rather than a concrete capability; say exactly what the user can do.`,
        { field: "summary", span }));
    }
  }
  findings.push(...loopholes);

  const penalties = { independent: 0, estimable: 0 };
  const notes: ModelDecision["notes"] = {};
  const relies = dependencyAnchor(input);
  const pIndependent = probability("independent", x);
  if (!relies) {
    // No system to point at: the fitted probability only nudges the ranking (at most RANKING_SCALE points).
    const points = modelPenalty(pIndependent, MODELS.independent, RANKING_SCALE);
    if (points > 0) {
      penalties.independent = points;
      notes.independent = `${points === 1 ? "One point" : `${points} points`} off from the fitted model, not from a defect found in the text: stories with this shape (role, kind of request) were often rated as depending on other work; no system or other work is named, so nothing needs fixing unless it does rely on one.`;
    }
  } else {
    const points = modelPenalty(pIndependent, MODELS.independent);
    if (points > 0) {
      penalties.independent = points;
      findings.push(finding("independent.relies_on_capability", "independent", severityFor(points),
        `The story uses "${quote(summary, relies)}" without building it; it can only be delivered after the work that provides it. Name that work, or make the story deliver it.`,
        { field: "summary", span: relies }));
    }
  }
  const broad = estimableAnchor(input, unambiguous);
  if (broad) {
    const points = modelPenalty(probability("estimable", x), MODELS.estimable);
    if (points > 0) {
      penalties.estimable = points;
      findings.push(finding("estimable.broad_goal", "estimable", severityFor(points),
        `"${quote(summary, broad)}" leaves the size open; state the concrete result so the team can estimate it.`,
        { field: "summary", span: broad }));
    }
  }
  return { findings, penalties, notes };
}
