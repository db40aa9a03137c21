// QUS "unique": exact duplicates and paraphrases in a batch. A duplicate asks for the same action on the same
// thing for the same reason; another or an opposite action, or the same action on another thing, is a sibling.
import { found, type Found } from "./finding";
import { NON_PERSON_ROLES, VAGUE_TERMS } from "./lexicon";
import type { Tok } from "./nlp";
import type { Story } from "./parse-story";
import { subordinateClauses } from "./regions";

// ---------------------------------------------------------------------------------------------------------
// Verbs: which two actions are the same. Words of general English, not of one backlog.

/**
 * Groups of verbs that name the same action in a request ("see" / "view" a report). Kept small on purpose: a
 * verb outside every group matches only itself, and two verbs of one group are never antonyms (tested).
 */
export const SYNONYM_GROUPS: string[][] = [
  ["see", "view"],
  ["add", "create"],
  ["delete", "remove", "erase"],
  ["edit", "modify", "change", "amend", "alter"],
  ["choose", "select", "pick"],
  ["get", "obtain", "receive"],
  ["use", "utilize", "utilise"],
  ["buy", "purchase"],
  ["start", "begin"],
  ["end", "finish"],
  ["log in", "sign in", "login"],
  ["log out", "sign out", "logout"],
  ["sign up", "register"],
  ["look for", "search for", "search"],
];

/**
 * "I want to have X" and "I want X" ask for X and name no action: they are the same request as a verb that
 * gives X to whoever asks (choose, select, pick, get, obtain, receive: "have / choose a flexible pick up time").
 */
export const POSSESSION = "have";
const GIVES_POSSESSION = new Set(["have", "choose", "select", "pick", "get", "obtain", "receive"]);

/**
 * Verbs of opposite actions, never one request. Verbs that differ only by a negative prefix ("lock" / "unlock",
 * "activate" / "deactivate", "connect" / "disconnect") are antonyms as well, whether listed or not.
 */
export const ANTONYMS: [string, string][] = [
  ["enable", "disable"], ["add", "remove"], ["add", "delete"], ["create", "delete"], ["create", "remove"],
  ["show", "hide"], ["display", "hide"], ["import", "export"], ["upload", "download"], ["open", "close"],
  ["start", "stop"], ["begin", "end"], ["start", "end"], ["start", "finish"], ["approve", "reject"],
  ["accept", "reject"], ["accept", "decline"], ["grant", "revoke"], ["include", "exclude"], ["allow", "deny"],
  ["allow", "block"], ["allow", "forbid"], ["allow", "prevent"], ["increase", "decrease"], ["expand", "collapse"],
  ["zoom in", "zoom out"], ["log in", "log out"], ["sign in", "sign out"], ["login", "logout"],
  ["turn on", "turn off"], ["switch on", "switch off"], ["opt in", "opt out"], ["check in", "check out"],
  ["join", "leave"], ["buy", "sell"], ["send", "receive"], ["merge", "split"], ["pause", "resume"],
  ["save", "discard"], ["archive", "restore"], ["delete", "restore"], ["remove", "restore"], ["attach", "detach"],
  ["pin", "unpin"], ["select", "deselect"], ["encrypt", "decrypt"], ["install", "uninstall"], ["hire", "fire"],
  ["subscribe", "unsubscribe"], ["follow", "unfollow"], ["lock", "unlock"], ["publish", "unpublish"],
  ["assign", "unassign"], ["activate", "deactivate"], ["connect", "disconnect"], ["link", "unlink"],
  ["mute", "unmute"], ["block", "unblock"], ["freeze", "unfreeze"], ["like", "dislike"], ["agree", "disagree"],
  ["maximise", "minimise"], ["maximize", "minimize"], ["push", "pull"], ["give", "take"], ["lend", "borrow"],
  ["win", "lose"], ["find", "lose"], ["save", "lose"], ["keep", "lose"], ["confirm", "cancel"], ["book", "cancel"],
  ["schedule", "cancel"], ["do", "undo"], ["redo", "undo"], ["enter", "exit"], ["arrive", "leave"], ["raise", "lower"],
];

