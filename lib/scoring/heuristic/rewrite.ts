// The rewrite is the findings' safe fixes applied to the summary (brackets, examples and notes dropped, vague
// words taken out, placeholders for a missing role or benefit), and a compound story is cut into one story per
// feature. It never guesses: every word of a feature it keeps is kept, in order. Nothing is proposed that the
// engine itself would not accept: each split part and the rewrite are scored again (the per-story rules), and
// a split whose parts are not each one feature scoring at least the original is not offered; its finding says
// so instead (lib/scoring/README.md, "Rewrite and split").
import type { FindingCode } from "../codes";
import { kindFromTypeName } from "../types";
import { quote, type Edit, type Found, type RuleInput, type SplitPlan } from "./finding";
import { BROAD_VERBS, GOAL_VERBS, INPUT_VERBS, OPEN_ENDED_VERBS, OPERATION_VERBS, PLACEHOLDERS, UMBRELLA_VERBS, VERB_FAMILIES } from "./lexicon";
import { analyzeText, charSpan, type Tok } from "./nlp";

/** At most this many stories come out of one split. */
const MAX_PARTS = 6;
const MAX_LENGTH = 2000;

/** Applies non-overlapping edits (the first of two overlapping edits wins), then closes up spaces and commas. */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos) continue;
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return tidy(out + text.slice(pos));
}

export function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/,(?:\s*,)+/g, ",")
    .replace(/,\s*([.;:!?])/g, "$1")
    .replace(/\(\s*\)|\[\s*\]|\{\s*\}/g, "")
    .replace(/[ \t]+/g, " ")
    .replace(/[,;:]\s*$/, "")
    .trim();
}

type Span = { start: number; end: number };
const overlaps = (e: Span, s: Span) => e.start < s.end && e.end > s.start || (e.start === e.end && e.start > s.start && e.start < s.end);
const within = (inner: Span, outer: Span) => inner.start >= outer.start && inner.end <= outer.end;

/** "an" before a vowel sound ("an existing filter", "an hour"), "a" otherwise ("a user", "a one-off", "a URL"). */
export function articleFor(word: string): "a" | "an" {
  if (/^[A-Z]{2,}/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? "an" : "a";
  const w = word.toLowerCase();
  if (/^(?:one|once|eu|uni|use|usu|uti|ur|uk)/.test(w)) return "a";
  return /^(?:[aeiou]|hour|honest|honou?r|heir)/.test(w) ? "an" : "a";
}

/** One way to cut a region: the edits that keep one item of each list in it (the other items, their commas and conjunctions deleted). */
interface Variant {
  edits: Edit[];
}

/** Lists in `plans` that lie in `region` and in no other such list's item: the lists to cut first. */
function outermost(plans: SplitPlan[], region: Span): SplitPlan[] {
  const inRegion = plans.filter((p) => within(p, region));
  const top = inRegion.filter((p) => !inRegion.some((q) => q !== p && q.parts.some((part) => within(p, part))));
  // Two lists that overlap without one holding the other cannot both be cut: the earlier one is.
  const chosen: SplitPlan[] = [];
  for (const p of [...top].sort((a, b) => a.start - b.start || b.end - a.end)) {
    if (!chosen.some((c) => overlaps(p, c))) chosen.push(p);
  }
  return chosen;
}

/**
 * Every story of a split of `region`: each list cut into its items, and each item cut along the lists inside
 * it (actions x things: "view and download invoices and receipts" gives four). Null past `limit` stories.
 */
function variants(summary: string, plans: SplitPlan[], region: Span, limit: number): Variant[] | null {
  let out: Variant[] = [{ edits: [] }];
  for (const plan of outermost(plans, region)) {
    const options: Variant[] = [];
    for (const [i, part] of plan.parts.entries()) {
      const inner = variants(summary, plans, part, limit);
      if (inner === null) return null;
      const end = plan.tail && i < plan.tail.from ? plan.tail.end : plan.end;
      // A bare verb takes the object the last verb has ("list, price and ship my products" -> "list my products"),
      // cut along the lists inside it as the last verb's object is.
      const objects = plan.object && i < plan.parts.length - 1 ? objectTexts(summary, plans, plan.object, limit) : [""];
      if (objects === null) return null;
      for (const object of objects) {
        const keep: Edit[] = [
          { start: plan.start, end: part.start, text: "" },
          { start: part.end, end, text: object ? ` ${object}` : "" },
          ...agreement(summary, plan, part),
        ];
        for (const v of inner) options.push({ edits: [...keep, ...v.edits] });
      }
    }
    const next: Variant[] = [];
    for (const v of out) for (const o of options) next.push({ edits: [...v.edits, ...o.edits] });
    if (next.length > limit) return null;
    out = next;
  }
  return out;
}

/**
 * Two lists that share a word ("list and ship" / "ship invoices and orders", where the tagger read "ship" as
 * part of the first thing): the later list starts after the earlier one, so both can be cut.
 */
function untangle(summary: string, plans: SplitPlan[]): SplitPlan[] {
  const sorted = [...plans].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const b = sorted[i];
    for (const a of sorted.slice(0, i)) {
      if (!(a.start < b.start && b.start < a.end && a.end < b.parts[0].end)) continue;
      let start = a.end;
      while (start < b.parts[0].end && /\s/.test(summary[start])) start++;
      sorted[i] = { ...b, start, parts: [{ start, end: b.parts[0].end }, ...b.parts.slice(1)] };
    }
  }
  return sorted;
}

