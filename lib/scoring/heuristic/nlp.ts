// The grammar the rules read: wink-nlp's tokenizer, sentence splitter and part-of-speech tagger, with the
// English model shipped in its npm package (wink-eng-lite-web-model), so it runs offline and in-process.
import winkNLP, { type PartOfSpeech } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** A token of a text: its part of speech, lemma and character offsets (`end` exclusive). */
export interface Tok {
  /** Index of the token in its text. */
  i: number;
  text: string;
  lower: string;
  lemma: string;
  pos: PartOfSpeech;
  start: number;
  end: number;
  /** A word (letters or digits), not punctuation or a symbol. */
  word: boolean;
}

/** A run of tokens, `start` inclusive, `end` exclusive. */
export interface Segment {
  start: number;
  end: number;
}

export interface TextAnalysis {
  text: string;
  tokens: Tok[];
  /** Sentences as token segments, in order, covering every token. */
  sentences: Segment[];
  /** Bracketed parts (regions.ts), worked out on first use. */
  brackets?: Segment[];
}

// Only sentence boundaries and parts of speech are needed; named entities, negation and sentiment are not run.
const PIPE = ["sbd", "pos"];
let nlp = winkNLP(model, PIPE);
const its = nlp.its;

// wink keeps every word it has not seen before in its instance's lexicon, for good: a server reading ids,
// names and typos for months would grow without bound. Words outside the model's own vocabulary are counted
// (a word met again counts again, so this errs early), and past the limit a fresh instance (about 0.1 s to
// build) starts with the model's lexicon alone. Results do not depend on what an instance has seen.
let maxUnknownWords = 200_000;
let unknownWords = 0;
let instances = 1;

function countUnknown(doc: ReturnType<typeof nlp.readDoc>, values: string[]): void {
  for (const value of values) if (doc.isOOV(value)) unknownWords++;
  if (unknownWords > maxUnknownWords) {
    nlp = winkNLP(model, PIPE);
    instances++;
    unknownWords = 0;
  }
}

/** For tests: how many wink instances this process has built, and the limit of unknown words per instance. */
export const taggerLifecycle = {
  instances: () => instances,
  setLimit(limit: number): void {
    maxUnknownWords = limit;
  },
};

const LETTER = /[\p{L}\p{N}]/u;
const WORD_POS = new Set<PartOfSpeech>(["ADJ", "ADV", "NOUN", "PROPN", "VERB", "NUM", "X", "AUX", "PRON", "DET", "ADP", "CCONJ", "SCONJ", "PART", "INTJ"]);

export function isWord(t: Tok): boolean {
  return t.word;
}

function analyze(text: string): TextAnalysis {
  if (text.trim() === "") return { text, tokens: [], sentences: [] };
  const doc = nlp.readDoc(text);
  const all = doc.tokens();
  const values = all.out() as string[];
  const pos = all.out(its.pos) as PartOfSpeech[];
  const lemmas = all.out(its.lemma as Parameters<typeof all.out>[0]) as string[];
  const spaces = all.out(its.precedingSpaces) as string[];
  const tokens: Tok[] = [];
  // Old index -> new index, for the sentence spans (whitespace tokens are dropped).
  const kept: number[] = new Array(values.length);
  let cursor = 0;
  for (let k = 0; k < values.length; k++) {
    const value = values[k];
    cursor += spaces[k].length;
    // wink keeps every character, so offsets follow from the preceding spaces; a mismatch (a character wink
    // normalised) falls back to searching for the token, and a token that cannot be found is dropped.
    let start = cursor;
    if (!text.startsWith(value, start)) {
      const found = text.indexOf(value, Math.max(0, start - 2));
      if (found < 0) {
        kept[k] = tokens.length;
        continue;
      }
      start = found;
    }
    const end = start + value.length;
    cursor = end;
    kept[k] = tokens.length;
    if (pos[k] === "SPACE" || value.trim() === "") continue;
    const lower = value.toLowerCase();
    // (wink gives no lemma for a few tokens of some texts: the token stands for its own lemma)
    const lemma = lemmas[k] === lower || lemmas[k] === undefined ? lower : lemmas[k].toLowerCase();
    tokens.push({ i: tokens.length, text: value, lower, lemma, pos: pos[k], start, end, word: WORD_POS.has(pos[k]) && LETTER.test(value) });
  }
  countUnknown(doc, values);
  readNouns(tokens);
  const sentences: Segment[] = [];
  for (const [first, last] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    const start = kept[first] ?? tokens.length;
    const end = last + 1 < values.length ? (kept[last + 1] ?? tokens.length) : tokens.length;
    if (end > start) sentences.push({ start, end });
  }
  if (sentences.length === 0 && tokens.length > 0) sentences.push({ start: 0, end: tokens.length });
  return { text, tokens, sentences };
}

