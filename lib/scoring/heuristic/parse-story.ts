import { VERBS } from "./lexicon";
import { type Span, trimSpan } from "./text";

/** A user story split into the QUS parts: role, means and ends, each located in the summary text. */
export interface ParsedStory {
  text: string;
  roleIndicator: Span | null;
  role: Span | null;
  meansIndicator: Span | null;
  means: Span | null;
  /** True when the means is a verb phrase ("I want to export"), false for an object ("I want a report"). */
  meansIsAction: boolean;
  endsIndicator: Span | null;
  ends: Span | null;
  endsKind: "so_that" | "purpose" | "participle" | null;
  /** End of the sentence that holds the story; text after it is a trailing note. */
  mainEnd: number;
  trailing: Span | null;
  sentenceCount: number;
}

const ROLE_START = /^\s*["'“‘]?\s*as\s+(?:an?\s+|the\s+|one\s+of\s+the\s+)?/i;
const MEANS =
  /\b(?:I|we)\s+(?:(?:really\s+)?(?:want|need|wish|would\s+like|would\s+love|aim|expect|require|intend|hope|am\s+interested\s+in|am\s+tasked\s+with|am\s+able|have)(?:\s+to\b)?|(?:should|must|shall|can|could|will|may)(?:\s+be\s+able\s+to\b)?)/iy;
const MEANS_SEARCH = new RegExp(MEANS.source, "gi");
const SO_THAT = /,?\s*\b(?:so\s+that|in\s+order\s+(?:to|that)|such\s+that|so(?=\s+(?:I|we|they|it|he|she|you|the|my|our|their|its|this|users?|customers?|people|staff|everyone|[A-Z][\w-]*)\b))\b/gi;
const PARTICIPLE = /,\s*(?:thereby\s+|thus\s+|while\s+|and\s+)?([a-z]+ing)\b/g;
const PURPOSE_TO = /\bto\s+([a-z][a-z-]*)\b/gi;
const NOT_PURPOSE_BEFORE = /\b(?:able|how|ability|want|wants|need|needs|going|have|has|had|like|order|allowed|trying|try|where|what|when|whether|is|are|be|used|due|according|access|up|related|compared|similar|close|prior|next|way|ways|option|options|tool|tools|able|opportunity|chance|time|right|permission|possible|easy|hard)\s*$/i;
const NON_ENDS_PARTICIPLES = new Set([
  "using", "including", "utilizing", "utilising", "employing", "considering", "combining", "containing",
  "excluding", "regarding", "concerning", "involving", "featuring", "comparing", "starting", "ending",
  "during", "something", "anything", "everything", "nothing", "thing", "bring", "string", "king", "spring",
]);
const SENTENCE_END = /[.!?]+(?=\s+["'“(]?[A-Z\d])|\r?\n\s*\r?\n?|[.!?]+\s*$/g;

/** Maps "reducing" to "reduce", "giving" to "give", "allowing" to "allow" when the verb is known. */
export function ingToBase(word: string): string | null {
  const stem = word.toLowerCase().slice(0, -3);
  if (VERBS.has(stem)) return stem;
  if (VERBS.has(stem + "e")) return stem + "e";
  if (stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2] && VERBS.has(stem.slice(0, -1))) {
    return stem.slice(0, -1);
  }
  return null;
}

function findSentenceEnd(text: string, from: number): number {
  SENTENCE_END.lastIndex = from;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(text)) !== null) {
    const prev = text.slice(Math.max(0, m.index - 4), m.index + 1).toLowerCase();
    // "e.g." and "i.e." are not sentence ends.
    if (/(?:e\.g|i\.e|etc|vs|approx|incl)\.$/.test(prev) || /\b[a-z]\.$/.test(prev)) {
      continue;
    }
    return m.index + m[0].trimEnd().length;
  }
  return text.length;
}

function countSentences(text: string): number {
  let count = 0;
  let pos = 0;
  while (pos < text.length) {
    const rest = text.slice(pos);
    if (rest.trim() === "") break;
    const end = findSentenceEnd(text, pos);
    count++;
    if (end <= pos) break;
    pos = end;
    if (count > 50) break;
  }
  return count;
}

