// The rewrite is the findings' safe fixes applied to the summary (brackets, examples and notes dropped, vague
// words taken out, placeholders for a missing role or benefit), and a compound story is cut into one story per
// feature. It never guesses: every word of a feature it keeps is kept, in order. Nothing is proposed that the
// engine itself would not accept: each split part and the rewrite are scored again (the per-story rules), and
// a split whose parts are not each one feature scoring at least the original is not offered; its finding says
// so instead (lib/scoring/README.md, "Rewrite and split").
import { kindFromTypeName } from "../types";
import { quote, type Edit, type Found, type RuleInput, type SplitPlan } from "./finding";
import { PLACEHOLDERS } from "./lexicon";
import { analyzeText, type Tok } from "./nlp";

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
  /** The findings, with the advice of a compound whose split was not offered saying why. */
  findings: Found[];
}

const compound = (f: Found) => f.code.startsWith("atomic.") && f.severity !== "low";

/** Why a set of split parts cannot be offered, or null when every part is one feature scoring at least `overall`. */
function refuse(parts: string[], overall: number, rescore: Rescore): string | null {
  for (const part of parts) {
    const again = rescore(part);
    const left = again.findings.find(compound);
    if (left) return `"${quote(part, { start: 0, end: part.length }, 90)}" would still be compound (${left.message.replace(/\.$/, "")})`;
    if (again.overall < overall) {
      const worse = again.findings.find((f) => f.code === "estimable.no_detail" && f.severity === "high");
      return `"${quote(part, { start: 0, end: part.length }, 90)}" would score lower than this story${worse ? " (too few words to size from)" : ""}`;
    }
  }
  return null;
}

function items(summary: string, plan: SplitPlan): string {
  return plan.parts.map((p) => quote(summary, p, 30)).join("/");
}

/**
 * The proposal for a story, each part checked by scoring it again (`rescore`) against the story's own score
 * (`overall`):
 * - a compound story is split along every list it holds, one story per combination of items, at most six; a
 *   split is offered only when every story is one feature (no high or medium atomic finding) and scores at
 *   least the original, and the rewrite is its first story. Otherwise the compound's advice says why not.
 * - otherwise the rewrite is the safe fixes applied, offered when it scores at least the original and no high
 *   finding those fixes address is left; when all of them together do worse, the largest set that does not.
 * - no rewrite for a wish with no feature, and no story template for a bug, task, spike or epic, or for a
 *   task title ("Fix the login bug"): those are not a user's wish.
 */
export function proposeRewrite(input: RuleInput, findings: Found[], check: { overall: number; rescore: Rescore }): Proposal {
  const { summary, story, ticket } = input;
  const none: Proposal = { rewrite: null, split: [], findings };
  if (summary.length > MAX_LENGTH || findings.some((f) => f.code === "conceptually_sound.no_feature")) return none;
  const kind = kindFromTypeName(ticket.issue_type);
  const template = (kind === null || kind === "story") && (story.roleIndicator !== null || story.meansIndicator !== null);
  const own = (f: Found) => f.field === undefined || f.field === "summary";
  const fixes = new Map<Found, Edit[]>();
  for (const f of findings) {
    if (!own(f) || !f.edits) continue;
    const edits = template ? f.edits : f.edits.filter((e) => !e.text.includes(PLACEHOLDERS.role) && !e.text.includes(PLACEHOLDERS.benefit));
    if (edits.length > 0) fixes.set(f, edits);
  }
  const compounds = findings.filter((f) => own(f) && f.split);
  if (compounds.length === 0 && fixes.size === 0) return none;

  let declined: string | null = null;
  if (compounds.length > 0) {
    const plans = untangle(summary, compounds.map((f) => f.split!));
    const unlike = plans.find((p) => !alike(summary, story.a.tokens, p));
    const cut = unlike ? [] : variants(summary, plans, { start: 0, end: summary.length }, MAX_PARTS);
    if (unlike) {
      declined = `No honest split: ${items(summary, unlike).split("/").map((x) => `"${x}"`).join(", ")} are not items of one list ` +
        "(an action beside a thing, or verbs in different forms). Write the stories by hand, one feature each.";
    } else if (cut === null) {
      const lists = [...plans].sort((a, b) => a.start - b.start).map((p) => items(summary, p)).join(" × ");
      const every = variants(summary, plans, { start: 0, end: summary.length }, 100);
      const first = every ? applyEdits(summary, every[0].edits) : "";
      declined = `No split into six stories or fewer keeps each one feature (${every ? `${every.length} features: ` : ""}${lists}): ` +
        `make it an epic and write one story per feature${first ? `, such as "${quote(first, { start: 0, end: first.length }, 90)}"` : ""}.`;
    } else {
      const others = [...fixes.values()].flat();
      // A fix applies where it still can: inside the item kept, or outside every list.
      const capital = /^\p{Lu}/u.test(summary.trimStart());
      const build = (extra: Edit[]) => cut.map((v) => {
        const text = applyEdits(summary, [...v.edits, ...extra.filter((e) => !v.edits.some((d) => overlaps(e, d) || overlaps(d, e)))]);
        // A story that now starts with a later item starts with a capital as the original did.
        return capital ? text.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : text;
      });
      let reason: string | null = "";
      for (const extra of others.length > 0 ? [others, []] : [[]]) {
        const parts = build(extra);
        if (new Set(parts).size < parts.length || parts.length < 2) {
          reason = "the items would give the same story twice";
          continue;
        }
        reason = refuse(parts, check.overall, check.rescore);
        if (reason === null) return { rewrite: parts[0], split: parts, findings };
      }
      declined = `No honest split: ${reason}. Write the stories by hand, one feature each, each with a description to size it from.`;
    }
  }

  const withAdvice = declined === null ? findings : findings.map((f) => (compounds.includes(f) ? { ...f, advice: declined! } : f));
  const rewrite = bestRewrite(summary, fixes, check);
  return { rewrite, split: [], findings: withAdvice };
}

/**
 * The fixes applied, checked: at least the original's score, and no high finding the fixes address left (a
 * vague word's placeholder may keep a medium finding: the author still has to write the measure). When all
 * the fixes together fail, each finding's fixes are added in turn while the score holds.
 */
function bestRewrite(summary: string, fixes: Map<Found, Edit[]>, check: { overall: number; rescore: Rescore }): string | null {
  if (fixes.size === 0) return null;
  const high = new Set([...fixes.keys()].filter((f) => f.severity === "high").map((f) => f.code));
  const same = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase() === summary.replace(/\s+/g, " ").trim().toLowerCase();
  const accept = (edits: Edit[]): { text: string; overall: number } | null => {
    const text = applyEdits(summary, edits);
    if (text === "" || same(text)) return null;
    const again = check.rescore(text);
    if (again.overall < check.overall) return null;
    return { text, overall: again.overall };
  };
  const keepsHigh = (text: string) => check.rescore(text).findings.some((f) => f.severity === "high" && high.has(f.code));
  const all = accept([...fixes.values()].flat());
  if (all && !keepsHigh(all.text)) return all.text;
  let chosen: Edit[] = [];
  let best: { text: string; overall: number } | null = null;
  for (const edits of fixes.values()) {
    const tried = accept([...chosen, ...edits]);
    if (tried && (best === null || tried.overall >= best.overall)) {
      chosen = [...chosen, ...edits];
      best = tried;
    }
  }
  return best && !keepsHigh(best.text) ? best.text : null;
}
