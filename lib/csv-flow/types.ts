// Shapes of the public CSV flow shared by the route handlers and the pages (no server-only imports here).
import type { BacklogFormat } from "@/lib/backlog/formats";
import type { Dimension, Finding, PerDimension, TicketData, WorkItemKind, WorkItemTypeSource } from "@/lib/scoring/types";
import type { TextEncodingName } from "@/lib/backlog/decode";

export type { BacklogFormat };

export { DIMENSIONS } from "@/lib/scoring/types";
export type { Dimension, Finding, PerDimension, TicketData };

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_ROWS = 1000;
export const PREVIEW_ROWS = 5;
export const SESSION_TTL_HOURS = 24;

export const MAPPING_FIELDS = ["summary", "description", "acceptance_criteria", "key", "type"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type ColumnMapping = Record<MappingField, string | null>;


export interface UploadResponse {
  session_id: string;
  filename: string;
  /** The format recognised from the file's shape ("jira-csv", "azure-devops-csv", "github-json", ...). */
  format: BacklogFormat;
  /** That format as people call it ("Jira CSV export"). */
  format_label: string;
  row_count: number;
  columns: string[];
  mapping: ColumnMapping;
  preview: TicketData[];
  expires_at: string;
  /** "," ";" "\t" "|", or null for a text file with one story per line. */
  delimiter: string | null;
  /** How the bytes were read: "utf-8", "utf-16le"/"utf-16be" (named by a byte-order mark) or "windows-1252" (not valid UTF-8). */
  encoding: TextEncodingName;
  /** The first rows as uploaded (column -> cell), so a page can preview another mapping. */
  sample_rows: Record<string, string>[];
  /** Row numbers (1 = first data row) whose summary cell is empty under the detected mapping. */
  empty_summary_rows: number[];
  /** For every column, the rows where it is empty: which rows a different summary column would skip. */
  empty_cells: Record<string, number[]>;
  /** Rows not read as they stand: a CSV row with more fields than the header (1 = first data row). */
  warnings: { row: number; message: string }[];
  /**
   * The rows to score of each kind under the detected mapping, as the engine will judge them (the type column's
   * kind, else the text's); only the kinds present. The page says "stories" only when every row is one.
   */
  by_work_item_type: Partial<Record<WorkItemKind, number>>;
  /** Shown once: scoring the session again needs it (also set as a cookie for POST /evaluate/score). */
  score_token: string;
}

export interface CsvSummary {
  average_overall: number;
  dimension_averages: PerDimension<number>;
}

export interface StoryResult {
  row: number;
  key: string | null;
  /** The work item type the file gives (Story, Bug, Task, ...), null when it gives none. */
  type: string | null;
  /** The kind it was judged as: the one `type` names, else the one its text shows, else story. */
  work_item_type: WorkItemKind;
  /** How sure the kind is: `given` (the type column named it), `text`, or `default` (nothing decided; judged neutrally). Absent on results scored before it existed. */
  work_item_type_source?: WorkItemTypeSource;
  /** The language it was read in (ISO 639-1): the file's language column, else the one its text is written in. */
  language: string;
  summary: string;
  description: string | null;
  acceptance_criteria: string | null;
  overall_score: number;
  /** Why the overall score is what it is (lib/scoring/overall.ts `explainOverall`). */
  overall_reasoning: string;
  individual_scores: PerDimension<number>;
  findings: Finding[];
  recommendations: string[];
  rewrite: string | null;
  /** A compound story as one story per action (never `rewrite`); empty when it is one feature or cannot be cut cleanly. */
  split: string[];
}

export interface ScoreResponse {
  session_id: string;
  status: "completed";
  row_count: number;
  scored_count: number;
  skipped_rows: number[];
  summary: CsvSummary;
}

export interface ResultsResponse {
  session_id: string;
  status: "uploaded" | "completed";
  filename: string;
  /** The format recognised at upload; null for sessions uploaded before formats were recognised. */
  format: BacklogFormat | null;
  row_count: number;
  scored_count: number;
  skipped_rows: number[];
  mapping: ColumnMapping;
  summary: CsvSummary | null;
  created_at: string;
  scored_at: string | null;
  expires_at: string;
  results: StoryResult[];
}

/** Stored 0-10 scores are shown as whole percentages: a stored 7 is 70%. */
export function percent(score: number): number {
  return Math.round(score * 10);
}
