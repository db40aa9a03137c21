import type { TicketData } from "@/lib/scoring/types";
import { mapColumns, rowsToTickets } from "./columns";
import { parseCsv } from "./parse";

export class TicketFileError extends Error {}

const STORY_LINE = /^\s*["'“]?\s*(?:as\s+an?\s|as\s+the\s|i\s+(?:want|need|would like)\b)/i;

function fromJson(text: string): TicketData[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new TicketFileError(`not valid JSON: ${(e as Error).message}`);
  }
  const list = Array.isArray(data) ? data : (data as { tickets?: unknown })?.tickets;
  if (!Array.isArray(list)) throw new TicketFileError("the JSON file must hold an array of tickets");
  return list.map((entry, i) => {
    if (typeof entry === "string") return { summary: entry };
    if (!entry || typeof entry !== "object") throw new TicketFileError(`ticket ${i + 1} is not an object`);
    const obj = ((entry as { ticket_data?: unknown }).ticket_data ?? entry) as Record<string, unknown>;
    const row: Record<string, string> = {};
    for (const [k, v] of Object.entries(obj)) if (typeof v === "string" || typeof v === "number") row[k] = String(v);
    const mapping = mapColumns(Object.keys(row));
    if (!mapping.summary) throw new TicketFileError(`ticket ${i + 1} has no summary`);
    return rowsToTickets([row], mapping)[0];
  });
}

function fromLines(text: string): TicketData[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((summary) => ({ summary }));
}

/**
 * Reads tickets from a CSV (header row, columns matched by synonyms), a JSON array, or plain text with one
 * story per line (a `.txt` file, or a file whose first line is a story rather than a header).
 */
export function ticketsFromFile(name: string, text: string): TicketData[] {
  const lower = name.toLowerCase();
  if (lower.endsWith(".json")) return fromJson(text);
  if (lower.endsWith(".txt")) return fromLines(text);
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const parsed = parseCsv(text);
  const mapping = mapColumns(parsed.headers);
  if (!mapping.summary && STORY_LINE.test(firstLine)) return fromLines(text);
  if (!mapping.summary) {
    throw new TicketFileError(
      `no summary column: expected one of Summary, Title, Story, User story (found: ${parsed.headers.join(", ") || "none"})`,
    );
  }
  return rowsToTickets(parsed.rows, mapping);
}
