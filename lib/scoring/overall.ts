// The overall score of both engines and what it says about itself (lib/scoring/README.md, "How findings
// become scores"). Pure and free of Node APIs: pages compute the explanation of old stored results with it.
import { DIMENSION_LABELS, DIMENSIONS, type Dimension, type PerDimension } from "./types";

/** A dimension below this fails: it pulls the overall score toward the weakest dimension. */
export const PASSING = 7;
/**
 * How hard failing points pull: with F points below PASSING over all six dimensions, the overall moves the
 * share F / (F + LEAN) of the way from the mean to the weakest dimension. 8 puts a clean one-line story
 * without criteria (one dimension at 2, F = 5) at 60%, the middle of "needs work" (README, the bands).
 */
export const LEAN = 8;

/**
 * The aggregate of the six, unrounded: the mean, pulled toward the weakest dimension by the share
 * F / (F + LEAN) of the gap, F being the points the dimensions fall below PASSING in total. It is a weighted
 * mean (the weakest weighs more the more the story fails), so it lies between the lowest and the highest
 * dimension, strictly unless all six are equal; it never falls when a dimension rises; it ignores the order of
 * the dimensions; six equal scores give that score. With no failing dimension it is the plain mean.
 */
export function aggregate(scores: PerDimension<number>): number {
  let sum = 0;
  let lowest = Infinity;
  let failing = 0;
  for (const d of DIMENSIONS) {
    const s = scores[d];
    sum += s;
    lowest = Math.min(lowest, s);
    failing += Math.max(0, PASSING - s);
  }
  const mean = sum / DIMENSIONS.length;
  return mean - (mean - lowest) * (failing / (failing + LEAN));
}

/** The overall score of a result, 0-10 to one decimal: `aggregate` rounded. Both engines use it. */
export function overallScore(scores: PerDimension<number>): number {
  return Math.round(Math.max(0, Math.min(10, aggregate(scores))) * 10) / 10;
}

const percent = (score: number) => `${Math.round(score * 10)}%`;

function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export interface OverallDetail {
  /** What costs a failing dimension most, in a few words ("no acceptance criteria"). */
  why?: Partial<PerDimension<string>>;
  /** The overall score once every recommendation is followed, when the engine knows it. */
  together?: number;
}

/** At most this many failing dimensions are named; the rest are counted. */
const NAMED = 3;

export interface OverallExplanation {
  /** The overall as shown: "60%". */
  shown: string;
  /** What makes it so: "Testable 20% pulls it down from a mean of 85%". */
  cause: string;
  /** What would raise it: "all the recommendations together reach 100%"; empty when nothing can. */
  reach: string;
}

/** The parts of `explainOverall`, for a page that shows the cause beside the score and the rest on demand. */
export function explainOverallParts(scores: PerDimension<number>, detail: OverallDetail = {}): OverallExplanation {
  const overall = overallScore(scores);
  const shown = percent(overall);
  const label = (d: Dimension) => `${DIMENSION_LABELS[d]} ${percent(scores[d])}`;
  const failing = DIMENSIONS.filter((d) => scores[d] < PASSING).sort((a, b) => scores[a] - scores[b]);
  if (failing.length === 0) {
    const lowest = Math.min(...DIMENSIONS.map((d) => scores[d]));
    if (lowest >= 10) return { shown, cause: "every dimension at 100%", reach: "" };
    const weakest = DIMENSIONS.filter((d) => scores[d] === lowest).map((d) => DIMENSION_LABELS[d]);
    return {
      shown,
      cause: `the mean of the six, none below ${PASSING * 10}%`,
      reach: `${listed(weakest)} ${percent(lowest)} ${weakest.length === 1 ? "is" : "are"} the lowest`,
    };
  }
  const named = failing.slice(0, NAMED).map((d) => (detail.why?.[d] ? `${label(d)} (${detail.why[d]})` : label(d)));
  const more = failing.length - named.length;
  if (more > 0) named.push(`${more} more`);
  const mean = DIMENSIONS.reduce((s, d) => s + scores[d], 0) / DIMENSIONS.length;
  // Six equal scores (or nearly) are not pulled anywhere: the overall is their mean.
  const cause = percent(mean) === shown
    ? `the mean of the six, with ${listed(named)} below ${PASSING * 10}%`
    : `${listed(named)} ${failing.length === 1 ? "pulls" : "pull"} it down from a mean of ${percent(mean)}`;
  if (detail.together !== undefined) return { shown, cause, reach: `all the recommendations together reach ${percent(detail.together)}` };
  const raised = { ...scores };
  for (const d of failing) raised[d] = 10;
  const them = failing.length === 1 ? DIMENSION_LABELS[failing[0]] : failing.length === 2 ? "both" : "all of them";
  return { shown, cause, reach: `with ${them} at 100% it would be ${percent(overallScore(raised))}` };
}

