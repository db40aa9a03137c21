// The OpenAPI 3.1 document, generated from the same zod schemas the handlers parse with (z.toJSONSchema emits
// JSON Schema 2020-12, which is OpenAPI 3.1's schema dialect). Every /api/v1 endpoint is registered here.
import { z } from "zod";
import { provisionCustomerSchema, provisionedCustomerSchema, createUserSchema, createdUserSchema } from "@/lib/admin/schemas";
import { SERVICE_VERSION } from "@/lib/version";
import {
  acceptedSchema,
  callbackPayloadSchema,
  evaluateRequestSchema,
  installationListSchema,
  installationSchema,
  jobStatusSchema,
  registeredInstallationSchema,
  registerInstallationSchema,
} from "@/lib/integrations/schemas";
import { errorSchema, quotaExhaustedSchema, scoreRequestSchema, scoreResponseSchema } from "./schemas";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Security = "apiKey" | "installationSecret" | "adminToken" | "none";

export interface Operation {
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  security: Security;
  parameters?: { name: string; in: "path" | "query" | "header"; required?: boolean; description: string; schema?: z.ZodType }[];
  body?: z.ZodType;
  responses: Record<string, { description: string; schema?: z.ZodType; headers?: Record<string, string> }>;
}

const gatewayErrors = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: ERROR_DESCRIPTIONS[status] ?? "Error",
        schema: status === 429 ? undefined : errorSchema,
      },
    ]),
  );

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid JSON, or a validation failure; `details` names each field.",
  401: "Missing, unknown or revoked credentials.",
  403: "Authenticated, but not allowed.",
  404: "Not found (or not yours).",
  409: "Conflict.",
  413: "The body is over the size limit.",
  500: "Unexpected error (generic message, logged with the request id).",
  503: "A dependency is unavailable; nothing was billed. Retry later.",
};

