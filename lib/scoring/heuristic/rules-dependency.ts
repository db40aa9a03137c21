// INVEST "independent": mentions of other tickets and of work this story waits for, in any field.
import type { FindingField } from "../types";
import { found, type Found, type RuleInput } from "./finding";
import { DEPENDENCY_PHRASES } from "./lexicon";
import { isChildReference } from "./rules-epic";

const TICKET_KEY = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&])#\d{1,6}\b/g;
// "after the login story", "once PROJ-12 is done": an order between pieces of work, in any field.
const PHRASES = new RegExp(`\\b(?:${DEPENDENCY_PHRASES.join("|")}|(?:after|once|until|before)(?=\\s+(?:the\\s+|this\\s+|that\\s+)?(?:[\\w-]+\\s+)?(?:[A-Z][A-Z0-9]{1,9}-\\d|#\\d|stor(?:y|ies)\\b|ticket|task\\b|epic\\b)))\\b`, "gi");
// In the story sentence "depends on" is often the domain ("the packages my project depends on"); there it has to
// name other work to count.
const WORK = /^\W*(?:\w+\W+){0,3}?(?:[A-Z][A-Z0-9]{1,9}-\d{1,6}|#\d{1,6}|stor(?:y|ies)|tickets?|tasks?|issues?|epics?|features?|teams?|releases?|sprints?)\b/i;

export function dependencyFindings(input: RuleInput): Found[] {
  const { ticket, summary, description, criteria } = input;
  const findings: Found[] = [];
  const ownKey = ticket.key?.trim();
  const fields: [FindingField, string][] = [["summary", summary], ["description", description], ["acceptance_criteria", criteria]];
  for (const [field, text] of fields) {
    if (!text) continue;
    TICKET_KEY.lastIndex = 0;
    let m: RegExpExecArray | null;
    let keys = 0;
    while ((m = TICKET_KEY.exec(text)) !== null && keys < 3) {
      if (m[0] === ownKey) continue;
      // An epic's child stories, listed by key, are its breakdown, not work it waits for.
      if (field === "description" && input.kind === "epic" && isChildReference(input, m.index)) continue;
      keys++;
      findings.push(found("independent.ticket_reference", "independent", "high", `The story refers to ${m[0]}.`,
        "Merge the two stories or remove the dependency, so each can be planned on its own.",
        { field, start: m.index, end: m.index + m[0].length }));
    }
    PHRASES.lastIndex = 0;
    let phrases = 0;
    while ((m = PHRASES.exec(text)) !== null && phrases < 2) {
      if (field === "summary" && !WORK.test(text.slice(m.index + m[0].length, m.index + m[0].length + 60))) continue;
      phrases++;
      findings.push(found("independent.dependency", "independent", "medium", `"${m[0]}" makes the story wait on other work.`,
        "Record the dependency as a link in the tracker, or split the stories so they do not wait on each other.",
        { field, start: m.index, end: m.index + m[0].length }));
    }
  }
  return findings;
}