/**
 * Why the overall score is what it is, in one sentence that starts with it as shown: "60%: Testable 20% (no
 * acceptance criteria) pulls it down from a mean of 85%; all the recommendations together reach 100%." Without
 * `detail` (an old stored result, or an engine that does not know the gains) it says what raising the failing
 * dimensions to 100% would give instead.
 */
export function explainOverall(scores: PerDimension<number>, detail: OverallDetail = {}): string {
  const { shown, cause, reach } = explainOverallParts(scores, detail);
  return `${shown}: ${cause}${reach ? `; ${reach}` : ""}.`;
}

/**
 * A stored result's `overall_reasoning`, or, for one stored before the field existed, the explanation of its
 * six scores (empty when they are not all there).
 */
export function overallReasoningOf(result: { overall_reasoning?: unknown; individual_scores?: Partial<Record<string, number>> | null }): string {
  if (typeof result.overall_reasoning === "string" && result.overall_reasoning) return result.overall_reasoning;
  const stored = result.individual_scores ?? {};
  if (!DIMENSIONS.every((d) => typeof stored[d] === "number")) return "";
  return explainOverall(Object.fromEntries(DIMENSIONS.map((d) => [d, stored[d]])) as PerDimension<number>);
}

/**
 * What a recommendation gains, as it ends the recommendation: "(+26% overall)", in percentage points of the
 * overall score (60% with that fix alone reads 86%), the unit every page shows scores in.
 */
export function gainNote(points: number): string {
  return `(+${points}% overall)`;
}

/** A gain as results stored before it was given in percent wrote it: "(+2.6 overall)", on the 0-10 scale. */
const GAIN_ON_TEN = /\(\+(\d+(?:\.\d)?) overall\)\s*$/;

/**
 * A recommendation as a page shows it: a gain stored on the 0-10 scale ("(+2.6 overall)", results and runs
 * scored before gains were in percent) reads in percent ("(+26% overall)"); anything else is unchanged.
 */
export function recommendationInPercent(text: string): string {
  return text.replace(GAIN_ON_TEN, (_, gain: string) => gainNote(Math.round(Number(gain) * 10)));
}

const TENTHS = (n: string) => {
  const p = Math.round(Number(n) * 100) / 10;
  return `${Number.isInteger(p) ? p : p.toFixed(1)}%`;
};

/**
 * A dimension's reasoning as a page shows it: one stored on the 0-10 scale by the heuristic engine before it
 * wrote percentages ("Small 4/10. Lost 6 of 10: two actions in one story (6). Fixing it raises Small to 10.")
 * reads in percent ("Small 40%. Lost 60%: two actions in one story (60%). Fixing it raises Small to 100%.");
 * any other text is unchanged.
 */
export function reasoningInPercent(text: string): string {
  const head = /^([A-Z][a-z]+) (\d+)\/10\. /.exec(text);
  if (!head) return text;
  const label = head[1];
  let out = `${label} ${TENTHS(head[2])}. ${text.slice(head[0].length)}`;
  out = out.replace(/Lost (\d+) of 10: (.*?)\.(?= |$)/, (_, lost: string, list: string) => {
    const [costs, note = ""] = list.split("; ");
    const inPercent = costs.replace(/\((\d+(?:\.\d+)?)\)/g, (__, n: string) => `(${TENTHS(n)})`);
    const capped = /^the (\d+(?:\.\d+)?) charged are capped at the 10 (.+) has$/.exec(note);
    const rounded = /^(\d+(?:\.\d+)?) rounded to (\d+)$/.exec(note);
    const notePercent = capped ? `the ${TENTHS(capped[1])} charged are capped at the 100% ${capped[2]} has`
      : rounded ? `${TENTHS(rounded[1])} rounded to ${TENTHS(rounded[2])}` : note;
    return `Lost ${TENTHS(lost)}: ${inPercent}${notePercent ? `; ${notePercent}` : ""}.`;
  });
  return out.replace(new RegExp(`raises ${label} to 10\\.`), `raises ${label} to 100%.`);
}
