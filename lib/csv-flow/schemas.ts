// The public CSV flow's requests and answers as zod schemas: the score route parses its body with them, the
// handlers' answers are typed by them (the results view is parsed by its schema), and lib/api/openapi/csv.ts
// documents them, so the three cannot drift. Plain zod and the domain's enums only: lib/csv-flow/types.ts
// re-exports the inferred types to the pages.
import { z } from "zod";
import { BACKLOG_FORMATS } from "@/lib/backlog/formats";
import { TEXT_ENCODINGS } from "@/lib/backlog/decode";
import { RULE_PRESETS } from "@/lib/scoring/rules";
import { findingSchema, perDimensionSchema, ticketDataSchema, workItemKindSchema, workItemTypeSourceSchema } from "@/lib/scoring/types";

/** The column chosen for each field of a ticket (null: not used). */
export const columnMappingSchema = z.object({
  summary: z.string().nullable(),
  description: z.string().nullable(),
  acceptance_criteria: z.string().nullable(),
  key: z.string().nullable(),
  type: z.string().nullable(),
  language: z.string().nullable().optional().describe("The file's language column (ISO 639-1 per row), when it has one."),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** A mapping sent with a score request: any field may be re-pointed to a column, or to null (not used). */
export const mappingOverrideSchema = z.strictObject({
  summary: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  acceptance_criteria: z.string().nullable().optional(),
  key: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});
export type MappingOverride = z.infer<typeof mappingOverrideSchema>;

export const backlogFormatSchema = z.enum(BACKLOG_FORMATS);

export const csvSummarySchema = z.object({ average_overall: z.number(), dimension_averages: perDimensionSchema(z.number()) });
export type CsvSummary = z.infer<typeof csvSummarySchema>;

export const uploadResponseSchema = z
  .object({
    session_id: z.uuid(),
    filename: z.string(),
    format: backlogFormatSchema.describe("The format recognised from the file's shape."),
    format_label: z.string().describe("That format as people call it."),
    row_count: z.number().int(),
    columns: z.array(z.string()),
    mapping: columnMappingSchema.describe("Column chosen for each field (null: not used)."),
    preview: z.array(ticketDataSchema).describe("The first 5 rows as `ticket_data`."),
    expires_at: z.string().describe("Sessions live 24 hours."),
    delimiter: z.string().nullable().describe("`,` `;` tab or `|`; null for JSON and one story per line."),
    encoding: z.enum(TEXT_ENCODINGS).describe(
      "How the bytes were read: UTF-8; UTF-16 when a byte-order mark names it; Windows-1252 when the file is not valid UTF-8 (Excel's plain \"CSV\" on Windows).",
    ),
    sample_rows: z.array(z.record(z.string(), z.string())).describe("The first 5 rows as uploaded (column to cell)."),
    empty_summary_rows: z.array(z.number().int()).describe("Rows (1 = first data row) whose summary is empty: they are not scored."),
    empty_cells: z.record(z.string(), z.array(z.number().int())).describe("For every column, the rows where it is empty."),
    warnings: z
      .array(z.object({ row: z.number().int().describe("1 = first data row."), message: z.string() }))
      .describe(
        "Rows not read as they stand: a CSV row with more fields than the header (a delimiter in a cell without quotes). In a one-column file the fields are joined back into the text and nothing is reported; otherwise each such row is named here with what was left out.",
      ),
    by_work_item_type: z
      .partialRecord(workItemKindSchema, z.number().int())
      .describe(
        "How many of the rows to score are of each kind (story, bug, task, spike, epic) under the detected mapping, as the engine will judge them: the type column's kind, else what the text shows. Only the kinds present.",
      ),
    score_token: z
      .string()
      .describe(
        "Shown once. Scoring the session again (after its first scoring) needs it: send it as `score_token`. The upload also sets it as an HttpOnly cookie for `/evaluate/score`, so the uploading browser sends it by itself; whoever only holds the results link cannot replace the results.",
      ),
  })
  .describe("An upload session (201).");
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const csvScoreRequestSchema = z
  .object({
    session_id: z.string().min(1),
    mapping: mappingOverrideSchema.optional().describe("Overrides fields of the detected mapping (`null`: not used)."),
    score_token: z.string().max(200).optional().describe("The upload's `score_token`: required to score a session again (its cookie does as well)."),
    preset: z.enum(RULE_PRESETS).optional().describe("How the story criteria are read: `default` (when absent), `strict` or `lenient` (docs/rules.md)."),
  })
  .describe("Score an uploaded session.");
export type CsvScoreRequest = z.infer<typeof csvScoreRequestSchema>;

export const csvScoreResponseSchema = z.object({
  session_id: z.uuid(),
  status: z.literal("completed"),
  row_count: z.number().int(),
  scored_count: z.number().int(),
  skipped_rows: z.array(z.number().int()).describe("Rows not scored because their summary is empty."),
  summary: csvSummarySchema.describe("Averages on the stored 0-10 scale."),
});
export type ScoreResponse = z.infer<typeof csvScoreResponseSchema>;

export const storyResultSchema = z.object({
  row: z.number().int().describe("1-based position among the file's non-blank data rows."),
  key: z.string().nullable(),
  type: z.string().nullable().describe("The work item type as the file names it (the mapped type column), null when it gives none."),
  work_item_type: workItemKindSchema.describe(
    "The kind the row was judged as: the one `type` names (Bug, Defect -> bug; Task, Sub-task, Chore -> task; ...), else the one its text shows, else story.",
  ),
  work_item_type_source: workItemTypeSourceSchema.optional().describe(
    "How sure `work_item_type` is: `given` (the type column named it), `text` (the row's wording showed it) or `default` (nothing decided: reported as story, judged on what every kind needs). Absent on results scored before it existed.",
  ),
  language: z.string().describe("The language the row was read in, ISO 639-1: its language column, else the one its text is written in (en when unsure)."),
  summary: z.string(),
  description: z.string().nullable(),
  acceptance_criteria: z.string().nullable(),
  overall_score: z.number(),
  overall_reasoning: z.string().describe("Why the overall score is what it is, as `overall_reasoning` of the score response."),
  individual_scores: perDimensionSchema(z.number()),
  findings: z.array(findingSchema),
  recommendations: z.array(z.string()),
  rewrite: z.string().nullable(),
  /** A compound story as one story per action (never `rewrite`); empty when it is one feature or cannot be cut cleanly. */
  split: z.array(z.string()),
});
export type StoryResult = z.infer<typeof storyResultSchema>;

export const resultsResponseSchema = z.object({
  session_id: z.uuid(),
  status: z.enum(["uploaded", "completed"]).describe("`uploaded` until scored: then `summary` is null and `results` is empty."),
  filename: z.string(),
  /** Null for sessions uploaded before formats were recognised. */
  format: backlogFormatSchema.nullable(),
  row_count: z.number().int(),
  scored_count: z.number().int(),
  skipped_rows: z.array(z.number().int()),
  mapping: columnMappingSchema,
  summary: csvSummarySchema.nullable(),
  preset: z
    .enum(RULE_PRESETS)
    .nullable()
    .describe(
      "The rule preset the results were scored with (`default`, `strict` or `lenient`: docs/rules.md), as the score request chose it. Null until scored, and for sessions scored before the preset was recorded.",
    ),
  created_at: z.string(),
  scored_at: z.string().nullable(),
  expires_at: z.string(),
  results: z.array(storyResultSchema),
});
export type ResultsResponse = z.infer<typeof resultsResponseSchema>;