/** The unversioned stats group (Bearer key or dashboard session; scoped to the customer or its company). */
function statsOperations(): Operation[] {
  const customer = { name: "customer", in: "query" as const, description: "Company scope only: one of the company's customer ids." };
  const common = {
    tag: "Stats",
    security: "apiKey" as const,
    description:
      "Authenticated with the API key (`Authorization: Bearer`) or the dashboard session cookie. A customer sees its own stories; a company login sees every customer linked to its company (narrow with `customer`). Scores are on the stored 0-10 scale.",
  };
  const errors = gatewayErrors(400, 401, 404);
  return [
    {
      ...common,
      method: "get",
      path: "/stats/summary",
      summary: "Story health at a glance",
      parameters: [customer],
      responses: { "200": { description: "`{story_count, run_count, average_overall, dimension_averages, quota: {plan, quota, used, reset_at}}` (a company scope lists `quotas` per customer)." }, ...errors },
    },
    {
      ...common,
      method: "get",
      path: "/stats/trends",
      summary: "Average scores over time",
      parameters: [
        { name: "interval", in: "query", description: "`day`, `week` (default) or `month`." },
        { name: "from", in: "query", description: "Start: a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone." },
        { name: "to", in: "query", description: "End, inclusive; not before `from`." },
        customer,
      ],
      responses: { "200": { description: "`[{period_start, stories, average_overall, dimension_averages}]`, oldest first." }, ...errors },
    },
    {
      ...common,
      method: "get",
      path: "/stats/dimensions",
      summary: "Per-dimension averages and distributions",
      parameters: [customer],
      responses: { "200": { description: "Per dimension: `{average, histogram (11 counts for 0..10), share_below_5}`, over each story's latest scores." }, ...errors },
    },
    {
      ...common,
      method: "get",
      path: "/stats/stories",
      summary: "The latest score of each story, searched, sorted and paginated",
      parameters: [
        { name: "q", in: "query", description: "Search in summary and key (at most 200 characters)." },
        { name: "sort", in: "query", description: "`last_scored_at` (default), `overall_score`, `summary` or `run_count`." },
        { name: "order", in: "query", description: "`asc` or `desc`." },
        { name: "page", in: "query", description: "From 1; at most 10,000 stories are skipped." },
        { name: "page_size", in: "query", description: "1 to 100, default 25." },
        customer,
      ],
      responses: { "200": { description: "`{items: [{story_identity, identity_resolution, ticket_key, summary, overall_score, individual_scores, run_count, last_scored_at, customer_id}], page, page_size, total}`." }, ...errors },
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
      "Scores the work item against INVEST and returns the full result. Billing: with `external_id` the first successful score of that id counts against the monthly quota; without it the normalized content fingerprint is the identity (whitespace-only edits keep it; any other edit is a new story). Re-scores of a counted story are free in any month and always admitted. A failed score bills nothing. Body limit: 1 MB.",
    security: "apiKey",
    body: scoreRequestSchema,
    responses: {
      "200": {
        description: "The completed score.",
        schema: scoreResponseSchema,
        headers: {
          "X-Service-Story-Identity": "The resolved story identity used for billing (`sha256:<hex>` or the percent-encoded external id).",
          "X-Service-Identity-Resolution": "`external_id` or `content_hash`.",
        },
      },
      ...gatewayErrors(400, 401, 403, 413),
      "429": { description: "A NEW story while the monthly quota is exhausted (`code` = `QUOTA_EXHAUSTED`).", schema: quotaExhaustedSchema },
      ...gatewayErrors(500, 503),
    },
  },
  {
    method: "post",
    path: "/api/v1/evaluate/{source}",
    tag: "Scoring",
    summary: "Score one issue asynchronously, with a signed callback",
    description:
      "Accepts a Jira-style issue for scoring and answers 202 at once; the completed score is POSTed to the installation's callback URL, signed per Standard Webhooks with the installation's `webhook_secret` (headers `webhook-id` (stable across retries), `webhook-timestamp`, `webhook-signature`). Billing identity is `{cloudId}:{issue.key}` (or the content fingerprint without a key); a new story is reserved against the quota at acceptance and released if the job finally fails. `issue.fields.description` may be Atlassian Document Format, plain text or null. Deliveries: any 2xx is success; 410 disables the installation; everything else is retried with exponential backoff and jitter (429 honours Retry-After), up to WEBHOOK_MAX_ATTEMPTS. The callback body is documented as `CallbackPayload` under components.",
    security: "installationSecret",
    parameters: [{ name: "source", in: "path", description: "The integration channel the installation was registered for (e.g. `jira`)." }],
    body: evaluateRequestSchema,
    responses: {
      "202": { description: "Accepted and queued.", schema: acceptedSchema, headers: { "X-Service-Story-Identity": "The resolved story identity.", "X-Service-Identity-Resolution": "`external_id` or `content_hash`." } },
      "400": { description: "Invalid JSON, or missing required fields (e.g. cloudId).", schema: errorSchema },
      "401": { description: "Missing secret, or unknown or disabled installation: register again.", schema: errorSchema },
      "403": { description: "The secret does not match the registered one.", schema: errorSchema },
      "413": { description: "The body is over 1 MB.", schema: errorSchema },
      "429": { description: "A NEW story while the monthly quota is exhausted (`code` = `QUOTA_EXHAUSTED`).", schema: quotaExhaustedSchema },
      "500": { description: "Unexpected processing error.", schema: errorSchema },
    },
  },
  {
    method: "get",
    path: "/api/v1/jobs/{job_id}",
    tag: "Scoring",
    summary: "Status, result and callback delivery of an asynchronous job",
    description: "Job status: `accepted` -> `processing` -> `completed` | `failed`. Delivery: `pending` -> `delivered` | `retrying` -> `failed` after the last attempt. Only the owning customer sees a job; others get 404.",
    security: "apiKey",
    parameters: [{ name: "job_id", in: "path", description: "The job_id from the 202 acknowledgement." }],
    responses: { "200": { description: "The job.", schema: jobStatusSchema }, ...gatewayErrors(401, 404) },
  },
  {
    method: "post",
    path: "/api/v1/installations",
    tag: "Integrations",
    summary: "Register an integration (or re-register it, rotating its secrets)",
    description:
      "201 for a new cloudId + source; 200 when this customer registers it again (re-enabled, both secrets rotated). `secret` (send as X-Service-Secret) and `webhook_secret` (verify callbacks with any Standard Webhooks library) are shown once. `callback_url` must be https and must not resolve to a private, loopback, link-local or reserved address (unless the server runs with ALLOW_PRIVATE_CALLBACKS=true). A cloudId + source registered by another account is 409.",
    security: "apiKey",
    body: registerInstallationSchema,
    responses: {
      "201": { description: "Registered.", schema: registeredInstallationSchema },
      "200": { description: "Re-registered; secrets rotated.", schema: registeredInstallationSchema },
      ...gatewayErrors(400, 401, 409, 413),
    },
  },
  {
    method: "get",
    path: "/api/v1/installations",
    tag: "Integrations",
    summary: "List the customer's installations (no secrets)",
    security: "apiKey",
    responses: { "200": { description: "The installations.", schema: installationListSchema }, ...gatewayErrors(401) },
  },
  {
    method: "delete",
    path: "/api/v1/installations/{id}",
    tag: "Integrations",
    summary: "Disable an installation (its async endpoint then answers 401)",
    security: "apiKey",
    parameters: [{ name: "id", in: "path", description: "installation_id" }],
    responses: { "200": { description: "Disabled.", schema: installationSchema }, ...gatewayErrors(401, 404) },
  },
  ...statsOperations(),
  {
    method: "get",
    path: "/api/v1/openapi.json",
    tag: "Reference",
    summary: "This OpenAPI 3.1 document",
    security: "none",
    responses: { "200": { description: "The document." } },
  },
  {
    method: "post",
    path: "/api/admin/customers",
    tag: "Administration",
    summary: "Create a customer, or rotate an existing customer's key",
    description:
      "Enabled only when `ADMIN_TOKEN` is set (404 otherwise). 201 for a new customer; 200 for an existing id (a new key is issued and older keys are revoked; counted stories are kept). The key is shown once.",
    security: "adminToken",
    body: provisionCustomerSchema,
    responses: {
      "201": { description: "Created.", schema: provisionedCustomerSchema },
      "200": { description: "Existing customer updated; new key issued.", schema: provisionedCustomerSchema },
      ...gatewayErrors(400, 401, 404, 413),
    },
  },
  {
    method: "post",
    path: "/api/admin/users",
    tag: "Administration",
    summary: "Create a dashboard login for a customer or a company",
    security: "adminToken",
    body: createUserSchema,
    responses: { "201": { description: "Created.", schema: createdUserSchema }, ...gatewayErrors(400, 401, 404, 409, 413) },
  },
  {
    method: "get",
    path: "/api/health",
    tag: "Operations",
    summary: "Health of the service and its database",
    security: "none",
    responses: {
      "200": { description: "Healthy.", schema: z.object({ status: z.literal("ok"), database: z.literal("ok"), version: z.string() }) },
      "503": { description: "The database is unavailable." },
    },
  },
  {
    method: "get",
    path: "/api/ping",
    tag: "Operations",
    summary: "Constant answer without touching the database (uptime probes)",
    security: "none",
    responses: { "200": { description: "`{\"pong\": true}`", schema: z.object({ pong: z.literal(true) }) } },
  },
  {
    method: "post",
    path: "/api/ping",
    tag: "Operations",
    summary: "The same constant answer for POST (any body is ignored)",
    security: "none",
    responses: { "200": { description: "`{\"pong\": true}`", schema: z.object({ pong: z.literal(true) }) } },
  },
];

export function listOperations(): readonly Operation[] {
  return operations;
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const SECURITY: Record<Exclude<Security, "none">, Record<string, unknown>> = {
  apiKey: { type: "http", scheme: "bearer", description: "The API key issued at provisioning: `Authorization: Bearer <API_KEY>`." },
  installationSecret: { type: "apiKey", in: "header", name: "X-Service-Secret", description: "The per-installation shared secret." },
  adminToken: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <ADMIN_TOKEN>`." },
};

export function buildOpenApiDocument(serverUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(operation.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { "application/json": { schema: jsonSchema(response.schema, "output") } } } : {}),
        ...(response.headers
          ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: "string" } }])) }
          : {}),
      };
    }
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = {
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next: string | undefined) => (next ? next.toUpperCase() : ""))}`,
      security: operation.security === "none" ? [] : [{ [operation.security]: [] }],
      ...(operation.parameters
        ? {
            parameters: operation.parameters.map((parameter) => ({
              name: parameter.name,
              in: parameter.in,
              required: parameter.in === "path" ? true : Boolean(parameter.required),
              description: parameter.description,
              schema: parameter.schema ? jsonSchema(parameter.schema, "input") : { type: "string" },
            })),
          }
        : {}),
      ...(operation.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(operation.body, "input") } } } } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Story Scoring Service API",
      version: SERVICE_VERSION,
      description:
        "Scores agile work items against the INVEST rubric. Gateway errors are `{error, message, details[]}`; the quota refusal is the 429 quota body with `code` = `QUOTA_EXHAUSTED`. Every response carries `X-Request-Id`.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: { securitySchemes: SECURITY, schemas: { CallbackPayload: jsonSchema(callbackPayloadSchema, "output") } },
  };
}
