// The story template in a language other than English (lib/scoring/README.md, "Languages"): role, means and ends
// found by the language's indicator words (languages/*.ts) instead of the English tagger's parts of speech. The
// result has the shape parseStory gives, so the rules that read only the parts (role, means, ends, notes around
// the story sentence) work unchanged.
import { analyzeText, type Segment, type TextAnalysis } from "./nlp";
import { emptyStory, type EndsClause, type Story } from "./parse-story";
import type { LanguageWords } from "./languages";

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/['’]/g, "['’]").replace(/ /g, "\\s+");
}

/** A phrase list as one pattern, whole words only, longest first. */
function phrases(list: string[]): RegExp {
  const sorted = [...list].sort((x, y) => y.length - x.length).map(escape);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.join("|")})(?![\\p{L}\\p{N}])`, "giu");
}

const cache = new WeakMap<LanguageWords, { means: RegExp; ends: RegExp; weak: RegExp }>();

export function patternsOf(words: LanguageWords) {
  let p = cache.get(words);
  if (!p) {
    // An elided ending ("afin d'", "j'ai besoin d'") is followed by a letter: no word boundary after it.
    const elided = (list: string[]) => list.filter((x) => /['’]$/.test(x));
    const whole = (list: string[]) => list.filter((x) => !/['’]$/.test(x));
    const both = (list: string[]) => {
      const w = whole(list);
      const e = elided(list).map(escape);
      return new RegExp(`(?<![\\p{L}\\p{N}])(?:${[...w].sort((x, y) => y.length - x.length).map(escape).join("|")})(?![\\p{L}\\p{N}])${e.length ? `|(?<![\\p{L}\\p{N}])(?:${e.join("|")})` : ""}`, "giu");
    };
    p = { means: both(words.means), ends: both(words.ends), weak: phrases(words.weakEnds) };
    cache.set(words, p);
  }
  return p;
}

/** The first token that ends after a character offset (a token index), `t.length` past the end. */
function tokenAt(a: TextAnalysis, offset: number): number {
  const t = a.tokens;
  for (let i = 0; i < t.length; i++) if (t[i].end > offset) return i;
  return t.length;
}

/** The token index just after a character offset: the first token starting at or after it. */
function tokenAfter(a: TextAnalysis, offset: number): number {
  const t = a.tokens;
  for (let i = 0; i < t.length; i++) if (t[i].start >= offset) return i;
  return t.length;
}

function trim(a: TextAnalysis, seg: Segment): Segment {
  let { start, end } = seg;
  while (start < end && /^[,;:.!?…]+$/.test(a.tokens[start].text)) start++;
  while (end > start && /^[,;:.!?…]+$/.test(a.tokens[end - 1].text)) end--;
  return { start, end };
}

function nonEmpty(seg: Segment): Segment | null {
  return seg.end > seg.start ? seg : null;
}

/** A weak ends word ("para", "pour", "um") opens a benefit after a comma or before an infinitive ("um ... zu" in German). */
function weakEndsAt(words: LanguageWords, text: string, at: number, word: string): boolean {
  const before = text.slice(0, at).trimEnd();
  const after = text.slice(at + word.length);
  if (words.code === "de") return /^\s[^,.;]*?\szu\s+\p{L}+/u.test(after);
  if (before.endsWith(",")) return true;
  const next = /^\s+(?:(?:me|te|se|nos|les|la|le|lo|las|los|l['’]|y|en)\s+)?(\p{L}+)/u.exec(after);
  return !!next && words.infinitive(next[1].toLowerCase(), next[1]);
}

/** Parses a summary written in `words`' language into role, means and ends. */
export function parseStoryIn(text: string, words: LanguageWords): Story {
  const a = analyzeText(text);
  const t = a.tokens;
  const story = emptyStory(a);
  if (t.length === 0) return story;
  const p = patternsOf(words);

  // The story sentence: the first that opens with the role or holds the wish; else the first.
  let sentence = a.sentences[0] ?? { start: 0, end: t.length };
  for (const s of a.sentences) {
    if (s.end <= s.start) continue;
    const from = t[s.start].start;
    const to = t[s.end - 1].end;
    const body = text.slice(from, to).replace(/^[^\p{L}]+/u, "");
    p.means.lastIndex = 0;
    if (words.role.test(body) || p.means.test(body)) {
      sentence = s;
      break;
    }
  }
  if (sentence.start > 0) story.lead = { start: 0, end: sentence.start };
  let end = sentence.end;
  // A full stop inside a word ("v1.1") or a sentence of punctuation alone ends no sentence.
  let n = a.sentences.indexOf(sentence) + 1;
  while (a.sentences[n] && (t[end]?.start === t[end - 1]?.end || t.slice(a.sentences[n].start, a.sentences[n].end).every((x) => !/[\p{L}\p{N}]/u.test(x.text)))) {
    end = a.sentences[n].end;
    n++;
  }
  story.storyEnd = end;
  if (end < t.length) story.trailing = { start: end, end: t.length };

  const from = t[sentence.start].start;
  const to = t[end - 1].end;
  const lead = /^[^\p{L}\p{N}[]*/u.exec(text.slice(from, to))?.[0].length ?? 0;
  const start = from + lead;
  const body = text.slice(start, to);
  let cursor = start;
  const role = words.role.exec(body);
  if (role) {
    // "qu'utilisateur" is one token: the role starts at it, so the indicator ends before it.
    const off = start + role[0].length;
    const k = tokenAt(a, off);
    const first = tokenAt(a, start);
    story.roleIndicator = { start: first, end: Math.max(first + 1, t[k] && t[k].start < off && k > first ? k : tokenAfter(a, off)) };
    story.roleKey = role[0].trim().toLowerCase().replace(/\s+/g, " ");
    cursor = start + role[0].length;
  }

  p.means.lastIndex = cursor - start;
  const m = p.means.exec(body);
  // The wish follows the role closely (a role is a few words), or opens the sentence.
  const meansAt = m && (role ? m.index - (cursor - start) <= 80 : m.index <= 40) ? m : null;
  let meansStart = cursor;
  if (role) {
    const roleEnd = meansAt ? start + meansAt.index : (() => {
      const comma = body.indexOf(",", cursor - start);
      return comma >= 0 ? start + comma : to;
    })();
    story.role = nonEmpty(trim(a, { start: story.roleIndicator!.end, end: tokenAfter(a, roleEnd) }));
    meansStart = roleEnd;
  }
  if (meansAt) {
    const s = start + meansAt.index;
    const e = s + meansAt[0].length;
    story.meansIndicator = { start: tokenAt(a, s), end: Math.max(tokenAt(a, s) + 1, tokenAfter(a, e)) };
    story.meansKey = meansAt[0].toLowerCase().replace(/\s+/g, " ");
    meansStart = e;
  }

  // The benefit: the first ends indicator after the means, then any further ones (a second reason).
  const ends: { at: number; len: number; key: string }[] = [];
  const scanFrom = meansStart - start;
  p.ends.lastIndex = scanFrom;
  for (let x = p.ends.exec(body); x; x = p.ends.exec(body)) ends.push({ at: x.index, len: x[0].length, key: x[0].toLowerCase() });
  p.weak.lastIndex = scanFrom;
  for (let x = p.weak.exec(body); x; x = p.weak.exec(body)) {
    if (ends.some((e) => x!.index >= e.at && x!.index < e.at + e.len)) continue;
    if (weakEndsAt(words, body, x.index, x[0])) ends.push({ at: x.index, len: x[0].length, key: x[0].toLowerCase() });
  }
  ends.sort((x, y) => x.at - y.at);
  const clauses: EndsClause[] = [];
  for (const e of ends) {
    // Words of the means come first: an indicator right after the wish is part of it.
    if (start + e.at < meansStart + 2) continue;
    const indicator = { start: tokenAt(a, start + e.at), end: Math.max(tokenAt(a, start + e.at) + 1, tokenAfter(a, start + e.at + e.len)) };
    if (clauses.length) clauses[clauses.length - 1].body = trim(a, { start: clauses[clauses.length - 1].indicator.end, end: indicator.start });
    clauses.push({ indicator, body: { start: indicator.end, end }, key: e.key });
  }
  const last = clauses[clauses.length - 1];
  if (last) last.body = trim(a, last.body);
  story.ends = clauses;
  const meansEnd = clauses[0] ? clauses[0].indicator.start : end;
  story.means = nonEmpty(trim(a, { start: tokenAfter(a, meansStart), end: meansEnd }));

  // A second wish after the first ("... und ich möchte ...", a second sentence with one): a second story.
  if (story.meansIndicator) {
    p.means.lastIndex = meansStart - start;
    const again = p.means.exec(body);
    const rest = !again && story.trailing ? text.slice(t[end]?.start ?? to) : "";
    if (again) {
      const s = start + again.index;
      const e = s + again[0].length;
      const inBenefit = clauses.some((c) => s >= t[c.indicator.start].start);
      if (!inBenefit) {
        story.secondMeans = { indicator: { start: tokenAt(a, s), end: tokenAfter(a, e) }, body: trim(a, { start: tokenAfter(a, e), end: meansEnd }) };
      }
    } else if (rest) {
      p.means.lastIndex = 0;
      const later = p.means.exec(rest);
      if (later) {
        const s = (t[end]?.start ?? to) + later.index;
        const e = s + later[0].length;
        story.secondMeans = { indicator: { start: tokenAt(a, s), end: tokenAfter(a, e) }, body: { start: tokenAfter(a, e), end: t.length } };
      }
    }
  }
  return story;
}
