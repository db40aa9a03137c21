import { PLACEHOLDERS } from "./lexicon";
import { analyzeText, segmentText, type Segment, type TextAnalysis, type Tok } from "./nlp";
import type { ExampleList } from "./regions";

/** An ends clause: its indicator ("so that", "so", "in order to", "because") and what follows it. */
export interface EndsClause {
  indicator: Segment;
  body: Segment;
  /** The indicator in lower case, "so that" for "So that". */
  key: string;
}

/** A user story split into the QUS parts (role, means, ends) as token segments of the summary. */
export interface Story {
  a: TextAnalysis;
  /** Sentences before the story sentence ("Context: ... As a user, ..."). */
  lead: Segment | null;
  roleIndicator: Segment | null;
  role: Segment | null;
  /** "as a" ("As a", "As an", "As the") or "as" ("As Sarah"). */
  roleKey: string | null;
  meansIndicator: Segment | null;
  means: Segment | null;
  /** The wish verb or modal of the means indicator: "want", "need", "would like", "can", ... */
  meansKey: string | null;
  /** The means is an action ("I want to export ...") rather than a thing ("I want a report"). */
  meansIsAction: boolean;
  ends: EndsClause[];
  /** Token index just after the story sentence. */
  storyEnd: number;
  /** A second "I want"/"I need" after the first, in the means or after the story sentence: a second story. */
  secondMeans: { indicator: Segment; body: Segment } | null;
  /** Sentences after the story sentence. */
  trailing: Segment | null;
  /** The role or the benefit is a rewrite's placeholder, which the author still has to fill in. */
  placeholderRole: boolean;
  placeholderBenefit: boolean;
  /** Regions the rules share (regions.ts), worked out on first use. */
  examples?: ExampleList[];
  clauses?: Segment[];
  excluded?: Segment[];
}

const ARTICLES = new Set(["a", "an", "the"]);
const WISH_VERBS = new Set(["want", "need", "wish", "require", "expect", "hope", "intend", "aim", "like", "love", "prefer"]);
const MODALS = new Set(["can", "could", "should", "must", "shall", "will", "may", "might"]);
const SUBJECTS = new Set(["i", "we"]);
const FILLER_ADVERBS = new Set(["really", "also", "only", "just", "always", "ideally", "definitely"]);
const SO_SUBJECTS = new Set(["i", "we", "they", "he", "she", "it", "you", "everyone", "everybody", "nobody", "users", "people",
  "the", "my", "our", "their", "this", "these", "those", "there", "its", "his", "her", "your", "all", "each", "no"]);
const EDGE_PUNCT = /^[,;:.!?…]+$/;
// Participles that state what the feature leads to (", enabling early treatment"), not what it contains.
const RESULT_PARTICIPLES = new Set(["enabling", "allowing", "helping", "ensuring", "reducing", "improving", "making",
  "giving", "letting", "saving", "increasing", "minimizing", "minimising", "maximizing", "maximising", "preventing",
  "supporting", "facilitating", "leading", "resulting", "promoting", "empowering", "boosting", "lowering", "avoiding",
  "freeing", "cutting", "thereby", "thus"]);

function lowerAt(t: Tok[], i: number): string {
  return t[i]?.lower ?? "";
}

/** Drops punctuation (not brackets or quotes) from both ends of a segment. */
export function trimSegment(a: TextAnalysis, seg: Segment): Segment {
  let { start, end } = seg;
  while (start < end && EDGE_PUNCT.test(a.tokens[start].text)) start++;
  while (end > start && EDGE_PUNCT.test(a.tokens[end - 1].text)) end--;
  return { start, end };
}

function nonEmpty(seg: Segment): Segment | null {
  return seg.end > seg.start ? seg : null;
}

