// Shapes of the public CSV flow shared by the route handlers and the pages (no server-only imports here).
import type { BacklogFormat } from "@/lib/backlog/formats";
import type { Dimension, Finding, PerDimension, TicketData } from "@/lib/scoring/types";

export type { BacklogFormat };

export { DIMENSIONS } from "@/lib/scoring/types";
export type { Dimension, Finding, PerDimension, TicketData };

export const MAX_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_ROWS = 1000;
export const PREVIEW_ROWS = 5;
export const SESSION_TTL_HOURS = 24;

export const MAPPING_FIELDS = ["summary", "description", "acceptance_criteria", "key", "type"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

// The requests' and answers' shapes, inferred from their zod schemas (./schemas.ts).
export type { ColumnMapping, CsvSummary, ResultsResponse, ScoreResponse, StoryResult, UploadResponse } from "./schemas";

/** Stored 0-10 scores are shown as whole percentages: a stored 7 is 70%. */
export function percent(score: number): number {
  return Math.round(score * 10);
}
