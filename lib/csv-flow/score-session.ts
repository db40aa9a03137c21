import { rowsToTickets } from "@/lib/backlog/csv/columns";
import { ApiError } from "@/lib/http/errors";
import { createEngine, DIMENSIONS, type PerDimension, type RulePreset, type ScoringResult } from "@/lib/scoring";
import { explainOverall } from "@/lib/scoring/overall";
import { itemKind } from "@/lib/work-items/kinds";
import { presetSettings, scoreBatch, ticketOf } from "@/lib/pipeline";
import type { CsvSession } from "@/db/schema";
import { resultsResponseSchema, type MappingOverride } from "./schemas";
import { MAPPING_FIELDS, type ColumnMapping, type CsvSummary, type ResultsResponse, type StoryResult } from "./types";

const publicEngine = createEngine("heuristic");

/** A session's mapping as stored; sessions uploaded before work item types were read have no `type`. */
export function storedMapping(session: Pick<CsvSession, "mapping">): ColumnMapping {
  return { ...session.mapping, type: session.mapping.type ?? null };
}

/** The session's mapping with the override applied, refused with 400 when it names a column the file lacks. */
export function resolveMapping(columns: string[], current: ColumnMapping, override: MappingOverride = {}): ColumnMapping {
  const mapping: ColumnMapping = { ...current, ...override };
  const used = new Map<string, string>();
  for (const field of MAPPING_FIELDS) {
    const column = mapping[field];
    if (column === null) continue;
    if (!columns.includes(column)) {
      throw new ApiError("bad_request", `mapping.${field}: the file has no column "${column}" (columns: ${columns.join(", ")}).`);
    }
    const other = used.get(column);
    if (other) throw new ApiError("bad_request", `mapping.${field}: column "${column}" is already mapped to ${other}.`);
    used.set(column, field);
  }
  if (!mapping.summary) throw new ApiError("bad_request", "mapping.summary: a summary column is required.");
  return mapping;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export function summarise(results: Pick<StoryResult, "overall_score" | "individual_scores">[]): CsvSummary {
  const mean = (values: number[]) => (values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : 0);
  const dimension_averages = Object.fromEntries(
    DIMENSIONS.map((d) => [d, mean(results.map((r) => r.individual_scores[d]))]),
  ) as PerDimension<number>;
  return { average_overall: mean(results.map((r) => r.overall_score)), dimension_averages };
}

export interface SessionScore {
  mapping: ColumnMapping;
  /** Stored with the results, so the page, the JSON and the export say how they were read. */
  preset: RulePreset;
  results: StoryResult[];
  skippedRows: number[];
  summary: CsvSummary;
}

/**
 * Scores every row of a session as one batch (so duplicates and stories off the batch's template are
 * found). Rows whose summary is empty are not scored; their numbers are returned so they can be reported.
 */
export async function scoreSessionRows(session: CsvSession, mapping: ColumnMapping, preset: RulePreset = "default"): Promise<SessionScore> {
  const typeOf = (i: number) => (mapping.type ? session.rows[i][mapping.type]?.trim() || null : null);
  // The pipeline's kind and language step (lib/pipeline): the type and language columns, when mapped.
  const tickets = rowsToTickets(session.rows, mapping).map((fields, i) => ({ ticket: ticketOf(fields), row: i + 1, type: typeOf(i) }));
  const scored = tickets.filter(({ ticket }) => ticket.summary !== "");
  const skippedRows = tickets.filter(({ ticket }) => ticket.summary === "").map(({ row }) => row);
  if (scored.length === 0) {
    throw new ApiError("bad_request", `No row has a summary in column "${mapping.summary}": choose another summary column.`);
  }
  // The public evaluator always uses the offline heuristic engine, whatever SCORING_ENGINE says: anonymous
  // uploads must not spend a paid model's tokens, and 1,000 rows score in well under a second.
  // The evaluator's preset select (docs/rules.md) chooses the reading; per-code settings are an account's.
  // The pipeline's settings and engine steps, for an anonymous reader: neither billed nor recorded.
  const outputs: ScoringResult[] = await scoreBatch(publicEngine, scored.map(({ ticket }) => ({ ticket })), presetSettings(preset));
  const results: StoryResult[] = scored.map(({ ticket, row, type }, i) => ({
    row,
    key: ticket.key ?? null,
    type,
    work_item_type: outputs[i].metadata.work_item_type,
    ...(outputs[i].metadata.work_item_type_source ? { work_item_type_source: outputs[i].metadata.work_item_type_source } : {}),
    language: outputs[i].metadata.language ?? "en",
    summary: ticket.summary,
    description: ticket.description ?? null,
    acceptance_criteria: ticket.acceptance_criteria ?? null,
    overall_score: outputs[i].overall_score,
    overall_reasoning: outputs[i].overall_reasoning,
    individual_scores: outputs[i].individual_scores,
    findings: outputs[i].findings,
    recommendations: outputs[i].recommendations,
    rewrite: outputs[i].rewrite,
    split: outputs[i].split,
  }));
  return { mapping, preset, results, skippedRows, summary: summarise(results) };
}


/**
 * The public view of a session: status "uploaded" with no results until it is scored. Parsed with its schema, so
 * a key stored with the results and not in the answer's shape is never shown (about 6 ms for 1,000 rows).
 */
export function sessionView(session: CsvSession): ResultsResponse {
  // Results scored before `split`, `overall_reasoning` or kinds existed get them (the kind their type names, else
  // story), so the pages and the export can rely on them.
  const results = ((session.results ?? []) as unknown as StoryResult[]).map((r) => ({
    ...r,
    split: Array.isArray(r.split) ? r.split : [],
    type: r.type ?? null,
    work_item_type: itemKind(r),
    // Results scored before languages were named were read as English.
    language: typeof r.language === "string" ? r.language : "en",
    overall_reasoning: typeof r.overall_reasoning === "string" ? r.overall_reasoning : explainOverall(r.individual_scores),
  }));
  return resultsResponseSchema.parse({
    session_id: session.id,
    status: session.status,
    filename: session.filename,
    format: (session.format as ResultsResponse["format"]) ?? null,
    row_count: session.rows.length,
    scored_count: results.length,
    skipped_rows: session.skippedRows ?? [],
    mapping: storedMapping(session),
    summary: (session.summary as unknown as CsvSummary | null) ?? null,
    // Sessions scored before the preset was stored say nothing: they may have been scored strict or lenient.
    preset: session.status === "completed" ? session.preset : null,
    created_at: session.createdAt.toISOString(),
    scored_at: session.scoredAt?.toISOString() ?? null,
    expires_at: session.expiresAt.toISOString(),
    results,
  } satisfies ResultsResponse);
}
