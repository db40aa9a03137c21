// Parts of a story sentence that are not the feature itself: brackets, example lists and subordinate clauses
// (conditions and times). The atomic rule reads past them; the minimal rule reports brackets and examples.
import { EXAMPLE_MARKERS, SUBORDINATORS, SUBORDINATOR_PHRASES } from "./lexicon";
import type { Segment, TextAnalysis, Tok } from "./nlp";
import type { Story } from "./parse-story";

export interface ExampleList {
  /** The marker ("such as", "e.g.", "etc."). */
  marker: Segment;
  /** The marker and the examples it introduces. */
  list: Segment;
}

const WH_WORDS = new Set(["what", "which", "who", "whom", "whose", "where", "when", "why", "how", "whether"]);
const OPEN: Record<string, string> = { "(": ")", "[": "]", "{": "}" };

/** Phrases indexed by their first word, so a scan tries only the phrases that can start at a token. */
export function byFirstWord(phrases: string[][]): Map<string, string[][]> {
  const map = new Map<string, string[][]>();
  for (const p of phrases) {
    const list = map.get(p[0]);
    if (list) list.push(p);
    else map.set(p[0], [p]);
  }
  return map;
}

/** The first of `phrases` (indexed by byFirstWord) that starts at token k. */
export function phraseAt(t: Tok[], k: number, phrases: Map<string, string[][]>): string[] | undefined {
  return phrases.get(t[k].lower)?.find((p) => p.every((w, i) => t[k + i]?.lower === w));
}

const MARKERS = byFirstWord(EXAMPLE_MARKERS);
const SUBORDINATING = byFirstWord(SUBORDINATOR_PHRASES);

// Each rule asks for the regions of the story it reads; they are worked out once and kept on the analysis or
// the story they belong to.
/** Bracketed parts, brackets included, as token segments (an unclosed bracket runs to the end). */
export function bracketRegions(a: TextAnalysis): Segment[] {
  return (a.brackets ??= findBrackets(a));
}

const NONE: Segment[] = [];
const BRACKET = /[([{]/;

function findBrackets(a: TextAnalysis): Segment[] {
  if (!BRACKET.test(a.text)) return NONE;
  const t = a.tokens;
  const out: Segment[] = [];
  let close: string | null = null;
  let start = 0;
  for (let k = 0; k < t.length; k++) {
    const x = t[k].text;
    if (close === null) {
      if (OPEN[x]) {
        close = OPEN[x];
        start = k;
      }
    } else if (x === close) {
      out.push({ start, end: k + 1 });
      close = null;
    }
  }
  if (close !== null) out.push({ start, end: t.length });
  return out;
}

/** The story parts (role, means, each ends clause) as segments, for bounding lists and clauses. */
function parts(story: Story): Segment[] {
  const out: Segment[] = [];
  if (story.role) out.push(story.role);
  if (story.means) out.push(story.means);
  for (const e of story.ends) out.push(e.body);
  return out;
}

function containing(segments: Segment[], k: number, fallback: Segment): Segment {
  return segments.find((s) => k >= s.start && k < s.end) ?? fallback;
}

/** Example lists: from the marker to the end of the bracket or the story part it is in ("etc." ends its list). */
export function exampleLists(story: Story): ExampleList[] {
  return (story.examples ??= findExampleLists(story));
}

function findExampleLists(story: Story): ExampleList[] {
  const a = story.a;
  const t = a.tokens;
  const brackets = bracketRegions(a);
  const bounds = parts(story);
  const out: ExampleList[] = [];
  for (let k = 0; k < t.length; k++) {
    const words = phraseAt(t, k, MARKERS);
    if (!words) continue;
    const marker = { start: k, end: k + words.length };
    const bracket = brackets.find((b) => k > b.start && k < b.end);
    let end: number;
    if (words[0].startsWith("etc") || words[0] === "and") end = marker.end;
    else if (bracket) end = bracket.end - 1;
    else end = containing(bounds, k, { start: 0, end: story.storyEnd > k ? story.storyEnd : t.length }).end;
    let start = marker.start;
    if (start > 0 && t[start - 1].text === ",") start--;
    out.push({ marker, list: { start, end: Math.max(end, marker.end) } });
    k = marker.end - 1;
  }
  return out;
}

/** Subordinate clauses of the means ("until the last person selects a card", "when I enter ..."), to the next comma. */
export function subordinateClauses(story: Story): Segment[] {
  return (story.clauses ??= findClauses(story));
}

function findClauses(story: Story): Segment[] {
  const means = story.means;
  if (!means) return [];
  const t = story.a.tokens;
  const out: Segment[] = [];
  for (let k = means.start + 1; k < means.end; k++) {
    const phrase = phraseAt(t, k, SUBORDINATING);
    const single = SUBORDINATORS.has(t[k].lower) && ["SCONJ", "ADP", "ADV"].includes(t[k].pos);
    if (!phrase && !single) continue;
    let end = k + (phrase?.length ?? 1);
    // A question after a verb ("know when they are scheduled and the type of user", "know if the site has a plan
    // and what the prices are") ends where a second thing or question is joined to the verb.
    const complement = t[k - 1]?.pos === "VERB";
    while (end < means.end && t[end].text !== "," && t[end].text !== ";") {
      if (complement && t[end].pos === "CCONJ" && t[end + 1] &&
        (WH_WORDS.has(t[end + 1].lower) || t[end + 1].pos === "DET" && t[end + 1].lower !== "all")) break;
      end++;
    }
    out.push({ start: k, end });
    k = end;
  }
  return out;
}

/** Everything the atomic rule does not read as the feature: brackets, example lists, subordinate clauses. */
export function excludedRegions(story: Story): Segment[] {
  return (story.excluded ??= [...bracketRegions(story.a), ...exampleLists(story).map((e) => e.list), ...subordinateClauses(story)]);
}