function findEnds(text: string, from: number, to: number, meansIsAction: boolean) {
  const region = text.slice(0, to);
  let best: { indicator: Span; kind: ParsedStory["endsKind"] } | null = null;

  SO_THAT.lastIndex = from;
  const so = SO_THAT.exec(region);
  if (so) {
    const start = so.index + so[0].length - so[0].trimStart().replace(/^,\s*/, "").length;
    best = { indicator: { start, end: so.index + so[0].length }, kind: "so_that" };
  }

  PARTICIPLE.lastIndex = from;
  let p: RegExpExecArray | null;
  while ((p = PARTICIPLE.exec(region)) !== null) {
    if (best && p.index >= best.indicator.start) break;
    const word = p[1];
    if (NON_ENDS_PARTICIPLES.has(word) || !ingToBase(word)) continue;
    const start = p.index + p[0].indexOf(word);
    best = { indicator: { start, end: start }, kind: "participle" };
    break;
  }

  PURPOSE_TO.lastIndex = from;
  let skipFirst = !meansIsAction;
  let t: RegExpExecArray | null;
  while ((t = PURPOSE_TO.exec(region)) !== null) {
    if (best && t.index >= best.indicator.start) break;
    const verb = t[1].toLowerCase();
    if (!VERBS.has(verb) && verb !== "make" && verb !== "be") continue;
    if (skipFirst) {
      skipFirst = false;
      continue;
    }
    if (verb === "be" || NOT_PURPOSE_BEFORE.test(region.slice(Math.max(from, t.index - 20), t.index))) continue;
    best = { indicator: { start: t.index, end: t.index + 2 }, kind: "purpose" };
    break;
  }
  return best;
}

export function parseStory(text: string): ParsedStory {
  const result: ParsedStory = {
    text,
    roleIndicator: null,
    role: null,
    meansIndicator: null,
    means: null,
    meansIsAction: false,
    endsIndicator: null,
    ends: null,
    endsKind: null,
    mainEnd: text.length,
    trailing: null,
    sentenceCount: 0,
  };
  if (text.trim() === "") return result;

  let cursor = 0;
  const roleMatch = ROLE_START.exec(text);
  let meansMatch: RegExpExecArray | null = null;
  if (roleMatch) {
    const indicatorStart = roleMatch[0].length - roleMatch[0].trimStart().length;
    result.roleIndicator = trimSpan(text, { start: indicatorStart, end: roleMatch[0].length });
    const roleStart = roleMatch[0].length;
    MEANS_SEARCH.lastIndex = roleStart;
    meansMatch = MEANS_SEARCH.exec(text);
    const comma = text.indexOf(",", roleStart);
    let roleEnd: number;
    if (meansMatch && (comma < 0 || comma > meansMatch.index)) roleEnd = meansMatch.index;
    else if (comma >= 0 && comma - roleStart < 200) roleEnd = comma;
    else roleEnd = Math.min(text.length, roleStart + 200);
    const role = trimSpan(text, { start: roleStart, end: roleEnd });
    if (role.end > role.start) result.role = role;
    cursor = roleEnd;
    if (meansMatch && meansMatch.index > cursor + 40) meansMatch = null;
  } else {
    MEANS_SEARCH.lastIndex = 0;
    const m = MEANS_SEARCH.exec(text);
    if (m && m.index < 40) meansMatch = m;
  }

  result.mainEnd = findSentenceEnd(text, meansMatch ? meansMatch.index : cursor);
  let meansStart = cursor;
  if (meansMatch) {
    result.meansIndicator = { start: meansMatch.index, end: meansMatch.index + meansMatch[0].length };
    meansStart = result.meansIndicator.end;
    result.meansIsAction = /\bto$|\b(?:should|must|shall|can|could|will|may)$/i.test(meansMatch[0]);
    if (!result.meansIsAction) {
      // "I want to" is split by the regex only when "to" follows; "I can export" is also an action.
      const next = /^\s+([a-z]+)/i.exec(text.slice(meansStart, meansStart + 40));
      if (next && /^(?:be|have)$/i.test(next[1])) result.meansIsAction = true;
    }
  }

  const ends = findEnds(text, meansStart, result.mainEnd, result.meansIsAction);
  let meansEnd = result.mainEnd;
  if (ends) {
    result.endsIndicator = ends.indicator.end > ends.indicator.start ? ends.indicator : null;
    result.endsKind = ends.kind;
    meansEnd = ends.indicator.start;
    const endsSpan = trimSpan(text, { start: ends.indicator.end, end: result.mainEnd });
    if (endsSpan.end > endsSpan.start) result.ends = endsSpan;
  }
  const means = trimSpan(text, { start: meansStart, end: meansEnd });
  if (means.end > means.start) result.means = means;

  const trailing = trimSpan(text, { start: result.mainEnd, end: text.length });
  if (trailing.end > trailing.start) result.trailing = trailing;
  result.sentenceCount = countSentences(text);
  return result;
}
