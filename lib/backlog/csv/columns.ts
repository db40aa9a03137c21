import { isCriteriaName, normaliseHeader as normalise } from "@/lib/backlog/formats";
import type { TicketData } from "@/lib/scoring/types";

export interface ColumnMapping {
  summary: string | null;
  description: string | null;
  acceptance_criteria: string | null;
  key: string | null;
  /** The work item type (Story, Bug, Task, ...): the ticket's `issue_type`, which decides the kind it is judged as. */
  type: string | null;
  /** The language the item is written in (ISO 639-1, a tracker's field): the ticket's `language`, over the text's. */
  language?: string | null;
}

const SYNONYMS: Record<keyof ColumnMapping, string[]> = {
  summary: ["summary", "title", "story", "user story", "userstory", "user_story", "name", "story summary", "issue summary"],
  description: ["description", "body", "details", "detail", "story description", "issue description"],
  acceptance_criteria: ["acceptance criteria", "acceptance_criteria", "acceptancecriteria", "ac", "acceptance", "criteria", "acs"],
  key: ["key", "issue key", "issue_key", "issuekey", "id", "issue id", "issue_id", "ticket", "ticket id", "ticket_id", "story id", "number"],
  type: ["type", "issue type", "work item type", "item type", "ticket type", "kind"],
  language: ["language", "lang", "locale", "sprache", "langue", "idioma", "lingua"],
};

/** Matches CSV headers to ticket fields, case-insensitively, by the common synonyms (first match wins). */
export function mapColumns(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = { summary: null, description: null, acceptance_criteria: null, key: null, type: null };
  const used = new Set<string>();
  for (const field of Object.keys(SYNONYMS) as (keyof ColumnMapping)[]) {
    const wanted = SYNONYMS[field].map(normalise);
    // Synonym order is preference order: "Summary" beats "Name" when both exist.
    for (const synonym of wanted) {
      const header = headers.find((h) => !used.has(h) && normalise(h) === synonym);
      if (header !== undefined) {
        mapping[field] = header;
        used.add(header);
        break;
      }
    }
  }
  // Trackers name criteria fields their own way: "Custom field (Acceptance Criteria)", "Acceptance tests".
  mapping.acceptance_criteria ??= headers.find((h) => !used.has(h) && isCriteriaName(h)) ?? null;
  return mapping;
}

/** Turns parsed rows into tickets; rows without a summary keep an empty one so row numbers stay aligned. */
export function rowsToTickets(rows: Record<string, string>[], mapping: ColumnMapping): TicketData[] {
  const cell = (row: Record<string, string>, column: string | null) => {
    if (!column) return undefined;
    const v = row[column];
    return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
  };
  return rows.map((row) => {
    const ticket: TicketData = { summary: cell(row, mapping.summary) ?? "" };
    const key = cell(row, mapping.key);
    const description = cell(row, mapping.description);
    const criteria = cell(row, mapping.acceptance_criteria);
    const issueType = cell(row, mapping.type);
    if (key !== undefined) ticket.key = key;
    if (description !== undefined) ticket.description = description;
    if (criteria !== undefined) ticket.acceptance_criteria = criteria;
    if (issueType !== undefined) ticket.issue_type = issueType;
    const language = cell(row, mapping.language ?? null);
    if (language !== undefined) ticket.language = language;
    return ticket;
  });
}
