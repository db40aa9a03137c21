// INVEST "testable", "estimable" and "small", read from the acceptance criteria, the description and the means.
import { found, type Found, type RuleInput } from "./finding";
import { BROAD_VERBS, OPEN_ENDED_VERBS, VAGUE_TERMS } from "./lexicon";
import { charSpan, isWord, type Segment, type Tok } from "./nlp";
import { authorsText } from "./machine-text";
import { listedInDescription } from "./sections";
import { tokenize } from "./text";

const GIVEN_WHEN_THEN = /\b(?:given|when)\b[\s\S]{0,400}?\bthen\b/i;
const MEASURABLE = /\d|\b(?:must|shall|should|will|can|cannot|can't)\s+(?:not\s+)?(?:be\s+)?(?:show|display|return|contain|receive|see|be\s+able|send|save|reject|accept|appear|match|equal|respond|list|include|open|close|redirect|log|fail|succeed|get|download|export|find|change|create|delete|update|notify)\w*/i;
const CRITERIA_IN_DESCRIPTION = /\bacceptance criteria\b|\bgiven\b[\s\S]{0,300}\bthen\b|\b(?:expected (?:results?|behaviou?rs?|outcomes?)|done when|definition of done|success criteria|requirements?)\s*:/i;
/**
 * A limit a tester checks, said in prose: "at least 72 hours", "within 30 minutes", "in under 2 minutes", "no more than
 * 3 screens", "at most 4 fields".
 */
const BOUND = /\b(?:at least|at most|within|in under|under|no more than|no later than|fewer than|less than|not? (?:to )?exceed(?:ing)?|up to)\s+(?:~\s*)?\d[\d,.]*\s*(?:%|[a-z]+)/gi;
/** "Onboarding is done when ...": the done condition told in a sentence, without a label's colon. */
const DONE_SENTENCE = /(?:^|[.!?]\s+|\n\s*)(?:[\w-]+\s+){1,4}(?:is|are) (?:done|complete|finished) (?:when|once|if)\b/i;
/**
 * Criteria in the forms teams write them in a description: a list of rules, a checklist, a table, "should" statements,
 * a done condition told in a sentence, or two or more limits a tester checks said in prose.
 */
export function criteriaInDescription(description: string): boolean {
  if (CRITERIA_IN_DESCRIPTION.test(description) || DONE_SENTENCE.test(description)) return true;
  if ((description.match(BOUND) ?? []).length >= 2) return true;
  // Numbered or bulleted items, on their own lines or run together on one line as exports leave them.
  const listed = description.match(/(?:^|\n|\s)(?:\d{1,2}[.)]|[-*•#]|\(\/\)|\[[ xX]\])\s+[A-Za-z]/g) ?? [];
  if (listed.length >= 2) return true;
  // A table: two or more rows of cells.
  if ((description.match(/^\s*\|.+\|.+\|\s*$/gm) ?? []).length >= 2) return true;
  // Two or more statements of what must hold.
  return (description.match(/\b(?:should|must|shall|needs? to|has to)\b(?: not)? (?:be |have |\w+)/gi) ?? []).length >= 2;
}
const CONTENT_POS = new Set(["NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "X"]);
const INDICATOR_WORDS = new Set(["able", "want", "need", "so", "that", "i", "we", "can"]);

/** Splits acceptance criteria into items: lines, bullets, numbered entries or Given/When/Then scenarios. */
/**
 * "understand" asks to be shown a fact the product holds, not for research, when a yes/no or that-clause follows
 * ("understand if a user is an Administrator", "understand that an error occurred") or its object is about a
 * particular item ("the copyright status of the image", "the ways in which my data is invalid"). A question of
 * how or what ("understand how other organizations handle content") or a process stays research.
 */
function shownFact(t: Tok[], from: number, end: number): boolean {
  const first = t[from]?.lower;
  if (from >= end || !first) return false;
  if (["if", "whether", "that"].includes(first)) return true;
  if (["how", "what", "why", "when", "where", "which", "who"].includes(first)) return false;
  for (let j = from; j < end; j++) {
    const w = t[j].lower;
    if (["my", "our", "its", "their", "his", "her"].includes(w)) return true;
    if (w === "of" && ["the", "this", "that", "each", "every", "a", "an"].includes(t[j + 1]?.lower ?? "")) return true;
  }
  return false;
}

export function criteriaItems(criteria: string): string[] {
  const lines = criteria.split(/\r?\n|(?<=[.;])\s+(?=(?:[-*•]|\d+[.)])\s)/).map((l) => l.trim()).filter((l) => /[\p{L}\p{N}]/u.test(l));
  const items: string[] = [];
  for (const line of lines) {
    // "And ..." / "Then ..." continue a Given/When/Then scenario.
    if (items.length > 0 && /^(?:[-*•]\s*)?(?:and|then|when|but)\b/i.test(line)) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  return items;
}

/** The items of the acceptance criteria, and how many state something a tester can check (once per ticket). */
export function criteriaOf(input: RuleInput): { items: string[]; verifiable: number } {
  if (!input.criteriaItems) {
    const items = criteriaItems(input.criteria);
    input.criteriaItems = { items, verifiable: items.filter((i) => GIVEN_WHEN_THEN.test(i) || MEASURABLE.test(i)).length };
  }
  return input.criteriaItems;
}

/** Words of the means and the benefit that say something (not indicators, not placeholders). */
export function contentWordCount(input: RuleInput): number {
  const { story } = input;
  const t = story.a.tokens;
  const parts: Segment[] = [];
  if (story.means) parts.push(story.means);
  if (!story.placeholderBenefit) for (const e of story.ends) parts.push(e.body);
  let n = 0;
  for (const p of parts) {
    let inPlaceholder = false;
    for (let k = p.start; k < p.end; k++) {
      const x: Tok = t[k];
      if (x.text === "[") {
        inPlaceholder = true;
        // A measure still to be written stands where a word was: the story does not get shorter for it.
        if (t[k + 1]?.lower === "measurable") n++;
      }
      if (!inPlaceholder && CONTENT_POS.has(x.pos) && !INDICATOR_WORDS.has(x.lower)) n++;
      if (x.text === "]") inPlaceholder = false;
    }
  }
  return n;
}

/** What a kind other than a story needs to be sized (a bug's and a spike's own findings say it for them). */
const NO_DETAIL_ADVICE: Partial<Record<RuleInput["kind"], string>> = {
  task: "Describe what changes and why, and add a done condition.",
  epic: "Describe the goal, what is in and out of scope, and the stories it breaks into.",
};

/**
 * The same when the summary is a sentence: a task's reason and done condition have findings of their own, so what
 * is left to add is what the work touches (an "expected result" is a bug's word).
 */
const NO_DETAIL_LOW_ADVICE: Partial<Record<RuleInput["kind"], string>> = {
  task: "Add a short description of what changes and where: the parts, files or versions it touches.",
};

export function criteriaFindings(input: RuleInput): Found[] {
  const { description, criteria, story } = input;
  const findings: Found[] = [];
  const hasCriteria = /[\p{L}\p{N}]/u.test(criteria);
  if (!hasCriteria) {
    // Criteria written in the description in a form teams use (a numbered list of rules, an expected result, a
    // checklist, a table, "should" statements) say when it is done: no finding. The words "acceptance criteria"
    // or Given/When/Then there are criteria that belong in their own field (low).
    const inDescription = criteriaInDescription(description);
    const ownForm = inDescription && !CRITERIA_IN_DESCRIPTION.test(description);
    if (!ownForm) findings.push(inDescription
      ? found("testable.no_acceptance_criteria", "low", "The acceptance criteria are in the description, not in their own field.",
        "Move them to the acceptance criteria field.")
      : found("testable.no_acceptance_criteria", "high", "The story has no acceptance criteria: nothing says when it is done.",
        "Add checkable conditions, one per line, as Given/When/Then with the expected result."));
  } else {
    const { items, verifiable } = criteriaOf(input);
    if (verifiable === 0) {
      findings.push(found("testable.unverifiable_criteria", "medium", "The acceptance criteria state no observable outcome.",
        "Phrase each criterion as Given/When/Then with the expected result."));
    }
    let vague = 0;
    for (const w of tokenize(criteria)) {
      if (vague >= 2 || !VAGUE_TERMS.has(w.lower)) continue;
      vague++;
      findings.push(found("testable.vague_criterion", "low", `"${w.text}" in the acceptance criteria cannot be checked.`,
        "Replace it with a measurable condition.", { field: "acceptance_criteria", start: w.start, end: w.end }));
    }
    if (items.length > 12) {
      findings.push(found("small.many_criteria", "high", `${items.length} acceptance criteria: more than one iteration's work.`,
        "Split the story along its criteria."));
    } else if (items.length > 7) {
      findings.push(found("small.many_criteria", "medium", `${items.length} acceptance criteria.`,
        "Consider splitting the story along its criteria."));
    }
  }

  const means = story.means;
  if (means && story.meansIsAction) {
    const head = story.a.tokens[means.start];
    if (OPEN_ENDED_VERBS.has(head.lemma) && !(head.lemma === "understand" && shownFact(story.a.tokens, means.start + 1, means.end))) {
      findings.push(found("estimable.open_ended", "medium", `"${head.text} ..." is research with no defined result.`,
        "Time-box it as a spike, or state the result the team delivers.", { field: "summary", start: head.start, end: head.end }));
    } else if (BROAD_VERBS.has(head.lemma) && !listedInDescription(description)) {
      // "Improve the AtomPub API" above a list of the changes: the list is the result the direction stands for.
      findings.push(found("estimable.broad_goal", "medium", `"${head.text} ..." names a direction, not a result.`,
        "Say what changes and by how much, so the team can size it.", { field: "summary", start: head.start, end: head.end }));
    }
  }

  let summaryWords = 0;
  for (const x of story.a.tokens) if (isWord(x)) summaryWords++;
  // A log or a stack trace pasted in is evidence, not more of the ticket to size: only the author's words count.
  const words = summaryWords + (description ? tokenize(authorsText(description)).length : 0);
  if (words > 600) {
    findings.push(found("small.long_text", "medium", `${words} words of summary and description: a story this long usually holds several.`,
      "Split it, or move reference material out of the story."));
  } else if (summaryWords > 60) {
    findings.push(found("small.long_summary", "low", `The summary runs to ${summaryWords} words.`,
      "Keep the summary to one short sentence and put the rest in the description."));
  }

  if (!hasCriteria && description.replace(/\s+/g, "").length < 20) {
    // A story sentence gives the team a start; a title or a wish of a few words ("a better UI") gives none.
    const few = contentWordCount(input) < (story.meansIndicator ? 3 : 4);
    const at = few && story.means ? { field: "summary" as const, ...charSpan(story.a, story.means) } : undefined;
    findings.push(few
      ? found("estimable.no_detail", "high", "A few words and no description or acceptance criteria: nothing to size from.",
        NO_DETAIL_ADVICE[input.kind] ?? "Describe what is needed and why, and add acceptance criteria.", at)
      : found("estimable.no_detail", "low", "No description or acceptance criteria: the team sizes it from one sentence.",
        NO_DETAIL_LOW_ADVICE[input.kind] ?? "Add a short description of the situation and the expected result."));
  }
  return findings;
}
