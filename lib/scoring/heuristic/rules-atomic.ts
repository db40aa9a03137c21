// QUS "atomic": one story, one feature. A conjunction (and, or, &, +, /, "as well as", a comma list) in the role
// or the means that joins two things the user asks for is a finding; the tagger decides what it joins.
import type { FindingCode } from "../codes";
import type { Severity } from "../types";
import { found, quote, type Found, type RuleInput, type SplitPlan } from "./finding";
import { INPUT_VERBS, MANNER_WORDS, RELATIONAL_VERBS, SET_PHRASES, UMBRELLA_VERBS, VERB_FAMILIES } from "./lexicon";
import { analyzeText, charSpan, isWord, type Segment, type TextAnalysis, type Tok } from "./nlp";
import { excludedRegions } from "./regions";

type Kind = "actions" | "objects" | "qualities" | "roles";

/** Conjuncts joined by one list ("X, Y and Z"): their token segments and the separators between them. */
interface Group {
  kind: Kind;
  conjuncts: Segment[];
  /** The conjunctions and commas between the conjuncts (token indices). */
  separators: number[];
  /** The verbs share what follows the last one ("view and download reports"): conjuncts are the verbs alone. */
  sharedObject: boolean;
  /** A detail list: inside a "by/using/via" phrase, or two modifiers of one noun. */
  detail: boolean;
  /** Reported but not split: two questions ("what ... and how ..."), two statements with verbs of their own. */
  unsplittable?: boolean;
  /** The words after the list up to token `end` are the object of the conjuncts from `from` on only. */
  tail?: { end: number; from: number };
}

const POSSESSIVES = new Set(["my", "your", "his", "her", "its", "our", "their", "whose"]);
const FILLER = new Set(["also", "then", "later", "directly", "immediately", "easily", "automatically", "optionally", "finally", "even"]);
const WH = new Set(["what", "which", "who", "whom", "whose", "where", "when", "why", "how", "whether"]);
const RELATIVE = new Set(["that", "which", "who", "whom", "whose", "where"]);
const MODALS = new Set(["can", "could", "should", "must", "may", "might", "will", "would"]);
const CONJ_WORDS = new Set(["and", "or", "nor", "&", "+"]);
const SUBJECT_PRONOUNS = new Set(["i", "we", "you", "they", "he", "she", "it"]);
const OBJECT_PRONOUNS = new Set(["it", "them", "this", "these", "those", "him", "her", "me", "us"]);
const NP_POS = new Set(["DET", "ADJ", "NOUN", "PROPN", "NUM", "X"]);

// Set phrases by the word after their conjunction, each with the position of that conjunction.
const PHRASES = new Map<string, { words: string[]; at: number }[]>();
for (const p of SET_PHRASES) {
  const words = p.toLowerCase().split(/\s+|(?=\/)|(?<=\/)/).map(normaliseConj).filter(Boolean);
  const at = words.indexOf("and");
  const key = words[at + 1] ?? "";
  PHRASES.set(key, [...(PHRASES.get(key) ?? []), { words, at }]);
}

function normaliseConj(w: string): string {
  return CONJ_WORDS.has(w) || w === "/" ? "and" : w;
}

/** The width (in tokens) of a conjunction at k: "and", "/", "as well as", "and/or"; 0 when none. */
function conjunctionAt(a: TextAnalysis, k: number): number {
  const t = a.tokens;
  const tok = t[k];
  if (tok.lower === "as" && t[k + 1]?.lower === "well" && t[k + 2]?.lower === "as" && t[k + 3]?.lower !== "possible") return 3;
  if (CONJ_WORDS.has(tok.lower)) {
    if (tok.lower === "and" && t[k + 1]?.text === "/" && t[k + 2]?.lower === "or") return 3;
    return 1;
  }
  if (tok.text === "/" && k > 0 && k + 1 < t.length) {
    // A slash between two words with no space around it: "copy/paste", "present/discuss" (not "1/2", not a URL).
    const prev = t[k - 1];
    const next = t[k + 1];
    if (prev.end !== tok.start || next.start !== tok.end) return 0;
    if (!/\p{L}/u.test(prev.text) || !/^\p{L}/u.test(next.text)) return 0;
    // "A/V", "I/O", "Q/A": letters glued by a slash are one token, not two things.
    if (prev.text.length <= 2 && next.text.length <= 2) return 0;
    return 1;
  }
  return 0;
}

/** "view, download my invoices": a comma between two verbs, with no "and"/"or" after it to close the list. */
function commaJoinsVerbs(t: Tok[], k: number, end: number): boolean {
  if (t[k].text !== "," || t[k - 1]?.pos !== "VERB" || t[k + 1]?.pos !== "VERB") return false;
  for (let j = k + 1; j < end; j++) if (CONJ_WORDS.has(t[j].lower)) return false;
  return true;
}

/** The word at `j` of a set phrase read around the conjunction at `k` (of `width` tokens), the conjunction read as "and". */
function phraseWord(t: Tok[], k: number, width: number, j: number): string {
  return j === k ? "and" : j > k ? normaliseConj(t[j + width - 1]?.lower ?? "") : normaliseConj(t[j]?.lower ?? "");
}