/**
 * The items of a list are alike: all start with a verb or none does, and the verbs have one form ("publish and
 * deal", not "being published and deal"). Items that are not tell that the list was bounded wrongly, and cutting
 * it would give stories that do not read ("... from being deal with the time gap").
 */
function alike(summary: string, tokens: Tok[], plan: SplitPlan): boolean {
  const firsts = plan.parts.map((p) => tokens.find((t) => t.start >= p.start && t.end <= p.end && /[\p{L}\p{N}]/u.test(t.text)));
  if (firsts.some((t) => t === undefined)) return true;
  // Where the tagger reads a verb as a noun ("crop it", "water and fertilise"), it is asked again with the item
  // at the start of an infinitive, as the atomic rule does.
  if (firsts.some((t) => t!.pos === "VERB")) {
    for (const [i, t] of firsts.entries()) {
      if (t!.pos === "VERB") continue;
      const again = analyzeText(`to ${summary.slice(t!.start, plan.parts[i].end)}`).tokens[1];
      if (again?.pos === "VERB") firsts[i] = { ...t!, pos: "VERB", lemma: again.lemma };
    }
  }
  const verbs = firsts.filter((t) => t!.pos === "VERB");
  // A single word the tagger read either way ("filter and sort results") is no evidence.
  const long = (i: number) => plan.parts[i].end - plan.parts[i].start > firsts[i]!.text.length;
  if (verbs.length > 0 && verbs.length < firsts.length && firsts.some((t, i) => t!.pos !== "VERB" && long(i)) &&
    firsts.some((t, i) => t!.pos === "VERB" && long(i) || t!.pos === "VERB" && firsts.length > 2)) return false;
  // An inflected verb ("published", "working") beside a base form ("deal"); spelling variants of a lemma
  // ("fertilise"/"fertilize") are not inflections.
  const base = (t: Tok) => t.lower === t.lemma.toLowerCase() || !/(?:ed|ing|en|s)$/.test(t.lower);
  return verbs.length < 2 || verbs.every((t) => base(t!) === base(verbs[0]!));
}

/** The texts of a shared object, one per way to cut the lists inside it. */
function objectTexts(summary: string, plans: SplitPlan[], object: Span, limit: number): string[] | null {
  const cut = variants(summary, plans, object, limit);
  if (cut === null) return null;
  const text = summary.slice(object.start, object.end);
  return cut.map((v) => applyEdits(text, v.edits.filter((e) => within(e, object)).map((e) => ({ ...e, start: e.start - object.start, end: e.end - object.start }))));
}

/**
 * The words around a list that depend on it: the article before it agrees with the item that stays ("a new or
 * existing filter" -> "an existing filter"), "either" and "both" go, and a verb after a list of things agrees
 * with a single one ("the title and the date are shown" -> "the date is shown").
 */
function agreement(summary: string, plan: SplitPlan, part: Span): Edit[] {
  const edits: Edit[] = [];
  const before = summary.slice(0, plan.start);
  const word = /^[\p{L}\p{N}]+/u.exec(summary.slice(part.start, part.end))?.[0];
  const article = /\b(a|an|A|An)(\s+)$/.exec(before);
  const item = summary.slice(part.start, part.end);
  if (article && word) {
    const right = articleFor(word);
    const start = plan.start - article[0].length;
    // "a new customer record and old tickets": the article was the first item's; a plural one goes without it.
    if (part.start !== plan.start && /[^s]s$/i.test(item.trim())) edits.push({ start, end: plan.start, text: "" });
    else if (article[1].toLowerCase() !== right) edits.push({ start, end: start + article[1].length, text: article[1][0] === "A" ? `A${right.slice(1)}` : right });
  }
  const pair = /\b(?:either|both)\s+$/i.exec(before);
  if (pair) edits.push({ start: plan.start - pair[0].length, end: plan.start, text: "" });
  const verb = /^(\s+)(are|were|have)\b/.exec(summary.slice(plan.end));
  const last = /([\p{L}]+)\W*$/u.exec(item)?.[1] ?? "";
  if (verb && last && !/s$/i.test(last) && /\s(?:and|or)\s/.test(summary.slice(plan.start, plan.end))) {
    const start = plan.end + verb[1].length;
    edits.push({ start, end: start + verb[2].length, text: { are: "is", were: "was", have: "has" }[verb[2] as "are" | "were" | "have"] });
  }
  return edits;
}

