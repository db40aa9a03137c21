// Where a fitted model may put a finding: the model decides whether, these functions decide where.
import type { Finding } from "../types";
import type { RuleInput } from "./finding";
import type { Span } from "./text";

const CONJUNCTION = /\b(?:and|or|as\s+well\s+as|along\s+with|while)\b|&/gi;

/** The first conjunction between the start of the means and the end of the story sentence. */
export function conjunctionSpan({ summary, story }: RuleInput): Span | null {
  const from = story.means?.start ?? story.meansIndicator?.end ?? -1;
  if (from < 0) return null;
  CONJUNCTION.lastIndex = from;
  const m = CONJUNCTION.exec(summary);
  return m && m.index < story.mainEnd ? { start: m.index, end: m.index + m[0].length } : null;
}

export function atomicGate(input: RuleInput, candidates: Finding[]): boolean {
  return candidates.some((f) => f.code.startsWith("atomic.")) || conjunctionSpan(input) !== null;
}

const SUCH_AS = /\b(?:such\s+as|including|especially|particularly|namely)\b/gi;

export function examplePhraseSpan({ summary, story }: RuleInput): Span | null {
  SUCH_AS.lastIndex = 0;
  const m = SUCH_AS.exec(summary);
  return m && m.index < story.mainEnd ? { start: m.index, end: m.index + m[0].length } : null;
}

export function minimalGate(input: RuleInput, candidates: Finding[]): boolean {
  return candidates.some((f) => f.code.startsWith("minimal.")) || examplePhraseSpan(input) !== null;
}

export function unambiguousGate(input: RuleInput): boolean {
  return input.story.means !== null;
}

/** Points a fitted probability takes off a dimension at most (independent, estimable). */
export const PENALTY_SCALE = 5;

/** 0 points at or above the model's 95th-percentile probability, PENALTY_SCALE at or below its 5th. */
export function modelPenalty(p: number, range: { low: number; high: number }): number {
  const x = (range.high - p) / Math.max(1e-6, range.high - range.low);
  return Math.round(PENALTY_SCALE * Math.max(0, Math.min(1, x)));
}

/**
 * What a story relies on that it does not build: a system, model or capability named as the subject of the
 * means ("I want the app to ...", "an AV that can ...") or as what the user uses ("use the predictions").
 */
const RELIES_ON = /\b(?:system|systems|model|models|app|application|platform|tool|device|robot|algorithm|algorithms|ai|framework|predictions?|insights|technology|network|engine|assistant|software|data|results|recommendations?|alerts?|notifications?|reports?)\b/gi;

/** A named system: an acronym or a capitalised product name ("the NCDS", "AVs", "GoCart"). */
const NAMED = /\b(?:[A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*s?|[A-Z]{2,}s?)\b/g;
/** The means is someone else's work seen from outside: "I want X to ...", "access to", "benefit from", "be aware". */
const CONSUMER = /^(?:(?:the|an?|my|our|this|these|its)\s+)?(?:[\w-]+\s+){0,4}?(?:to|that|which)\s+(?:be\s+)?[a-z]+|^(?:to\s+)?(?:access|benefit|be\s+(?:aware|informed|able\s+to\s+trust|protected|evaluated)|know|feel|trust|choose|receive|get|have)\b/i;

export function dependencyAnchor({ summary, story }: RuleInput): Span | null {
  if (!story.means) return null;
  const from = story.means.start;
  let best: Span | null = null;
  for (const re of [RELIES_ON, NAMED]) {
    re.lastIndex = from;
    const m = re.exec(summary);
    if (m && m.index < story.mainEnd && (!best || m.index < best.start)) best = { start: m.index, end: m.index + m[0].length };
  }
  if (best) return best;
  const text = summary.slice(from, story.means.end);
  const c = CONSUMER.exec(text);
  if (c && (!story.meansIsAction || /^(?:to\s+)?(?:access|benefit|be|know|feel|trust|choose|receive|get|have)\b/i.test(text))) {
    return { start: from, end: from + c[0].length };
  }
  return null;
}

const BROAD = /\b(?:improve|enhance|optimi[sz]e|maximi[sz]e|minimi[sz]e|ensure|explore|understand|leverage|utili[sz]e|support|help|promote|foster|facilitate|advance|streamline|empower|better|more|various|different|any|insights|effective(?:ly)?|efficient(?:ly)?|accurate(?:ly)?)\b/gi;

/** The first broad or vague word of the requirement, which makes it hard to size. */
export function estimableAnchor({ summary, story }: RuleInput, candidates: Finding[]): Span | null {
  const own = candidates.find((f) => f.code.startsWith("unambiguous.") && f.start !== undefined);
  if (own) return { start: own.start!, end: own.end! };
  if (!story.means) return null;
  BROAD.lastIndex = story.means.start;
  const m = BROAD.exec(summary);
  return m && m.index < story.mainEnd ? { start: m.index, end: m.index + m[0].length } : null;
}
