// Zod schemas of the public /api/v1 contract: used to parse requests, shape responses and generate OpenAPI.
import { z } from "zod";
import { contextItemSchema, scoringResultSchema, workItemKindSchema, workItemTypeSourceSchema } from "@/lib/scoring";

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();
const nonBlank = (value: string) => value.trim().length > 0;

export const MAX_CONTEXT_ITEMS = 200;

export const ticketDataInputSchema = z
  .object({
    summary: z.string().max(20_000, "must be at most 20000 characters").refine(nonBlank, "must be a non-empty string"),
    key: optionalText(256),
    description: optionalText(200_000),
    acceptance_criteria: optionalText(200_000),
    issue_type: optionalText(128).describe(
      'The tracker\'s type name ("Story", "Bug", "Defect", "Task", "Sub-task", "Chore", "Spike", "Epic", "Improvement", ...). It decides `metadata.work_item_type` (story, bug, task, spike or epic) and the evidence each dimension is judged by; absent or unrecognised: the text decides, else story. Not part of the billing identity.',
    ),
    language: optionalText(35).describe(
      'The language the item is written in, ISO 639-1 ("de"; "de-AT" is read as "de"). It decides `metadata.language`; absent: detected from the text (English when unsure). German, French, Spanish and Portuguese are read with their own template and words; any other language is named, its wording not checked. Not part of the billing identity.',
    ),
  })
  .describe("The work item. Only `summary` is required; the optional fields improve scoring accuracy.");

export const scoreRequestSchema = z
  .object({
    ticket_id: z.string().min(1, "must be a non-empty string").max(256, "must be at most 256 characters"),
    customer_id: z.string().max(64).optional().describe("Resolved from the API key; when sent it must match it."),
    external_id: z
      .string()
      .min(1, "must be a non-empty string")
      .max(512, "must be at most 512 characters")
      .optional()
      .describe("Stable caller record id; drives billing identity."),
    ticket_data: ticketDataInputSchema,
    context_items: z
      .array(contextItemSchema)
      .max(MAX_CONTEXT_ITEMS, `must have at most ${MAX_CONTEXT_ITEMS} items`)
      .optional()
      .describe("Retrieval context: `{id, type?, title?, content?, url?}`; cited ids come from these."),
  })
  .describe("Score request (synchronous).");
export type ScoreRequest = z.infer<typeof scoreRequestSchema>;

export const scoreResponseSchema = scoringResultSchema
  .extend({
    status: z.literal("completed"),
    job_id: z.uuid(),
    ticket_id: z.string(),
    recommendations: scoringResultSchema.shape.recommendations.describe(
      "Distinct fixes, the best first, each with what it gains alone, in percentage points of the overall (\"(+38% overall)\": 60% becomes 98% with that fix alone); with two or more, a last line says what all of them give together (\"All of these together: 60% → 100%.\"): single gains overlap and do not add up.",
    ),
    metadata: scoringResultSchema.shape.metadata.extend({
      work_item_type: workItemKindSchema.describe(
        "What the item was judged as: `story`, `bug`, `task`, `spike` or `epic`. The kind `ticket_data.issue_type` names (Defect -> bug, Sub-task or Chore -> task, ...), else the kind the text shows, else story. Each kind is judged by its own evidence (a bug's expected and actual result and steps, a task's done condition, a spike's question, timebox and output, an epic's scope and breakdown).",
      ),
      work_item_type_source: workItemTypeSourceSchema.optional().describe(
        "How sure `work_item_type` is: `given` (the tracker's type named it), `text` (the ticket's wording showed it: a label, a story sentence, a bug report's steps and results, a stated failure, technical work, a request for something a user wants) or `default` (nothing decided: reported as `story` but judged on what every kind needs, what, why, when it is done and how big, never on the story template). Absent on results stored before it existed.",
      ),
      language: z.string().describe(
        'The language the item was read in, ISO 639-1: `ticket_data.language` when given, else detected from the text ("en" when unsure).',
      ),
      timestamp: z.string().describe("ISO 8601 in UTC, without a zone suffix (as in the specification's sample shape)."),
      processing_time_ms: z.number(),
      service_version: z.string(),
    }),
    split: scoringResultSchema.shape.split.describe(
      "A compound story split into one story per action the user asks for, each keeping the role, the conditions and the benefit; never equal to `rewrite` (the whole story with its safe fixes). Empty when the story is one feature or cannot be cut cleanly (its recommendations then name the features).",
    ),
  })
  .describe("Score response (synchronous, 200). `findings`, `rewrite` and `split` go beyond the specification's fields.");
export type ScoreResponse = z.infer<typeof scoreResponseSchema>;

export const errorSchema = z
  .object({ error: z.string(), message: z.string(), details: z.array(z.string()) })
  .describe("Gateway error shape.");

export const quotaExhaustedSchema = z
  .object({
    error: z.string(),
    code: z.literal("QUOTA_EXHAUSTED"),
    message: z.string(),
    plan: z.string(),
    quota: z.number().int(),
    used: z.number().int(),
    reset_at: z.string().describe("ISO 8601 UTC: the first instant of the next UTC month."),
    upgrade_url: z.url(),
    already_counted: z.boolean(),
  })
  .describe("Refusal of a new story when the monthly quota is exhausted (429).");