/** A candidate summary scored again by the per-story rules (no batch, no context). */
export type Rescore = (summary: string) => { overall: number; findings: Found[] };

export interface Proposal {
  rewrite: string | null;
  split: string[];
  /** The findings, with the advice of a compound whose split was not offered, and of a fix the rewrite moved, reworded. */
  findings: Found[];
}

/** What a rewrite does with a finding's edits (lib/scoring/README.md, "Rewrite and split"). */
type FixKind =
  /** Text that does not belong in the story sentence: out of the sentence, into the description or the criteria. */
  | { kind: "move"; to: "description" | "acceptance criteria" }
  /** A slip of the template or a loophole word: fixed in place. */
  | { kind: "fix" }
  /** A placeholder for what only the author can write: never a rewrite by itself. */
  | { kind: "placeholder" };

const MOVES: Partial<Record<FindingCode, "description" | "acceptance criteria">> = {
  "minimal.brackets": "description",
  "minimal.trailing_text": "description",
  "minimal.leading_text": "description",
  "minimal.extra_reason": "description",
  "minimal.example": "acceptance criteria",
  "minimal.concession": "acceptance criteria",
};

function fixKind(f: Found, edits: Edit[]): FixKind {
  // A loophole is the author's call ("if possible": in scope or not; "and/or": both or either), as a vague word is.
  if (f.code.startsWith("unambiguous.")) return { kind: "placeholder" };
  if (edits.some((e) => Object.values(PLACEHOLDERS).some((p) => e.text.includes(p)))) return { kind: "placeholder" };
  const to = MOVES[f.code];
  return to ? { kind: "move", to } : { kind: "fix" };
}

const isActionCompound = (f: Found) =>
  f.code === "atomic.two_actions" || f.code === "atomic.second_story" || (f.code === "atomic.several_features" && f.split?.kind === "actions");

const EXAMPLE_MARKER = /^,?\s*(?:e\.g\.?|eg|i\.e\.?|ie|etc\.?|such as|for example|for instance|things like|including(?: but not limited to)?)$/i;

/** Content words of a text, lower case: what a split must keep and may not add. */
function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
}
const FUNCTION_WORDS = new Set(("a an the and or nor but to of in on at by for with from as so that this these those it its is are be " +
  "i we my our your their them they either both also").split(" "));
/** Words a split part may have that its story lacks: the template's and an article or verb form made to agree. */
const TEMPLATE_WORDS = new Set(["as", "user", "type", "of", "i", "want", "to", "so", "that", "the", "benefit", "a", "an", "is", "was", "has"]);

/** A word that points back at a thing named before it: a story built around it alone would not say what it acts on. */
const BACK_REFERENCES = /\b(?:it|them|these|those|each|both|this one|the same|do so|so doing)\b/i;

/** The features of a list as the advice names them: "view invoices", "download invoices". */
function featureNames(summary: string, plans: SplitPlan[]): string[] {
  return plans.flatMap((p) => p.parts.map((part) => `"${quote(summary, part, 50)}"`));
}

interface SplitOutcome {
  parts: string[];
  /** Why no split is offered, with the features named; null when one is. */
  declined: string | null;
}

/**
 * A compound story cut along the actions the user asks for (never inside a list of things, a pair of verbs that
 * is one requirement, a name or a token), or the features named when no clean cut exists.
 */
