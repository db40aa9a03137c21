import Papa from "papaparse";
import { DIMENSIONS } from "@/lib/scoring/types";
import { percent, type ResultsResponse } from "./types";

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, tab, CR or LF) gets a leading
 * apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

/** The results as CSV: one line per input row (skipped rows included, with a note), scores as percentages. */
export function resultsToCsv(view: ResultsResponse): string {
  const fields = ["row", "key", "type", "summary", "overall (%)", ...DIMENSIONS.map((d) => `${d} (%)`), "findings", "recommendations", "rewrite", "split", "note"];
  const lines: { row: number; cells: string[] }[] = view.results.map((r) => ({
    row: r.row,
    cells: [
      String(r.row),
      r.key ?? "",
      r.type ?? "",
      r.summary,
      String(percent(r.overall_score)),
      ...DIMENSIONS.map((d) => String(percent(r.individual_scores[d]))),
      r.findings.map((f) => f.message).join("\n"),
      r.recommendations.join("\n"),
      r.rewrite ?? "",
      r.split.join("\n"),
      "",
    ],
  }));
  for (const row of view.skipped_rows) {
    lines.push({ row, cells: [String(row), "", "", "", "", ...DIMENSIONS.map(() => ""), "", "", "", "", "not scored: the summary is empty"] });
  }
  lines.sort((a, b) => a.row - b.row);
  const data = lines.map((line) => line.cells.map(neutraliseCell));
  // The BOM makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${Papa.unparse({ fields, data }, { newline: "\r\n" })}\r\n`;
}

/** `results-<name>.csv`, safe in a Content-Disposition header (ASCII fallback plus RFC 5987 UTF-8 name). */
export function downloadDisposition(filename: string): string {
  const base = `results-${filename.replace(/\.[^.]*$/, "") || "backlog"}.csv`;
  const ascii = base.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
