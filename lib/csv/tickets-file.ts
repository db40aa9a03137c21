import { BacklogError, readBacklog, workItemKind, type BacklogFormat } from "@/lib/backlog";
import type { TicketData } from "@/lib/scoring/types";
import { rowsToTickets } from "./columns";

export class TicketFileError extends Error {}

export interface FileTickets {
  format: BacklogFormat;
  tickets: TicketData[];
  /** Each ticket's work item type as the file gives it (null when it gives none). */
  types: (string | null)[];
}

/**
 * Reads the tickets of a backlog file (lib/backlog: a tracker's CSV or JSON export, any CSV, or one story per
 * line), rich text read as plain text. `storiesOnly` keeps the rows whose type names a story or gives none.
 */
export function fileTickets(name: string, text: string, { storiesOnly = false } = {}): FileTickets {
  let backlog;
  try {
    backlog = readBacklog(name, text);
  } catch (e) {
    if (e instanceof BacklogError) throw new TicketFileError(e.message);
    throw e;
  }
  const { mapping, rows, columns, format } = backlog;
  if (!mapping.summary) {
    throw new TicketFileError(`no summary column: expected one of Summary, Title, Story, User story (found: ${columns.join(", ") || "none"})`);
  }
  const tickets = rowsToTickets(rows, mapping);
  const types = rows.map((row) => (mapping.type ? row[mapping.type].trim() || null : null));
  if (!storiesOnly) return { format, tickets, types };
  const keep = types.map((type) => workItemKind(type) !== "other");
  return { format, tickets: tickets.filter((_, i) => keep[i]), types: types.filter((_, i) => keep[i]) };
}

/** The tickets of a backlog file (see fileTickets). */
export function ticketsFromFile(name: string, text: string): TicketData[] {
  return fileTickets(name, text).tickets;
}