const GROUP = new Map<string, number>();
SYNONYM_GROUPS.forEach((g, i) => g.forEach((v) => GROUP.set(v, i)));
const OPPOSITE = new Set(ANTONYMS.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
const NEGATIVE_PREFIXES = ["un", "de", "dis"];

/** Two verbs (lemma and particle) name opposite actions. */
export function antonyms(a: string, b: string): boolean {
  if (OPPOSITE.has(`${a}|${b}`)) return true;
  return NEGATIVE_PREFIXES.some((p) => (a === p + b || b === p + a) && Math.min(a.length, b.length) >= 3);
}

/** Two verbs name the same action: the same lemma, one synonym group, or "have" and a verb that gives. */
export function sameAction(a: string, b: string): boolean {
  if (a === b) return true;
  if (antonyms(a, b)) return false;
  const g = GROUP.get(a);
  if (g !== undefined && g === GROUP.get(b)) return true;
  return (a === POSSESSION && GIVES_POSSESSION.has(b)) || (b === POSSESSION && GIVES_POSSESSION.has(a));
}

// ---------------------------------------------------------------------------------------------------------
// The request of a story: action, object and the other words of the means, read by grammar.

/** A story's request, in a form where paraphrases compare equal. */
export interface Request {
  /** The action's verb lemma with its particle ("export", "turn off"), or its candidates ("exportable"). */
  actions: string[];
  /** Lemma of the object's head noun ("invoice" for "my invoices"), or "" when the object is a clause. */
  object: string;
  /** The other content lemmas of the means (the object's modifiers, complements), sorted, without the action. */
  words: string[];
  /** The means is negated ("I do not want to receive ..."). */
  negated: boolean;
}

// Particles that make another verb ("turn off", "log in"), and the verbs "in" and "on" are particles of.
const PARTICLES = new Set(["up", "down", "out", "off", "back", "over", "away"]);
const IN_ON_VERBS = new Set(["log", "sign", "turn", "switch", "opt", "check", "zoom", "move", "carry", "plug", "drill", "look"]);
// "search for", "look for": the preposition belongs to the verb.
const FOR_VERBS = new Set(["search", "look"]);
const CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "X"]);
const NOUNS = new Set(["NOUN", "PROPN"]);
const NP_INNER = new Set(["DET", "PRON", "ADJ", "NOUN", "PROPN", "NUM", "PART"]);
// Words of the means that change nothing in the request: the template's and the wish's, and fillers.
const LIGHT = new Set(["be", "want", "need", "able", "can", "i", "we", "my", "our", "the", "a", "an", "to", "of", "for",
  "in", "on", "with", "and", "or", "so", "that", "it", "this", "which", "who", "me", "us", "all", "some", "any", "from", "by",
  "at", "as", "up", "also", "will", "would", "should", "could", "their", "its", "your", "there", "what", "each", "every",
  "really", "just", "ideally", "definitely", "actually", "own", "etc", "please"]);
// "the ability to export" asks to export.
const ABILITY = new Set(["ability", "option", "possibility", "opportunity", "chance", "way", "means", "capability"]);
// "a list of invoices" asks for the invoices, and so does "the invoice list".
const CONTAINERS = new Set(["list", "overview"]);
// Words before a container that say what kind of list it is, not what it holds ("the full list of invoices").
const CONTAINER_QUALITIES = new Set(["full", "complete", "whole", "entire", "long", "short", "new", "old", "current",
  "latest", "recent", "updated", "sorted", "filtered", "simple", "detailed", "printable", "single", "same", "final",
  "main", "master", "big", "small", "large", "total", "separate", "clear", "basic", "quick", "live", "own",
  "searchable", "sortable", "editable", "good", "better", "nice", "clean", "first", "last", "next", "other"]);

/** A container noun at k whose modifier right before it names what it holds ("the patient list"): that modifier's index. */
function containerContent(t: Tok[], k: number, from: number): number {
  const before = t[k - 1];
  if (k - 1 < from || !CONTAINERS.has(t[k].lemma) || !before) return -1;
  if (!NOUNS.has(before.pos) && before.pos !== "ADJ") return -1;
  return CONTAINER_QUALITIES.has(before.lower) ? -1 : k - 1;
}
const NEGATIONS = new Set(["not", "no", "never", "n't", "cannot", "without", "nobody", "nothing", "none"]);
const BENEFIT_NEGATIONS = new Set([...NEGATIONS, "longer"]);

const at = (t: Tok[], k: number) => t[k]?.lower ?? "";

/** Action candidates of an "-able" adjective ("exportable" -> export, "usable" -> use, "forgettable" -> forget). */
function ableActions(word: string): string[] | null {
  const m = /^(.{3,})[ai]ble$/.exec(word);
  if (!m) return null;
  const stem = m[1];
  const out = [stem, `${stem}e`];
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) out.push(stem.slice(0, -1));
  return out;
}

