// The OpenAPI 3.1 document, generated from the same zod schemas the handlers parse with (z.toJSONSchema emits
// JSON Schema 2020-12, which is OpenAPI 3.1's schema dialect). Every /api/v1 endpoint is registered here, with
// the public CSV flow, and the signed callback under `webhooks`. The examples are what the handlers answer
// (captured from them, and checked against the schemas and the engine by openapi.test.ts), so programs that
// read this document get the same examples people see on /docs.
import { Webhook } from "standardwebhooks";
import { z } from "zod";
import { provisionCustomerSchema, provisionedCustomerSchema, createUserSchema, createdUserSchema } from "@/lib/admin/schemas";
import type { MappingOverride } from "@/lib/csv-flow/schemas";
import type { ResultsResponse, ScoreResponse as CsvScoreResponse, UploadResponse } from "@/lib/csv-flow/types";
import { dismissalsSchema, dismissSchema, restoreSchema } from "@/lib/rules/schemas";
import { ruleSettingsSchema, RULE_PRESETS } from "@/lib/scoring/rules";
import { DIMENSIONS, findingSchema, ticketDataSchema, workItemKindSchema, workItemTypeSourceSchema, type Dimension, type PerDimension } from "@/lib/scoring/types";
import { RESPONSE_FORMATS, VIOLATION_REASONS } from "@/lib/scoring/openai/formats";
import type { DimensionsBreakdown } from "@/lib/stats/dimensions";
import type { StoryPage } from "@/lib/stats/stories";
import type { StatsSummary } from "@/lib/stats/summary";
import type { TrendPoint } from "@/lib/stats/trends";
import { SERVICE_VERSION } from "@/lib/version";
import { connectionListSchema, connectionSchema, createConnectionSchema, updateConnectionSchema, type ConnectionView } from "@/lib/trackers/schemas";
import { apiKeyListSchema, apiKeySchema, auditEventListSchema, createdKeySchema, createKeySchema } from "@/lib/account/schemas";
import {
  acceptedSchema,
  callbackPayloadSchema,
  deliveryListSchema,
  deliverySchema,
  deliveryStatusFilterSchema,
  evaluateRequestSchema,
  installationListSchema,
  installationSchema,
  jobStatusSchema,
  pingPayloadSchema,
  registeredInstallationSchema,
  registerInstallationSchema,
  rotatedInstallationSchema,
  updateInstallationSchema,
} from "@/lib/integrations/schemas";
import { errorSchema, quotaExhaustedSchema, scoreRequestSchema, scoreResponseSchema, type ScoreRequest, type ScoreResponse } from "@/lib/pipeline/schemas";

const ruleSettingsViewSchema = z
  .object({
    preset: z.enum(RULE_PRESETS),
    codes: z.record(z.string(), z.object({ enabled: z.boolean().optional(), cost: z.number().int().min(1).max(10).optional() })),
    version: z.string().describe("What scores made under these settings record in `metadata.rules.version`."),
    updated_by: z.string().nullable().describe("Who saved them last: a dashboard user's email or an API key's prefix; null before any save."),
    updated_at: z.string().nullable(),
  })
  .describe("The account's rule settings.");
const RULES_EXAMPLE = {
  preset: "lenient",
  codes: { "atomic.two_objects": { enabled: false }, "valuable.no_benefit": { cost: 5 } },
  version: "rules-1+3f9a2c41",
  updated_by: "dana@acme.example",
  updated_at: "2026-11-26T10:02:11.000Z",
};

type Method = "get" | "post" | "put" | "patch" | "delete";
type Security = "apiKey" | "apiKeyOrSession" | "installationSecret" | "adminToken" | "none";

export interface Response {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, string>;
  /** One example (`examples.default`), or several named ones. */
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
  /** Another media type the same status can answer with (the results as CSV), with its example. */
  alternative?: { mediaType: string; description: string; example: string };
}

export interface Operation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  parameters?: { name: string; in: "path" | "query" | "header"; required?: boolean; description: string; schema?: z.ZodType; example?: string }[];
  body?: z.ZodType;
  /** The body is sent as multipart/form-data (a file upload) rather than JSON. */
  multipart?: boolean;
  bodyExample?: unknown;
  /** Further request examples shown beside the default one. */
  moreBodyExamples?: Record<string, { summary: string; value: unknown }>;
  responses: Record<string, Response>;
}

// ---------------------------------------------------------------------------------------------------------
// Examples. Captured from the handlers (a customer on the free plan, the heuristic engine) and kept true by
// openapi.test.ts: each parses with its schema, and the score example is what the engine answers for the
// example request.

const STORY = "As a shopper, I want to save my cart so that I can finish checkout later.";
const CLOUD_ID = "acme.atlassian.net";
const JOB_ID = "5b0e7c8a-1f2d-4e3b-9a6c-7d8e9f0a1b2c";
const INSTALLATION_ID = "0f880dcc-cc37-4710-bfdd-826c2d4edddb";
const SESSION_ID = "d7e91c89-3a75-419d-aff6-bc3d090b3d44";
const AT = "2026-11-23T09:36:43.403Z";

function perDimension<T>(value: (dimension: Dimension) => T): PerDimension<T> {
  return Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, value(dimension)])) as PerDimension<T>;
}

export const SCORE_REQUEST_EXAMPLE: ScoreRequest = { ticket_id: "SHOP-1", ticket_data: { summary: STORY, key: "SHOP-1" } };

/** A bug as a tracker names it: judged as a bug (`metadata.work_item_type` "bug"), by a bug's evidence. */
export const SCORE_REQUEST_BUG_EXAMPLE: ScoreRequest = {
  ticket_id: "SHOP-7",
  ticket_data: {
    summary: "Checkout shows a blank page when the cart holds a discounted item",
    key: "SHOP-7",
    issue_type: "Defect",
    description:
      "Every shopper with a discount code is affected and cannot pay.\nSteps to reproduce: add a discounted item, open checkout (web 4.2, Chrome 131).\nExpected: the payment form. Actual: a blank page.",
  },
};

const EXAMPLE_SCORES: PerDimension<number> = { independent: 10, negotiable: 10, valuable: 10, estimable: 9, small: 10, testable: 2 };
const EXAMPLE_REASONING: PerDimension<string> = {
  independent: "Independent 100%. No reference to other tickets or to work it waits for.",
  negotiable: "Negotiable 100%. States the need without prescribing a design or adding notes.",
  valuable: 'Valuable 100%. Names the user ("shopper") and the benefit ("I can finish checkout later").',
  estimable: "Estimable 90%. Lost 10%: nothing beyond the summary to size from (10%). Fixing it raises Estimable to 100%.",
  small: "Small 100%. No sign of more than one feature.",
  testable: "Testable 20%. Lost 80%: no acceptance criteria (80%). Fixing it raises Testable to 100%.",
};
const ADD_CRITERIA = "Add checkable conditions, one per line, as Given/When/Then with the expected result.";
const ADD_DESCRIPTION = "Add a short description of the situation and the expected result.";
const EXAMPLE_SUGGESTIONS: Partial<PerDimension<string[]>> = { estimable: [ADD_DESCRIPTION], testable: [ADD_CRITERIA] };
const EXAMPLE_FINDINGS = [
  {
    code: "testable.no_acceptance_criteria",
    dimension: "testable",
    severity: "high",
    message: "The story has no acceptance criteria: nothing says when it is done.",
  },
  {
    code: "estimable.no_detail",
    dimension: "estimable",
    severity: "low",
    message: "No description or acceptance criteria: the team sizes it from one sentence.",
  },
] satisfies ScoreResponse["findings"];
const TOGETHER = "Each gain above is for that fix alone; the gains overlap, so they do not add up.";
const EXAMPLE_RECOMMENDATIONS = [`${ADD_CRITERIA} (+38% overall)`, `${ADD_DESCRIPTION} (+1% overall)`, `All of these together: 60% → 100%. ${TOGETHER}`];
const EXAMPLE_OVERALL_REASONING =
  "60%: Testable 20% (no acceptance criteria) pulls it down from a mean of 85%; all the recommendations together reach 100%.";

export const SCORE_RESPONSE_EXAMPLE: ScoreResponse = {
  status: "completed",
  job_id: "8c4e2a51-6b7d-4f3e-9c1a-2d5b8e7f6a90",
  ticket_id: "SHOP-1",
  overall_score: 6,
  overall_reasoning: EXAMPLE_OVERALL_REASONING,
  individual_scores: EXAMPLE_SCORES,
  scores: perDimension((dimension) => ({
    score: EXAMPLE_SCORES[dimension],
    reasoning: EXAMPLE_REASONING[dimension],
    improvement_suggestions: EXAMPLE_SUGGESTIONS[dimension] ?? [],
    reference_context: [],
  })),
  reasoning_per_dimension: EXAMPLE_REASONING,
  recommendations: EXAMPLE_RECOMMENDATIONS,
  context_references: perDimension(() => []),
  metadata: {
    model: { provider: "heuristic", model_name: "invest-heuristic", temperature: 0 },
    prompt_version: "heuristic-3.1",
    work_item_type: "story",
    work_item_type_source: "text",
    language: "en",
    token_usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
    enriched_context_references: perDimension(() => []),
    context_usage_stats: { total_context_items_available: 0, context_items_referenced: 0, references_per_dimension: perDimension(() => 0) },
    timestamp: "2026-11-23T09:36:43.021",
    processing_time_ms: 3.42,
    service_version: SERVICE_VERSION,
    rules: { preset: "default", version: "rules-1" },
  },
  findings: EXAMPLE_FINDINGS,
  rewrite: null,
  split: [],
  silenced_findings: [],
};

const QUOTA_EXAMPLE: z.infer<typeof quotaExhaustedSchema> = {
  error: "quota_exhausted",
  code: "QUOTA_EXHAUSTED",
  message:
    "The free plan's quota of 25 new stories this month is used up; re-scores of counted stories stay free. New stories are accepted again at 2026-12-01T00:00:00.000Z.",
  plan: "free",
  quota: 25,
  used: 25,
  reset_at: "2026-12-01T00:00:00.000Z",
  upgrade_url: "https://stories.example.com/pricing",
  already_counted: false,
};

const ISSUE_EXAMPLE = {
  webhookEvent: "jira:issue_updated",
  cloudId: CLOUD_ID,
  issue: {
    key: "SHOP-1",
    fields: {
      summary: STORY,
      description: "Shoppers on mobile often leave before paying.\n\nh3. Acceptance criteria\n* Given items in the cart, when I sign in on another device, then the cart shows the same items",
      issuetype: { name: "Story" },
    },
  },
};

const INSTALLATION_EXAMPLE: z.infer<typeof installationSchema> = {
  installation_id: INSTALLATION_ID,
  cloudId: CLOUD_ID,
  source: "jira",
  callback_url: "https://hooks.acme.example/stories",
  enabled: true,
  disabled_reason: null,
  created_at: AT,
  updated_at: AT,
};

