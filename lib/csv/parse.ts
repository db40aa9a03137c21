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
 * comma/semicolon/tab delimiter detected, empty lines skipped, header names trimmed.
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
  const rows = result.data.map((row) => {
    const clean: Record<string, string> = {};
    for (const h of headers) {
      const v = row[h];
      clean[h] = typeof v === "string" ? v : "";
    }
    return clean;
  });
  const errors = result.errors
    // A one-column file has nothing to detect the delimiter from; that is not an error.
    .filter((e) => e.code !== "UndetectableDelimiter")
    .map((e) => ({ row: typeof e.row === "number" ? e.row + 1 : null, message: e.message }));
  return { headers, rows, errors };
}
