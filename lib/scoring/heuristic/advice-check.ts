// Whether the engine's advice can be followed: every split part and every rewrite, scored again by the same
// engine (alone: the per-story rules, no batch, no context), against what issues 38 and 43 ask of them.
// - A split meets it when every part is a sentence (no well_formed.broken_means), asks for one action (no
//   two_actions, several_features or second_story), scores at least the original, adds no word the story lacks
//   but the template's, puts no wrong article ("a existing") where the original had none, and the parts together
//   keep every content word of the story.
// - A rewrite meets it when it scores at least the original, is no split part, changes more than placeholders,
//   does not put a bug, a task or a title in a user's mouth, and is not offered for a wish with no feature.
import { findingCode, type FindingCode } from "../codes";
import { kindFromTypeName, type ScoringResult, type TicketData } from "../types";
import { findingsOf, scoreTicket } from "./engine";
import { PLACEHOLDERS } from "./lexicon";
import { articleFor } from "./rewrite";

export interface AdviceCheck {
  original: ScoringResult;
  /** `declined`: the story has a list to cut, and no split is offered (its advice says why). */
  split: { offered: boolean; declined: boolean; ok: boolean; problems: string[] };
  rewrite: { offered: boolean; ok: boolean; problems: string[] };
}

const ACTION_COMPOUNDS = new Set<string>(["atomic.two_actions", "atomic.several_features", "atomic.second_story"] satisfies FindingCode[]);
const compound = (r: ScoringResult) => r.findings.filter((f) => ACTION_COMPOUNDS.has(f.code) || f.code === findingCode("well_formed.broken_means"));

const FUNCTION_WORDS = new Set(("a an the and or nor but to of in on at by for with from as so that this these those it its is are be " +
  "i we my our your their them they either both also").split(" "));
const TEMPLATE_WORDS = new Set(["as", "user", "type", "of", "i", "want", "to", "so", "that", "the", "benefit", "a", "an", "is", "was", "has"]);
/** Content words of a text, lower case. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter((w) => !FUNCTION_WORDS.has(w));
}
/** A rewrite that only swaps in placeholders: the same words once the placeholders and the template are taken out. */
export function onlyPlaceholders(original: string, rewrite: string): boolean {
  const strip = (t: string) => contentWords(t.replace(/\[(?:type of user|the benefit|measurable target)\]/g, " "))
    .filter((w) => !TEMPLATE_WORDS.has(w));
  const before = strip(original);
  const after = strip(rewrite);
  return after.every((w) => before.includes(w)) && before.filter((w) => !after.includes(w)).length <= 2 &&
    /\[(?:type of user|the benefit|measurable target)\]/.test(rewrite) && after.length >= before.length - 2 &&
    !before.some((w, i) => after[i] !== w && !after.includes(w));
}

/** "a existing", "an filter": an article that does not fit the word after it. */
export function wrongArticles(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(a|an)\s+([\p{L}][\p{L}-]*)/giu)) if (m[1].toLowerCase() !== articleFor(m[2])) out.push(m[0]);
  return out;
}

export function checkAdvice(ticket: TicketData): AdviceCheck {
  const original = scoreTicket(ticket);
  const found = findingsOf(ticket);
  const offered = original.split.length > 0;
  const split = { offered, declined: !offered && found.some((f) => f.split), ok: true, problems: [] as string[] };
  const articlesBefore = wrongArticles(ticket.summary).length;
  const words = new Set(contentWords(ticket.summary));
  const kept = new Set(original.split.flatMap(contentWords));
  const lost = [...words].filter((w) => !kept.has(w));
  if (original.split.length > 0 && lost.length > 0) split.problems.push(`the parts lose ${lost.map((w) => `"${w}"`).join(", ")}`);
  for (const part of original.split) {
    const added = contentWords(part).filter((w) => !words.has(w) && !TEMPLATE_WORDS.has(w));
    if (added.length > 0) split.problems.push(`"${part}" adds ${added.join(", ")}`);
    const again = scoreTicket({ ...ticket, summary: part });
    const left = compound(again);
    if (left.length > 0) split.problems.push(`"${part}" still has ${left.map((f) => f.code).join(", ")}`);
    if (again.overall_score < original.overall_score) split.problems.push(`"${part}" scores ${again.overall_score} < ${original.overall_score}`);
    if (wrongArticles(part).length > articlesBefore) split.problems.push(`"${part}" has ${wrongArticles(part).join(", ")}`);
  }
  split.ok = split.offered && split.problems.length === 0;

  const rewrite = { offered: original.rewrite !== null, ok: true, problems: [] as string[] };
  if (original.rewrite !== null) {
    const again = scoreTicket({ ...ticket, summary: original.rewrite });
    if (again.overall_score < original.overall_score) rewrite.problems.push(`scores ${again.overall_score} < ${original.overall_score}`);
    if (original.split.includes(original.rewrite)) rewrite.problems.push("is a split part");
    if (onlyPlaceholders(ticket.summary, original.rewrite)) rewrite.problems.push("changes nothing but placeholders");
    const kind = kindFromTypeName(ticket.issue_type);
    const template = original.rewrite.includes(PLACEHOLDERS.role) || original.rewrite.includes(PLACEHOLDERS.benefit);
    const task = (kind !== null && kind !== "story") || found.some((f) => f.code === findingCode("well_formed.not_a_story"));
    // What a summary edit can fix: an edit (but no story template for a non-story), or a split the engine offered.
    const edits = (f: (typeof found)[number]) => (f.edits ?? []).filter((e) => !task || !/\[(?:type of user|the benefit)\]/.test(e.text));
    const fixable = new Set<string>(found.filter((f) => f.severity === "high" && !f.code.startsWith("atomic.") &&
      edits(f).some((e) => !e.text.includes(PLACEHOLDERS.target))).map((f) => f.code));
    const kept = again.findings.filter((f) => f.severity === "high" && fixable.has(f.code));
    if (kept.length > 0) rewrite.problems.push(`keeps ${kept.map((f) => f.code).join(", ")}`);
    if (template && task) rewrite.problems.push("puts a non-story in a user's mouth");
    if (found.some((f) => f.code === findingCode("conceptually_sound.no_feature"))) rewrite.problems.push("rewrites a wish with no feature");
  }
  rewrite.ok = rewrite.offered && rewrite.problems.length === 0;
  return { original, split, rewrite };
}
