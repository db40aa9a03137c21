// What the kind rules share: the description's sections (worked out once per ticket), and where a piece of
// evidence stands in the ticket so a message can quote it and a finding can point at it.
import type { CodeWith } from "../codes";
import type { FindingField } from "../types";
import { found, quote, type Found, type Location, type RuleInput } from "./finding";
import { sectionsOf, sectionWith, type Section, type SectionKey } from "./sections";

/** A piece of evidence: the words that show it and where they are. */
export interface Evidence {
  text: string;
  at: Location;
}

export function sections(input: RuleInput): Section[] {
  return (input.sections ??= sectionsOf(input.description));
}

function fieldText(input: RuleInput, field: FindingField): string {
  return field === "summary" ? input.summary : field === "description" ? input.description : input.criteria;
}

/** Evidence for a span of a field, trimmed; null when the span holds no word. */
export function evidenceAt(input: RuleInput, field: FindingField, start: number, end: number): Evidence | null {
  const text = fieldText(input, field);
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (!/[\p{L}\p{N}]/u.test(text.slice(start, end))) return null;
  return { text: text.slice(start, end), at: { field, start, end } };
}

/** The body of the first section with content under one of these headings. */
export function sectionEvidence(input: RuleInput, ...keys: SectionKey[]): Evidence | null {
  const s = sectionWith(sections(input), ...keys);
  return s ? evidenceAt(input, "description", s.bodyStart, s.end) : null;
}

/** The first match of a pattern in the summary, the description or the criteria, widened to its line's sentence. */
export function phraseEvidence(input: RuleInput, pattern: RegExp, fields: FindingField[] = ["summary", "description", "acceptance_criteria"]): Evidence | null {
  const flags = pattern.flags.includes("g") ? pattern.flags : `${pattern.flags}g`;
  const re = new RegExp(pattern.source, flags);
  for (const field of fields) {
    const text = fieldText(input, field);
    re.lastIndex = 0;
    const m = re.exec(text);
    if (!m) continue;
    const e = sentenceEvidence(input, field, m.index, m.index + m[0].length);
    if (e) return e;
  }
  return null;
}

/**
 * Evidence for a span of a field, widened to the sentence around it within its line. A point between two digits is a
 * version's or a number's ("After upgrading to 2.2.3 ..."), not the end of a sentence.
 */
export function sentenceEvidence(input: RuleInput, field: FindingField, from: number, to: number): Evidence | null {
  const text = fieldText(input, field);
  // A dot between digits ("2.4") or inside a dotted name ("network.http.enable", "www.example.org") ends no sentence.
  const ends = (i: number) => /[\n!?]/.test(text[i]) || (text[i] === "." && !(/\d/.test(text[i - 1] ?? "") && /\d/.test(text[i + 1] ?? "")) &&
    !(/\w/.test(text[i - 1] ?? "") && /[a-z0-9_]/.test(text[i + 1] ?? "")));
  let start = from;
  while (start > 0 && !ends(start - 1)) start--;
  let end = to;
  while (end < text.length && !ends(end)) end++;
  return evidenceAt(input, field, start, end);
}

/** "…" quoted for a message. */
export function q(e: Evidence, max = 60): string {
  return `"${quote(e.text, { start: 0, end: e.text.length }, max)}"`;
}

/** The summary quoted for a message ("Login broken"), or "The ticket" when it is empty. */
export function summaryQuote(input: RuleInput, max = 60): string {
  const s = input.summary.trim();
  return s ? `"${quote(s, { start: 0, end: s.length }, max)}"` : "The ticket";
}

/**
 * The finding for a kind's missing "why" (a bug's impact, a task's reason, a spike's question, an epic's goal).
 * When the ticket is its title and nothing else, it is high and costs what a story title's missing user and
 * benefit cost (8, scoring.ts): a title alone says nobody is served and nothing is at stake, whatever kind of
 * work it names. A description that adds nothing to the title but pleas and urgency ("Doesn't work, please fix
 * ASAP!!", `addsNothing`) counts as none: it makes nothing more plannable; so does one that only judges the failure
 * ("judged": "it isn't where it should be", with nothing seen, no steps and no expected result), and the message says
 * which. With a description it is medium.
 */