/** The end of a noun phrase starting at k (determiners, possessives, adjectives, nouns), and its head noun. */
function nounPhrase(t: Tok[], k: number, end: number): { end: number; head: number } {
  let j = k;
  let head = -1;
  while (j < end && (NP_INNER.has(t[j].pos) || (t[j].text === "-" && head >= 0)) && t[j].lower !== "to") {
    if (NOUNS.has(t[j].pos)) head = j;
    // A determiner or pronoun after the head starts another phrase ("make a user an owner").
    else if (head >= 0 && (t[j].pos === "DET" || t[j].pos === "PRON")) break;
    j++;
  }
  // "the patient list for my ward", "the patient list of my ward": the head is what the list holds, the
  // modifier; what follows "of" or "for" is whose list it is, a word of the request like any other.
  if (head >= 0) {
    const content = containerContent(t, head, k);
    if (content >= 0) return { end: j, head: content };
  }
  // "a list of invoices": the head is what the list holds.
  if (head >= 0 && CONTAINERS.has(t[head].lemma) && at(t, j) === "of") {
    const inner = nounPhrase(t, j + 1, end);
    if (inner.head >= 0) return inner;
  }
  return { end: j, head };
}

/** The verb at k with its particle: [key, end]. */
function verbAt(t: Tok[], k: number, end: number): [string, number] {
  const lemma = t[k].lemma;
  const next = at(t, k + 1);
  if (k + 1 < end && (PARTICLES.has(next) || ((next === "in" || next === "on") && IN_ON_VERBS.has(lemma)) ||
    (next === "for" && FOR_VERBS.has(lemma)))) return [`${lemma} ${next}`, k + 2];
  return [lemma, k + 1];
}

function isVerb(x: Tok | undefined): boolean {
  return x?.pos === "VERB";
}

/** An action read off the means, and the tokens it takes. */
interface Action {
  actions: string[];
  from: number;
  to: number;
}

/** The passive or "-able" action after a noun phrase ending at j: "to be exported", "exported", "should be exportable". */
function passiveAt(t: Tok[], j: number, end: number): Action | null {
  let x = j;
  if (at(t, x) === "to" || (t[x]?.pos === "AUX" && t[x].lemma !== "be")) x++;
  const be = t[x]?.lemma === "be";
  if (be) x++;
  if ((be && isVerb(t[x])) || (x === j && isVerb(t[x]) && /(ed|en|wn|t)$/.test(t[x].lower))) {
    const [key, after] = verbAt(t, x, end);
    return { actions: [key], from: j, to: after };
  }
  const able = be && t[x]?.pos === "ADJ" ? ableActions(t[x].lower) : null;
  return able ? { actions: able, from: j, to: x + 1 } : null;
}

/**
 * Reads the request of a story's means by grammar. Active: the verb that opens the means ("export my
 * invoices", "be notified"). Passive and infinitive: a noun phrase, then "to be" and a participle ("my invoices
 * to be exported"), a participle ("my shifts copied"), a modal and "be" ("invoices should be exported") or an
 * "-able" adjective ("invoices should be exportable"); a noun phrase and "to" and a verb makes the phrase the
 * agent ("the system to export my invoices"), which does not count when it is the system itself. "Have" and a
 * thing alone ("I want an autosave function") ask for the thing. The words left are compared whole: modifiers
 * ("a licence" / "a statute"), complements ("into R" / "into Julia"), numbers ("round 2" / "round 3").
 */
