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

/**
 * Points the independent model takes off a story that names no system it relies on: the fitted probability
 * still ranks such stories (builder roles and stories that build what they need were rated independent more
 * often), but without a phrase to point at it only nudges the score, and says so in the reasoning.
 */
export const RANKING_SCALE = 2;

/** 0 points at or above the model's 95th-percentile probability, `scale` at or below its 5th. */
export function modelPenalty(p: number, range: { low: number; high: number }, scale = PENALTY_SCALE): number {
  const x = (range.high - p) / Math.max(1e-6, range.high - range.low);
  return Math.round(scale * Math.max(0, Math.min(1, x)));
}

/**
 * What a story relies on that it does not build: a system, model or named product that is the subject of
 * the means ("I want the app to ...", "an AV that can ...") or what the user uses ("use the predictions").
 */
const SYSTEM_NOUN = String.raw`(?:[\w-]+\s+){0,3}?(?:system|systems|model|models|app|application|platform|tool|tools|device|robot|algorithm|algorithms|ai|framework|predictions?|insights|technology|engine|assistant|analytics|[A-Z][A-Za-z]*[A-Z][A-Za-z0-9-]*s?|[A-Z]{2,}s?)\b`;
const RELIES_ON = new RegExp(String.raw`^(?:(?:to\s+)?(?:use|leverage|utili[sz]e|rely\s+on|benefit\s+from|access|have\s+access\s+to|integrate)\s+(?:the\s+|an?\s+|my\s+|our\s+)?${SYSTEM_NOUN}|(?:the\s+|an?\s+|my\s+|our\s+)?${SYSTEM_NOUN}\s*(?:\([^)]*\)\s*)?(?:to|that|which)\b)`);

export function dependencyAnchor({ summary, story }: RuleInput): Span | null {
  if (!story.means) return null;
  const m = RELIES_ON.exec(summary.slice(story.means.start, story.means.end));
  if (!m) return null;
  const text = m[0].replace(/\s*(?:\([^)]*\)\s*)?(?:to|that|which)$/i, "");
  return { start: story.means.start, end: story.means.start + text.length };
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