export function missingWhy(input: RuleInput, code: CodeWith<"valuable", "high" | "medium">, message: string, advice: string, addsNothing: boolean | "judged" = false): Found {
  const titleOnly = !/[\p{L}\p{N}]/u.test(input.description) && !/[\p{L}\p{N}]/u.test(input.criteria);
  if (titleOnly) return found(code, "high", `${message} The ticket is a title and nothing else.`, advice);
  if (addsNothing === "judged") return found(code, "high", `${message} The description only judges the failure: it names nothing seen, no steps and no expected result.`, advice);
  if (addsNothing) return found(code, "high", `${message} The description adds nothing to the title but urgency.`, advice);
  return found(code, "medium", message, advice);
}

/**
 * A reason, wherever a ticket gives it: a "Why" / "Background" / "Problem" section, or a reason clause in any
 * sentence of the summary, the description or the criteria ("so that", "because", "in order to", "otherwise").
 */
/**
 * "since" as a cause ("since the vendor drops API v1 in June"), not a time: "since the release", "since Tuesday's
 * deploy", "since 2.4.1", "since yesterday" ended there say when, not why. The reason readers here and of a task share it.
 */
export const SINCE_CAUSE = String.raw`since(?!\s+(?:the\s+|this\s+|last\s+|latest\s+)?(?:(?:last|latest|new|recent|this|that|big|\w+['’]s)\s+)?(?:release|update|upgrade|deploy(?:ment)?|patch|migration|version|build|launch|redesign|rollout|weekend|morning|yesterday|today|week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday|then|\d[\w.:-]*)\s*(?:[.,;!?)]|$|\band\b))`;
export const REASON = new RegExp(String.raw`\b(?:so that|so (?:they|we|users?|customers?|people|teams?) (?:lose|waste|miss|spend|get|see|have to|must|cannot|can't)|so (?:we|they|users?|you|i|it|the \w+) (?:can|could|don'?t|do not|won'?t|will)|in order to|because|${SINCE_CAUSE} (?:the|it|we|there|this|users?)|due to|otherwise|to (?:avoid|prevent|allow|enable|make sure|ensure|reduce|improve|support|speed up|simplify|help)|which (?:would|will) (?:allow|let|make|help|save|avoid|prevent)|(?:this|that|it) (?:would|will) (?:allow|let|make|help|save|avoid|prevent|give)|(?:the )?(?:problem|issue|reason|goal|motivation|purpose|benefit) (?:is|was) (?:that|to)|is (?:needed|required) (?:for|to|by)|(?:needed|required) (?:for|by)|(?:users?|customers?|developers?|people|we|i) (?:can(?:no|')?t|cannot|have to|need to|must|are forced to|has to|are unable to))\b`, "i");

/** Who is served, named in the description's first sentences: a role, a kind of user, "I" or "we". */
export const WHO = /\b(?:users?|customers?|developers?|admins?|administrators?|operators?|designers?|testers?|QA|teams?|clients?|partners?|maintainers?|people|visitors?|buyers?|sellers?|members?|managers?|analysts?|engineers?|i|we|our)\b/i;

/** Whether the description says who is served and why, in its first sentences and anywhere a reason is given. */
export function descriptionSaysWhoAndWhy(input: RuleInput): boolean {
  const d = input.description;
  if (!/[\p{L}\p{N}]/u.test(d)) return false;
  const why = !!sectionEvidence(input, "why", "impact") || REASON.test(d);
  return why && (WHO.test(d.slice(0, 400)) || WHO.test(input.summary));
}

/** Whether the description gives a reason anywhere: a Why / Background / Problem section, or a reason clause. */
export function descriptionSaysWhy(input: RuleInput): boolean {
  return /[\p{L}\p{N}]/u.test(input.description) && (!!sectionEvidence(input, "why", "impact") || REASON.test(input.description));
}
