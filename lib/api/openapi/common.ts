// The building blocks every resource's module shares: the Operation and Response shapes index.ts turns into the
// document, the ids and the scored story the examples are made of, and the error answers with their examples.
import { z } from "zod";
import { DIMENSIONS, type Dimension, type PerDimension } from "@/lib/scoring/types";
import { SERVICE_VERSION } from "@/lib/version";
import { errorSchema, quotaExhaustedSchema, type ScoreResponse } from "@/lib/pipeline/schemas";

type Method = "get" | "post" | "put" | "patch" | "delete";
export type Security = "apiKey" | "apiKeyOrSession" | "installationSecret" | "adminToken" | "none";

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

export const STORY = "As a shopper, I want to save my cart so that I can finish checkout later.";
export const CLOUD_ID = "acme.atlassian.net";
export const JOB_ID = "5b0e7c8a-1f2d-4e3b-9a6c-7d8e9f0a1b2c";
export const INSTALLATION_ID = "0f880dcc-cc37-4710-bfdd-826c2d4edddb";
export const SESSION_ID = "d7e91c89-3a75-419d-aff6-bc3d090b3d44";
export const DELIVERY_ID = "8e2d4c6a-0b1f-4a3e-9c5d-7f6e8a9b0c1d";
export const AT = "2026-11-23T09:36:43.403Z";

export function perDimension<T>(value: (dimension: Dimension) => T): PerDimension<T> {
  return Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, value(dimension)])) as PerDimension<T>;
}

export const EXAMPLE_SCORES: PerDimension<number> = { independent: 10, negotiable: 10, valuable: 10, estimable: 9, small: 10, testable: 2 };
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
export const EXAMPLE_FINDINGS = [
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
export const TOGETHER = "Each gain above is for that fix alone; the gains overlap, so they do not add up.";
export const EXAMPLE_RECOMMENDATIONS = [`${ADD_CRITERIA} (+38% overall)`, `${ADD_DESCRIPTION} (+1% overall)`, `All of these together: 60% → 100%. ${TOGETHER}`];
export const EXAMPLE_OVERALL_REASONING =
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

/** A NEW story refused by the monthly quota (the synchronous score and the async evaluate answer it alike). */
export const QUOTA_429: Response = {
  description: "A NEW story while the monthly quota is exhausted (`code` = `QUOTA_EXHAUSTED`), with `Retry-After` until the quota resets. Re-scores of counted stories are never refused.",
  schema: quotaExhaustedSchema,
  example: QUOTA_EXAMPLE,
};

// ---------------------------------------------------------------------------------------------------------
// Error shapes and their examples.

export type GatewayError = z.infer<typeof errorSchema>;
export const gatewayError = (error: string, message: string, details: string[] = []): GatewayError => ({ error, message, details });

export const INVALID_KEY = gatewayError("unauthorized", "Invalid or revoked API key.");
export const TOO_LARGE = (bytes: number) => gatewayError("payload_too_large", `The request body must not exceed ${bytes} bytes.`);
export const INTERNAL = gatewayError("internal_error", "An unexpected error occurred.");
export const BODY_OVER_64KB_413 = { description: "The body is over 64 KB.", example: TOO_LARGE(65_536) };
/** A change made with the dashboard session from another site (the account API's CSRF check). */
export const CROSS_SITE_403 = {
  description: "A change made with the session cookie from another site (its `Origin` is not this service).",
  example: gatewayError("forbidden", "Cross-site request refused.", ["Origin: 'https://evil.example' is not this service"]),
};

/** Gateway error responses (`{error, message, details[]}`), each with the example the handler really answers. */
export function gatewayErrors(examples: Partial<Record<number, GatewayError | { description: string; example: GatewayError }>>): Record<string, Response> {
  return Object.fromEntries(
    Object.entries(examples).map(([status, given]) => {
      const { description, example } = given && "example" in given ? given : { description: ERROR_DESCRIPTIONS[Number(status)] ?? "Error", example: given };
      return [status, { description, schema: errorSchema, example }];
    }),
  );
}

export const ERROR_DESCRIPTIONS: Record<number, string> = {
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

// The account API (keys, rules, dismissals, installations' changes, the audit trail) is called alike: an API key
// or the settings page's session, a company login naming the customer it acts for.
export const ACCOUNT_AUTH =
  "With an API key (`Authorization: Bearer`) or the dashboard session cookie (the settings page). A company login names the customer it acts for with `customer`; changes made with the session must come from the service's own pages (their `Origin`), else 403.";
export const ACCOUNT_CUSTOMER = { name: "customer", in: "query" as const, description: "Session only: the customer a company login acts for (one of its company's customers)." };
export const ACCOUNT_UNAUTHORIZED = { description: "No API key and no session, or an unknown or revoked key.", example: INVALID_KEY };

/** A zod schema as the document's JSON Schema (2020-12, OpenAPI 3.1's dialect), for requests or for answers. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}