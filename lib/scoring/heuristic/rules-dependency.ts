import type { Finding, FindingField } from "../types";
import { finding, type RuleInput } from "./finding";
import { DEPENDENCY_PHRASES } from "./lexicon";

const TICKET_KEY = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&])#\d{1,6}\b/g;
const PHRASES = new RegExp(`\\b(?:${DEPENDENCY_PHRASES.join("|")})\\b|\\bafter\\s+(?:[A-Z][A-Z0-9]+-\\d+|story|ticket|issue|task|the\\s+\\w+\\s+(?:is|are|has|have)\\b)`, "gi");

/** INVEST "independent": mentions of other tickets and ordering words. */
export function dependencyFindings({ ticket, summary, description, criteria }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const ownKey = ticket.key?.trim();
  const fields: [FindingField, string][] = [["summary", summary], ["description", description], ["acceptance_criteria", criteria]];
  for (const [field, text] of fields) {
    if (!text) continue;
    TICKET_KEY.lastIndex = 0;
    let m: RegExpExecArray | null;
    let keys = 0;
    while ((m = TICKET_KEY.exec(text)) !== null && keys < 3) {
      if (m[0] === ownKey) continue;
      keys++;
      findings.push(finding("independent.ticket_reference", "independent", "high",
        `Refers to ${m[0]}: a story that needs another ticket cannot be planned on its own; merge them or remove the dependency.`,
        { field, span: { start: m.index, end: m.index + m[0].length } }));
    }
    PHRASES.lastIndex = 0;
    let phrases = 0;
    while ((m = PHRASES.exec(text)) !== null && phrases < 2) {
      phrases++;
      findings.push(finding("independent.dependency", "independent", "medium",
        `"${m[0]}" makes the story wait on other work; state the dependency in the tracker or split differently.`,
        { field, span: { start: m.index, end: m.index + m[0].length } }));
    }
  }
  return findings;
}
