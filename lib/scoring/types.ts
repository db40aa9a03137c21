import { z } from "zod";
import { workItemKindSchema, workItemTypeSourceSchema } from "./kind";
import { rulesMetadataSchema, silencedFindingSchema, type Dismissal, type RuleSettingsInput } from "./rules";

export * from "./kind";

export const DIMENSIONS = ["independent", "negotiable", "valuable", "estimable", "small", "testable"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const dimensionSchema = z.enum(DIMENSIONS);

/** How the dimensions are named to people. */
export const DIMENSION_LABELS: Record<Dimension, string> = {
  independent: "Independent",
  negotiable: "Negotiable",
  valuable: "Valuable",
  estimable: "Estimable",
  small: "Small",
  testable: "Testable",
};

export const ticketDataSchema = z.object({
  summary: z.string(),
  key: z.string().optional(),
  description: z.string().optional(),
  acceptance_criteria: z.string().optional(),
  /** The tracker's type name ("Story", "Bug", "Defect", "Sub-task", "Spike", "Epic", ...); absent: the text decides. */
  issue_type: z.string().optional(),
  /** The language the item is written in (ISO 639-1, "de"; "de-AT" is read as "de"); absent: the text decides. */
  language: z.string().max(35).optional(),
});
export type TicketData = z.infer<typeof ticketDataSchema>;

export const contextItemSchema = z.object({
  id: z.string(),
  type: z.string().optional(),
  title: z.string().optional(),
  content: z.string().optional(),
  url: z.string().optional(),
});
export type ContextItem = z.infer<typeof contextItemSchema>;

export const severitySchema = z.enum(["high", "medium", "low"]);
export type Severity = z.infer<typeof severitySchema>;

export const findingFieldSchema = z.enum(["summary", "description", "acceptance_criteria"]);
export type FindingField = z.infer<typeof findingFieldSchema>;

export const findingSchema = z.object({
  code: z.string(),
  dimension: dimensionSchema,
  severity: severitySchema,
  message: z.string(),
  field: findingFieldSchema.optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
});
export type Finding = z.infer<typeof findingSchema>;

// One object schema per dimension key keeps the JSON schema explicit (no additionalProperties maps), which
// structured-output endpoints require.
export function perDimensionSchema<T extends z.ZodType>(value: T) {
  return z.object({
    independent: value,
    negotiable: value,
    valuable: value,
    estimable: value,
    small: value,
    testable: value,
  });
}

const scoreValueSchema = z.number().int().min(0).max(10);

export const dimensionScoreSchema = z.object({
  score: scoreValueSchema,
  reasoning: z.string(),
  improvement_suggestions: z.array(z.string()),
  reference_context: z.array(z.string()),
});
export type DimensionScore = z.infer<typeof dimensionScoreSchema>;

export const modelInfoSchema = z.object({
  provider: z.string(),
  model_name: z.string(),
  temperature: z.number(),
});

export const tokenUsageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

export const contextUsageStatsSchema = z.object({
  total_context_items_available: z.number().int(),
  context_items_referenced: z.number().int(),
  references_per_dimension: perDimensionSchema(z.number().int()),
});

export const scoringMetadataSchema = z.object({
  model: modelInfoSchema,
  prompt_version: z.string(),
  /** What the item was judged as: the kind its type names, else the kind its text shows, else a story. */
  work_item_type: workItemKindSchema,
  /** How the kind was decided: given by the tracker's type, shown by the text, or a default (kind.ts). Absent on results stored before it existed. */
  work_item_type_source: workItemTypeSourceSchema.optional(),
  /** The language the item was read in (ISO 639-1): the one the ticket names, else the one its text is written in. */
  language: z.string().optional(),
  token_usage: tokenUsageSchema,
  enriched_context_references: perDimensionSchema(z.array(z.string())),
  context_usage_stats: contextUsageStatsSchema,
  /** The rule settings the score ran under; every score made since rule settings exist records them. */
  rules: rulesMetadataSchema.optional(),
});
export type ScoringMetadata = z.infer<typeof scoringMetadataSchema>;

export const scoringResultSchema = z.object({
  overall_score: z.number().min(0).max(10).describe(
    "Out of 10, one decimal: the mean of the six dimensions pulled toward the weakest by the share F / (F + 8) of the gap, F being the points the dimensions fall below 7 in total. Always between the lowest and the highest dimension; never falls when a dimension rises; six equal scores give that score.",
  ),
  overall_reasoning: z.string().describe(
    'Why the overall score is what it is: "60%: Testable 20% (no acceptance criteria) pulls it down from a mean of 85%; all the recommendations together reach 100%."',
  ),
  individual_scores: perDimensionSchema(scoreValueSchema),
  scores: perDimensionSchema(dimensionScoreSchema),
  reasoning_per_dimension: perDimensionSchema(z.string()),
  recommendations: z.array(z.string()),
  context_references: perDimensionSchema(z.array(z.string())),
  metadata: scoringMetadataSchema,
  findings: z.array(findingSchema).describe(
    "Every defect behind a lost point: its code, the dimension it lowers, its severity, what was found, and where (`field`, `start`, `end`).",
  ),
  rewrite: z.string().nullable(),
  /** A compound story as one story per action the user asks for (never `rewrite`); empty when none is offered. */
  split: z.array(z.string()),
  silenced_findings: z.array(silencedFindingSchema).optional().describe(
    "Findings silenced for this ticket (an `invest-ignore:` line of its description, or dismissed on the story page), each with `silenced_by` and its `reason`: listed, never hidden, and costing nothing.",
  ),
});
export type ScoringResult = z.infer<typeof scoringResultSchema>;

export type PerDimension<T> = Record<Dimension, T>;

export interface ScoringItem {
  ticket: TicketData;
  context?: ContextItem[];
  /** Findings dismissed on the story page for this text, each with its reason. */
  dismissals?: Dismissal[];
}

/** How a score is read: the team's rule settings (lib/scoring/rules.ts). */
export interface ScoreOptions {
  rules?: RuleSettingsInput;
}

/** Every engine (heuristic, openai) implements this; the gateway and the CLI code against it only. */
export interface ScoringEngine {
  readonly name: string;
  /** "expensive" engines (a remote model) are worth a quota pre-check before scoring; "cheap" ones are not. */
  readonly cost?: "cheap" | "expensive";
  score(ticket: TicketData, context?: ContextItem[], options?: ScoreOptions & { dismissals?: Dismissal[] }): Promise<ScoringResult>;
  scoreBatch(items: ScoringItem[], options?: ScoreOptions): Promise<ScoringResult[]>;
}
