// A backlog file as a tracker exports it -> rows of plain text with the columns mapped to ticket fields. The
// public evaluator's upload and the CLI both read files through here.
import Papa from "papaparse";
import { mapColumns, type ColumnMapping } from "@/lib/backlog/csv/columns";
import { readRichText, type Markup } from "@/lib/richtext";
import { BacklogError } from "./errors";
import { csvFormat, FORMAT_MARKUP, normaliseHeader, typeFromLabels, type BacklogFormat } from "./formats";
import { readJsonBacklog } from "./json";

export interface Backlog {
  format: BacklogFormat;
  columns: string[];
  /** One record per data row, column -> cell, rich text already read as plain text. */
  rows: Record<string, string>[];
  mapping: ColumnMapping;
  /** "," ";" "\t" "|" for a CSV, null otherwise. */
  delimiter: string | null;
  /** What reading the file changed or left out, row by row (a CSV row with more fields than the header). */
  warnings: RowWarning[];
}

/** A row of the file that was not read as it stands; `row` is 1 for the first data row. */
export interface RowWarning {
  row: number;
  message: string;
}

const STORY_LINE = /^\s*["'“]?\s*(?:as\s+an?\s|as\s+the\s|i\s+(?:want|need|would like)\b)/i;

/** Unique, non-empty header names: blanks become "Column 3", repeats "Sprint (2)" (Jira repeats Sprint, Labels, ...). */
function headerNames(raw: string[]): string[] {
  const seen = new Map<string, number>();
  return raw.map((cell, i) => {
    const base = cell.replace(/^\uFEFF/, "").trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** One story per line (a .txt backlog, or a file without a header whose first line is a story). */
function storyLines(text: string): Backlog {
  const rows = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => ({ Story: /^".*"$/.test(line) ? line.slice(1, -1).replace(/""/g, "\"") : line }));
  return { format: "text", columns: ["Story"], rows, delimiter: null, mapping: { ...mapColumns([]), summary: "Story" }, warnings: [] };
}

const DELIMITER_NAMES: Record<string, string> = { ",": "comma", ";": "semicolon", "\t": "tab", "|": "pipe" };
const quote = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

/**
 * Records cut to the header's columns, never silently. A row with more fields than the header holds the
 * delimiter in an unquoted cell ("As a guest, I want ..." in a one-column file). With one column, the fields
 * are joined back with the delimiter, which gives the line as it was written; with more, which cell held it
 * cannot be known, so the row is read as the header places it and a warning names what was left out. Empty
 * fields past the header (a trailing delimiter) are nothing left out.
 */
export function fitRecords(columns: string[], records: string[][], delimiter: string): { rows: Record<string, string>[]; warnings: RowWarning[] } {
  const warnings: RowWarning[] = [];
  const rows = records.map((record, i) => {
    let fields = record;
    let last = fields.length;
    while (last > columns.length && fields[last - 1].trim() === "") last--;
    if (last > columns.length) {
      if (columns.length === 1) fields = [fields.slice(0, last).join(delimiter)];
      else {
        const extra = fields.slice(columns.length, last);
        const name = DELIMITER_NAMES[delimiter] ?? `“${delimiter}”`;
        warnings.push({
          row: i + 1,
          message:
            `Row ${i + 1} has ${last} fields where the header has ${columns.length} columns (a ${name} in a cell without quotes): ` +
            `${extra.map(quote).join(", ")} ${extra.length === 1 ? "was" : "were"} left out, and the other cells may be in the wrong columns. ` +
            `Put each cell that holds a ${name} in double quotes.`,
        });
      }
    }
    const row: Record<string, string> = {};
    columns.forEach((column, c) => (row[column] = fields[c] ?? ""));
    return row;
  });
  return { rows, warnings };
}

function readCsv(filename: string, text: string): Backlog {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy", delimitersToGuess: [",", ";", "\t", "|"] });
  const [rawHeader = [], ...records] = parsed.data;
  const columns = headerNames(rawHeader);
  const mapping = mapColumns(columns);
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0];
  if (!mapping.summary && (filename.toLowerCase().endsWith(".txt") || STORY_LINE.test(firstLine))) return storyLines(text);
  const unclosed = parsed.errors.find((e) => e.code === "MissingQuotes");
  if (unclosed) {
    const where = typeof unclosed.row === "number" ? ` in row ${unclosed.row}` : "";
    throw new BacklogError(`The CSV file could not be parsed: a quoted field${where} is never closed.`);
  }
  const { rows, warnings } = fitRecords(columns, records, parsed.meta.delimiter);
  return { format: csvFormat(columns), columns, rows, mapping, delimiter: parsed.meta.delimiter, warnings };
}

function uniqueColumn(columns: string[], name: string): string {
  let candidate = name;
  for (let n = 2; columns.includes(candidate); n++) candidate = `${name} (${n})`;
  return candidate;
}

/**
 * The tracker's own columns first (Jira's "Issue key" over "Issue id", Linear's labels as the type), then the
 * synonyms of `mapColumns`.
 */
function trackerMapping(backlog: Backlog): void {
  const { format, columns, mapping } = backlog;
  const find = (...names: string[]) => columns.find((c) => names.includes(normaliseHeader(c))) ?? null;
  if (format === "jira-csv") {
    mapping.key = find("issue key") ?? mapping.key;
    mapping.type = find("issue type") ?? mapping.type;
  } else if (format === "azure-devops-csv") {
    mapping.key = find("id") ?? mapping.key;
    mapping.type = find("work item type") ?? mapping.type;
  } else if ((format === "linear-csv" || format === "csv") && !mapping.type) {
    const labels = find("labels", "label", "tags");
    if (labels) {
      const type = uniqueColumn(columns, "Type");
      for (const row of backlog.rows) row[type] = typeFromLabels(row[labels].split(/\s*,\s*/)) ?? "";
      columns.push(type);
      mapping.type = type;
    }
  }
}

const MAX_CELL = 100_000;
/** A cell that may hold rich text: more than one line, or longer than a summary. */
const LONG_TEXT = /\n|^[^]{121}/;

/**
 * Rich text read as plain text in the mapped description and criteria columns; and where a row has no criteria
 * of its own, a section of its description headed "Acceptance criteria" moves into them (into a column of
 * that name, added when the file has none).
 */
function readRichColumns(backlog: Backlog): void {
  const { mapping, columns, rows } = backlog;
  const markupOf = FORMAT_MARKUP[backlog.format];
  const read = (cell: string, splitCriteria = false) => {
    const options: { markup?: Markup; splitCriteria: boolean } = { splitCriteria };
    if (markupOf !== "auto") options.markup = markupOf;
    return readRichText(cell.slice(0, MAX_CELL), options);
  };
  const description = mapping.description;
  let criteria = mapping.acceptance_criteria;
  // Other long-text columns (a second description, "Custom field (Notes)", comments) are read too, so a
  // visitor who maps one of them instead sees and scores plain text as well.
  const plainColumns = new Set([mapping.summary, mapping.key, mapping.type, description, criteria]);
  for (const column of columns) {
    if (plainColumns.has(column) || !rows.some((row) => LONG_TEXT.test(row[column] ?? ""))) continue;
    for (const row of rows) if (row[column]?.trim()) row[column] = read(row[column]).text;
  }
  for (const row of rows) {
    if (criteria && row[criteria].trim()) row[criteria] = read(row[criteria]).text;
    if (!description || !row[description].trim()) continue;
    const wantsCriteria = !criteria || !row[criteria].trim();
    const text = read(row[description], wantsCriteria);
    row[description] = text.text;
    if (wantsCriteria && text.criteria) {
      if (!criteria) {
        criteria = uniqueColumn(columns, "Acceptance criteria");
        columns.push(criteria);
        for (const other of rows) other[criteria] ??= "";
        mapping.acceptance_criteria = criteria;
      }
      row[criteria] = text.criteria;
    }
  }
}

function isJson(filename: string, text: string): boolean {
  if (filename.toLowerCase().endsWith(".json")) return true;
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a backlog: a tracker's CSV or JSON export (recognised by its shape), any CSV with a header row, or text
 * with one story per line. Rich text (Jira wiki markup, HTML, Markdown, ADF) is read as plain text. The caller
 * checks what it needs of the result (a summary column, rows, limits).
 */
export function readBacklog(filename: string, text: string): Backlog {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let backlog: Backlog;
  if (isJson(filename, source)) {
    const json = readJsonBacklog(source);
    backlog = { ...json, mapping: mapColumns(json.columns), delimiter: null, warnings: [] };
  } else {
    backlog = readCsv(filename, source);
  }
  trackerMapping(backlog);
  readRichColumns(backlog);
  for (const row of backlog.rows) for (const column of backlog.columns) row[column] ??= "";
  return backlog;
}
