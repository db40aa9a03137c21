// The operator's API (/api/admin/*): customers and logins provisioned, and the LLM engine's counters. Enabled only
// when ADMIN_TOKEN is set.
import { z } from "zod";
import { AT, BODY_OVER_64KB_413, gatewayError, gatewayErrors, type Operation, type Response } from "./common";
import { createdUserSchema, createUserSchema, provisionCustomerSchema, provisionedCustomerSchema } from "@/lib/admin/schemas";
import { RESPONSE_FORMATS, VIOLATION_REASONS } from "@/lib/scoring/openai/formats";
import { errorSchema } from "@/lib/pipeline/schemas";

/** The admin API disabled (no ADMIN_TOKEN). */
const ADMIN_DISABLED_404 = { description: "The admin API is disabled (no `ADMIN_TOKEN` on the server).", example: gatewayError("not_found", "Not found.") };
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

export function adminOperations(): Operation[] {
  return [
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
  ];
}
