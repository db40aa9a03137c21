import Papa from "papaparse";

export interface CsvParseError {
  row: number | null;
  message: string;
}

export interface ParsedCsv {
  headers: string[];
  rows: Record<string, string>[];
  errors: CsvParseError[];
}

/**
 * Parses CSV text with a header row: BOM stripped, CRLF or LF, quoted fields with commas and newlines,
 * comma/semicolon/tab delimiter detected, empty lines skipped, header names trimmed. A row with more fields than
 * the header is never cut silently: in a one-column file its fields are joined back with the delimiter (the
 * line as written, "As a guest, I want ..."); otherwise it is an error of that row ("Too many fields").
 */
export function parseCsv(text: string): ParsedCsv {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<Record<string, string>>(input, {
    header: true,
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t", "|"],
    transformHeader: (h) => h.replace(/^\uFEFF/, "").trim(),
  });
  const headers = (result.meta.fields ?? []).filter((h) => h.length > 0);
  const oneColumn = (result.meta.fields ?? []).length === 1 && headers.length === 1;
  const joined = new Set<number>();
  const rows = result.data.map((row, i) => {
    const clean: Record<string, string> = {};
    for (const h of headers) {
      const v = row[h];
      clean[h] = typeof v === "string" ? v : "";
    }
    const extra = (row as { __parsed_extra?: unknown[] }).__parsed_extra;
    if (oneColumn && Array.isArray(extra)) {
      const fields = [clean[headers[0]], ...extra.map(String)];
      while (fields.length > 1 && fields[fields.length - 1].trim() === "") fields.pop();
      clean[headers[0]] = fields.join(result.meta.delimiter);
      joined.add(i);
    }
    return clean;
  });
  const errors = result.errors
    // A one-column file has nothing to detect the delimiter from; that is not an error.
    .filter((e) => e.code !== "UndetectableDelimiter")
    // Nor is a row of it that held the delimiter: it was joined back.
    .filter((e) => !(e.code === "TooManyFields" && typeof e.row === "number" && joined.has(e.row)))
    .map((e) => ({ row: typeof e.row === "number" ? e.row + 1 : null, message: e.message }));
  return { headers, rows, errors };
}
