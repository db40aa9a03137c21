// The dashboard's figures as the stats routes answer them (GET /stats/summary, /trends, /dimensions, /stories):
// the services' return types are inferred from these, and lib/api/openapi/stats.ts documents them.
import { z } from "zod";
import { dimensionSchema, perDimensionSchema, workItemKindSchema } from "@/lib/scoring/types";

/** An average on the stored 0-10 scale; null when nothing was averaged. */
const average = z.number().nullable();

export const quotaSummarySchema = z.object({
  customer_id: z.string(),
  plan: z.string(),
  quota: z.number().int(),
  used: z.number().int(),
  reset_at: z.string(),
});
export type QuotaSummary = z.infer<typeof quotaSummarySchema>;

/** The averages of the stories of one kind. */
export const kindSummarySchema = z.object({
  story_count: z.number().int(),
  average_overall: average,
  dimension_averages: perDimensionSchema(average),
});
export type KindSummary = z.infer<typeof kindSummarySchema>;

export const statsSummarySchema = z.object({
  story_count: z.number().int(),
  run_count: z.number().int(),
  average_overall: average.describe("Average of each story's latest overall score (0-10), null when there are no stories."),
  dimension_averages: perDimensionSchema(average),
  by_work_item_type: z
    .partialRecord(workItemKindSchema, kindSummarySchema)
    .describe("The same averages per kind (story, bug, task, spike, epic) the stories were judged as; only the kinds present."),
  quota: quotaSummarySchema
    .omit({ customer_id: true })
    .nullable()
    .describe("This month's usage of the one customer in scope; null when the scope spans several customers."),
  quotas: z.array(quotaSummarySchema).describe("One entry per customer in scope."),
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

export const trendPointSchema = z.object({
  period_start: z.string().describe("Start of the UTC period (weeks start on Monday), ISO 8601."),
  stories: z.number().int().describe("Distinct stories scored in the period."),
  average_overall: average.describe("Average, over those stories, of each one's last score in the period (0-10); null for an empty period."),
  dimension_averages: perDimensionSchema(average),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;
export const trendsSchema = z.array(trendPointSchema);

export const dimensionStatsSchema = z.object({
  average: average.describe("Average of the stories' latest score on this dimension (0-10); null without stories."),
  histogram: z.array(z.number().int()).describe("Stories per whole score: index 0 counts the stories scored 0, ..., index 10 those scored 10."),
  share_below_5: z.number().nullable().describe("Share (0-1) of the stories scoring below 5 on this dimension."),
});
export type DimensionStats = z.infer<typeof dimensionStatsSchema>;

export const dimensionsBreakdownSchema = z.object({
  story_count: z.number().int(),
  weakest_dimension: dimensionSchema.nullable().describe("The dimension with the lowest average: what to work on first. Null without stories."),
  dimensions: perDimensionSchema(dimensionStatsSchema),
});
export type DimensionsBreakdown = z.infer<typeof dimensionsBreakdownSchema>;

export const storyListItemSchema = z.object({
  // The dashboard's story URL is /dashboard/stories/{ticket_ref}.
  ticket_ref: z
    .string()
    .describe("The story as a person knows it, scoped to the customer: its `ticket_data.key`, else its `ticket_id`, else (no id at all) its billing identity."),
  title: z.string().describe("Its summary (the latest run's); the same as `summary`."),
  story_identity: z.string().describe("The billing identity of its latest run (external id or `sha256:` content hash)."),
  identity_resolution: z.enum(["external_id", "content_hash"]),
  ticket_key: z.string().nullable(),
  summary: z.string(),
  overall_score: z.number().nullable(),
  individual_scores: z.record(z.string(), z.number()).nullable(),
  run_count: z.number().int(),
  last_scored_at: z.string(),
  customer_id: z.string(),
  work_item_type: workItemKindSchema.describe("The kind the latest run judged the story as."),
  language: z.string().describe("The language the latest run read the story in (ISO 639-1)."),
  url: z.string().nullable().describe("Imported from a tracker: the issue's link there; null otherwise."),
  source: z.string().nullable().describe("Imported from a tracker: which one (`jira`, `github` or `linear`); null otherwise."),
});
export type StoryListItem = z.infer<typeof storyListItemSchema>;

export const storyPageSchema = z.object({
  items: z.array(storyListItemSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type StoryPage = z.infer<typeof storyPageSchema>;
