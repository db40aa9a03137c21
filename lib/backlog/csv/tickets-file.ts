import { BacklogError, readBacklog, workItemKind, type BacklogFormat, type RowWarning } from "@/lib/backlog";
import type { TicketData, WorkItemKind } from "@/lib/scoring/types";
import { rowsToTickets } from "@/lib/backlog/csv/columns";

export class TicketFileError extends Error {}

export interface FileTickets {
  format: BacklogFormat;
  tickets: TicketData[];
  /** Each ticket's work item type as the file gives it (null when it gives none). */
  types: (string | null)[];
  /** Rows not read as they stand (more fields than the header), numbered among all the file's rows. */
  warnings: RowWarning[];
}

/**
 * Reads the tickets of a backlog file (lib/backlog: a tracker's CSV or JSON export, any CSV, or one story per
 * line), rich text read as plain text; each ticket's `issue_type` is its type cell. `kind` keeps the rows whose
 * type names that kind (a row whose type names no kind, or that has none, counts as a story).
 */
export function fileTickets(name: string, text: string, { kind }: { kind?: WorkItemKind } = {}): FileTickets {
  let backlog;
  try {
    backlog = readBacklog(name, text);
  } catch (e) {
    if (e instanceof BacklogError) throw new TicketFileError(e.message);
    throw e;
  }
  const { mapping, rows, columns, format, warnings } = backlog;
  if (!mapping.summary) {
    throw new TicketFileError(`no summary column: expected one of Summary, Title, Story, User story (found: ${columns.join(", ") || "none"})`);
  }
  const tickets = rowsToTickets(rows, mapping);
  const types = rows.map((row) => (mapping.type ? row[mapping.type].trim() || null : null));
  if (!kind) return { format, tickets, types, warnings };
  const keep = types.map((type) => (workItemKind(type) ?? "story") === kind);
  return { format, tickets: tickets.filter((_, i) => keep[i]), types: types.filter((_, i) => keep[i]), warnings };
}

/** The tickets of a backlog file (see fileTickets). */
export function ticketsFromFile(name: string, text: string): TicketData[] {
  return fileTickets(name, text).tickets;
}
