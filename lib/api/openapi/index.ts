// The OpenAPI 3.1 document, generated from the same zod schemas the handlers parse with (z.toJSONSchema emits
// JSON Schema 2020-12, which is OpenAPI 3.1's schema dialect). Each resource's operations, with their examples,
// are in a module of this folder that takes its schemas from the modules its routes import; this one assembles
// them, with the signed callback under `webhooks`. The examples are what the handlers answer (captured from them,
// and checked against the schemas and the engine by openapi.test.ts), so programs that read this document get the
// same examples people see on /docs.
import { auditOperations, keyOperations } from "./account";
import { adminOperations } from "./admin";
import { jsonSchema, type Operation, type Response, type Security } from "./common";
import { csvOperations } from "./csv";
import { evaluateOperations, installationOperations } from "./evaluate";
import { healthOperations } from "./health";
import { jobOperations } from "./jobs";
import { rulesOperations } from "./rules";
import { scoreOperations } from "./score";
import { statsOperations } from "./stats";
import { connectionOperations } from "./trackers";
import { webhooks } from "./webhooks";
import { callbackPayloadSchema } from "@/lib/integrations/schemas";
import { SERVICE_VERSION } from "@/lib/version";

export type { Operation, Response } from "./common";
export { SCORE_RESPONSE_EXAMPLE } from "./common";
export { SCORE_REQUEST_BUG_EXAMPLE, SCORE_REQUEST_EXAMPLE } from "./score";
export { CALLBACK_EXAMPLES, VERIFICATION_SAMPLES, WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_SECRET_EXAMPLE } from "./webhooks";

const referenceOperation: Operation = {
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
};

// In the order /docs shows them: a tag's place is where its first operation comes.
const operations: Operation[] = [
  ...scoreOperations(),
  ...evaluateOperations(),
  ...jobOperations(),
  ...installationOperations(),
  ...keyOperations(),
  ...rulesOperations(),
  ...auditOperations(),
  ...connectionOperations(),
  ...statsOperations(),
  ...csvOperations(),
  referenceOperation,
  ...adminOperations(),
  ...healthOperations(),
];

export function listOperations(): readonly Operation[] {
  return operations;
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