export function requestOf(story: Story): Request | null {
  const means = story.means;
  if (!means) return null;
  const t = story.a.tokens;
  const { start, end } = means;
  // Tokens of the means that are the action (or the template), not the request's words: skip[j - start].
  const skip = new Uint8Array(end - start);
  let k = start;
  while (k < end && (t[k].pos === "ADV" || t[k].pos === "PUNCT") && !NEGATIONS.has(t[k].lower)) skip[k++ - start] = 1;
  // "I do not want to ...": the negation is in the means indicator.
  let negated = story.meansKey?.startsWith("do not ") ?? false;
  while (k < end && (NEGATIONS.has(t[k].lower) || t[k].lower === "to")) {
    if (NEGATIONS.has(t[k].lower)) negated = true;
    skip[k++ - start] = 1;
  }
  if (k >= end) return null;

  let actions: string[] = [POSSESSION];
  let object = -1;
  // Where a clause is the verb's object rather than a condition: right after an action its object follows.
  let verbEnd = -2;
  let action: Action | null = null;
  if (at(t, k) === "be" && isVerb(t[k + 1])) {
    // "be notified when ...": the passive of the verb, on the one who asks.
    const [key, after] = verbAt(t, k + 1, end);
    action = { actions: [key], from: k, to: after };
    verbEnd = after;
  } else if (at(t, k) === "be" && t[k + 1]?.pos === "ADJ" && ableActions(t[k + 1].lower)) {
    action = { actions: ableActions(t[k + 1].lower)!, from: k, to: k + 2 };
  } else if (isVerb(t[k]) || (story.meansIsAction && story.meansIndicator && t[k].pos !== "DET" && t[k].pos !== "PRON")) {
    // After "I want to" the first word is the verb, whatever the tagger says ("log in").
    const [key, after] = verbAt(t, k, end);
    action = { actions: [key], from: k, to: after };
    verbEnd = after;
    const np = nounPhrase(t, after, end);
    object = np.head;
    if ((key === "have" || key === "get") && np.head >= 0) {
      // "have my invoices exported", "get my data deleted": the participle is the action; "have the ability
      // to export my invoices": the infinitive is.
      const passive = passiveAt(t, np.end, end);
      const ability = !passive && ABILITY.has(t[np.head].lemma) && at(t, np.end) === "to" && isVerb(t[np.end + 1]);
      if (passive) {
        for (let j = passive.from; j < passive.to; j++) skip[j - start] = 1;
        action.actions = passive.actions;
      } else if (ability) {
        const [inner, innerEnd] = verbAt(t, np.end + 1, end);
        action = { actions: [inner], from: k, to: innerEnd };
        verbEnd = innerEnd;
        object = nounPhrase(t, innerEnd, end).head;
      }
    }
  } else {
    // A thing: "an autosave function", "my invoices to be exported", "the system to export my invoices".
    const np = nounPhrase(t, k, end);
    object = np.head;
    if (np.head >= 0) {
      action = passiveAt(t, np.end, end);
      if (!action && at(t, np.end) === "to" && isVerb(t[np.end + 1])) {
        // An agent and its action: the system's own name is not part of the request, and
        // "the ability to export my invoices" asks to export them.
        const agent = t[np.head].lemma;
        const light = ABILITY.has(agent);
        if (light || NON_PERSON_ROLES.has(agent) || agent === "system") for (let j = k; j < np.end; j++) skip[j - start] = 1;
        const [key, after] = verbAt(t, np.end + 1, end);
        action = { actions: [key], from: np.end, to: after };
        verbEnd = after;
        object = nounPhrase(t, after, end).head;
      }
    }
  }
  if (action) {
    actions = action.actions;
    for (let j = action.from; j < action.to; j++) skip[j - start] = 1;
  }

  // Conditions and times are not the request ("until the last person selects a card"), but a clause right
  // after the verb is its object ("know when the status is modified", "indicate if a statute pertains").
  const clauses = subordinateClauses(story);
  const words = new Set<string>();
  for (let j = start; j < end; j++) {
    const x = t[j];
    let inClause = false;
    for (const c of clauses) {
      if (j >= c.start && j < c.end && !(c.start === verbEnd || (c.start === verbEnd + 1 && t[verbEnd].pos === "PRON"))) inClause = true;
    }
    if (inClause || skip[j - start]) continue;
    if (NEGATIONS.has(x.lower)) {
      negated = true;
      continue;
    }
    if (!CONTENT.has(x.pos) || !x.word || LIGHT.has(x.lemma) || VAGUE_TERMS.has(x.lower)) continue;
    // The list itself is no part of the request: "the list of patients" and "the patient list" ask for patients.
    if (CONTAINERS.has(x.lemma) && (at(t, j + 1) === "of" || containerContent(t, j, start) >= 0)) continue;
    if (x.lemma.includes("-") || x.lemma.includes("/")) {
      for (const part of x.lemma.split(/[-/]/)) if (part && !LIGHT.has(part)) words.add(part);
    } else words.add(x.lemma);
  }
  return { actions, object: object >= 0 ? t[object].lemma : "", words: [...words].sort(), negated };
}

function sameRequestAction(a: Request, b: Request): boolean {
  return a.actions.some((x) => b.actions.some((y) => sameAction(x, y)));
}

// ---------------------------------------------------------------------------------------------------------
// The benefit: most content words of the shorter in the other, neither negating the other.