// (the word of the phrase read by a function of the module, not a named closure: under tsx, the worker's and the benches'
// path, which keeps functions' names, a named closure made on every call cost a property definition)
function isSetPhrase(a: TextAnalysis, k: number, width: number): boolean {
  const t = a.tokens;
  const candidates = PHRASES.get(phraseWord(t, k, width, k + 1));
  if (!candidates) return false;
  return candidates.some(({ words, at }) => words.every((w, p) => phraseWord(t, k, width, k - at + p) === w));
}

function isVerb(t: Tok | undefined): boolean {
  return !!t && t.pos === "VERB";
}

/** Token index of the first word after `k` that heads a conjunct (skips articles, possessives, fillers, "to"). */
function headAfter(t: Tok[], k: number, end: number): number {
  let j = k;
  while (j < end && (t[j].pos === "DET" || POSSESSIVES.has(t[j].lower) || FILLER.has(t[j].lower) || t[j].lower === "to" ||
    (t[j].pos === "PUNCT" && t[j].text !== "(" && t[j].text !== "{" && t[j].text !== "["))) j++;
  return j;
}

/** Start of the noun phrase that ends at token `last` (walking left over articles, adjectives, nouns, possessives). */
function nounPhraseStart(t: Tok[], last: number, floor: number): number {
  let j = last;
  while (j - 1 >= floor) {
    const p = t[j - 1];
    const apostrophe = p.text === "'" || p.text === "’" || p.text === "'s" || p.text === "’s" || p.text === "-";
    if (NP_POS.has(p.pos) || POSSESSIVES.has(p.lower) || apostrophe || (p.pos === "PART" && /^['’]s$/.test(p.text))) {
      if (p.text === "," || CONJ_WORDS.has(p.lower)) break;
      j--;
      continue;
    }
    break;
  }
  return j;
}

/** End (exclusive) of the noun phrase starting at `first`: its words, "of" phrases and a relative clause. */
function nounPhraseEnd(t: Tok[], first: number, end: number): number {
  let j = first;
  const np = () => {
    while (j < end && (NP_POS.has(t[j].pos) || POSSESSIVES.has(t[j].lower) || /^['’]s?$|^-$/.test(t[j].text))) {
      if (t[j].pos === "DET" && j > first && !POSSESSIVES.has(t[j].lower) && t[j - 1].pos !== "ADP") break;
      j++;
    }
  };
  // A bracketed conjunct ("{0, 1, 2} or {0, 1, 2, 4}") ends at its closing bracket.
  if (t[j] && /^[([{]$/.test(t[j].text)) {
    const close = { "(": ")", "[": "]", "{": "}" }[t[j].text as "(" | "[" | "{"];
    while (j < end && t[j].text !== close) j++;
    return Math.min(end, j + 1);
  }
  np();
  while (j < end && t[j].lower === "of") {
    const before = j;
    j++;
    np();
    if (j === before + 1) {
      j = before;
      break;
    }
  }
  if (j < end && (RELATIVE.has(t[j].lower) || (SUBJECT_PRONOUNS.has(t[j].lower) && isVerb(t[j + 1])))) {
    while (j < end && t[j].text !== "," && !CONJ_WORDS.has(t[j].lower)) j++;
  }
  return Math.max(j, first + 1);
}

/** The verb that heads the conjunct ending before token `c` (not crossing `floor`). */
function verbBefore(t: Tok[], c: number, floor: number): number {
  for (let j = c - 1; j >= floor; j--) {
    if (t[j].text === "," || CONJ_WORDS.has(t[j].lower)) return -1;
    if (t[j].pos === "VERB") return j;
  }
  return -1;
}

interface Scope {
  segment: Segment;
  role: boolean;
  /** The `strict` preset (QUS as published): conjunctions the default reads as one thing count too. */
  strict?: boolean;
  /** A tracker's title, not a story sentence: no "I want" opens what is asked for. */
  title?: boolean;
}

/**
 * A path or a file name joined by slashes ("target/generated-test-sources", "src/main/java"): one thing. Two or
 * more slashes, or a segment with a dot, a dash or an underscore in it; "enable/disable" and "report/dataset" are
 * not paths.
 */
function inPath(text: string, at: number): boolean {
  let start = at;
  while (start > 0 && !/\s/.test(text[start - 1])) start--;
  let end = at;
  while (end < text.length && !/\s/.test(text[end])) end++;
  const chunk = text.slice(start, end).replace(/[.,;:)]+$/, "");
  if (!/^[\w.~-]*(?:\/[\w.-]+)+\/?$/.test(chunk)) return false;
  return (chunk.match(/\//g) ?? []).length >= 2 || chunk.split("/").some((seg) => /\w[._-]\w/.test(seg));
}

function inRegions(k: number, regions: Segment[]): boolean {
  for (const r of regions) if (k >= r.start && k < r.end) return true;
  return false;
}

function classify(a: TextAnalysis, scope: Scope, c: number, width: number, excluded: Segment[], headVerb: number): Group | null {
  const t = a.tokens;
  const { start: floor, end } = scope.segment;
  let l = c - 1;
  while (l >= floor && t[l].pos === "PUNCT" && !/^[)\]}'’]$/.test(t[l].text)) l--;
  if (l < floor) return null;
  const left = t[l];
  const afterConj = c + width;
  const r = headAfter(t, afterConj, end);
  if (r >= end || inRegions(r, excluded)) return null;
  const right = t[r];

  if (scope.role) {
    if (!isWord(left) || !isWord(right)) return null;
    return { kind: "roles", conjuncts: [{ start: nounPhraseStart(t, l + 1, floor), end: l + 1 }, { start: afterConj, end: nounPhraseEnd(t, afterConj, end) }], separators: [c], sharedObject: false, detail: false };
  }

  // "between X and Y" is one relation (under `strict`, two things all the same).
  for (let j = l; j >= Math.max(floor, l - 6) && !scope.strict; j--) {
    if (t[j].text === ",") break;
    if (t[j].lower === "between") return null;
  }

  // Under `strict`, a list inside a clause and words that modify a noun are two features all the same.
  if ((!scope.strict && insideClause(t, floor, l, afterConj, headVerb)) || sameWord(t, l, afterConj, r)) return null;
  const premodifiers = !scope.strict && modifiesNoun(t, floor, l, afterConj, r);
  // "report/dataset", "papers/reviews": two nouns glued by a slash name one kind of thing.
  const glued = t[c].text === "/" && t[c - 1].end === t[c].start && t[c].end === t[c + 1]?.start;
  if (glued && inPath(a.text, t[c].start)) return null;
  if (glued && !scope.strict && ["NOUN", "PROPN"].includes(left.pos) && ["NOUN", "PROPN"].includes(right.pos)) return null;

  // "merge the repo from development to release and master": after "from ...", "to" before a noun is a
  // preposition and the pair names the places the one move goes to, whatever the tagger reads the first as.
  // ("drones from allied forces to communicate and operate" keeps its two verbs.)
  if (t[l - 1]?.lower === "to" && !isVerb(right) && t.slice(floor, l - 1).some((x) => x.lower === "from")) return null;
  const leftVerb = verbBefore(t, c, floor);
  // "see a list of courses and can page through them": a modal and a verb with no subject of their own continue the
  // user's request with a second action.
  const modal = t[afterConj];
  if (modal?.pos === "AUX" && MODALS.has(modal.lower) && isVerb(t[afterConj + 1]) && (leftVerb >= 0 || headVerb >= 0)) {
    return { kind: "actions", conjuncts: [{ start: leftVerb >= 0 ? leftVerb : headVerb, end: l + 1 }, { start: afterConj, end }],
      separators: [c], sharedObject: false, detail: false, unsplittable: true };
  }
  // "run-configuration option": a word hyphenated to the next is the first half of a compound noun, not a verb.
  const hyphened = t[r + 1]?.text === "-" && t[r + 1].start === right.end;
  const rightIsVerb = isVerb(right) && !hyphened && !(/(?:ed|ing)$/.test(right.lower) && ["NOUN", "PROPN"].includes(t[r + 1]?.pos ?? "") && left.pos === "ADJ");
  // A subject after the conjunction makes it join two clauses ("until the last person selects a card and all are shown").
  let subject = false;
  for (let j = afterConj; j < r; j++) if (SUBJECT_PRONOUNS.has(t[j].lower) || t[j].pos === "NOUN") subject = true;
  // Gerunds named as things ("have branching and merging") are two things, not two actions of the user.
  const gerunds = /ing$/.test(right.lower) && l !== headVerb && (/ing$/.test(left.lower) || left.pos === "NOUN" || left.pos === "PROPN");
  // On a title, "Add a toggle button ... to enable/disable LiveView": the verbs after "to" say what the thing the
  // head verb asks for does, one control (or one script, one job) for both; the request is the thing.
  const purpose = scope.title && leftVerb > 0 && t[leftVerb - 1].lower === "to" && headVerb >= 0 && headVerb < leftVerb - 1 &&
    t.slice(headVerb + 1, leftVerb - 1).some((x) => x.pos === "NOUN" || x.pos === "PROPN");
  if (purpose && rightIsVerb) return null;
  if (rightIsVerb && !subject && !gerunds && !premodifiers && (leftVerb >= 0 || headVerb >= 0)) {
    const verbsOnly = leftVerb === l || (leftVerb < 0 && headVerb === l);
    // Without a verb the tagger saw ("register, log in and manage"), the conjunct starts after the last comma.
    let start = leftVerb >= 0 ? leftVerb : headVerb;
    if (leftVerb < 0) for (let j = l; j > headVerb; j--) if (t[j].text === ",") start = j + 1;
    return {
      kind: "actions",
      conjuncts: [{ start, end: l + 1 }, { start: r, end: verbsOnly ? r + 1 : end }],
      separators: [c], sharedObject: verbsOnly, detail: false,
    };
  }
  // "manage my account and export reports": after a verb with its object, a bare noun that the tagger reads as a
  // verb when it starts an infinitive ("to export reports") and takes an object of its own starts a second action.
  const rereadAsVerb = () => analyzeText(`to ${a.text.slice(right.start, t[Math.min(end, r + 3) - 1].end)}`).tokens[1]?.pos === "VERB";
  const bareNoun = !rightIsVerb && right.pos === "NOUN" && r === afterConj;
  const takesObject = ["NOUN", "PROPN", "DET"].includes(t[r + 1]?.pos ?? "") || POSSESSIVES.has(t[r + 1]?.lower ?? "") ||
    OBJECT_PRONOUNS.has(t[r + 1]?.lower ?? "");
  // A word read as a noun earlier in the list is a noun again ("an object or object component").
  const nounAgain = t.slice(leftVerb + 1, l + 1).some((x) => x.pos === "NOUN" && (x.lower === right.lower || x.lemma === right.lemma ||
    x.lower === `${right.lower}s` || right.lower === `${x.lower}s`));
  if (bareNoun && leftVerb >= 0 && leftVerb < l && takesObject && r + 1 < end && !nounAgain) {
    if (rereadAsVerb()) {
      return { kind: "actions", conjuncts: [{ start: leftVerb, end: l + 1 }, { start: r, end }], separators: [c], sharedObject: false, detail: false };
    }
  }
  // Verbs sharing an object, where the tagger reads the second verb as a noun ("filter and sort results"): the head
  // verb of the means, or a verb the tagger reads as one again at the start of an infinitive.
  if (left.pos === "VERB" && l === c - 1 && r === afterConj && !premodifiers && (left.i === headVerb || rereadAsVerb())) {
    return { kind: "actions", conjuncts: [{ start: l, end: l + 1 }, { start: r, end: r + 1 }], separators: [c], sharedObject: true, detail: false };
  }
  if (left.pos === "ADJ" && right.pos === "ADJ") {
    return { kind: "qualities", conjuncts: [{ start: l, end: l + 1 }, { start: r, end: r + 1 }], separators: [c], sharedObject: false, detail: true };
  }
  if (left.pos === "ADV" || right.pos === "ADV" && !WH.has(right.lower)) return null;
  const leftNominal = NP_POS.has(left.pos) || /^[)\]}'’]$/.test(left.text) || left.pos === "PRON" && !SUBJECT_PRONOUNS.has(left.lower);
  const rightNominal = NP_POS.has(right.pos) || /^[([{]$/.test(right.text) || WH.has(right.lower) || (right.pos === "VERB" && subject === false);
  // Two questions ("in what form and how much of it"): two things, but no split keeps both readable.
  const questions = WH.has(right.lower) || WH.has(t[afterConj].lower);
  const rightEnd = nounPhraseEnd(t, afterConj, end);
  // "the money that has been paid, and the money that is still owed": a thing with a relative clause, then another.
  if (!leftNominal && rightNominal && t[afterConj].pos === "DET") {
    for (let j = l - 1; j > floor; j--) {
      if (t[j].text === "," || CONJ_WORDS.has(t[j].lower)) break;
      if (RELATIVE.has(t[j].lower) && (t[j - 1].pos === "NOUN" || t[j - 1].pos === "PROPN")) {
        return { kind: "objects", conjuncts: [{ start: nounPhraseStart(t, j, floor), end: l + 1 }, { start: afterConj, end: rightEnd }],
          separators: [c], sharedObject: false, detail: false, unsplittable: true };
      }
    }
  }
  // "know when they are scheduled and the type of user", "know when the checkin is and what will be covered": a
  // question the head verb asks, then a second thing or question for the same verb.
  const question = headVerb >= 0 && (WH.has(t[headVerb + 1]?.lower ?? "") || t[headVerb + 1]?.lower === "if");
  if (!leftNominal && question && (WH.has(t[afterConj].lower) || t[afterConj].pos === "DET" || POSSESSIVES.has(t[afterConj].lower))) {
    return { kind: "objects", conjuncts: [{ start: headVerb + 1, end: l + 1 }, { start: afterConj, end: questions ? afterConj + 1 : rightEnd }],
      separators: [c], sharedObject: false, detail: false, unsplittable: true };
  }
  if (!leftNominal || !rightNominal || subject && isVerb(t[r + 1])) return null;
  // "Search should be better and users should be able to filter", "the system to be secure and patient data to be
  // anonymized": two statements, each with its own verb.
  const next = t[rightEnd];
  // In a title, a pair followed by its verb is the subject of one statement ("Mule Debugger and Java Debugger
  // collide", "indicate that a given JS type or member should have all user agents"): a report about two things,
  // not two things asked for.
  const pairStart = nounPhraseStart(t, l + 1, floor);
  if (scope.title && next && (next.pos === "AUX" || next.pos === "VERB") && next.lower !== "to" &&
    (pairStart === floor || ["that", "if", "whether", "when"].includes(t[pairStart - 1]?.lower ?? "")) &&
    !t.slice(floor, l).some((x) => x.pos === "AUX")) return null;
  const finite = next && (next.pos === "AUX" || next.pos === "VERB" && /[^s]s$/.test(next.lower) ||
    next.lower === "to" && t[rightEnd + 1]?.lower === "be");
  // The left part needs a verb of its own too ("reports/datasets to be emailed" is one list of things).
  const leftFinite = t.slice(floor, l).some((x) => x.pos === "AUX");
  if (finite && (leftFinite || MODALS.has(next.lower)) && !RELATIVE.has(t[afterConj].lower) && !WH.has(t[afterConj].lower)) {
    return { kind: "actions", conjuncts: [{ start: floor, end: l + 1 }, { start: afterConj, end }], separators: [c], sharedObject: false, detail: false, unsplittable: true };
  }
  const governing = leftVerb >= 0 ? t[leftVerb] : headVerb >= 0 ? t[headVerb] : null;
  if (governing && RELATIONAL_VERBS.has(governing.lemma)) return null;
  const leftStart = /^[)\]}]$/.test(left.text) ? bracketOpen(t, l, floor) : nounPhraseStart(t, l + 1, floor);
  // Two modifiers of one noun ("XHTML and CSS standards") or a manner phrase: a detail list.
  const premodifier = leftStart === l && (left.pos === "NOUN" || left.pos === "PROPN") && rightEnd - afterConj >= 2 &&
    t.slice(afterConj, rightEnd).every((x) => x.pos === "NOUN" || x.pos === "PROPN");
  // Versions and quantities ("Internet Explorer 6 and 7") are details of one thing.
  const numbers = left.pos === "NUM" || t.slice(afterConj, rightEnd).every((x) => x.pos === "NUM");
  return {
    kind: "objects",
    conjuncts: [{ start: leftStart, end: l + 1 }, { start: afterConj, end: questions ? afterConj + 1 : rightEnd }],
    separators: [c], sharedObject: false, detail: premodifier || numbers, unsplittable: questions,
  };
}

/**
 * The conjunction sits in a clause with a subject and a verb of its own, inside the thing asked for ("know which
 * data will be produced or collected", "confirm the recruiter is set up and working"), like the reviewers' "until
 * the last person selects a card and all are shown": it describes the thing, it does not ask for two. A relative
 * clause without a subject of its own still lists things ("metadata that includes title, description, author").
 */
function insideClause(t: Tok[], floor: number, l: number, afterConj: number, headVerb: number): boolean {
  const from = headVerb >= 0 ? headVerb + 1 : floor;
  // "know when they are scheduled and the type of user", "... and what will be covered": a second thing or
  // question after the clause is a second object of the verb, not part of the clause.
  const second = t[afterConj];
  if (second && (WH.has(second.lower) || second.pos === "DET" || POSSESSIVES.has(second.lower))) return false;
  // Walking back from the conjunction; a comma closes the clause ("the money that has been paid, and the money ...").
  if (t[l + 1]?.text === ",") return false;
  for (let j = l - 1; j >= from; j--) {
    const x = t[j];
    if (x.text === ",") return false;
    const subject = t[j - 1];
    if (x.pos === "AUX" && j > from && (["NOUN", "PROPN"].includes(subject.pos) ||
      SUBJECT_PRONOUNS.has(subject.lower) && subject.lower !== "i" && subject.lower !== "we")) return true;
  }
  return false;
}

/**
 * The words joined modify a noun rather than name actions: "in both the read and edit views", "files and their
 * associated images". Still two things (the reviewers count "XHTML and CSS standards"), but not two actions.
 */
function modifiesNoun(t: Tok[], floor: number, l: number, afterConj: number, r: number): boolean {
  const modifier = (k: number) => !!t[k] && (t[k].pos === "DET" || POSSESSIVES.has(t[k].lower));
  const nounAfter = ["NOUN", "PROPN"].includes(t[r + 1]?.pos ?? "");
  if (nounAfter && modifier(l - 1)) {
    let j = l - 1;
    while (j >= floor && (modifier(j) || t[j].lower === "both")) j--;
    if (j >= floor && t[j].pos === "ADP") return true;
  }
  return /(?:ed|ing)$/.test(t[r].lower) && r > afterConj && modifier(r - 1) && nounAfter;
}

/** One word twice across a glued slash ("the source file/files"): one thing. */
function sameWord(t: Tok[], l: number, afterConj: number, r: number): boolean {
  if (t[afterConj - 1]?.text !== "/" || r !== afterConj) return false;
  const a = t[l].lower;
  const b = t[r].lower;
  return a === b || t[l].lemma === t[r].lemma || b === `${a}s` || a === `${b}s`;
}

function bracketOpen(t: Tok[], close: number, floor: number): number {
  const open = { ")": "(", "]": "[", "}": "{" }[t[close].text as ")" | "]" | "}"];
  for (let j = close - 1; j >= floor; j--) if (t[j].text === open) return j;
  return close;
}

/** The list sits in a manner phrase between it and its verb: "by entering a name and ...", "via github or google". */
function inManner(t: Tok[], g: Group, floor: number): boolean {
  for (let j = g.conjuncts[0].start - 1; j >= floor; j--) {
    if (MANNER_WORDS.has(t[j].lower)) return true;
    if (t[j].pos === "VERB") return MANNER_WORDS.has(t[j - 1]?.lower ?? "");
  }
  return false;
}

/** Extends a group leftwards over ", X" conjuncts of the same kind ("users, roles and permissions"). */
function extendList(a: TextAnalysis, g: Group, floor: number, scopeEnd: number, headVerb: number): void {
  const t = a.tokens;
  while (g.kind === "objects" || g.kind === "actions") {
    const first = g.conjuncts[0];
    const comma = first.start - 1;
    if (comma - 1 < floor || t[comma].text !== ",") return;
    const last = comma - 1;
    let conjunct: Segment;
    if (g.kind === "objects" && last === headVerb) {
      // "import, export and archive customer records": a list that starts with the head verb is a list of verbs
      // sharing the object, whatever the tagger made of the others.
      g.kind = "actions";
      g.sharedObject = true;
      g.detail = false;
      for (const c of g.conjuncts) c.end = c.start + 1;
      conjunct = { start: last, end: last + 1 };
    } else if (g.kind === "objects") {
      // The tagger may read a noun as a verb ("email address"): inside a list of things, the word is taken as one.
      if (!isWord(t[last]) || ["DET", "ADP", "CCONJ", "SCONJ", "AUX"].includes(t[last].pos)) return;
      conjunct = { start: nounPhraseStart(t, last, floor), end: last + 1 };
    } else {
      const verb = verbBefore(t, comma, floor);
      if (verb < 0) return;
      // "add them to a cart, pay and track my order": a full verb phrase before verbs that shared an object
      // makes every item a verb phrase of its own.
      if (g.sharedObject && verb !== last) {
        g.sharedObject = false;
        g.conjuncts[g.conjuncts.length - 1].end = scopeEnd;
      }
      conjunct = { start: verb, end: last + 1 };
    }
    if (conjunct.end <= conjunct.start) return;
    g.conjuncts.unshift(conjunct);
    g.separators.unshift(comma);
  }
}

/** A shared article or possessive ("the backend, frontend and reporting") stays outside the first conjunct. */
function shareDeterminer(t: Tok[], g: Group): void {
  if (g.kind !== "objects") return;
  const first = g.conjuncts[0];
  const det = t[first.start];
  if (!(det.pos === "DET" || POSSESSIVES.has(det.lower)) || first.end - first.start < 2) return;
  const othersBare = g.conjuncts.slice(1).every((c) => t[c.start].pos !== "DET" && !POSSESSIVES.has(t[c.start].lower));
  if (!othersBare) return;
  first.start += 1;
  // "the format and layout of reports": the article and the "of" phrase belong to both.
  const last = g.conjuncts[g.conjuncts.length - 1];
  for (let k = last.start + 1; k < last.end; k++) {
    if (t[k].lower === "of" || RELATIVE.has(t[k].lower)) {
      last.end = k;
      break;
    }
  }
}

function splitPlan(a: TextAnalysis, g: Group): SplitPlan {
  const first = charSpan(a, g.conjuncts[0]);
  const last = charSpan(a, g.conjuncts[g.conjuncts.length - 1]);
  const plan: SplitPlan = { start: first.start, end: last.end, parts: g.conjuncts.map((c) => charSpan(a, c)),
    kind: g.kind === "actions" ? "actions" : "things", verbsOnly: g.sharedObject };
  if (g.tail) plan.tail = { end: a.tokens[g.tail.end - 1].end, from: g.tail.from };
  const object = sharedObject(a.tokens, g);
  if (object) plan.object = charSpan(a, object);
  return plan;
}

const COPULAS = new Set(["be", "become", "remain", "seem", "stay", "appear"]);
const BARE_VERB_POS = new Set(["VERB", "PART", "ADP", "AUX"]);
const OBJECT_POS = new Set(["DET", "NOUN", "PROPN", "PRON", "NUM", "ADJ"]);

/**
 * "list, price and ship my products", "set up or delete accounts": bare verbs before a last verb with an object
 * act on that object too. Only when every item but the last is a bare verb: after a verb with an object of its
 * own ("add them to a cart, pay and track my order") a bare verb stands alone.
 */
function sharedObject(t: Tok[], g: Group): Segment | null {
  if (g.kind !== "actions" || g.sharedObject || g.tail) return null;
  const last = g.conjuncts[g.conjuncts.length - 1];
  // One word (the tagger may read "list" or "price" as a noun), or a verb with its particle ("set up").
  const bare = (c: Segment) => (c.end - c.start === 1 && isWord(t[c.start])) ||
    (t[c.start].pos === "VERB" && t.slice(c.start, c.end).every((x) => BARE_VERB_POS.has(x.pos)));
  if (t[last.start].pos !== "VERB" || !g.conjuncts.slice(0, -1).every(bare)) return null;
  // "sign up and become a member": what follows a linking verb is no object the other verbs act on.
  if (COPULAS.has(t[last.start].lemma)) return null;
  let k = last.start + 1;
  while (k < last.end && !OBJECT_POS.has(t[k].pos) && !POSSESSIVES.has(t[k].lower)) k++;
  return k < last.end ? { start: k, end: last.end } : null;
}

function describe(a: TextAnalysis, g: Group): { code: Extract<FindingCode, `atomic.${string}`>; severity: Severity; message: string; advice: string } {
  const names = g.conjuncts.map((c) => `"${quote(a.text, charSpan(a, c), 50)}"`);
  const listed = names.length === 2 ? `${names[0]} and ${names[1]}` : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const n = g.conjuncts.length;
  if (g.kind === "roles") {
    return { code: "atomic.two_roles", severity: "low", message: `${listed} are ${n === 2 ? "two" : n} roles in one story.`,
      advice: "Write the story for one role; if each role needs it, write one story for each." };
  }
  if (g.kind === "qualities") {
    return { code: "atomic.two_qualities", severity: "low", message: `${listed} are ${n === 2 ? "two" : n} qualities asked for at once.`, advice: "Give each quality its own acceptance criterion with a measure." };
  }
  if (g.detail) {
    return { code: "atomic.list_detail", severity: "low", message: `${listed} list details of the feature in the story sentence.`, advice: "Keep the story to the feature and list its details in the description or the acceptance criteria." };
  }
  // A list of things under one action is not cut into sentences (lib/scoring/README.md, "Rewrite and split"):
  // whether each thing is a feature by itself or a part of one feature is the product owner's call.
  const things = `${n} things under one action: ${names.join(", ")}. If each is a feature by itself, write one story for each; if they ` +
    "are parts or values of one feature, name it in one phrase and list them in the acceptance criteria.";
  if (n >= 3) {
    return { code: "atomic.several_features", severity: "high", message: `The story asks for ${n} features: ${listed}. It is an epic, not a story.`,
      advice: g.kind === "actions" ? "Split it into one story per feature." : things };
  }
  if (g.kind === "actions") {
    return { code: "atomic.two_actions", severity: "high", message: `${listed} are two actions in one story.`, advice: "Split it into one story per action, so each can be planned and tested on its own." };
  }
  return { code: "atomic.two_objects", severity: "medium", message: `The story asks for two things: ${listed}.`,
    advice: `If ${listed} are each a feature by itself, write one story for each; if they are parts of one feature, name it in one phrase ` +
      "and list the parts in the acceptance criteria." };
}

/** Conjunction groups of the role and the means, in text order. */
function groups(input: RuleInput, strict: boolean): Group[] {
  const { story } = input;
  const a = story.a;
  const t = a.tokens;
  const scopes: Scope[] = [];
  if (story.role && !story.placeholderRole) scopes.push({ segment: story.role, role: true, strict });
  if (story.means) scopes.push({ segment: story.means, role: false, strict, title: !story.meansIndicator });
  const excluded = excludedRegions(story);
  const headVerb = story.means && story.meansIsAction && t[story.means.start].pos !== "DET" ? story.means.start : -1;
  const out: Group[] = [];
  for (const scope of scopes) {
    for (let k = scope.segment.start + 1; k < scope.segment.end - 1; k++) {
      const width = conjunctionAt(a, k) || (commaJoinsVerbs(t, k, scope.segment.end) ? 1 : 0);
      if (width === 0 || inRegions(k, excluded) || isSetPhrase(a, k, width)) continue;
      const g = classify(a, scope, k, width, excluded, headVerb);
      k += width - 1;
      if (!g) continue;
      extendList(a, g, scope.segment.start, scope.segment.end, headVerb);
      if (g.kind === "objects" && inManner(t, g, scope.segment.start)) g.detail = true;
      const previous = out[out.length - 1];
      // "X and Y and Z": the second conjunction continues the list of the first.
      if (previous && previous.kind === g.kind && previous.conjuncts[previous.conjuncts.length - 1].start === g.conjuncts[0].start) {
        const replaced = previous.conjuncts[previous.conjuncts.length - 1];
        // "read the applications and approve or reject them": "them" is the object of the last verbs only.
        if (g.kind === "actions" && g.sharedObject && !previous.sharedObject && replaced.end > g.conjuncts[1].end) {
          previous.tail = { end: replaced.end, from: previous.conjuncts.length - 1 };
        }
        previous.conjuncts[previous.conjuncts.length - 1] = g.conjuncts[0];
        previous.conjuncts.push(g.conjuncts[1]);
        previous.separators.push(...g.separators);
        continue;
      }
      out.push(g);
    }
  }
  for (const g of out) {
    shareDeterminer(t, g);
    // Each conjunct but the last ends before the next separator.
    for (let i = 0; i + 1 < g.conjuncts.length; i++) g.conjuncts[i].end = Math.min(g.conjuncts[i].end, g.separators[i]);
    if (!g.sharedObject && g.kind === "actions") {
      // The last verb phrase runs to the end of the means, or to a clause the means excludes.
      const last = g.conjuncts[g.conjuncts.length - 1];
      for (const r of excluded) if (r.start > last.start && r.start < last.end) last.end = r.start;
      while (last.end > last.start + 1 && /^[,;:.]$/.test(t[last.end - 1].text)) last.end--;
    }
    if (g.tail) {
      const last = g.conjuncts[g.conjuncts.length - 1];
      for (const r of excluded) if (r.start > last.end && r.start < g.tail.end) g.tail.end = r.start;
      while (g.tail.end > last.end && /^[,;:.]$/.test(t[g.tail.end - 1].text)) g.tail.end--;
      if (g.tail.end <= last.end) delete g.tail;
    }
  }
  return out;
}

/**
 * Two roles ("As an Extension Administrator or Staff Content Manager", "As a DB/IR administrator") ask for one
 * thing: atomic is about what is asked for. Read on the shared backlogs, none of 18 firings was a second request.
 */
function twoFeatures(g: Group, strict: boolean): boolean {
  return g.kind !== "roles" || strict;
}

/**
 * Verbs that start a way to what the user is after rather than a goal of its own ("search for a room and book
 * it", "log in and see my orders", "select a card and submit it"): under `lenient`, the action after them is
 * the goal and the two are one story.
 */
const PRECURSOR_VERBS = new Set(["search", "find", "browse", "look", "locate", "select", "choose", "pick", "open", "log", "sign",
  "register", "login", "go", "navigate", "visit", "click", "access", "enter", "type", "input", "fill", "provide", "specify", "upload"]);
/** Words by which an action leans on the one before it: "book it", "approve them", "share the result". */
const BACK_REFERENCE = /\b(?:it|them|this|these|those|its|their|the result|the results|the same)\b/i;

/** The lemma of the verb a conjunct starts with, read again after "to" when the tagger saw a noun. */
function leadLemma(a: TextAnalysis, c: Segment): string | null {
  const t = a.tokens;
  let k = c.start;
  while (k < c.end && !isWord(t[k])) k++;
  if (k >= c.end) return null;
  if (t[k].pos === "VERB") return t[k].lemma.toLowerCase();
  const again = analyzeText(`to ${a.text.slice(t[k].start, t[Math.min(c.end, k + 3) - 1].end)}`).tokens[1];
  return again?.pos === "VERB" ? again.lemma.toLowerCase() : null;
}

/**
 * The `lenient` preset (one user goal is one story): things named where one action applies, qualities or details; verbs
 * on one thing (create, read, update and delete it; "create and maintain venues"); verbs of one family; an action
 * and its follow-up (a step that finds, picks or enters something, then the action on it; an action the next one
 * refers back to). Two actions with goals of their own ("learn about posting jobs and contact the sponsor") stay two.
 */
function oneGoal(a: TextAnalysis, g: Group, means: Segment | null): boolean {
  if (g.kind === "qualities" || g.detail) return true;
  // Things named where the action applies ("assign sponsors to events, trainings and summits", "a map where the
  // buildings and rooms are") are details of one action; things asked for themselves ("see all events, trainings
  // and summits") stay several.
  if (g.kind === "objects") {
    const t = a.tokens;
    const from = means ? means.start : 0;
    for (let k = g.conjuncts[0].start - 1; k > from; k--) {
      if (t[k].pos === "ADP" || RELATIVE.has(t[k].lower) || WH.has(t[k].lower) || t[k].text === ":") return true;
    }
    return false;
  }
  if (g.kind !== "actions") return true;
  if (g.sharedObject || g.tail) return true;
  const lemmas = g.conjuncts.map((c) => leadLemma(a, c));
  const object = sharedObject(a.tokens, g);
  if (object) return true;
  if (g.unsplittable) return true;
  if (lemmas.every((l) => l !== null)) {
    const known = lemmas as string[];
    if (known.some((l) => UMBRELLA_VERBS.has(l))) return true;
    if (VERB_FAMILIES.some((family) => known.every((l) => family.has(l)))) return true;
  }
  return g.conjuncts.slice(1).every((c, i) => {
    const before = lemmas[i];
    if (before !== null && (PRECURSOR_VERBS.has(before) || INPUT_VERBS.has(before))) return true;
    return BACK_REFERENCE.test(a.text.slice(charSpan(a, c).start, charSpan(a, c).end));
  });
}

/**
 * The `strict` preset (QUS as published, the conjunction check of its tool): every other "and", "or", "&", "+"
 * or glued slash in the role or the means, outside brackets, examples, conditions and set phrases ("drag and
 * drop"), joins two parts of what is asked for. One finding per story, naming the first.
 */
function otherConjunctions(input: RuleInput, covered: Set<number>): Found[] {
  const { story } = input;
  const a = story.a;
  const t = a.tokens;
  const excluded = excludedRegions(story);
  const segments = [story.role && !story.placeholderRole ? story.role : null, story.means].filter((x): x is Segment => !!x);
  for (const segment of segments) {
    for (let k = segment.start + 1; k < segment.end - 1; k++) {
      const width = conjunctionAt(a, k);
      if (width === 0 || covered.has(k) || inRegions(k, excluded) || isSetPhrase(a, k, width)) continue;
      const left = t[k - 1];
      const right = t[k + width];
      if (!left || !right || !isWord(right) || left.text === ",") continue;
      const span = charSpan(a, { start: Math.max(segment.start, k - 2), end: Math.min(segment.end, k + width + 2) });
      return [found("atomic.conjunction", "medium",
        `"${quote(a.text, span, 60)}": the conjunction joins two parts of what is asked for, each a story of its own under the strict reading.`,
        "Write one story for each part, or name the one feature they make up.", { field: "summary", ...span })];
    }
  }
  return [];
}

/** QUS "atomic": a finding per conjunction that joins two things the user asks for, with a split for features. */
export function atomicFindings(input: RuleInput): Found[] {
  const { story } = input;
  const a = story.a;
  const findings: Found[] = [];
  const preset = input.preset ?? "default";
  const all = groups(input, preset === "strict");
  for (const g of all) {
    if (!twoFeatures(g, preset === "strict")) continue;
    if (preset === "lenient" && oneGoal(a, g, story.means)) continue;
    const d = describe(a, g);
    const span = { start: charSpan(a, g.conjuncts[0]).start, end: charSpan(a, g.conjuncts[g.conjuncts.length - 1]).end };
    const splittable = d.severity !== "low" && !g.unsplittable;
    findings.push(found(d.code, d.severity, d.message, d.advice, { field: "summary", ...span },
      splittable ? { split: splitPlan(a, g) } : undefined));
  }
  if (preset === "strict") findings.push(...otherConjunctions(input, new Set(all.flatMap((g) => g.separators))));
  // "I want ... . I also want ...": a second story, in a sentence of its own or after a semicolon.
  const second = story.secondMeans;
  if (second && story.means) {
    const span = { start: a.tokens[second.indicator.start].start, end: charSpan(a, second.body).end };
    // The first need runs to the punctuation or "and" before the second "I want"; each need keeps the role and
    // the benefit when the story is split.
    let firstEnd = second.indicator.start;
    while (firstEnd > story.means.start && (/^[,;:.!?]$/.test(a.tokens[firstEnd - 1].text) || CONJ_WORDS.has(a.tokens[firstEnd - 1].lower) ||
      a.tokens[firstEnd - 1].lower === "but")) firstEnd--;
    const first = { start: story.means.start, end: firstEnd };
    const split = first.end > first.start && second.body.end > second.body.start
      ? { start: charSpan(a, first).start, end: span.end, parts: [charSpan(a, first), charSpan(a, second.body)], kind: "second" as const }
      : undefined;
    findings.push(found("atomic.second_story", "high", `"${quote(a.text, span)}" states a second need in the same story.`,
      "Make the second need a story of its own.", { field: "summary", ...span }, { split }));
  }
  return findings;
}