function splitStory(input: RuleInput, compounds: Found[], check: { overall: number; rescore: Rescore }): SplitOutcome {
  const { summary, story } = input;
  const all = untangle(summary, compounds.map((f) => f.split!));
  const actions = all.filter((p) => p.kind !== "things");
  const named = (plans: SplitPlan[], why: string) => {
    const names = featureNames(summary, plans);
    return `${names.length} features: ${names.join(", ")}. ${why}`;
  };
  if (actions.length === 0) return { parts: [], declined: null };
  // Verbs that are one requirement together ("browse and find", "create and maintain") are not cut.
  // Only verbs on one object, or a verb with no object ("sign up and become a member"): two verbs of one family
  // with objects of their own ("create groups and add campers to them") are two features.
  const oneRequirement = (p: SplitPlan) => {
    const bare = p.parts.some((part) => !/\s/.test(summary.slice(part.start, part.end).trim()) || /^\S+ (?:up|in|out|on|off)$/i.test(summary.slice(part.start, part.end).trim()));
    if (p.kind !== "actions" || !(p.verbsOnly || bare)) return false;
    const lemmas = p.parts.map((part) => headLemma(summary, story.a.tokens, part));
    if (lemmas.some((l) => l === null)) return false;
    if (lemmas.some((l) => UMBRELLA_VERBS.has(l!))) return true;
    return VERB_FAMILIES.some((family) => lemmas.every((l) => family.has(l!)));
  };
  const together = actions.filter(oneRequirement);
  // Goals are not features ("minimize credit risk and optimize lending decisions"): the advice asks for the
  // features that reach them.
  const goals = actions.find((p) => p.kind === "actions" && p.parts.every((part) => {
    const lemma = headLemma(summary, story.a.tokens, part);
    return lemma !== null && (BROAD_VERBS.has(lemma) || GOAL_VERBS.has(lemma));
  }));
  if (goals) {
    return { parts: [], declined: `No split: ${goals.parts.map((part) => `"${quote(summary, part, 40)}"`).join(" and ")} are goals, not ` +
      "features. Name the feature that reaches each goal, one story for each." };
  }
  // A bracket, an example list or a condition ("when I am lost", "before they escalate") right after the last of
  // several verb phrases is the last action's ("export reports (PDF, CSV)"): its story keeps it, the others drop it.
  const meansEnd = story.means ? charSpan(story.a, story.means).end : summary.length;
  const cuttable = actions.filter((p) => !oneRequirement(p)).map((p) => {
    if (p.kind !== "actions" || p.verbsOnly || p.tail || p.object) return p;
    if (!/^\s*(?:[([{]|,?\s*(?:e\.g\.?|i\.e\.?|such as|including|for example|etc\.?|when|whenever|if|unless|until|while|before|after|once)(?:\s|$))/i
      .test(summary.slice(p.end, meansEnd))) return p;
    const end = meansEnd;
    return { ...p, end, parts: [...p.parts.slice(0, -1), { ...p.parts[p.parts.length - 1], end }] };
  });
  if (cuttable.length === 0) {
    const verbs = together.flatMap((p) => p.parts.map((part) => `"${quote(summary, part, 30)}"`));
    return { parts: [], declined: `No split: ${verbs.join(" and ")} read as one requirement (one act, or words for the same thing). ` +
      "If the team plans them apart, write one story for each." };
  }
  // A list bounded where no list of actions can start ("in treemap, bubble tree, map and pivot table"), or whose
  // items are not alike, was misread: its items are no features to name.
  if (cuttable.some((p) => !alike(summary, story.a.tokens, p) || !listStart(story.a.tokens, p, story.means))) {
    return { parts: [], declined: "No clean cut: the story reads as more than one feature, but not as a list of actions the engine can " +
      "cut. Write one story per feature by hand, each with the role and the benefit." };
  }
  const unclean = cuttable.find((p) => !verbPhrases(summary, story.a.tokens, p));
  if (unclean) {
    // Items that are verb phrases leaning on each other ("approve them") are features to name; others are no names.
    return { parts: [], declined: verbPhrases(summary, story.a.tokens, unclean, false)
      ? named([unclean], "No clean cut between them: write one story for each by hand, with the role and the benefit.")
      : "No clean cut: the story reads as more than one feature, but its actions do not stand alone. Write one story per feature by hand, each with the role and the benefit." };
  }
  // Only a cut of a shape a product owner accepts nearly always is offered; any other names the features.
  const means = story.means ? charSpan(story.a, story.means) : null;
  const unsure = cuttable.map((p) => unsureCut(summary, story.a.tokens, p, means)).find((why) => why !== null);
  // Where the list itself may be misread, its items are no features to name.
  if (unsure && MISREAD.has(unsure)) {
    return { parts: [], declined: `No clean cut: the story may ask for more than one feature, but ${unsure}. Write one story per feature by hand, each with the role and the benefit.` };
  }
  if (unsure) return { parts: [], declined: named(cuttable, `Not cut: ${unsure}. If each is a feature on its own, write one story for each, with the role and the benefit.`) };
  const cut = variants(summary, cuttable, { start: 0, end: summary.length }, MAX_PARTS);
  if (cut === null) {
    const lists = [...cuttable].sort((a, b) => a.start - b.start).map((p) => items(summary, p)).join(" × ");
    const every = variants(summary, cuttable, { start: 0, end: summary.length }, 100);
    return { parts: [], declined: `${every ? `${every.length} features` : "More than six features"} (${lists}): make it an epic and write one story per feature.` };
  }
  const capital = /^\p{Lu}/u.test(summary.trimStart());
  const parts = cut.map((v) => {
    const text = applyEdits(summary, v.edits);
    return capital ? text.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : text;
  });
  const reason = refuse(summary, parts, check);
  if (reason !== null) return { parts: [], declined: named(cuttable, `No clean cut: ${reason}. Write one story for each by hand, with the role and the benefit.`) };
  return { parts, declined: null };
}

const NOUN_PHRASE = "a word that reads as a verb may belong to a noun phrase";
const TWO_VERBS = "the words around the conjunction may be two verbs of one object";
const MISREAD = new Set([NOUN_PHRASE, TWO_VERBS]);

/**
 * Why a list of actions is not a cut a product owner accepts nearly always, or null when it is. The reading of
 * every split the engine offered (lib/scoring/precision/ADVICE-READING.md) found one shape sensible nearly every
 * time: actions the user asks for directly ("I want to [be able to] [adverb] ..."), each a verb in its base
 * form, and either each with an object of its own or, on one shared object, verbs that each name a distinct
 * operation (OPERATION_VERBS: "create and edit records"). Actions inside a relative clause or a purpose
 * ("a tool that can analyse X and help me", "used to improve X and overcome Y") are what a thing does or is for;
 * near-synonyms on one object ("examine and identify", "recognise and classify") are one requirement as often as
 * not; a goal or an open question ("overcome", "explore") is no feature; a word read as a verb inside a noun
 * phrase ("contrast and level operations", "data and network analysis") is no action.
 */
function unsureCut(summary: string, tokens: Tok[], plan: SplitPlan, means: Span | null): string | null {
  if (plan.kind !== "actions") return null;
  const lead = summary.slice(means ? means.start : 0, plan.start).toLowerCase();
  if (!/^\s*(?:to\s+)?(?:be\s+able\s+to\s+)?(?:\p{L}+ly\s+)?$/u.test(lead)) {
    return "the actions are inside a clause (what a thing does or is for), not what the user asks for directly";
  }
  const bare = (part: Span) => !/\s/.test(summary.slice(part.start, part.end).trim());
  const shared = plan.verbsOnly || plan.object !== undefined || plan.parts.some(bare);
  // An operation verb is a verb even where the tagger read a noun ("upload and tag papers", "export reports").
  const heads = plan.parts.map((part) => {
    const t = tokens.find((w) => w.start >= part.start && w.end <= part.end && w.word);
    if (t === undefined || t.pos === "VERB" || !(shared && bare(part) || OPERATION_VERBS.has(t.lower))) return t;
    const lemma = headLemma(summary, tokens, part);
    return lemma !== null && OPERATION_VERBS.has(lemma) ? { ...t, pos: "VERB", lemma } : t;
  });
  if (heads.some((t) => t === undefined || t.pos !== "VERB" || t.lower !== t.lemma.toLowerCase())) {
    return NOUN_PHRASE;
  }
  // "Upload and Validate the error message": capitalised verbs inside the sentence are a name (a step, a page).
  if (heads.some((t) => /^\p{Lu}/u.test(t!.text) && t!.start > 0)) return "capitalised verbs may be the name of one step or page";
  // "..., and to inform ...": a second purpose, not a second action; each item follows a comma or a conjunction only.
  if (plan.parts.slice(1).some((part, i) => !/^\s*(?:,\s*)?(?:(?:and|or)\s+)?(?:\/\s*)?$/i.test(summary.slice(plan.parts[i].end, part.start)))) {
    return "the actions are not one list";
  }
  const lemmas = heads.map((t) => t!.lemma.toLowerCase());
  if (lemmas.some((l) => BROAD_VERBS.has(l) || GOAL_VERBS.has(l) || OPEN_ENDED_VERBS.has(l))) {
    return "a goal or an open question is not a feature";
  }
  // "use ALFRED to navigate and help me when I am lost", "... and verify its accuracy", "see which ones are ...":
  // an item whose actor is a thing named before it, or whose object is, leans on that item.
  if (plan.parts.slice(1).some((part) => /\b(?:me|us|myself|ourselves|its|their|they|this|ones)\b/i.test(summary.slice(part.start, part.end)) ||
    BACK_REFERENCES.test(summary.slice(part.start, part.end)))) {
    return "an action leans on the one before it";
  }
  // "enter my zip code and get a list of facilities": an action that only gives input is a step of the next one.
  if (!shared && lemmas.slice(0, -1).some((l) => INPUT_VERBS.has(l))) return "an action that only gives input is a step of the next";
  if (shared && lemmas.some((l) => !OPERATION_VERBS.has(l))) {
    return "verbs on one object may be one requirement";
  }
  // Different verbs of one family, even with objects of their own ("browse the new arrivals and find a gift"),
  // may be one requirement said twice; where one is an operation on an object of its own ("create groups
  // and add campers to them", "download a map and get an alert"), they are two.
  if (new Set(lemmas).size > 1 && lemmas.every((l) => !OPERATION_VERBS.has(l)) && VERB_FAMILIES.some((family) => lemmas.every((l) => family.has(l)))) {
    return "the verbs may be words for one act";
  }
  // "segment the view and download statistics": an operation word before the conjunction and an operation verb
  // after it may be one pair of verbs on the last noun ("view and download statistics").
  for (let i = 0; i + 1 < plan.parts.length; i++) {
    const last = [...tokens].reverse().find((t) => t.end <= plan.parts[i].end && t.start >= plan.parts[i].start && t.word);
    if (last && last.start !== heads[i]!.start && OPERATION_VERBS.has(last.lower) && OPERATION_VERBS.has(lemmas[i + 1])) {
      return TWO_VERBS;
    }
  }
  return null;
}

/** The lemma of the verb an item starts with, read again at the start of an infinitive when the tagger saw a noun. */
function headLemma(summary: string, tokens: Tok[], part: Span): string | null {
  const first = tokens.find((t) => t.start >= part.start && t.end <= part.end && t.word);
  if (!first) return null;
  if (first.pos === "VERB") return first.lemma;
  const again = analyzeText(`to ${summary.slice(first.start, part.end)}`).tokens[1];
  return again?.pos === "VERB" ? again.lemma : null;
}

/**
 * A list of actions starts where a verb can: at the start of the means, after "to", a modal or a subject, or after
 * an adverb; not after a comma or a noun, where the words are more likely things ("in treemap, map and pivot table").
 */
function listStart(tokens: Tok[], plan: SplitPlan, means: { start: number } | null): boolean {
  if (plan.kind === "second") return true;
  const first = tokens.findIndex((t) => t.start >= plan.parts[0].start);
  if (first < 0 || (means && first <= means.start)) return true;
  const before = tokens[first - 1];
  // "use machine learning to identify threats and prevent intrusions": after a thing, "to" opens a purpose, and
  // its verbs are what the thing is for, not features the user asks for.
  if (before.lower === "to" && ["NOUN", "PROPN", "PRON", "NUM"].includes(tokens[first - 2]?.pos ?? "")) return false;
  // "data sets that are used or updated", "can be implemented and optimized": participles after a form of "be"
  // describe a thing; they are no actions the user asks for.
  const participles = plan.parts.every((part) => {
    const w = tokens.find((t) => t.start >= part.start && t.word);
    return w !== undefined && w.pos === "VERB" && /(?:ed|en|wn)$/.test(w.lower);
  });
  if (participles && before.pos === "AUX") return false;
  return before.lower === "to" || before.pos === "AUX" || before.pos === "PRON" || before.pos === "ADV" || before.pos === "PART" ||
    before.pos === "SCONJ" || ["and", "also", "then"].includes(before.lower);
}

/**
 * Every item of an action list is a verb phrase: it starts with a verb; an item before the last is not a bare verb
 * unless all are (a bare verb beside verb phrases lost its object: "create, modify rules"); and no item after the
 * first leans on the one before ("approve them", "a page about each").
 */
function verbPhrases(summary: string, tokens: Tok[], plan: SplitPlan, references = true): boolean {
  if (plan.kind === "second") return true;
  // "detect and respond to cyberattacks": the preposition is the last verb's; the others would take it too.
  if (plan.verbsOnly && /^\s+(?:to|for|with|on|at|about|from|into|upon)\b/i.test(summary.slice(plan.end))) return false;
  // "participled and modified workflows": verbs right before a noun are its modifiers.
  const next = tokens.find((t) => t.start >= plan.end && t.word);
  if (plan.verbsOnly && next && (next.pos === "NOUN" || next.pos === "PROPN") && next.start === plan.end + 1 &&
    plan.parts.every((part) => /(?:ed|en)$/i.test(summary.slice(part.start, part.end).trim()))) return false;
  // An item before the last that ends on an adjective or an article was cut from its noun ("users that have visual").
  const cutFromNoun = plan.parts.slice(0, -1).some((part) => {
    const last = [...tokens].reverse().find((t) => t.end <= part.end && t.start >= part.start && t.word);
    return last !== undefined && ["ADJ", "DET", "ADP", "CCONJ"].includes(last.pos);
  });
  if (cutFromNoun && !plan.verbsOnly) return false;
  const bare = (part: Span) => !/\s/.test(summary.slice(part.start, part.end).trim());
  return plan.parts.every((part, i) => headLemma(summary, tokens, part) !== null &&
    (plan.verbsOnly || plan.object !== undefined || (plan.tail !== undefined && i >= plan.tail.from) || i === plan.parts.length - 1 || !bare(part)) &&
    (i === 0 || !references || !BACK_REFERENCES.test(summary.slice(part.start, plan.tail && i >= plan.tail.from ? plan.tail.end : part.end))));
}

/** Why a set of split parts cannot be offered, or null when every part is one feature, reads, and keeps the story's words. */
function refuse(summary: string, parts: string[], check: { overall: number; rescore: Rescore }): string | null {
  if (parts.length < 2 || new Set(parts).size < parts.length) return "the items would give the same story twice";
  const words = new Set(contentWords(summary));
  const kept = new Set(parts.flatMap(contentWords));
  const lost = [...words].filter((w) => !kept.has(w));
  if (lost.length > 0) return `no story would keep "${lost[0]}"`;
  for (const part of parts) {
    const added = contentWords(part).filter((w) => !words.has(w) && !TEMPLATE_WORDS.has(w));
    if (added.length > 0) return `a story would say "${added[0]}", which this one does not`;
    const again = check.rescore(part);
    if (again.findings.some((f) => f.code === "well_formed.broken_means")) return "a story would not be a sentence";
    if (again.findings.some(isActionCompound)) return "a story would still ask for two actions";
    if (again.findings.some((f) => f.code === "atomic.several_features")) return "every story would still list several features";
    if (again.overall < check.overall) return "a story would score lower than this one";
  }
  return null;
}

function items(summary: string, plan: SplitPlan): string {
  return plan.parts.map((p) => quote(summary, p, 30)).join("/");
}

/**
 * The proposal for a story, each candidate checked by scoring it again (`rescore`) against the story's own score
 * (`overall`):
 * - a split cuts a compound story along the actions the user asks for, at most six stories, each a sentence
 *   with the role, one action and the story's conditions and benefit, the stories together keeping every word of
 *   the original and adding none; otherwise the compound's advice names the features it sees.
 * - the rewrite is the whole story with its safe fixes applied: text that does not belong in the sentence moves
 *   to the description or the acceptance criteria (the finding's advice says so and quotes it), a repeated
 *   indicator goes, "and/or" becomes "or". It is offered only when it changes more than a placeholder would and
 *   scores at least the original; it is never a split part.
 * - no rewrite for a wish with no feature, and no story template for a bug, task, spike or epic, or for a
 *   task title ("Fix the login bug"): those are not a user's wish.
 */
/** A finding of the summary's own (the rewrite and the split change the summary alone). */
function ownField(f: Found): boolean {
  return f.field === undefined || f.field === "summary";
}

export function proposeRewrite(input: RuleInput, findings: Found[], check: { overall: number; rescore: Rescore }): Proposal {
  const { summary, story, ticket } = input;
  const none: Proposal = { rewrite: null, split: [], findings };
  if (summary.length > MAX_LENGTH || findings.some((f) => f.code === "conceptually_sound.no_feature")) return none;
  const kind = kindFromTypeName(ticket.issue_type);
  const template = (kind === null || kind === "story") && (story.roleIndicator !== null || story.meansIndicator !== null);
  const fixes = new Map<Found, Edit[]>();
  for (const f of findings) {
    if (!ownField(f) || !f.edits) continue;
    const edits = template ? f.edits : f.edits.filter((e) => !e.text.includes(PLACEHOLDERS.role) && !e.text.includes(PLACEHOLDERS.benefit));
    if (edits.length > 0) fixes.set(f, edits);
  }
  const compounds = findings.filter((f) => ownField(f) && f.split);
  if (compounds.length === 0 && fixes.size === 0) return none;

  const advice = new Map<Found, string>();
  let split: string[] = [];
  if (compounds.length > 0) {
    const outcome = splitStory(input, compounds, check);
    split = outcome.parts;
    if (outcome.declined) for (const f of compounds) if (f.split!.kind !== "things") advice.set(f, outcome.declined);
  }
  const rewrite = bestRewrite(summary, fixes, check);
  if (rewrite) {
    for (const [f, moved] of rewrite.moved) {
      const to = (fixKind(f, fixes.get(f)!) as { to: string }).to;
      advice.set(f, `Moved to the ${to}: ${moved.map((m) => `"${m}"`).join(", ")} (the rewrite keeps the story sentence to role, need and benefit).`);
    }
  }
  const withAdvice = advice.size === 0 ? findings : findings.map((f) => (advice.has(f) ? { ...f, advice: advice.get(f)! } : f));
  return { rewrite: rewrite?.text ?? null, split, findings: withAdvice };
}

// (The checks of `bestRewrite`, each a function of the summary: under tsx, the worker's and the benches' path, which keeps
// functions' names, every named closure made on each call cost a property definition.)
// A note that holds the story's benefit ("... of the article. not to another teaser, so that I can finish it")
// does not move: the benefit would go with it.
function holdsBenefit(summary: string, edits: Edit[]): boolean {
  return edits.some((e) => /\b(?:so that|so I|in order to)\b/i.test(summary.slice(e.start, e.end)));
}
// "etc." alone is no list to move: only the author can say what it stands for.
function bareMarker(summary: string, f: Found, edits: Edit[]): boolean {
  return f.code === "minimal.example" &&
    edits.every((e) => /^[\s,]*(?:etc\.?|and so (?:on|forth))[\s.]*$/i.test(summary.slice(e.start, e.end)));
}
// An acronym after its name ("Firearm Violence Vulnerability Index (FVVI)") defines a word the team will use.
function acronym(summary: string, f: Found, edits: Edit[]): boolean {
  return f.code === "minimal.brackets" && edits.every((e) => {
    const m = /^\s*\(\s*([A-Z][A-Za-z0-9&]{1,9})\s*\)$/.exec(summary.slice(e.start, e.end));
    if (!m) return false;
    const letters = m[1].replace(/s$/, "").toLowerCase();
    const initials = summary.slice(0, e.start).split(/[\s-]+/).filter(Boolean).map((w) => w[0].toLowerCase()).join("");
    return letters.length >= 2 && initials.endsWith(letters);
  });
}
// An example list runs to the purpose or the condition after it ("such as X and Y to track output", "... when
// uploading a work"): only the examples move.
function examples(summary: string, f: Found, edits: Edit[]): Edit[] {
  return f.code !== "minimal.example" ? edits : edits.map((e) => {
    const text = summary.slice(e.start, e.end);
    const stop = /\s(?:to\s+(?:\p{L}+ly\s+)?\p{L}+|when|whenever|while|if|unless|in order|[–—-])\s/u.exec(text.slice(1));
    if (!stop) return e;
    let end = e.start + 1 + stop.index;
    while (end > e.start && /[\s,;]/.test(summary[end - 1])) end--;
    // Nothing but the marker before the purpose ("including when something needs attention"): no list to move.
    if (EXAMPLE_MARKER.test(summary.slice(e.start, end).trim())) return { ...e, end: e.start };
    return { ...e, end };
  }).filter((e) => e.end > e.start);
}
function sameText(summary: string, text: string): boolean {
  return text.replace(/\s+/g, " ").trim().toLowerCase() === summary.replace(/\s+/g, " ").trim().toLowerCase();
}
function accepted(summary: string, check: { overall: number; rescore: Rescore }, chosen: [Found, Edit[]][]): { text: string; overall: number } | null {
  const text = applyEdits(summary, chosen.flatMap(([, e]) => e));
  if (text === "" || sameText(summary, text)) return null;
  const again = check.rescore(text);
  if (again.overall < check.overall || again.findings.some((f) => f.code === "well_formed.broken_means")) return null;
  return { text, overall: again.overall };
}
function rewriteResult(summary: string, chosen: [Found, Edit[]][], text: string): { text: string; moved: Map<Found, string[]> } {
  const moved = new Map<Found, string[]>();
  for (const [f, edits] of chosen) {
    if (fixKind(f, edits).kind !== "move") continue;
    moved.set(f, edits.map((e) => summary.slice(e.start, e.end).replace(/^[\s,;:]+|[\s,;:]+$/g, "")).filter(Boolean));
  }
  return { text, moved };
}

/**
 * The whole story with its safe fixes applied, checked: it must change more than placeholders do, and score at
 * least the original. A placeholder for a missing role or benefit rides along with a real change; a vague word
 * stays as written (its advice says what to write instead). When all the fixes together score lower, each
 * finding's fixes are added in turn while the score holds.
 */
function bestRewrite(summary: string, fixes: Map<Found, Edit[]>, check: { overall: number; rescore: Rescore }):
  { text: string; moved: Map<Found, string[]> } | null {
  const real = [...fixes].filter(([f, edits]) => fixKind(f, edits).kind !== "placeholder" && !(fixKind(f, edits).kind === "move" && holdsBenefit(summary, edits)) &&
    !bareMarker(summary, f, edits) &&
    !acronym(summary, f, edits)).map(([f, edits]) => [f, examples(summary, f, edits)] as [Found, Edit[]]).filter(([, edits]) => edits.length > 0);
  if (real.length === 0) return null;
  const template = [...fixes].filter(([f, edits]) => fixKind(f, edits).kind === "placeholder" &&
    edits.every((e) => e.text.includes(PLACEHOLDERS.role) || e.text.includes(PLACEHOLDERS.benefit)));
  for (const chosen of [[...real, ...template], real]) {
    const all = accepted(summary, check, chosen);
    if (all) return rewriteResult(summary, chosen, all.text);
  }
  let chosen: [Found, Edit[]][] = [];
  let best: { text: string; overall: number } | null = null;
  for (const fix of real) {
    const tried = accepted(summary, check, [...chosen, fix]);
    if (tried && (best === null || tried.overall >= best.overall)) {
      chosen = [...chosen, fix];
      best = tried;
    }
  }
  return best ? rewriteResult(summary, chosen, best.text) : null;
}