const BENEFIT_CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "X"]);
const BENEFIT_LIGHT = new Set(["be", "have", "get", "do", "make", "want", "need", "able", "can", "i", "we", "my", "our", "the",
  "a", "an", "to", "of", "for", "in", "on", "with", "and", "or", "so", "that", "it", "this", "which", "who", "me", "us", "all",
  "some", "any", "from", "by", "at", "as", "up", "also", "will", "would", "should", "could", "their", "its", "your", "there",
  "when", "what"]);

interface Benefit {
  words: Set<string>;
  /** "so that they no longer have full control". */
  negated: boolean;
}

function benefitOf(story: Story): Benefit {
  const t = story.a.tokens;
  const words = new Set<string>();
  let negated = false;
  const body = story.ends[0]?.body;
  if (body) {
    for (let k = body.start; k < body.end; k++) {
      const x = t[k];
      if (BENEFIT_NEGATIONS.has(x.lower)) negated = true;
      if (BENEFIT_CONTENT.has(x.pos) && !BENEFIT_LIGHT.has(x.lemma) && x.text.length >= 2) words.add(x.lemma);
    }
  }
  return { words, negated };
}

/**
 * The benefits agree: both stories have none, or most words of the shorter one are in the other and neither
 * is the negation of the other ("they have full control" / "they no longer have full control").
 */
function sameBenefit(x: Benefit, y: Benefit): boolean {
  const a = x.words;
  const b = y.words;
  if (a.size === 0 || b.size === 0) return a.size === 0 && b.size === 0;
  if (x.negated !== y.negated) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size) >= 0.8;
}

/** The words in order, whatever the case and punctuation. */
function exactKey(story: Story): string {
  let exact = "";
  for (const x of story.a.tokens) if (x.word) exact += exact ? ` ${x.lower}` : x.lower;
  return exact;
}

/**
 * Exact duplicates (the same words once case and punctuation are ignored) and near duplicates: the same action
 * (one lemma or synonyms, never antonyms) on the same thing (the object's head and every other word of the
 * means, lemmatised, conditions left out) for the same reason (the benefits agree, or neither story has one).
 * Both stories of a pair get the finding, naming the other. Candidates share their object and words, looked up
 * by key, so a large batch is not compared pair by pair.
 */
export function uniqueFindings(stories: Story[]): Found[][] {
  const out: Found[][] = stories.map(() => []);
  const exactPartner: (number | null)[] = stories.map(() => null);
  const firstExact = new Map<string, number>();
  const exactKeys = stories.map(exactKey);
  stories.forEach((_, i) => {
    const exact = exactKeys[i];
    if (exact === "") return;
    const first = firstExact.get(exact);
    if (first === undefined) firstExact.set(exact, i);
    else {
      exactPartner[i] = first;
      exactPartner[first] ??= i;
    }
  });

  const partner: (number | null)[] = stories.map(() => null);
  const requests: (Request | null)[] = stories.map(() => null);
  const benefits: (Benefit | null)[] = stories.map(() => null);
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < stories.length; i++) {
    // Of exact duplicates only the first is a candidate: a paraphrase of them names it.
    if (exactPartner[i] !== null && firstExact.get(exactKeys[i]) !== i) continue;
    const r = requestOf(stories[i]);
    if (!r || (r.words.length === 0 && r.object === "" && r.actions[0] === POSSESSION)) continue;
    requests[i] = r;
    benefits[i] = benefitOf(stories[i]);
    const key = `${r.negated ? "!" : ""}${r.object}|${r.words.join(" ")}`;
    const list = byKey.get(key);
    // The earliest earlier story with the same action and benefit.
    const match = list?.find((j) => sameRequestAction(r, requests[j]!) && sameBenefit(benefits[i]!, benefits[j]!));
    if (match !== undefined) {
      partner[i] ??= match;
      partner[match] ??= i;
    }
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }

  for (let i = 0; i < stories.length; i++) {
    const exact = exactPartner[i];
    if (exact !== null) {
      out[i].push(found("unique.duplicate", "high", `The same story as story ${exact + 1} of this batch.`,
        "Keep one of the two stories."));
      continue;
    }
    const near = partner[i];
    if (near === null) continue;
    const text = stories[near].a.text.replace(/\s+/g, " ").trim();
    out[i].push(found("unique.near_duplicate", "medium",
      `Nearly the same request and benefit as story ${near + 1} of this batch: "${text.length > 90 ? `${text.slice(0, 89)}…` : text}".`,
      "Merge the two stories, or make the difference between them explicit in both."));
  }
  return out;
}
