import type { Finding } from "../types";
import { finding, type RuleInput } from "./finding";
import { EPIC_TERMS, VAGUE_TERMS } from "./lexicon";
import { tokenize } from "./text";

const GIVEN_WHEN_THEN = /\b(?:given|when)\b[\s\S]{0,400}?\bthen\b/i;
const MEASURABLE = /\d|\b(?:must|shall|should|will)\s+(?:not\s+)?(?:be\s+)?(?:show|display|return|contain|receive|see|be\s+able|send|save|reject|accept|appear|match|equal|respond|list|include|open|close|redirect|log|fail|succeed)\w*/i;
const OPEN_ENDED = /^(?:to\s+)?(?:explore|investigate|research|study|understand|learn|look\s+into|consider|know|analy[sz]e|assess|evaluate)\b/i;
const CRITERIA_IN_DESCRIPTION = /\bacceptance criteria\b|\bgiven\b[\s\S]{0,300}\bthen\b|^\s*(?:[-*•]|\d+[.)])\s+/im;

/** Splits acceptance criteria into items: lines, bullets, numbered entries or Given/When/Then blocks. */
export function criteriaItems(criteria: string): string[] {
  const lines = criteria.split(/\r?\n|(?<=[.;])\s+(?=(?:[-*•]|\d+[.)])\s)/).map((l) => l.trim()).filter((l) => l.length > 0);
  const items: string[] = [];
  for (const line of lines) {
    // "And ..." / "Then ..." continue a Given/When/Then scenario.
    if (items.length > 0 && /^(?:and|then|when|but)\b/i.test(line)) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  return items;
}

/** INVEST "testable", "estimable" and "small", read from the description and acceptance criteria. */
export function criteriaFindings({ summary, description, criteria, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const hasCriteria = criteria.trim().length > 0;
  if (!hasCriteria) {
    const inDescription = CRITERIA_IN_DESCRIPTION.test(description);
    findings.push(finding("testable.no_acceptance_criteria", "testable", inDescription ? "low" : "high",
      inDescription
        ? "Acceptance criteria are buried in the description; move them to the acceptance criteria field."
        : "No acceptance criteria: add checkable conditions (Given/When/Then) so the team knows when it is done."));
  } else {
    const items = criteriaItems(criteria);
    const verifiable = items.filter((i) => GIVEN_WHEN_THEN.test(i) || MEASURABLE.test(i)).length;
    if (verifiable === 0) {
      findings.push(finding("testable.unverifiable_criteria", "testable", "medium",
        "The acceptance criteria do not state an observable outcome; phrase them as Given/When/Then with expected results."));
    }
    let vague = 0;
    for (const t of tokenize(criteria)) {
      if (vague >= 2 || !VAGUE_TERMS.has(t.lower)) continue;
      vague++;
      findings.push(finding("testable.vague_criterion", "testable", "low",
        `"${t.text}" in the acceptance criteria cannot be checked; replace it with a measurable condition.`,
        { field: "acceptance_criteria", span: { start: t.start, end: t.end } }));
    }
    if (items.length > 12) {
      findings.push(finding("small.many_criteria", "small", "high",
        `${items.length} acceptance criteria: the story is likely too big for one iteration; split it.`));
    } else if (items.length > 7) {
      findings.push(finding("small.many_criteria", "small", "medium",
        `${items.length} acceptance criteria: consider splitting the story.`));
    }
  }

  const means = story.means;
  if (means) {
    const text = summary.slice(means.start, means.end);
    const open = OPEN_ENDED.exec(text);
    if (open) {
      findings.push(finding("estimable.open_ended", "estimable", "medium",
        `"${open[0]}" is open-ended research; time-box it as a spike or state the expected result.`,
        { field: "summary", span: { start: means.start, end: means.start + open[0].length } }));
    }
    for (const t of tokenize(summary, means.start, means.end)) {
      if (!EPIC_TERMS.has(t.lower)) continue;
      findings.push(finding("small.broad_scope", "small", "low",
        `"${t.text}" suggests a scope larger than one story; narrow it to one slice.`,
        { field: "summary", span: { start: t.start, end: t.end } }));
      break;
    }
  }
  const words = tokenize(summary).length + tokenize(description).length;
  if (words > 600) {
    findings.push(finding("small.long_text", "small", "medium",
      `${words} words of summary and description: a story this long usually holds several.`));
  } else if (tokenize(summary).length > 60) {
    findings.push(finding("small.long_summary", "small", "low",
      "The summary runs over 60 words; a small story fits in one short sentence."));
  }
  if (!description.trim() && !hasCriteria && tokenize(summary).length < 6) {
    findings.push(finding("estimable.too_little_detail", "estimable", "medium",
      "A few words and no description: the team cannot size it; add what is needed and why."));
  }
  return findings;
}
