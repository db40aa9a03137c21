import Papa from "papaparse";
import { DIMENSIONS } from "@/lib/scoring/types";
import { recommendationInPercent } from "@/lib/scoring/overall";
import { declaredKindSource, WORK_ITEM_TYPE_SOURCE_WORDS } from "@/lib/work-items/kinds";
import { findingLabel } from "./finding-labels";
import { percent, type Finding, type ResultsResponse, type StoryResult } from "./types";

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, tab, CR or LF) gets a leading
 * apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r\n]/.test(value) ? `'${value}` : value;
}

const QUOTE_CHARS = 80;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1).trimEnd()}…` : flat;
}

/**
 * What a finding points at, quoted: the text of its span, or, for a finding about the story as a whole, the
 * words or the count its message names ("story 12", "72 words"). Null when the label says it all.
 */
function findingDetail(result: StoryResult, f: Finding): string | null {
  const source = f.field ? result[f.field] : null;
  if (source && f.start !== undefined && f.end !== undefined && f.start >= 0 && f.end > f.start && f.end <= source.length) {
    return `“${clip(source.slice(f.start, f.end))}”`;
  }
  const message = f.message.trim().replace(/\.$/, "");
  const quotation = (text: string) => /^["“]([^"“”]+)["”]$/.exec(text)?.[1];
  // A message that opens with a quotation quotes the offending words: '"so that so that" breaks the template'.
  const opening = /^["“]([^"“”]+)["”]/.exec(message)?.[1];
  if (opening) return `“${clip(opening)}”`;
  // What follows the colon names them: 'as story 12 of this batch: "<the other story>"', 'departs from the
  // template of its batch: "As <role>" where the batch has "As a <role>"'.
  const colon = message.indexOf(": ");
  const after = colon >= 0 ? message.slice(colon + 2) : "";
  if (/^["“]/.test(after)) {
    const inner = quotation(after.replace(/…(["”])$/, "$1"));
    return inner ? `“${clip(inner)}”` : clip(after);
  }
  if (/\d/.test(message)) return clip(/^[A-Z][a-z]/.test(message) ? message[0].toLowerCase() + message.slice(1) : message);
  return null;
}

/**
 * The findings column: one line per finding, a short label and what it points at ("Vague term: “quickly”").
 * The full messages are on the results page; in a spreadsheet they read the same row after row and say again
 * what the recommendations say.
 */
export function findingLines(result: StoryResult): string[] {
  const lines = result.findings.map((f) => {
    const detail = findingDetail(result, f);
    return detail ? `${findingLabel(f.code)}: ${detail}` : findingLabel(f.code);
  });
  return [...new Set(lines)];
}

const sentenceKey = (text: string) => text.replace(/\s*\(\+[\d.]+%? overall\)\s*$/, "").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The recommendations column: the story's fixes, best first, each once. A recommendation that only repeats a
 * finding's message (an engine may word its advice so) is left to the findings column.
 */
export function recommendationLines(result: StoryResult): string[] {
  const said = new Set([...result.findings.map((f) => sentenceKey(f.message)), ...findingLines(result).map(sentenceKey)]);
  const lines: string[] = [];
  for (const text of result.recommendations) {
    const key = sentenceKey(text);
    if (!key || said.has(key)) continue;
    said.add(key);
    // A gain stored on the 0-10 scale by an older version reads in percent, as every score in the file does.
    lines.push(recommendationInPercent(text.trim()));
  }
  return lines;
}

/**
 * The results as CSV: one line per input row (skipped rows included, with a note), scores as percentages;
 * `type` is the file's own type name, `work_item_type` the kind the row was judged as, `language` the language
 * it was read in. Columns added later go at the end, so a spreadsheet built on the older file still finds its
 * columns where they were: `work_item_type_source` (where the kind came from, in words) and `preset` (the rules
 * the row was scored with; empty for sessions scored before it was recorded).
 */
export function resultsToCsv(view: ResultsResponse): string {
  const fields = ["row", "key", "type", "work_item_type", "language", "summary", "overall (%)", "overall_reasoning", ...DIMENSIONS.map((d) => `${d} (%)`), "findings", "recommendations", "rewrite", "split", "note", "work_item_type_source", "preset"];
  const lines: { row: number; cells: string[] }[] = view.results.map((r) => ({
    row: r.row,
    cells: [
      String(r.row),
      r.key ?? "",
      r.type ?? "",
      r.work_item_type,
      r.language,
      r.summary,
      String(percent(r.overall_score)),
      r.overall_reasoning,
      ...DIMENSIONS.map((d) => String(percent(r.individual_scores[d]))),
      findingLines(r).join("\n"),
      recommendationLines(r).join("\n"),
      r.rewrite ?? "",
      r.split.join("\n"),
      "",
      kindSourceWords(r),
      view.preset ?? "",
    ],
  }));
  for (const row of view.skipped_rows) {
    // Built from the header, so a new column never shifts the note out of its place.
    lines.push({ row, cells: fields.map((field) => (field === "row" ? String(row) : field === "note" ? "not scored: the summary is empty" : "")) });
  }
  lines.sort((a, b) => a.row - b.row);
  const data = lines.map((line) => line.cells.map(neutraliseCell));
  // The BOM makes spreadsheet programs read the file as UTF-8.
  return `\uFEFF${Papa.unparse({ fields, data }, { newline: "\r\n" })}\r\n`;
}

function kindSourceWords(result: StoryResult): string {
  const source = declaredKindSource(result);
  return source ? WORK_ITEM_TYPE_SOURCE_WORDS[source] : "";
}

/** `results-<name>.csv`, safe in a Content-Disposition header (ASCII fallback plus RFC 5987 UTF-8 name). */
export function downloadDisposition(filename: string): string {
  const base = `results-${filename.replace(/\.[^.]*$/, "") || "backlog"}.csv`;
  const ascii = base.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(base)}`;
}