// A made-up signing secret in the Standard Webhooks format (whsec_ + base64 of 32 bytes), never a real one.
export const WEBHOOK_SECRET_EXAMPLE = `whsec_${Buffer.from("story-scoring-docs-example-key!!").toString("base64")}`;

const REGISTERED_EXAMPLE: z.infer<typeof registeredInstallationSchema> = {
  installation_id: INSTALLATION_ID,
  cloudId: CLOUD_ID,
  source: "jira",
  callback_url: "https://hooks.acme.example/stories",
  created_at: AT,
  secret: "sss_UwcOFoewE5DoEtvjj4ri6YE4UD9YW5dBKVef-Awr2gI",
  webhook_secret: WEBHOOK_SECRET_EXAMPLE,
};

export const CALLBACK_EXAMPLES: Record<"completed" | "failed", z.infer<typeof callbackPayloadSchema>> = {
  completed: {
    type: "score.completed",
    job_id: JOB_ID,
    cloudId: CLOUD_ID,
    source: "jira",
    issue_key: "SHOP-1",
    story_identity: `${CLOUD_ID}:SHOP-1`,
    identity_resolution: "external_id",
    score: { ...SCORE_RESPONSE_EXAMPLE, job_id: JOB_ID },
    timestamp: "2026-11-23T09:36:44.112Z",
  },
  failed: {
    type: "score.failed",
    job_id: JOB_ID,
    cloudId: CLOUD_ID,
    source: "jira",
    issue_key: "SHOP-1",
    story_identity: `${CLOUD_ID}:SHOP-1`,
    identity_resolution: "external_id",
    error: "Scoring failed.",
    timestamp: "2026-11-23T09:36:44.112Z",
  },
};

/** The headers of the example delivery, signed with the example secret over the compact JSON of the failed payload. */
export const WEBHOOK_DELIVERY_EXAMPLE = signedDelivery(`msg_${JOB_ID}`, CALLBACK_EXAMPLES.failed);

/** A delivery as sent: the raw body and its headers, signed with the example secret. */
function signedDelivery(webhookId: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const sentAt = new Date("2026-11-23T09:36:45.000Z");
  return {
    secret: WEBHOOK_SECRET_EXAMPLE,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "StoryScoringService-Webhooks/1",
      "webhook-id": webhookId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": new Webhook(WEBHOOK_SECRET_EXAMPLE).sign(webhookId, sentAt, body),
    },
  };
}

const STATS_SUMMARY_EXAMPLE: StatsSummary = {
  story_count: 1,
  run_count: 1,
  average_overall: 6,
  dimension_averages: EXAMPLE_SCORES,
  by_work_item_type: { story: { story_count: 1, average_overall: 6, dimension_averages: EXAMPLE_SCORES } },
  quota: { plan: "free", quota: 25, used: 1, reset_at: "2026-12-01T00:00:00.000Z" },
  quotas: [{ customer_id: "acme", plan: "free", quota: 25, used: 1, reset_at: "2026-12-01T00:00:00.000Z" }],
};

const STATS_TRENDS_EXAMPLE: TrendPoint[] = [
  { period_start: "2026-11-09T00:00:00.000Z", stories: 0, average_overall: null, dimension_averages: perDimension(() => null) },
  { period_start: "2026-11-16T00:00:00.000Z", stories: 1, average_overall: 6, dimension_averages: EXAMPLE_SCORES },
];

const STATS_DIMENSIONS_EXAMPLE: DimensionsBreakdown = {
  story_count: 1,
  weakest_dimension: "testable",
  dimensions: perDimension((dimension) => ({
    average: EXAMPLE_SCORES[dimension],
    histogram: Array.from({ length: 11 }, (_, score) => (score === EXAMPLE_SCORES[dimension] ? 1 : 0)),
    share_below_5: EXAMPLE_SCORES[dimension] < 5 ? 1 : 0,
  })),
};

const STATS_STORIES_EXAMPLE: StoryPage = {
  items: [
    {
      ticket_ref: "SHOP-12",
      title: STORY,
      story_identity: "sha256:6b17e3a5cb4abcedadc47b54f76b636d6421a55368862b46caedccd11b8583d5",
      identity_resolution: "content_hash",
      ticket_key: null,
      summary: STORY,
      overall_score: 6,
      individual_scores: EXAMPLE_SCORES,
      run_count: 1,
      last_scored_at: "2026-11-23T09:36:43.024Z",
      customer_id: "acme",
      work_item_type: "story",
      language: "en",
      url: null,
      source: null,
    },
  ],
  page: 1,
  page_size: 25,
  total: 1,
};

// The CSV flow: a two-row Jira export and what the three endpoints answer for it.
const CSV_MAPPING = { summary: "Summary", description: "Description", acceptance_criteria: "Acceptance criteria", key: "Issue key", type: null };
const CSV_SUMMARY = { average_overall: 4.9, dimension_averages: { independent: 10, negotiable: 10, valuable: 6, estimable: 7, small: 10, testable: 2 } };

const UPLOAD_EXAMPLE: UploadResponse = {
  session_id: SESSION_ID,
  filename: "backlog.csv",
  format: "jira-csv",
  format_label: "Jira CSV export",
  row_count: 2,
  columns: ["Issue key", "Summary", "Description", "Acceptance criteria"],
  mapping: CSV_MAPPING,
  preview: [
    { summary: STORY, key: "SHOP-1" },
    { summary: "Cart export", key: "SHOP-2" },
  ],
  expires_at: "2026-11-24T09:36:44.788Z",
  delimiter: ",",
  encoding: "utf-8",
  sample_rows: [
    { "Issue key": "SHOP-1", Summary: STORY, Description: "", "Acceptance criteria": "" },
    { "Issue key": "SHOP-2", Summary: "Cart export", Description: "", "Acceptance criteria": "" },
  ],
  empty_summary_rows: [],
  empty_cells: { "Issue key": [], Summary: [], Description: [1, 2], "Acceptance criteria": [1, 2] },
  warnings: [],
  by_work_item_type: { story: 2 },
  score_token: "f3Xk2mQ9vLr7TtY1bZ8cWn4pHs6dJg0aKe5uVo3yRiE",
};

const CSV_SCORE_EXAMPLE: CsvScoreResponse = {
  session_id: SESSION_ID,
  status: "completed",
  row_count: 2,
  scored_count: 2,
  skipped_rows: [],
  summary: CSV_SUMMARY,
};

const RESULTS_EXAMPLE: ResultsResponse = {
  session_id: SESSION_ID,
  status: "completed",
  filename: "backlog.csv",
  format: "jira-csv",
  row_count: 2,
  scored_count: 2,
  skipped_rows: [],
  mapping: CSV_MAPPING,
  summary: CSV_SUMMARY,
  created_at: "2026-11-23T09:36:44.788Z",
  scored_at: "2026-11-23T09:36:44.843Z",
  expires_at: "2026-11-24T09:36:44.788Z",
  results: [
    {
      row: 1,
      key: "SHOP-1",
      type: null,
      work_item_type: "story",
      language: "en",
      summary: STORY,
      description: null,
      acceptance_criteria: null,
      overall_score: 6,
      overall_reasoning: EXAMPLE_OVERALL_REASONING,
      individual_scores: EXAMPLE_SCORES,
      findings: EXAMPLE_FINDINGS,
      recommendations: EXAMPLE_RECOMMENDATIONS,
      rewrite: null,
      split: [],
    },
    {
      row: 2,
      key: "SHOP-2",
      type: null,
      work_item_type: "story",
      language: "en",
      summary: "Cart export",
      description: null,
      acceptance_criteria: null,
      overall_score: 3.8,
      overall_reasoning:
        "38%: Valuable 20% (no reason it matters), Testable 20% (nothing says when it is done) and Estimable 50% (nothing beyond the summary to size from) " +
        "pull it down from a mean of 65%; all the recommendations together reach 100%.",
      individual_scores: { independent: 10, negotiable: 10, valuable: 2, estimable: 5, small: 10, testable: 2 },
      findings: [
        {
          code: "work_item.no_done_condition",
          dimension: "testable",
          severity: "high",
          message: "The ticket does not say when it is done: no criteria, no expected result, no list of what must hold.",
        },
        {
          code: "work_item.no_reason",
          dimension: "valuable",
          severity: "high",
          message: "The ticket does not say why it matters: nobody affected, no problem, no goal. The ticket is a title and nothing else.",
        },
        {
          code: "estimable.no_detail",
          dimension: "estimable",
          severity: "high",
          message: "A few words and no description or acceptance criteria: nothing to size from.",
          field: "summary",
          start: 0,
          end: 11,
        },
      ],
      recommendations: [
        'Say who needs it or what goes wrong without it ("because ...", "so that ...", a Background section). (+13% overall)',
        "Add what must be true when it is done: a short list of checks, or the expected result. (+13% overall)",
        "Describe what is needed and why, and add acceptance criteria. (+6% overall)",
        `All of these together: 38% → 100%. ${TOGETHER}`,
      ],
      rewrite: null,
      split: [],
    },
  ],
};

const RESULTS_CSV_EXAMPLE = [
  "row,key,type,work_item_type,language,summary,overall (%),overall_reasoning,independent (%),negotiable (%),valuable (%),estimable (%),small (%),testable (%),findings,recommendations,rewrite,split,note",
  `1,SHOP-1,,story,en,"${STORY}",60,"${EXAMPLE_OVERALL_REASONING}",100,100,100,90,100,20,...`,
  '2,SHOP-2,,story,en,Cart export,38,"38%: Valuable 20% (no reason it matters), ...",100,100,20,50,100,20,...',
].join("\n");

// ---------------------------------------------------------------------------------------------------------
// Error shapes and their examples.

type GatewayError = z.infer<typeof errorSchema>;
const gatewayError = (error: string, message: string, details: string[] = []): GatewayError => ({ error, message, details });