/** "I want to", "we need", "I would like to", "I can", "I should be able to" at token k: [end, key, isAction]. */
function meansIndicatorAt(t: Tok[], k: number): [number, string, boolean] | null {
  // "I'm able to report ..." (the tagger keeps "I'm" one token).
  if (/^i['’]m$/.test(lowerAt(t, k)) && lowerAt(t, k + 1) === "able" && lowerAt(t, k + 2) === "to") return [k + 3, "am able to", true];
  if (!SUBJECTS.has(lowerAt(t, k))) return null;
  let j = k + 1;
  while (FILLER_ADVERBS.has(lowerAt(t, j))) j++;
  let key: string;
  // "I don't want to overwrite ...", "I do not want banner messages": a wish, negated, is still the means.
  let negated = "";
  if (lowerAt(t, j) === "do" && ["not", "n't", "n’t"].includes(lowerAt(t, j + 1)) && WISH_VERBS.has(lowerAt(t, j + 2))) {
    negated = "do not ";
    j += 2;
  }
  const w = lowerAt(t, j);
  if (negated) {
    key = `${negated}${w}`;
    j += 1;
  } else if (w === "would" && lowerAt(t, j + 1) === "be" && lowerAt(t, j + 2) === "able" && lowerAt(t, j + 3) === "to") {
    // "I would be able to submit ...": the "be able to" below takes the rest.
    key = "would";
    j += 1;
  } else if ((w === "would" || w === "'d" || w === "’d") && ["like", "love", "prefer"].includes(lowerAt(t, j + 1))) {
    key = `would ${lowerAt(t, j + 1)}`;
    j += 2;
  } else if (WISH_VERBS.has(w) && w !== "like" && w !== "love" && w !== "prefer") {
    key = w;
    j += 1;
  } else if (MODALS.has(w)) {
    key = w;
    j += 1;
  } else if ((w === "am" || w === "are" || w === "'m") && lowerAt(t, j + 1) === "able" && lowerAt(t, j + 2) === "to") {
    key = "am able to";
    j += 3;
  } else if ((w === "have" || w === "need") && lowerAt(t, j + 1) === "to") {
    key = `${w} to`;
    j += 2;
  } else return null;
  let action = MODALS.has(key) || key.endsWith(" to");
  if (lowerAt(t, j) === "to") {
    j++;
    action = true;
  }
  // "be able to" belongs to the indicator: the feature is what follows.
  if (lowerAt(t, j) === "be" && lowerAt(t, j + 1) === "able" && lowerAt(t, j + 2) === "to") {
    j += 3;
    action = true;
  }
  return [j, key, action];
}

/**
 * An ends indicator at token k: [end, key]. "so that", "so" before a clause, "in order to", ", because", and
 * after a comma a purpose ("..., to reduce errors") or a result ("..., enabling early treatment"): the last two
 * state a benefit without the template's keywords, so they count for "valuable" and depart from a "so that" batch.
 */
function endsIndicatorAt(t: Tok[], k: number, limit: number): [number, string] | null {
  const w = lowerAt(t, k);
  const afterComma = k > 0 && t[k - 1].text === ",";
  if (w === "so") {
    const next = lowerAt(t, k + 1);
    if (next === "that" && k + 2 <= limit) return [k + 2, "so that"];
    if (SO_SUBJECTS.has(next)) return [k + 1, "so"];
    const nt = t[k + 1];
    if (nt && (nt.pos === "PROPN" || nt.pos === "NOUN") && (afterComma || ["AUX", "VERB"].includes(t[k + 2]?.pos ?? ""))) return [k + 1, "so"];
    return null;
  }
  if (w === "in" && lowerAt(t, k + 1) === "order" && ["to", "that", "for"].includes(lowerAt(t, k + 2))) return [k + 3, "in order to"];
  if (w === "because" && afterComma) return [k + 1, "because"];
  if (w === "to" && afterComma && t[k + 1]?.pos === "VERB") return [k + 1, "to"];
  if (afterComma && (RESULT_PARTICIPLES.has(w) || (w === "thereby" || w === "thus") && RESULT_PARTICIPLES.has(lowerAt(t, k + 1)))) {
    return [k, "participle"];
  }
  return null;
}

function findStorySentence(a: TextAnalysis): number {
  const t = a.tokens;
  for (let s = 0; s < a.sentences.length; s++) {
    const { start, end } = a.sentences[s];
    let k = start;
    while (k < end && !/[\p{L}\p{N}]/u.test(t[k].text)) k++;
    if (lowerAt(t, k) === "as") return s;
    for (let j = k; j < Math.min(end, k + 6); j++) if (meansIndicatorAt(t, j)) return s;
  }
  return 0;
}

/** A story with nothing found yet in `a`: the start of every parse, in any language. */
export function emptyStory(a: TextAnalysis): Story {
  return {
    a, lead: null, roleIndicator: null, role: null, roleKey: null, meansIndicator: null, means: null, meansKey: null,
    meansIsAction: false, ends: [], storyEnd: a.tokens.length, secondMeans: null, trailing: null, placeholderRole: false, placeholderBenefit: false,
  };
}

/** Parses a summary into role, means and ends with the tagger's tokens (see the README for the template). */
export function parseStory(text: string): Story {
  const a = analyzeText(text);
  const t = a.tokens;
  const story = emptyStory(a);
  if (t.length === 0) return story;

  const s = findStorySentence(a);
  const sentence = a.sentences[s] ?? { start: 0, end: t.length };
  if (sentence.start > 0) story.lead = { start: 0, end: sentence.start };
  let end = sentence.end;
  // A full stop inside a word ("nsf.gov", "v1.1") or a sentence of punctuation alone ("ASAP!.") ends no sentence.
  let n = s + 1;
  while (a.sentences[n] && (t[end]?.start === t[end - 1]?.end || !a.sentences[n].end ||
    t.slice(a.sentences[n].start, a.sentences[n].end).every((x) => !/[\p{L}\p{N}]/u.test(x.text)))) {
    end = a.sentences[n].end;
    n++;
  }
  // "As a user, I want X. So that Y." keeps its ends in the next sentence.
  const next = a.sentences[n];
  if (next && endsIndicatorAt(t, next.start, next.end)) end = next.end;
  story.storyEnd = end;

  let k = sentence.start;
  while (k < end && !/[\p{L}\p{N}[]/u.test(t[k].text)) k++;
  let cursor = k;
  if (lowerAt(t, k) === "as" && k + 1 < end) {
    let j = k + 1;
    if (ARTICLES.has(lowerAt(t, j))) j++;
    else if (lowerAt(t, j) === "one" && lowerAt(t, j + 1) === "of" && lowerAt(t, j + 2) === "the") j += 3;
    story.roleIndicator = { start: k, end: j };
    story.roleKey = j > k + 1 ? "as a" : "as";
    let roleEnd = j;
    while (roleEnd < end && roleEnd - j < 20) {
      if (t[roleEnd].text === "," || meansIndicatorAt(t, roleEnd)) break;
      roleEnd++;
    }
    story.role = nonEmpty(trimSegment(a, { start: j, end: roleEnd }));
    cursor = roleEnd;
  }

  let meansStart = cursor;
  for (let j = cursor; j < Math.min(end, cursor + 8); j++) {
    const m = meansIndicatorAt(t, j);
    if (!m) continue;
    story.meansIndicator = { start: j, end: m[0] };
    story.meansKey = m[1];
    story.meansIsAction = m[2];
    meansStart = m[0];
    break;
  }
  if (!story.meansIndicator) {
    // Free text ("Fix the login bug"): the sentence is the request; an imperative verb makes it an action.
    while (meansStart < end && EDGE_PUNCT.test(t[meansStart].text)) meansStart++;
    story.meansIsAction = t[meansStart]?.pos === "VERB";
  }

  let meansEnd = end;
  for (let j = meansStart; j < end; j++) {
    const e = endsIndicatorAt(t, j, end);
    if (!e || j < meansStart + 2) continue;
    if (story.ends.length === 0) meansEnd = j;
    const previous = story.ends[story.ends.length - 1];
    if (previous) previous.body = trimSegment(a, { start: previous.indicator.end, end: j });
    story.ends.push({ indicator: { start: j, end: e[0] }, body: { start: e[0], end }, key: e[1] });
    j = Math.max(j, e[0] - 1);
  }
  const last = story.ends[story.ends.length - 1];
  if (last) last.body = trimSegment(a, last.body);
  story.means = nonEmpty(trimSegment(a, { start: meansStart, end: meansEnd }));
  if (end < t.length) story.trailing = { start: end, end: t.length };
  // "I want to classify galaxies; I also want to see my history": a wish verb again, outside the benefit.
  if (story.meansIndicator) {
    for (let k = story.meansIndicator.end; k < t.length; k++) {
      if (k >= meansEnd && k < end) continue;
      const m = meansIndicatorAt(t, k);
      if (!m || MODALS.has(m[1])) continue;
      // Only a need of its own: after "and", "but", punctuation or at a sentence start, not inside a clause
      // ("the things I need to bring", "what kind of data I want to store", "if I want to use them").
      const before = t[k - 1];
      if (before && !["and", "but", "also", "then"].includes(before.lower) && !/^[,;:.!?()–—-]$/.test(before.text)) continue;
      const sentence = a.sentences.find((x) => k >= x.start && k < x.end);
      const bodyEnd = Math.min(sentence?.end ?? t.length, k < end ? meansEnd : t.length);
      story.secondMeans = { indicator: { start: k, end: m[0] }, body: trimSegment(a, { start: m[0], end: bodyEnd }) };
      break;
    }
  }
  story.placeholderRole = segmentText(a, story.role) === PLACEHOLDERS.role;
  story.placeholderBenefit = story.ends.length > 0 && segmentText(a, story.ends[0].body) === PLACEHOLDERS.benefit;
  return story;
}