// The rules, the batch checks and the rewrite read the same few texts; the analyses of the last ones are kept.
const DETERMINERS = new Set(["a", "an", "the", "my", "your", "our", "their", "its", "each", "every"]);

/**
 * Grammar before rules: a word the tagger read as a verb is a noun where no verb can stand. After an article or a
 * possessive ("an object", "the release date") it is a noun, or an adjective when it is a participle before a noun
 * ("the updated date"); after "and"/"or" in a list of things, a word read as a noun earlier in the list is a noun
 * again ("an object or object component").
 */
function readNouns(tokens: Tok[]): void {
  for (let k = 1; k < tokens.length; k++) {
    const t = tokens[k];
    if (t.pos !== "VERB") continue;
    const before = tokens[k - 1];
    const next = tokens[k + 1];
    if (DETERMINERS.has(before.lower) && before.end < t.start) {
      const participle = /(?:ed|ing)$/.test(t.lower) && (next?.pos === "NOUN" || next?.pos === "PROPN");
      tokens[k] = { ...t, pos: participle ? "ADJ" : "NOUN", lemma: participle ? t.lemma : t.lower };
      continue;
    }
    // "a trail map and ...": a base form at the end of a noun phrase that an article opened is its head noun.
    if ((before.pos === "NOUN" || before.pos === "ADJ") && t.lower === t.lemma && (!next || ["CCONJ", "ADP", "PUNCT"].includes(next.pos))) {
      let j = k - 1;
      while (j > 0 && (tokens[j].pos === "NOUN" || tokens[j].pos === "ADJ")) j--;
      if (DETERMINERS.has(tokens[j].lower) && j < k - 1) {
        tokens[k] = { ...t, pos: "NOUN", lemma: t.lower };
        continue;
      }
    }
    if ((before.lower === "or" || before.lower === "and") && (next?.pos === "NOUN" || next?.pos === "PROPN")) {
      for (let j = k - 2; j >= Math.max(0, k - 6); j--) {
        const x = tokens[j];
        if (x.text === "," || x.pos === "VERB") break;
        if (x.pos === "NOUN" && x.lower === t.lower) {
          tokens[k] = { ...t, pos: "NOUN", lemma: t.lower };
          break;
        }
      }
    }
  }
}

const CACHE_SIZE = 16;
const recent = new Map<string, TextAnalysis>();

/** Tokens, parts of speech and sentences of a text (deterministic; the last few answers are cached). */
export function analyzeText(text: string): TextAnalysis {
  const cached = recent.get(text);
  if (cached) return cached;
  const analysis = analyze(text);
  if (recent.size >= CACHE_SIZE) recent.delete(recent.keys().next().value as string);
  recent.set(text, analysis);
  return analysis;
}

/** Character span of a token segment. */
export function charSpan(a: TextAnalysis, seg: Segment): { start: number; end: number } {
  if (seg.end <= seg.start) {
    const at = a.tokens[seg.start]?.start ?? a.text.length;
    return { start: at, end: at };
  }
  return { start: a.tokens[seg.start].start, end: a.tokens[seg.end - 1].end };
}

export function segmentText(a: TextAnalysis, seg: Segment | null): string {
  if (!seg || seg.end <= seg.start) return "";
  const s = charSpan(a, seg);
  return a.text.slice(s.start, s.end);
}