const INVALID_KEY = gatewayError("unauthorized", "Invalid or revoked API key.");
const TOO_LARGE = (bytes: number) => gatewayError("payload_too_large", `The request body must not exceed ${bytes} bytes.`);
const INTERNAL = gatewayError("internal_error", "An unexpected error occurred.");
/** Shared error entries: the admin API disabled (no ADMIN_TOKEN), and a JSON body over the 64 KB limit. */
const ADMIN_DISABLED_404 = { description: "The admin API is disabled (no `ADMIN_TOKEN` on the server).", example: gatewayError("not_found", "Not found.") };
const BODY_OVER_64KB_413 = { description: "The body is over 64 KB.", example: TOO_LARGE(65_536) };
/** A change made with the dashboard session from another site (the account API's CSRF check). */
const CROSS_SITE_403 = {
  description: "A change made with the session cookie from another site (its `Origin` is not this service).",
  example: gatewayError("forbidden", "Cross-site request refused.", ["Origin: 'https://evil.example' is not this service"]),
};
const tokenUsageShape = z.object({ prompt_tokens: z.number().int(), completion_tokens: z.number().int(), total_tokens: z.number().int() });
/** GET /api/admin/metrics (lib/llm-metrics.ts). */
const llmMetricsSchema = z.object({
  since: z.string().describe("When this process began counting (ISO 8601 UTC)."),
  scoring: z.object({
    engine: z.enum(["heuristic", "openai"]),
    model: z.string().nullable(),
    response_format: z.enum(RESPONSE_FORMATS).nullable(),
  }),
  llm: z.object({
    requests: z.number().int().describe("Answers the endpoint gave, retries included."),
    retry_requests: z.number().int().describe("Answers to a retry request sent after a broken answer."),
    scored: z.number().int().describe("Scores the model made (cache hits excluded)."),
    scored_after_retry: z.number().int().describe("Scores whose first answer broke the schema and whose retry followed it."),
    schema_violations: z.number().int().describe("Answers that broke the schema."),
    schema_violations_by_reason: z.object(Object.fromEntries(VIOLATION_REASONS.map((reason) => [reason, z.number().int()]))),
    schema_failures: z.number().int().describe("Scores failed because the retry's answer broke the schema too (502; not billed)."),
    unavailable: z.number().int().describe("Scores failed because the endpoint stayed unavailable (503; not billed)."),
    refused: z.number().int().describe("Requests the endpoint refused with a 4xx (configuration)."),
    tokens: tokenUsageShape.describe("Tokens of every answer, broken ones included."),
    answer_ms: z.number().describe("Milliseconds the endpoint took for its answers, added up."),
  }),
});

const ADMIN_401: Response = {
  description: "Missing or wrong admin token.",
  schema: errorSchema,
  example: gatewayError("unauthorized", "A valid admin token is required.", ['Authorization: send "Bearer <ADMIN_TOKEN>"']),
};

/** Gateway error responses (`{error, message, details[]}`), each with the example the handler really answers. */
function gatewayErrors(examples: Partial<Record<number, GatewayError | { description: string; example: GatewayError }>>): Record<string, Response> {
  return Object.fromEntries(
    Object.entries(examples).map(([status, given]) => {
      const { description, example } = given && "example" in given ? given : { description: ERROR_DESCRIPTIONS[Number(status)] ?? "Error", example: given };
      return [status, { description, schema: errorSchema, example }];
    }),
  );
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid JSON, or a validation failure; `details` names each field.",
  401: "Missing, unknown or revoked credentials.",
  403: "Authenticated, but not allowed.",
  404: "Not found (or not yours).",
  409: "Conflict.",
  413: "The body is over the size limit.",
  500: "Unexpected error (generic message, logged with the request id).",
  502: "An upstream service (the LLM engine's model) gave an answer that could not be used; nothing was billed.",
  503: "A dependency is unavailable; nothing was billed. Retry later.",
};

const detailErrorSchema = z.object({ detail: z.string() }).describe("The public CSV flow's error shape (FastAPI-style): one sentence for people.");

function detailErrors(examples: Record<number, { description: string; detail: string }>): Record<string, Response> {
  return Object.fromEntries(
    Object.entries(examples).map(([status, { description, detail }]) => [status, { description, schema: detailErrorSchema, example: { detail } }]),
  );
}

const CSV_RATE_LIMITED = (noun: string, limit: number, per: string, wait: string) => ({
  description: `Per-IP limit reached (${limit} per ${per}): \`Retry-After\` in seconds and a \`{detail}\` naming the limit; no \`code\` (throttling, not billing).`,
  detail: `Too many ${noun} from your address: the limit is ${limit} per ${per}. Try again in ${wait}.`,
});

// ---------------------------------------------------------------------------------------------------------
// The public CSV flow's answers as zod schemas, for the document. The handlers build them from the TypeScript
// types in lib/csv-flow/types; the assertions below keep the two in step.

const perDimensionSchema = <T extends z.ZodType>(value: T) => z.object(perDimension(() => value) as Record<Dimension, T>);
const mappingSchema = z.object({
  summary: z.string().nullable(),
  description: z.string().nullable(),
  acceptance_criteria: z.string().nullable(),
  key: z.string().nullable(),
  type: z.string().nullable(),
  language: z.string().nullable().optional().describe("The file's language column (ISO 639-1 per row), when it has one."),
});
const formatSchema = z.enum(["jira-csv", "azure-devops-csv", "linear-csv", "csv", "jira-json", "github-json", "json", "text"]);
const csvSummarySchema = z.object({ average_overall: z.number(), dimension_averages: perDimensionSchema(z.number()) });

const uploadResponseSchema = z
  .object({
    session_id: z.uuid(),
    filename: z.string(),
    format: formatSchema.describe("The format recognised from the file's shape."),
    format_label: z.string().describe("That format as people call it."),
    row_count: z.number().int(),
    columns: z.array(z.string()),
    mapping: mappingSchema.describe("Column chosen for each field (null: not used)."),
    preview: z.array(ticketDataSchema).describe("The first 5 rows as `ticket_data`."),
    expires_at: z.string().describe("Sessions live 24 hours."),
    delimiter: z.string().nullable().describe("`,` `;` tab or `|`; null for JSON and one story per line."),
    encoding: z.enum(["utf-8", "utf-16le", "utf-16be", "windows-1252"]).describe(
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

// As lib/csv-flow/score-session parses it (that module builds an engine on import, so it is not imported here).
const mappingOverrideSchema = z.strictObject({
  summary: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  acceptance_criteria: z.string().nullable().optional(),
  key: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});

const csvScoreRequestSchema = z
  .object({
    session_id: z.string().min(1),
    mapping: mappingOverrideSchema.optional().describe("Overrides fields of the detected mapping (`null`: not used)."),
    score_token: z.string().max(200).optional().describe("The upload's `score_token`: required to score a session again (its cookie does as well)."),
    preset: z.enum(RULE_PRESETS).optional().describe("How the story criteria are read: `default` (when absent), `strict` or `lenient` (docs/rules.md)."),
  })
  .describe("Score an uploaded session.");

const csvScoreResponseSchema = z.object({
  session_id: z.uuid(),
  status: z.literal("completed"),
  row_count: z.number().int(),
  scored_count: z.number().int(),
  skipped_rows: z.array(z.number().int()).describe("Rows not scored because their summary is empty."),
  summary: csvSummarySchema.describe("Averages on the stored 0-10 scale."),
});

const storyResultSchema = z.object({
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
  split: z.array(z.string()),
});

const resultsResponseSchema = z.object({
  session_id: z.uuid(),
  status: z.enum(["uploaded", "completed"]).describe("`uploaded` until scored: then `summary` is null and `results` is empty."),
  filename: z.string(),
  format: formatSchema.nullable(),
  row_count: z.number().int(),
  scored_count: z.number().int(),
  skipped_rows: z.array(z.number().int()),
  mapping: mappingSchema,
  summary: csvSummarySchema.nullable(),
  created_at: z.string(),
  scored_at: z.string().nullable(),
  expires_at: z.string(),
  results: z.array(storyResultSchema),
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _csvShapesInStep: [
  Same<z.infer<typeof uploadResponseSchema>, UploadResponse>,
  Same<z.infer<typeof csvScoreResponseSchema>, CsvScoreResponse>,
  Same<z.infer<typeof resultsResponseSchema>, ResultsResponse>,
  Same<z.infer<typeof mappingOverrideSchema>, MappingOverride>,
] = [true, true, true, true];

// ---------------------------------------------------------------------------------------------------------

/** The unversioned stats group (Bearer key or dashboard session; scoped to the customer or its company). */
function statsOperations(): Operation[] {
  const customer = { name: "customer", in: "query" as const, description: "Company scope only: one of the company's customer ids." };
  const workItemType = {
    name: "work_item_type",
    in: "query" as const,
    description:
      "Only the stories judged as this kind: `story`, `bug`, `task`, `spike` or `epic` (a story's kind is its latest run's `metadata.work_item_type`).",
    example: "bug",
  };
  const language = {
    name: "language",
    in: "query" as const,
    description:
      "Only the stories whose latest run read them in this language, ISO 639-1, such as `de` (`metadata.language`; runs recorded before languages were named count as `en`).",
  };
  const common = {
    tag: "Stats",
    security: "apiKey" as const,
    description:
      "Authenticated with the API key (`Authorization: Bearer`) or the dashboard session cookie. A customer sees its own stories; a company login sees every customer linked to its company (narrow with `customer`). Scores are on the stored 0-10 scale.",
  };
  const errors = (invalid: GatewayError) =>
    gatewayErrors({
      400: invalid,
      401: INVALID_KEY,
      404: { description: "`customer` names a customer outside the caller's scope.", example: gatewayError("not_found", "No such customer in your scope.", ["customer: 'globex' is not a customer you can see"]) },
    });
  const tooLong = gatewayError("validation_error", "Invalid query parameters.", ["customer: must be at most 64 characters"]);
  return [
    {
      ...common,
      method: "get",
      path: "/stats/summary",
      summary: "Story health at a glance",
      parameters: [customer, workItemType, language],
      responses: {
        "200": {
          description:
            "Counts, average latest scores, the same averages per kind in `by_work_item_type` (`{<kind>: {story_count, average_overall, dimension_averages}}`, only the kinds present), and this month's quota (a company scope spanning several customers has `quota` null and lists each in `quotas`).",
          example: STATS_SUMMARY_EXAMPLE,
        },
        ...errors(tooLong),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/trends",
      summary: "Average scores over time",
      parameters: [
        { name: "interval", in: "query", description: "`day`, `week` (default) or `month`.", example: "week" },
        { name: "from", in: "query", description: "Start: a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone.", example: "2026-11-09" },
        { name: "to", in: "query", description: "End, inclusive; not before `from`." },
        customer,
        workItemType,
        language,
      ],
      responses: {
        "200": { description: "One point per period (weeks start on Monday, UTC), oldest first; an empty period has `stories` 0 and null averages.", example: STATS_TRENDS_EXAMPLE },
        ...errors(gatewayError("validation_error", "Invalid query parameters.", ["interval: must be one of day, week, month"])),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/dimensions",
      summary: "Per-dimension averages and distributions",
      parameters: [customer, workItemType, language],
      responses: {
        "200": {
          description: "Per dimension, over each story's latest scores: `average`, `histogram` (11 counts, for scores 0 to 10) and `share_below_5`; `weakest_dimension` is the one to work on first.",
          example: STATS_DIMENSIONS_EXAMPLE,
        },
        ...errors(tooLong),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/stories",
      summary: "The latest score of each story, searched, sorted and paginated",
      parameters: [
        { name: "q", in: "query", description: "Search in summary, ticket ref and key, or an exact billing identity (at most 200 characters)." },
        { name: "sort", in: "query", description: "`last_scored_at` (default), `overall_score`, `summary`, `run_count`, `customer` (A to Z by default; by summary within a customer), or one INVEST dimension (`independent`, `negotiable`, `valuable`, `estimable`, `small`, `testable`: the story's latest score on it).", example: "overall_score" },
        { name: "order", in: "query", description: "`asc` or `desc`.", example: "asc" },
        { name: "page", in: "query", description: "From 1; at most 10,000 stories are skipped." },
        { name: "page_size", in: "query", description: "1 to 100, default 25." },
        customer,
        workItemType,
        language,
      ],
      responses: {
        "200": {
          description:
            "A page of stories with their latest scores and `work_item_type` (the kind the latest run judged), and the `total` that match. A story is a ticket as a person knows it: `ticket_ref` is its `ticket_data.key`, else its `ticket_id`, else (no id at all) its billing identity, and `title` its summary; tickets with different ids and the same text are different stories here, though billing counts them as one. `story_identity` and `identity_resolution` are the billing identity of its latest run. A story imported from a tracker has its `url` there and its `source` (`jira`, `github` or `linear`); others have null.",
          example: STATS_STORIES_EXAMPLE,
        },
        ...errors(gatewayError("validation_error", "Invalid query parameters.", ["work_item_type: must be one of story, bug, task, spike, epic"])),
      },
    },
  ];
}

/** The public CSV evaluator's endpoints: anonymous, rate limited per client address, errors as `{detail}`. */
function csvOperations(): Operation[] {
  const common = { tag: "Public CSV evaluator", security: "none" as const };
  const sessionGone = "Session not found: it does not exist or has expired (sessions last 24 hours).";
  return [
    {
      ...common,
      method: "post",
      path: "/evaluate/upload",
      summary: "Upload a backlog file and open a scoring session",
      description:
        "No authentication. Send the file as `multipart/form-data` in the field `file`: a tracker's export (Jira, Azure DevOps, Linear or GitHub), any CSV with a header row, a JSON list of tickets, or a `.txt` file with one story per line. UTF-8 with or without BOM, UTF-16 with a BOM, or Windows-1252 (a file that is not valid UTF-8, as Excel's plain CSV writes it; the answer's `encoding` says which was read); the delimiter is detected. At most 2 MB and 1,000 rows. The answer has the detected format and column mapping and a preview; the `Location` header points at the results. Limit: 10 uploads per hour per client address.",
      multipart: true,
      bodyExample: { file: "backlog.csv" },
      responses: {
        "201": { description: "The session.", schema: uploadResponseSchema, example: UPLOAD_EXAMPLE, headers: { Location: "`/evaluate/results/{session_id}`." } },
        ...detailErrors({
          400: {
            description:
              "Not multipart, no `file` part, an empty file, a header without rows, no summary-like column (the columns found are listed), an unclosed quoted field, an Excel workbook, a binary file, or JSON of a shape that is not read.",
            detail: "No summary column found: name one of the columns Summary, Title, Story or User story (found: Foo, Bar).",
          },
          413: { description: "Over 2 MB (2,097,152 bytes) or over 1,000 data rows.", detail: "The file is too large: the limit is 2 MB (2,097,152 bytes)." },
          429: CSV_RATE_LIMITED("uploads", 10, "hour", "42 minutes"),
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/evaluate/score",
      summary: "Score every row of an uploaded session",
      description:
        "No authentication. Scores all rows as one batch with the offline engine (so duplicates and stories off the batch's template are found); rows with an empty summary are listed in `skipped_rows`, never dropped silently. `mapping` overrides fields of the detected mapping; scoring again replaces the results, and needs the upload's `score_token` (in the body, or the cookie the upload set): the results link is for reading. Limit: 5 per hour per client address.",
      body: csvScoreRequestSchema,
      bodyExample: { session_id: SESSION_ID, mapping: { description: "Description" } },
      responses: {
        "200": { description: "Scored; fetch the stories from the results endpoint.", schema: csvScoreResponseSchema, example: CSV_SCORE_EXAMPLE },
        ...detailErrors({
          400: {
            description: "A bad body, or a mapping that names a column the file does not have, gives one column to two fields, or has no summary column.",
            detail: 'mapping.summary: the file has no column "Title" (columns: Issue key, Summary, Description, Acceptance criteria).',
          },
          403: {
            description: "Scoring a scored session again without its `score_token`.",
            detail:
              "Only the uploader can score this session again: send the score_token the upload answered (the uploading browser sends it by itself), or upload the file again.",
          },
          404: { description: "Unknown, malformed or expired session.", detail: `${sessionGone} Upload the file again.` },
          429: CSV_RATE_LIMITED("scoring requests", 5, "hour", "60 minutes"),
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/evaluate/results/{session_id}",
      summary: "A session's results, as JSON or as a CSV download",
      description:
        "No authentication: the session id is the capability, so share it only with people who may see the stories. Before scoring the JSON answer has `status` `uploaded`, `summary` null and no `results`. Scores are on the stored 0-10 scale (the CSV export shows whole percentages). Limit: 60 per minute per client address.",
      parameters: [
        { name: "session_id", in: "path", description: "The `session_id` from the upload.", example: SESSION_ID },
        { name: "format", in: "query", description: "`json` (default) or `csv` (UTF-8 with BOM; one line per input row; cells that a spreadsheet would run as a formula get a leading `'`)." },
      ],
      responses: {
        "200": {
          description: "The session and one result per scored row.",
          schema: resultsResponseSchema,
          example: RESULTS_EXAMPLE,
          alternative: { mediaType: "text/csv", description: "With `format=csv` (findings and the later columns shortened here).", example: RESULTS_CSV_EXAMPLE },
        },
        ...detailErrors({
          400: { description: "`format` is neither `json` nor `csv`.", detail: 'format must be "json" or "csv", not "xlsx".' },
          404: { description: "Unknown, malformed or expired session.", detail: sessionGone },
          409: {
            description: "`format=csv` for a session that is not scored yet.",
            detail: "This session has not been scored yet: POST /evaluate/score first, then download the results.",
          },
          429: CSV_RATE_LIMITED("results requests", 60, "minute", "37 seconds"),
        }),
      },
    },
  ];
}

const quota429: Response = {
  description: "A NEW story while the monthly quota is exhausted (`code` = `QUOTA_EXHAUSTED`), with `Retry-After` until the quota resets. Re-scores of counted stories are never refused.",
  schema: quotaExhaustedSchema,
  example: QUOTA_EXAMPLE,
};

const KEY_ID = "3c1f9a52-7d4e-4b8a-9f0e-2a6b5c8d7e10";
const DELIVERY_ID = "8e2d4c6a-0b1f-4a3e-9c5d-7f6e8a9b0c1d";
const KEY_EXAMPLE: z.infer<typeof apiKeySchema> = {
  key_id: KEY_ID,
  name: "CI pipeline",
  prefix: "ssk_Q2hlY2tz",
  created_at: AT,
  last_used_at: null,
  created_by: "dana@acme.example",
  status: "active",
  revoked_at: null,
};
const PING_EXAMPLE: z.infer<typeof pingPayloadSchema> = { type: "ping", installation_id: INSTALLATION_ID, cloudId: CLOUD_ID, source: "jira", timestamp: AT };
const DELIVERY_EXAMPLE: z.infer<typeof deliverySchema> = {
  delivery_id: JOB_ID,
  job_id: JOB_ID,
  event: "score.completed",
  issue_key: "SHOP-1",
  webhook_id: `msg_${JOB_ID}`,
  status: "delivered",
  created_at: AT,
  attempts: [
    { attempted_at: AT, status_code: 503, duration_ms: 41, response_excerpt: "upstream unavailable", error: null },
    { attempted_at: "2026-11-23T09:36:49.120Z", status_code: 200, duration_ms: 37, response_excerpt: '{"ok":true}', error: null },
  ],
};
const PING_DELIVERY_EXAMPLE: z.infer<typeof deliverySchema> = {
  delivery_id: DELIVERY_ID,
  job_id: null,
  event: "ping",
  issue_key: null,
  webhook_id: `msg_${DELIVERY_ID}`,
  status: "delivered",
  created_at: AT,
  attempts: [{ attempted_at: AT, status_code: 200, duration_ms: 24, response_excerpt: "ok", error: null }],
};

const CONNECTION_ID = "3c9d7f4e-8a21-4b6e-9f0d-2e5a7c1b8d63";
const CONNECTION_EXAMPLE: ConnectionView = {
  id: CONNECTION_ID,
  kind: "jira",
  name: "Acme Jira",
  base_url: "https://acme.atlassian.net",
  query: "project = ACME AND issuetype in (Story, Bug) ORDER BY updated DESC",
  schedule: "daily",
  credentials: { email: "dana@acme.example", token_last4: "x9Qe" },
  write_back: { comment: true, label: "not-ready", below: 80 },
  created_at: AT,
  updated_at: AT,
  last_sync: {
    status: "completed",
    trigger: "manual",
    fetched: 412,
    scored: 398,
    skipped: 14,
    failed: 0,
    written: 131,
    write_failed: 0,
    started_at: "2026-11-23T09:40:00.000Z",
    finished_at: "2026-11-23T09:40:07.912Z",
  },
};

/** Tracker connections: a Jira site, a GitHub repository or a Linear team whose issues are imported and scored. */
function connectionOperations(): Operation[] {
  const auth =
    "With an API key (`Authorization: Bearer`) or the dashboard session cookie (the settings page); changes made with the session must come from the service's own pages (their `Origin`), else 403. A company login names the customer with `customer`.";
  const customer = { name: "customer", in: "query" as const, description: "Session only: the customer a company login acts for (one of its company's customers)." };
  const id = { name: "id", in: "path" as const, description: "The connection's `id`.", example: CONNECTION_ID };
  const common = { tag: "Trackers", security: "apiKeyOrSession" as const };
  const unauthorized = { description: "No API key and no session, or an unknown or revoked key.", example: INVALID_KEY };
  const noConnection = { description: "No such connection, or another customer's.", example: gatewayError("not_found", "No such connection.") };
  const running = { ...CONNECTION_EXAMPLE, last_sync: { status: "running" as const, trigger: "manual" as const, fetched: 100, scored: 96, skipped: 4, failed: 0, started_at: AT } };
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/connections",
      summary: "List the account's tracker connections",
      description: `Newest first, each with its last sync; never a token (only the Jira email and the token's last four characters). ${auth}`,
      parameters: [customer],
      responses: {
        "200": { description: "The connections.", schema: connectionListSchema, example: { data: [CONNECTION_EXAMPLE] } },
        ...gatewayErrors({ 401: unauthorized }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/connections",
      summary: "Connect Jira, GitHub or Linear",
      description:
        "`kind` `jira`: `base_url` is the Jira Cloud site (required), `credentials` an Atlassian account's `email` and API token, `query` JQL. " +
        "`github`: `base_url` defaults to `https://api.github.com` (or a GitHub Enterprise API), `credentials.token` a token that can read the repository's issues, `query` `owner/repo`, optionally followed by ` labels=a,b`. " +
        "`linear`: `base_url` defaults to `https://api.linear.app`, `credentials.token` a Linear API key, `query` a team key. " +
        "`base_url` must be https and resolve to public addresses only (as callback URLs). The token is stored encrypted and never answered. `schedule` (default `manual`): `hourly` or `daily` syncs. At most 20 connections per account. " +
        "`write_back` (off by default): `comment` true puts one comment with the score and findings on each issue (edited in place when they change), `label` (letters, digits, `.`, `_`, `:`, `-`; at most 50 characters) is carried by the issues scoring below `below` percent (default 80) and removed from the others; a Jira issue also gets the `storyScoring` issue property. The token then needs write access (docs/trackers.md). " +
        `Recorded in the audit trail. ${auth}`,
      parameters: [customer],
      body: createConnectionSchema,
      bodyExample: { kind: "jira", name: "Acme Jira", base_url: "https://acme.atlassian.net", credentials: { email: "dana@acme.example", token: "ATATT3xFfGF0-example" }, query: CONNECTION_EXAMPLE.query, schedule: "daily" },
      moreBodyExamples: {
        github: { summary: "A GitHub repository, issues labelled story or bug", value: { kind: "github", name: "Shop", credentials: { token: "github_pat_example" }, query: "acme/shop labels=story,bug" } },
        linear: { summary: "A Linear team", value: { kind: "linear", name: "Engineering", credentials: { token: "lin_api_example" }, query: "ENG", schedule: "hourly" } },
      },
      responses: {
        "201": { description: "Connected; no sync yet (`last_sync` is null).", schema: connectionSchema, headers: { Location: "The connection's URL." }, example: { ...CONNECTION_EXAMPLE, last_sync: null } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["credentials.email: is required for jira (Basic auth is email:token)"]),
          401: unauthorized,
          403: CROSS_SITE_403,
          409: { description: "The account already has 20 connections.", example: gatewayError("conflict", "You already have 20 tracker connections; delete one first.", ["connections: at most 20 per account"]) },
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/api/v1/connections/{id}",
      summary: "A tracker connection and its last sync",
      description: `Poll it while a sync runs: \`last_sync\` counts what was fetched, scored, skipped and failed so far (updated after every page). ${auth}`,
      parameters: [id, customer],
      responses: {
        "200": { description: "The connection.", schema: connectionSchema, examples: { completed: { summary: "After a sync", value: CONNECTION_EXAMPLE }, running: { summary: "While a sync runs", value: running } } },
        ...gatewayErrors({ 401: unauthorized, 404: noConnection }),
      },
    },
    {
      ...common,
      method: "patch",
      path: "/api/v1/connections/{id}",
      summary: "Change a connection's name, query, schedule, credentials or write-back",
      description: `Credentials are replaced whole (a Jira connection keeps its email when only a token is sent). \`write_back\` changes only the fields sent; turning it off leaves the comments and labels already written as they are. A changed query or write-back makes the next scheduled sync read every issue again. Recorded in the audit trail (never the token). ${auth}`,
      parameters: [id, customer],
      body: updateConnectionSchema,
      bodyExample: { schedule: "hourly", credentials: { token: "ATATT3xFfGF0-rotated" }, write_back: { label: "not-ready", below: 70 } },
      responses: {
        "200": {
          description: "The connection after the change.",
          schema: connectionSchema,
          example: { ...CONNECTION_EXAMPLE, schedule: "hourly", credentials: { email: "dana@acme.example", token_last4: "ated" }, write_back: { comment: true, label: "not-ready", below: 70 } },
        },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["query: must be 'owner/repo', optionally followed by ' labels=a,b'"]),
          401: unauthorized,
          403: CROSS_SITE_403,
          404: noConnection,
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/connections/{id}",
      summary: "Disconnect a tracker",
      description: `204. Its schedule stops; a running sync stops at its next page. The stories it imported stay on the dashboard, billed as they were; the comments, labels and properties write-back put on the issues stay there too. Recorded in the audit trail. ${auth}`,
      parameters: [id, customer],
      responses: {
        "204": { description: "Deleted." },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: noConnection }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/connections/{id}/sync",
      summary: "Import the connection's issues now",
      description:
        "202 with the connection, its `last_sync` running. Every issue is read (page by page, as the tracker serves them), scored as its kind (from the tracker's issue type) and recorded with the tracker's id as `external_id`: a new issue is a new story, counted against the quota; a changed one is scored again free; an unchanged one is not scored again (counted in `skipped`, with GitHub's pull requests). " +
        "A sync that reaches the quota stops with `status` `failed` and `error` naming the quota, keeping what it scored. A sync asked for while one waits or runs answers that one (202, nothing new is queued). " +
        auth,
      parameters: [id, customer],
      responses: {
        "202": { description: "The sync is queued or running.", schema: connectionSchema, example: { ...running, last_sync: { ...running.last_sync, fetched: 0, scored: 0, skipped: 0 } } },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: noConnection }),
      },
    },
  ];
}

/** Keys, installations' changes, deliveries and the audit trail: for programs (API key) and the settings page (session). */
function accountOperations(): Operation[] {
  const auth =
    "With an API key (`Authorization: Bearer`) or the dashboard session cookie (the settings page). A company login names the customer it acts for with `customer`; changes made with the session must come from the service's own pages (their `Origin`), else 403.";
  const customer = { name: "customer", in: "query" as const, description: "Session only: the customer a company login acts for (one of its company's customers)." };
  const installationId = { name: "id", in: "path" as const, description: "The `installation_id`.", example: INSTALLATION_ID };
  const common = { tag: "Account", security: "apiKeyOrSession" as const };
  const unauthorized = { description: "No API key and no session, or an unknown or revoked key.", example: INVALID_KEY };
  const noInstallation = { description: "No such installation, or another customer's.", example: gatewayError("not_found", "No such installation.") };
  const sendLimited = {
    description: "More than 20 test events and redeliveries of one installation in a minute; `Retry-After` says when to try again.",
    example: gatewayError("rate_limited", "At most 20 test events and redeliveries a minute per installation.", ["retry after 42 seconds"]),
  };
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/keys",
      summary: "List the account's API keys",
      description: `Every key, newest first, revoked ones too; never the key itself (only its prefix). ${auth}`,
      parameters: [customer],
      responses: {
        "200": { description: "The keys.", schema: apiKeyListSchema, example: { data: [KEY_EXAMPLE] } },
        ...gatewayErrors({ 401: unauthorized }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/keys",
      summary: "Create an API key (shown once)",
      description: `A new key for the account, returned once in \`key\` (only its hash is stored). Several keys may be active at once, up to 20: rotate by creating a new key, moving your callers to it, then revoking the old one. Recorded in the audit trail. ${auth}`,
      parameters: [customer],
      body: createKeySchema,
      bodyExample: { name: "CI pipeline" },
      responses: {
        "201": { description: "Created.", schema: createdKeySchema, example: { ...KEY_EXAMPLE, key: "ssk_Q2hlY2tzIGFyZSBub3QgcmVhbCBrZXlzLCB0aGlzIG9uZSBpcyBtYWRlIHVw" } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["name: must be a non-empty string"]),
          401: unauthorized,
          403: CROSS_SITE_403,
          409: {
            description: "The account already has 20 active keys.",
            example: gatewayError("conflict", "You already have 20 active keys; revoke one first.", ["keys: at most 20 active keys per account"]),
          },
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/api/v1/rules",
      summary: "Read the account's rule settings",
      description: `The preset the story criteria are read by (\`default\`, \`strict\`, \`lenient\`), each finding code switched off or re-costed, and the version every score made under them records in \`metadata.rules\` (docs/rules.md). Before anything is saved: the default preset. ${auth}`,
      parameters: [customer],
      responses: {
        "200": { description: "The settings.", schema: ruleSettingsViewSchema, example: RULES_EXAMPLE },
        ...gatewayErrors({ 401: unauthorized }),
      },
    },
    {
      ...common,
      method: "put",
      path: "/api/v1/rules",
      summary: "Replace the account's rule settings",
      description: `Replaces the preset and the per-code settings (a code left out is on, at the engine's cost; a cost is whole points of the dimension's 10, 1-10). Every score made afterwards, by the API, async jobs, tracker syncs and the dashboard, runs under them; re-scoring an unchanged story under new settings is free, as any re-score is. Recorded in the audit trail (\`rules.updated\`, with what changed). ${auth}`,
      parameters: [customer],
      body: ruleSettingsSchema,
      bodyExample: { preset: "lenient", codes: { "atomic.two_objects": { enabled: false }, "valuable.no_benefit": { cost: 5 } } },
      responses: {
        "200": { description: "The settings as saved.", schema: ruleSettingsViewSchema, example: RULES_EXAMPLE },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["codes.atomic.two_actions.cost: Too big: expected number to be <=10"]),
          401: unauthorized,
          403: CROSS_SITE_403,
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/dismissals",
      summary: "Dismiss a finding of a story, with a reason",
      description: `Dismisses a finding (or a whole criterion) of the story \`ticket_ref\` names, for the text of its latest run: every later score of that text lists it in \`silenced_findings\` (\`silenced_by: "dismissal"\`, with the reason) and charges nothing for it; a changed text is judged afresh. Recorded in the audit trail (\`finding.dismissed\`). ${auth}`,
      parameters: [customer],
      body: dismissSchema,
      bodyExample: { ticket_ref: "SHOP-1", code: "atomic.two_actions", reason: "Create and edit of one record are one story here" },
      responses: {
        "201": { description: "The dismissals of the story's text.", schema: dismissalsSchema, example: { ticket_ref: "SHOP-1", dismissals: [{ code: "atomic.two_actions", reason: "Create and edit of one record are one story here" }] } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["reason: must say why"]),
          401: unauthorized,
          403: CROSS_SITE_403,
          404: { description: "No story with that ref for the account.", example: gatewayError("not_found", "No such story.") },
        }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/dismissals",
      summary: "Take a dismissal back",
      description: `The finding counts again from the next score (\`finding.restored\` in the audit trail). ${auth}`,
      parameters: [customer],
      body: restoreSchema,
      bodyExample: { ticket_ref: "SHOP-1", code: "atomic.two_actions" },
      responses: {
        "200": { description: "The dismissals left.", schema: dismissalsSchema, example: { ticket_ref: "SHOP-1", dismissals: [] } },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: { description: "No such story or dismissal.", example: gatewayError("not_found", "No such dismissal.") } }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/keys/{key_id}",
      summary: "Revoke an API key",
      description: `The key stops working at once on the server that answers and within 10 seconds on every other (its cache). Revoking a revoked key answers it unchanged. ${auth}`,
      parameters: [{ name: "key_id", in: "path", description: "The `key_id`.", example: KEY_ID }, customer],
      responses: {
        "200": { description: "Revoked.", schema: apiKeySchema, example: { ...KEY_EXAMPLE, status: "revoked", revoked_at: "2026-11-23T10:02:11.000Z" } },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: { description: "No such key, or another customer's.", example: gatewayError("not_found", "No such API key.") } }),
      },
    },
    {
      ...common,
      method: "patch",
      path: "/api/v1/installations/{id}",
      tag: "Integrations",
      summary: "Change an installation's callback URL, or disable or enable it",
      description: `\`callback_url\` is checked as at registration. A disabled installation's async endpoint answers 401 and its callbacks stop; enabling it needs no new secrets. Each change is recorded in the audit trail. ${auth}`,
      parameters: [installationId, customer],
      body: updateInstallationSchema,
      bodyExample: { callback_url: "https://hooks.acme.example/stories/v2" },
      responses: {
        "200": { description: "The installation after the change.", schema: installationSchema, example: { ...INSTALLATION_EXAMPLE, callback_url: "https://hooks.acme.example/stories/v2" } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["callback_url: must use https"]),
          401: unauthorized,
          403: CROSS_SITE_403,
          404: noInstallation,
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/installations/{id}/rotate-secrets",
      tag: "Integrations",
      summary: "Rotate both secrets of an installation (shown once)",
      description: `A new \`secret\` (X-Service-Secret) and \`webhook_secret\`. The old secret stops at once here and within 10 seconds elsewhere; callbacks are signed with the new signing secret from the next attempt on. ${auth}`,
      parameters: [installationId, customer],
      responses: {
        "200": {
          description: "The installation with its new secrets.",
          schema: rotatedInstallationSchema,
          example: { ...INSTALLATION_EXAMPLE, secret: REGISTERED_EXAMPLE.secret, webhook_secret: WEBHOOK_SECRET_EXAMPLE },
        },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: noInstallation }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/installations/{id}/ping",
      tag: "Integrations",
      summary: "Send a signed test event to the callback",
      description: `POSTs \`{"type":"ping","installation_id","cloudId","source","timestamp"}\`, signed like every callback, and answers the delivery with the receiver's answer (one attempt, not retried). Allowed while the installation is disabled, to check a receiver before enabling it. ${auth}`,
      parameters: [installationId, customer],
      responses: {
        "200": { description: "The test event's delivery; its attempt holds the receiver's answer.", schema: deliverySchema, example: PING_DELIVERY_EXAMPLE },
        ...gatewayErrors({ 401: unauthorized, 403: CROSS_SITE_403, 404: noInstallation, 429: sendLimited }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/api/v1/installations/{id}/deliveries",
      tag: "Integrations",
      summary: "List an installation's callback deliveries",
      description: `Newest first, each with every attempt (time, status code, duration, the first 500 bytes of the answer or the connection error). Deliveries are kept for WEBHOOK_DELIVERY_RETENTION_DAYS (30 by default). ${auth}`,
      parameters: [
        installationId,
        { name: "status", in: "query", description: "Only deliveries with this status.", schema: deliveryStatusFilterSchema, example: "failed" },
        { name: "limit", in: "query", description: "Page size, 1 to 100 (default 20).", example: "20" },
        { name: "cursor", in: "query", description: "`next_cursor` of the previous page." },
        customer,
      ],
      responses: {
        "200": { description: "A page of deliveries.", schema: deliveryListSchema, example: { data: [DELIVERY_EXAMPLE], next_cursor: null } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["status: must be one of pending, delivered, failed"]),
          401: unauthorized,
          404: noInstallation,
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/installations/{id}/deliveries/{delivery_id}/redeliver",
      tag: "Integrations",
      summary: "Send a delivered or failed event again",
      description: `One attempt, now, with the same \`webhook-id\` as before, so receivers that de-duplicate stay correct; the answer is the delivery with the new attempt. A pending delivery (the queue is still retrying it) and a disabled installation are 409. Recorded in the audit trail. ${auth}`,
      parameters: [installationId, { name: "delivery_id", in: "path", description: "The `delivery_id`.", example: JOB_ID }, customer],
      responses: {
        "200": {
          description: "The delivery with the new attempt.",
          schema: deliverySchema,
          example: {
            ...DELIVERY_EXAMPLE,
            attempts: [...DELIVERY_EXAMPLE.attempts, { attempted_at: "2026-11-23T10:15:02.004Z", status_code: 200, duration_ms: 35, response_excerpt: '{"ok":true}', error: null }],
          },
        },
        ...gatewayErrors({
          401: unauthorized,
          403: CROSS_SITE_403,
          404: { description: "No such installation or delivery, or another customer's.", example: gatewayError("not_found", "No such delivery.") },
          409: {
            description: "The delivery is still pending, or the installation is disabled.",
            example: gatewayError("conflict", "This delivery is still pending; it can be redelivered once it is delivered or failed.", ["status: pending"]),
          },
          429: sendLimited,
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/api/v1/audit-events",
      summary: "The account's audit trail",
      description: `Who created or revoked a key and every change to an integration (by a person, a program, the operator, or the service after a 410), newest first. ${auth}`,
      parameters: [{ name: "limit", in: "query", description: "Page size, 1 to 100 (default 20).", example: "20" }, { name: "cursor", in: "query", description: "`next_cursor` of the previous page." }, customer],
      responses: {
        "200": {
          description: "A page of events.",
          schema: auditEventListSchema,
          example: {
            data: [
              { event_id: "a4b3c2d1-0e9f-4a8b-8c7d-6e5f4a3b2c1d", actor: "dana@acme.example", action: "key.created", target: "key ssk_Q2hlY2tz… (CI pipeline)", details: {}, created_at: AT },
            ],
            next_cursor: null,
          },
        },
        ...gatewayErrors({ 400: gatewayError("validation_error", "The request failed validation.", ["limit: must be a whole number from 1 to 100"]), 401: unauthorized }),
      },
    },
  ];
}

const operations: Operation[] = [
  {
    method: "post",
    path: "/api/v1/score",
    tag: "Scoring",
    summary: "Score one story (synchronous)",
    description:
      "Scores the work item against INVEST and returns the full result. `ticket_data.issue_type` is the tracker's type name (Story, Bug, Defect, Task, Sub-task, Chore, Spike, Epic, Improvement, ...): it decides the kind the item is judged as (`metadata.work_item_type`: story, bug, task, spike or epic; absent or unrecognised, the text decides, else story) and so the evidence each dimension reads. It is not part of the billing identity. Billing: with `external_id` the first successful score of that id counts against the monthly quota; without it the normalized content fingerprint is the identity (whitespace-only edits keep it; any other edit is a new story). Re-scores of a counted story are free in any month and always admitted. A failed score bills nothing. Body limit: 1 MB.",
    security: "apiKey",
    body: scoreRequestSchema,
    bodyExample: SCORE_REQUEST_EXAMPLE,
    moreBodyExamples: { bug: { summary: "A bug, typed as the tracker names it (`issue_type`)", value: SCORE_REQUEST_BUG_EXAMPLE } },
    responses: {
      "200": {
        description: "The completed score.",
        schema: scoreResponseSchema,
        example: SCORE_RESPONSE_EXAMPLE,
        headers: {
          "X-Service-Story-Identity": "The resolved story identity used for billing (`sha256:<hex>` or the percent-encoded external id).",
          "X-Service-Identity-Resolution": "`external_id` or `content_hash`.",
        },
      },
      "400": {
        description: ERROR_DESCRIPTIONS[400],
        schema: errorSchema,
        examples: {
          validation: { summary: "A field failed validation", value: gatewayError("validation_error", "The request failed validation.", ["ticket_data.summary: must be a non-empty string"]) },
          invalid_json: { summary: "The body is not JSON", value: gatewayError("invalid_json", "The request body is not valid JSON.", ["Expected property name or '}' in JSON at position 1"]) },
        },
      },
      ...gatewayErrors({
        401: INVALID_KEY,
        403: {
          description: "A body `customer_id` that is not the API key's customer.",
          example: gatewayError("forbidden", "customer_id does not match the API key.", ["customer_id: must be the API key's customer or omitted"]),
        },
        413: TOO_LARGE(1_048_576),
      }),
      "429": quota429,
      ...gatewayErrors({
        500: { description: "The engine failed; nothing was billed.", example: gatewayError("internal_error", "Scoring failed; the story was not billed.") },
        502: {
          description:
            "The LLM engine's model answered, but its answer did not follow the schema (cut off, dimensions missing, a score outside 0-10, a wrong type), and neither did its answer when asked again with the errors. Nothing was billed; trying again may succeed. `details` says what was wrong.",
          example: gatewayError("bad_gateway", "The model's answer did not follow the schema, also when asked again; the story was not billed. Try again.", [
            "model answer: scores.small.score was 42; a score is a number from 0 to 10",
            "model answer: scores.testable.score was -3; a score is a number from 0 to 10",
          ]),
        },
        503: {
          description: "The engine's provider is unavailable (`Retry-After: 30`); nothing was billed.",
          example: gatewayError("service_unavailable", "The scoring engine is unavailable; the story was not billed. Try again shortly."),
        },
      }),
    },
  },
  {
    method: "post",
    path: "/api/v1/evaluate/{source}",
    tag: "Scoring",
    summary: "Score one issue asynchronously, with a signed callback",
    description:
      "Accepts a Jira-style issue for scoring and answers 202 at once; the completed score is POSTed to the installation's callback URL, signed per Standard Webhooks with the installation's `webhook_secret` (see **Webhooks** below for the payload, the headers and how to verify them). A Jira Cloud webhook body can be forwarded as Jira sends it. Billing identity is `{cloudId}:{issue.key}` (or the content fingerprint without a key); a new story is reserved against the quota at acceptance and released if the job finally fails. `issue.fields.description` may be Jira wiki markup, Atlassian Document Format, Markdown, HTML, plain text or null; a section headed Acceptance criteria becomes the criteria. Deliveries: any 2xx is success; 410 disables the installation; everything else is retried with exponential backoff and jitter (429 honours Retry-After), up to WEBHOOK_MAX_ATTEMPTS.",
    security: "installationSecret",
    parameters: [{ name: "source", in: "path", description: "The integration channel the installation was registered for (e.g. `jira`).", example: "jira" }],
    body: evaluateRequestSchema,
    bodyExample: ISSUE_EXAMPLE,
    responses: {
      "202": {
        description: "Accepted and queued. `estimated_completion_time` is a range in seconds.",
        schema: acceptedSchema,
        example: { job_id: JOB_ID, status: "accepted", message: "Queued for scoring; the result will be POSTed to the registered callback URL.", estimated_completion_time: "1-6" },
        headers: { "X-Service-Story-Identity": "The resolved story identity.", "X-Service-Identity-Resolution": "`external_id` or `content_hash`." },
      },
      ...gatewayErrors({
        400: {
          description: "Invalid JSON, or missing required fields (e.g. `cloudId`, `issue.fields.summary`).",
          example: gatewayError("validation_error", "The request failed validation.", ["cloudId: is required", "issue.fields.summary: is required"]),
        },
        401: {
          description: "Missing secret, or unknown or disabled installation: register again.",
          example: gatewayError("unauthorized", "Missing installation secret.", ["X-Service-Secret: header is required"]),
        },
        403: {
          description: "The secret does not match the registered one.",
          example: gatewayError("forbidden", "The installation secret does not match.", ["X-Service-Secret: does not match the registered secret"]),
        },
        413: { description: "The body is over 1 MB.", example: TOO_LARGE(1_048_576) },
      }),
      "429": quota429,
      ...gatewayErrors({ 500: { description: "Unexpected processing error.", example: INTERNAL } }),
    },
  },
  {
    method: "get",
    path: "/api/v1/jobs/{job_id}",
    tag: "Scoring",
    summary: "Status, result and callback delivery of an asynchronous job",
    description:
      "Job status: `accepted` -> `processing` -> `completed` | `failed`. Delivery: `pending` -> `delivered` | `retrying` -> `failed` after the last attempt. `queue_position` counts the jobs ahead while the job waits. Only the owning customer sees a job; others get 404.",
    security: "apiKey",
    parameters: [{ name: "job_id", in: "path", description: "The `job_id` from the 202 acknowledgement.", example: JOB_ID }],
    responses: {
      "200": {
        description: "The job.",
        schema: jobStatusSchema,
        example: {
          job_id: JOB_ID,
          status: "completed",
          created_at: "2026-11-23T09:36:43.910Z",
          completed_at: "2026-11-23T09:36:44.112Z",
          queue_position: null,
          result: { ...SCORE_RESPONSE_EXAMPLE, job_id: JOB_ID },
          error: null,
          delivery: { status: "delivered", attempts: 1, last_status_code: 200, next_attempt_at: null },
        } satisfies z.infer<typeof jobStatusSchema>,
      },
      ...gatewayErrors({ 401: INVALID_KEY, 404: { description: "No such job, or another customer's.", example: gatewayError("not_found", "No such job.") } }),
    },
  },
  {
    method: "post",
    path: "/api/v1/installations",
    tag: "Integrations",
    summary: "Register an integration (or re-register it, rotating its secrets)",
    description:
      "201 for a new cloudId + source; 200 when this customer registers it again (re-enabled, both secrets rotated). `secret` (send as `X-Service-Secret`) and `webhook_secret` (verify callbacks with any Standard Webhooks library) are shown once. `callback_url` must be https and must not resolve to a private, loopback, link-local or reserved address (unless the server runs with ALLOW_PRIVATE_CALLBACKS=true). A cloudId + source registered by another account is 409. Body limit: 64 KB. With an API key, or the dashboard session from the service's own pages (a company login adds `customer`).",
    security: "apiKeyOrSession",
    body: registerInstallationSchema,
    bodyExample: { cloudId: CLOUD_ID, source: "jira", callback_url: "https://hooks.acme.example/stories" },
    responses: {
      "201": { description: "Registered.", schema: registeredInstallationSchema, example: REGISTERED_EXAMPLE },
      "200": { description: "Re-registered; secrets rotated.", schema: registeredInstallationSchema, example: REGISTERED_EXAMPLE },
      ...gatewayErrors({
        400: {
          description: "A validation failure: a bad `callback_url`, an unknown field, a missing one.",
          example: gatewayError("validation_error", "The request failed validation.", ['body: Unrecognized key: "extra"']),
        },
        401: INVALID_KEY,
        403: CROSS_SITE_403,
        409: {
          description: "This cloudId and source belong to another account.",
          example: gatewayError("conflict", "This cloudId and source are registered by another account.", ["cloudId: already registered for this source"]),
        },
        413: BODY_OVER_64KB_413,
      }),
    },
  },
  {
    method: "get",
    path: "/api/v1/installations",
    tag: "Integrations",
    summary: "List the customer's installations (no secrets)",
    description: "Newest first, with whether each is enabled and, if not, why. With an API key or the dashboard session.",
    security: "apiKeyOrSession",
    responses: {
      "200": { description: "The installations.", schema: installationListSchema, example: { installations: [INSTALLATION_EXAMPLE] } },
      ...gatewayErrors({ 401: INVALID_KEY }),
    },
  },
  {
    method: "delete",
    path: "/api/v1/installations/{id}",
    tag: "Integrations",
    summary: "Disable an installation (its async endpoint then answers 401)",
    description: "Enable it again with `PATCH` `{\"enabled\": true}`; no new secrets are needed. Recorded in the audit trail. With an API key or the dashboard session.",
    security: "apiKeyOrSession",
    parameters: [{ name: "id", in: "path", description: "The `installation_id`.", example: INSTALLATION_ID }],
    responses: {
      "200": {
        description: "Disabled.",
        schema: installationSchema,
        example: { ...INSTALLATION_EXAMPLE, enabled: false, disabled_reason: "disabled by dana@acme.example" },
      },
      ...gatewayErrors({
        401: INVALID_KEY,
        403: CROSS_SITE_403,
        404: { description: "No such installation, or another customer's.", example: gatewayError("not_found", "No such installation.") },
      }),
    },
  },
  ...accountOperations(),
  ...connectionOperations(),
  ...statsOperations(),
  ...csvOperations(),
  {
    method: "get",
    path: "/api/v1/openapi.json",
    tag: "Reference",
    summary: "This OpenAPI 3.1 document",
    description: "Generated from the same zod schemas the handlers validate with; `servers` is the service's PUBLIC_BASE_URL.",
    security: "none",
    responses: {
      "200": {
        description: "The document (abridged here).",
        example: { openapi: "3.1.0", info: { title: "Story Scoring Service API", version: SERVICE_VERSION }, servers: [{ url: "https://stories.example.com" }], paths: {} },
      },
    },
  },
  {
    method: "post",
    path: "/api/admin/customers",
    tag: "Administration",
    summary: "Create a customer, or rotate an existing customer's key",
    description:
      "Enabled only when `ADMIN_TOKEN` is set (404 otherwise). 201 for a new customer; 200 for an existing id (a new key is issued and older keys are revoked; counted stories are kept; plan, quota and company are updated when given). The key is shown once. Body limit: 64 KB.",
    security: "adminToken",
    body: provisionCustomerSchema,
    bodyExample: { customer_id: "acme", plan: "starter" },
    responses: {
      "201": {
        description: "Created.",
        schema: provisionedCustomerSchema,
        example: { customer_id: "acme", company_id: null, plan: "starter", quota: 250, api_key: "ssk_9GqV1d0cXh2mR7tK4wZpL8sNfE3yA6uJbC5oD1iQxWv" },
      },
      "200": {
        description: "Existing customer updated; new key issued.",
        schema: provisionedCustomerSchema,
        example: { customer_id: "acme", company_id: null, plan: "starter", quota: 250, api_key: "ssk_Tn4bY8kR2pWq6Ls0Hv3Jc9Xm1Zd5Fg7Ue2Ao4Ni8Sr" },
      },
      "401": ADMIN_401,
      ...gatewayErrors({
        400: {
          description: "A validation failure, or an unknown plan.",
          example: gatewayError("validation_error", "The request failed validation.", ["customer_id: may contain only letters, digits, '.', '_' and '-', starting with a letter or digit"]),
        },
        404: ADMIN_DISABLED_404,
        413: BODY_OVER_64KB_413,
      }),
    },
  },
  {
    method: "post",
    path: "/api/admin/users",
    tag: "Administration",
    summary: "Create a dashboard login for a customer or a company",
    description: "Give exactly one of `customer_id` or `company_id`. The password is stored as a bcrypt hash. Enabled only when `ADMIN_TOKEN` is set (404 otherwise).",
    security: "adminToken",
    body: createUserSchema,
    bodyExample: { email: "ann@acme.example", password: "long secret phrase", customer_id: "acme" },
    responses: {
      "201": { description: "Created.", schema: createdUserSchema, example: { user_id: "7d1c5e2b-8a4f-4c3d-9e6b-1f2a3b4c5d6e", email: "ann@acme.example", customer_id: "acme", company_id: null } },
      "401": ADMIN_401,
      ...gatewayErrors({
        400: {
          description: "A validation failure, or an unknown customer or company.",
          example: gatewayError("validation_error", "The request failed validation.", ["customer_id: give exactly one of customer_id or company_id"]),
        },
        404: ADMIN_DISABLED_404,
        409: { description: "The email is taken.", example: gatewayError("conflict", "A user with this email already exists.", ["email: 'ann@acme.example' is taken"]) },
        413: BODY_OVER_64KB_413,
      }),
    },
  },
  {
    method: "get",
    path: "/api/admin/metrics",
    tag: "Administration",
    summary: "The LLM engine's counters: answers, schema failures, retries, tokens",
    description:
      "Counted by this process since it started (a separate `npm run worker` process counts its own and logs the same events). `?format=prometheus`, or `Accept: text/plain`, answers Prometheus' text format (`llm_requests_total`, `llm_schema_violations_total`, `llm_schema_violations_by_reason_total{reason}`, `llm_schema_failures_total`, ...). Enabled only when `ADMIN_TOKEN` is set (404 otherwise).",
    security: "adminToken",
    parameters: [{ name: "format", in: "query", description: "`json` (default) or `prometheus`.", schema: z.enum(["json", "prometheus"]), example: "json" }],
    responses: {
      "200": {
        description: "The counters.",
        schema: llmMetricsSchema,
        example: {
          since: AT,
          scoring: { engine: "openai", model: "qwen2.5:7b-instruct", response_format: "json_schema" },
          llm: {
            requests: 1043,
            retry_requests: 43,
            scored: 998,
            scored_after_retry: 41,
            schema_violations: 45,
            schema_violations_by_reason: { empty: 0, not_json: 1, cut_off: 12, missing_field: 17, out_of_range: 11, wrong_type: 4, refused: 0, other: 0 },
            schema_failures: 2,
            unavailable: 0,
            refused: 0,
            tokens: { prompt_tokens: 1679230, completion_tokens: 712404, total_tokens: 2391634 },
            answer_ms: 8135400,
          },
        },
        alternative: {
          mediaType: "text/plain",
          description: "Prometheus' text format (version 0.0.4), on `?format=prometheus` or `Accept: text/plain`.",
          example: "# HELP llm_schema_failures_total Scores failed because the answers broke the schema (502).\n# TYPE llm_schema_failures_total counter\nllm_schema_failures_total 2\n",
        },
      },
      "401": ADMIN_401,
      ...gatewayErrors({
        400: gatewayError("validation_error", "Invalid query parameters.", ["format: must be json or prometheus, got 'xml'"]),
        404: ADMIN_DISABLED_404,
      }),
    },
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Operations",
    summary: "Health of the service and its database",
    security: "none",
    responses: {
      "200": {
        description: "Healthy.",
        schema: z.object({ status: z.literal("ok"), database: z.literal("ok"), version: z.string() }),
        example: { status: "ok", database: "ok", version: SERVICE_VERSION },
      },
      "503": {
        description: "The database is unavailable.",
        schema: z.object({ status: z.literal("error"), database: z.literal("unavailable"), version: z.string() }),
        example: { status: "error", database: "unavailable", version: SERVICE_VERSION },
      },
    },
  },
  {
    method: "get",
    path: "/api/ping",
    tag: "Operations",
    summary: "Constant answer without touching the database (uptime probes)",
    security: "none",
    responses: { "200": { description: "Always the same.", schema: z.object({ pong: z.literal(true) }), example: { pong: true } } },
  },
  {
    method: "post",
    path: "/api/ping",
    tag: "Operations",
    summary: "The same constant answer for POST (any body is ignored)",
    security: "none",
    responses: { "200": { description: "Always the same.", schema: z.object({ pong: z.literal(true) }), example: { pong: true } } },
  },
];

export function listOperations(): readonly Operation[] {
  return operations;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const SECURITY: Record<string, Record<string, unknown>> = {
  apiKey: { type: "http", scheme: "bearer", description: "The API key issued at provisioning: `Authorization: Bearer <API_KEY>`." },
  installationSecret: {
    type: "apiKey",
    in: "header",
    name: "X-Service-Secret",
    description: "The per-installation shared secret (`sss_...`) from registering the installation: `X-Service-Secret: <SERVICE_SECRET>`.",
  },
  adminToken: { type: "http", scheme: "bearer", description: "The server's admin token: `Authorization: Bearer <ADMIN_TOKEN>`." },
  session: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The dashboard's session cookie (`__Secure-next-auth.session-token` over https), set by signing in at /login.",
  },
};

const SECURITY_REQUIREMENTS: Record<Security, Record<string, string[]>[]> = {
  apiKey: [{ apiKey: [] }],
  apiKeyOrSession: [{ apiKey: [] }, { session: [] }],
  installationSecret: [{ installationSecret: [] }],
  adminToken: [{ adminToken: [] }],
  none: [],
};

function examplesOf(response: Pick<Response, "example" | "examples">): Record<string, unknown> | undefined {
  if (response.examples) return response.examples;
  if (response.example !== undefined) return { default: { value: response.example } };
  return undefined;
}

const VERIFY_WITH_LIBRARY = [
  'import { Webhook } from "standardwebhooks"; // npm install standardwebhooks',
  "",
  "// rawBody: the request body exactly as received (a string), before any JSON parsing.",
  "// Throws when the signature does not match or the timestamp is more than 5 minutes off.",
  "const payload = new Webhook(process.env.WEBHOOK_SECRET).verify(rawBody, {",
  '  "webhook-id": request.headers["webhook-id"],',
  '  "webhook-timestamp": request.headers["webhook-timestamp"],',
  '  "webhook-signature": request.headers["webhook-signature"],',
  "});",
].join("\n");

const VERIFY_BY_HAND = [
  'import { createHmac, timingSafeEqual } from "node:crypto";',
  "",
  "function verify(secret, id, timestamp, signatureHeader, rawBody) {",
  '  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or stale',
  '  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");',
  '  const expected = createHmac("sha256", key).update(id + "." + timestamp + "." + rawBody).digest();',
  '  return signatureHeader.split(" ").some((entry) => {',
  '    const [version, signature] = entry.split(",");',
  '    const given = Buffer.from(signature ?? "", "base64");',
  '    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);',
  "  });",
  "}",
].join("\n");

export const VERIFICATION_SAMPLES = [
  { lang: "JavaScript", label: "Node.js, with the standardwebhooks library", source: VERIFY_WITH_LIBRARY },
  { lang: "JavaScript", label: "Node.js, node:crypto only", source: VERIFY_BY_HAND },
];

function webhooks(): Record<string, unknown> {
  const header = (name: string, description: string, example: string) => ({ name, in: "header", required: true, description, schema: { type: "string" }, example });
  const delivery = WEBHOOK_DELIVERY_EXAMPLE.headers;
  return {
    scoreCallback: {
      post: {
        tags: ["Webhooks"],
        summary: "The score of an asynchronous job, POSTed to the installation's callback_url",
        description:
          "Sent when a job accepted by `POST /api/v1/evaluate/{source}` completes (`score.completed`, with the same `score` as the synchronous API) or finally fails (`score.failed`, with `error`). Signed per [Standard Webhooks](https://www.standardwebhooks.com) with the installation's `webhook_secret`. To verify: take the raw body, and compute `base64(HMAC-SHA256(key, webhook-id + \".\" + webhook-timestamp + \".\" + body))`, where the key is the base64 after `whsec_`; one of the space-separated `v1,<signature>` entries of `webhook-signature` must equal it (compare in constant time), and reject timestamps more than 5 minutes from now. De-duplicate on `webhook-id`: it is `msg_<job_id>`, the same on every retry. Answer any 2xx within 10 seconds; 410 disables the installation; anything else (or no answer) is retried with exponential backoff and jitter, honouring a 429's `Retry-After`, up to WEBHOOK_MAX_ATTEMPTS attempts.",
        operationId: "webhookScoreCallback",
        parameters: [
          header("webhook-id", "`msg_<job_id>`: the same on every retry of this delivery; use it to de-duplicate.", delivery["webhook-id"]),
          header("webhook-timestamp", "Unix seconds when this attempt was signed.", delivery["webhook-timestamp"]),
          header("webhook-signature", "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`.", delivery["webhook-signature"]),
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: jsonSchema(callbackPayloadSchema, "output"),
              examples: {
                completed: { summary: "score.completed", value: CALLBACK_EXAMPLES.completed },
                failed: { summary: "score.failed (the body the example headers sign)", value: CALLBACK_EXAMPLES.failed },
              },
            },
          },
        },
        responses: {
          "200": { description: "Any 2xx: delivered." },
          "410": { description: "Gone: the installation is disabled and no further callbacks are sent." },
          default: { description: "Anything else, a timeout (10 s) or a refused connection: retried later." },
        },
        "x-codeSamples": VERIFICATION_SAMPLES,
        "x-signed-example": WEBHOOK_DELIVERY_EXAMPLE,
      },
    },
    pingEvent: {
      post: {
        tags: ["Webhooks"],
        summary: "A test event, POSTed to the callback_url by \"Send test event\" (POST /api/v1/installations/{id}/ping)",
        description:
          "Signed and sent exactly like the score callback, with `type` = `ping`; one attempt, not retried. `webhook-id` is `msg_<delivery_id>`. Answer any 2xx; a 410 disables the installation, as for callbacks.",
        operationId: "webhookPingEvent",
        parameters: [
          header("webhook-id", "`msg_<delivery_id>`: the same if this event is redelivered.", `msg_${DELIVERY_ID}`),
          header("webhook-timestamp", "Unix seconds when this attempt was signed.", delivery["webhook-timestamp"]),
          header("webhook-signature", "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`.", delivery["webhook-signature"]),
        ],
        requestBody: { required: true, content: { "application/json": { schema: jsonSchema(pingPayloadSchema, "output"), examples: { ping: { summary: "ping", value: PING_EXAMPLE } } } } },
        responses: {
          "200": { description: "Any 2xx: delivered." },
          "410": { description: "Gone: the installation is disabled." },
          default: { description: "Anything else: recorded as failed (see the deliveries list)." },
        },
        "x-codeSamples": VERIFICATION_SAMPLES,
        "x-signed-example": signedDelivery(`msg_${DELIVERY_ID}`, PING_EXAMPLE),
      },
    },
  };
}

export function buildOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      const examples = examplesOf(response);
      const json = response.schema || examples ? { "application/json": { ...(response.schema ? { schema: jsonSchema(response.schema, "output") } : {}), ...(examples ? { examples } : {}) } } : undefined;
      const alternative = response.alternative
        ? { [response.alternative.mediaType]: { schema: { type: "string", description: response.alternative.description }, examples: { default: { value: response.alternative.example } } } }
        : undefined;
      responses[status] = {
        description: response.description,
        ...(json || alternative ? { content: { ...json, ...alternative } } : {}),
        ...(response.headers
          ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }])) }
          : {}),
      };
    }
    const bodyExamples =
      operation.bodyExample !== undefined ? { examples: { default: { value: operation.bodyExample }, ...operation.moreBodyExamples } } : {};
    const requestBody = operation.multipart
      ? {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", format: "binary", description: "The backlog file (CSV, JSON or .txt), at most 2 MB." } },
              },
              ...bodyExamples,
            },
          },
        }
      : operation.body
        ? { required: true, content: { "application/json": { schema: jsonSchema(operation.body, "input"), ...bodyExamples } } }
        : undefined;
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next: string | undefined) => (next ? next.toUpperCase() : ""))}`,
      security: SECURITY_REQUIREMENTS[operation.security],
      ...(operation.parameters
        ? {
            parameters: operation.parameters.map((parameter) => ({
              name: parameter.name,
              in: parameter.in,
              required: parameter.in === "path" ? true : Boolean(parameter.required),
              description: parameter.description,
              schema: parameter.schema ? jsonSchema(parameter.schema, "input") : { type: "string" },
              ...(parameter.example !== undefined ? { example: parameter.example } : {}),
            })),
          }
        : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  const tags = [...new Set(operations.map((operation) => operation.tag))];
  return {
    openapi: "3.1.0",
    info: {
      title: "Story Scoring Service API",
      version: SERVICE_VERSION,
      description:
        "Scores agile work items against the INVEST rubric. Gateway errors (`/api/*`, `/stats/*`) are `{error, message, details[]}`; the quota refusal is the 429 quota body with `code` = `QUOTA_EXHAUSTED`; the public CSV evaluator (`/evaluate/*`) answers errors as `{detail}`. Every response carries `X-Request-Id`.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [
      ...tags.map((name) => ({ name })),
      { name: "Webhooks", description: "What the service sends to an installation's `callback_url`, and how to verify it." },
    ],
    paths,
    webhooks: webhooks(),
    components: { securitySchemes: SECURITY, schemas: { CallbackPayload: jsonSchema(callbackPayloadSchema, "output") } },
  };
}
