import { createHmac, timingSafeEqual } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callbackPayloadSchema } from "@/lib/integrations/schemas";
import { scoreTicket, scoreTickets, type TicketData } from "@/lib/scoring";
import { call } from "@/testing/http";
import { GET } from "@/app/api/v1/openapi.json/route";
import {
  buildOpenApiDocument,
  CALLBACK_EXAMPLES,
  listOperations,
  SCORE_REQUEST_EXAMPLE,
  SCORE_RESPONSE_EXAMPLE,
  VERIFICATION_SAMPLES,
  WEBHOOK_DELIVERY_EXAMPLE,
  WEBHOOK_SECRET_EXAMPLE,
} from "./openapi";

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    // A catch-all (`[...path]`) answers 404 for paths the API does not have: nothing to document.
    if (statSync(full).isDirectory()) return entry.startsWith("[...") ? [] : routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument("https://stories.example.com") as {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
  };

  it("documents every /api/v1 route handler the app serves", () => {
    const root = path.join(process.cwd(), "app");
    for (const file of routeFiles(path.join(root, "api", "v1"))) {
      const routePath = path
        .relative(root, path.dirname(file))
        .split(path.sep)
        .map((segment) => segment.replace(/^\[(.+)\]$/, "{$1}"))
        .join("/");
      const methods = [...readFileSync(file, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((match) => match[1].toLowerCase());
      expect(methods.length, file).toBeGreaterThan(0);
      for (const method of methods) expect(doc.paths[`/${routePath}`]?.[method], `${method} /${routePath}`).toBeDefined();
    }
  });

  it("is OpenAPI 3.1 with the score request and response schemas from zod", () => {
    expect(doc.openapi).toBe("3.1.0");
    const score = doc.paths["/api/v1/score"].post as {
      requestBody: { content: { "application/json": { schema: { required: string[]; properties: Record<string, unknown> } } } };
      responses: Record<string, { content?: { "application/json": { schema: unknown } } }>;
    };
    const request = score.requestBody.content["application/json"].schema;
    expect(request.required).toEqual(expect.arrayContaining(["ticket_id", "ticket_data"]));
    const response = score.responses["200"].content!["application/json"].schema as { required: string[]; properties: Record<string, { type?: string; description?: string; items?: { type?: string } }> };
    expect(response.required).toEqual(
      expect.arrayContaining(["status", "job_id", "ticket_id", "overall_score", "individual_scores", "scores", "reasoning_per_dimension", "recommendations", "context_references", "metadata", "findings", "rewrite", "split"]),
    );
    expect(response.properties.split).toMatchObject({ type: "array", items: { type: "string" }, description: expect.stringContaining("one story per action") });
    expect(Object.keys(score.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "413", "429"]));
  });

  it("is served at /api/v1/openapi.json", async () => {
    const response = await call(GET, "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0", info: { title: expect.any(String) } });
  });
});

type Media = { schema?: unknown; examples?: Record<string, { value: unknown }> };
type OperationDoc = {
  operationId: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};

describe("OpenAPI examples", () => {
  const doc = buildOpenApiDocument("https://stories.example.com") as { paths: Record<string, Record<string, OperationDoc>>; webhooks: Record<string, { post: OperationDoc }> };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ label: `${method} ${path}`, operation })));
  const examplesOf = (content: Record<string, Media> | undefined) => Object.values(content ?? {}).flatMap((media) => Object.values(media.examples ?? {}));

  afterEach(() => vi.useRealTimers());

  it("lists the public CSV evaluator's endpoints, with their {detail} errors", () => {
    expect(Object.keys(doc.paths["/evaluate/upload"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/evaluate/score"])).toEqual(["post"]);
    expect(Object.keys(doc.paths["/evaluate/results/{session_id}"])).toEqual(["get"]);
    expect(doc.paths["/evaluate/upload"].post.requestBody?.content["multipart/form-data"]).toBeDefined();
    for (const path of ["/evaluate/upload", "/evaluate/score", "/evaluate/results/{session_id}"]) {
      for (const [status, response] of Object.entries(Object.values(doc.paths[path])[0].responses)) {
        if (status.startsWith("2")) continue;
        for (const example of examplesOf(response.content)) expect(Object.keys(example.value as object), `${path} ${status}`).toEqual(["detail"]);
      }
    }
  });

  it("gives every operation a success example, a request example where it has a body, and an example of each documented error", () => {
    const withoutErrorExample = new Set<string>();
    for (const { label, operation } of operations) {
      const statuses = Object.entries(operation.responses);
      // A 204 has no body to show.
      const successes = statuses.filter(([status]) => status.startsWith("2") && status !== "204");
      if (successes.length > 0 || !operation.responses["204"]) expect(successes.flatMap(([, response]) => examplesOf(response.content)).length, label).toBeGreaterThan(0);
      if (operation.requestBody) expect(examplesOf(operation.requestBody.content).length, `${label} request`).toBeGreaterThan(0);
      for (const [status, response] of statuses.filter(([status]) => !status.startsWith("2"))) {
        if (withoutErrorExample.has(`${label} ${status}`)) continue;
        expect(examplesOf(response.content).length, `${label} ${status}`).toBeGreaterThan(0);
      }
    }
    expect(examplesOf(doc.webhooks.scoreCallback.post.requestBody?.content).length).toBe(2);
  });

  it("has examples that parse with the zod schemas the handlers use", () => {
    let checked = 0;
    for (const operation of listOperations()) {
      const label = `${operation.method} ${operation.path}`;
      if (operation.body && operation.bodyExample !== undefined) {
        expect(operation.body.safeParse(operation.bodyExample).error, `${label} request`).toBeUndefined();
        checked++;
      }
      for (const [name, example] of Object.entries(operation.moreBodyExamples ?? {})) {
        expect(operation.body?.safeParse(example.value).error, `${label} request ${name}`).toBeUndefined();
        checked++;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!response.schema) continue;
        const values = response.examples ? Object.values(response.examples).map((example) => example.value) : response.example !== undefined ? [response.example] : [];
        for (const value of values) {
          expect(response.schema.safeParse(value).error, `${label} ${status}`).toBeUndefined();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    for (const payload of Object.values(CALLBACK_EXAMPLES)) expect(callbackPayloadSchema.safeParse(payload).error).toBeUndefined();
  });

  it("shows what the engine really answers for the example story", () => {
    const ticket = SCORE_REQUEST_EXAMPLE.ticket_data as TicketData;
    const { status: _status, job_id: _job, ticket_id: _ticket, metadata, ...scored } = SCORE_RESPONSE_EXAMPLE;
    const { timestamp: _at, processing_time_ms: _ms, service_version: _version, ...engineMetadata } = metadata;
    expect(scoreTicket(ticket)).toEqual({ ...scored, metadata: engineMetadata });

    const results = (doc.paths["/evaluate/results/{session_id}"].get.responses["200"].content!["application/json"].examples!.default.value as {
      results: { summary: string; key: string; overall_score: number; individual_scores: unknown; findings: unknown; recommendations: unknown }[];
    }).results;
    const batch = scoreTickets(results.map((row) => ({ ticket: { summary: row.summary, key: row.key } })));
    results.forEach((row, i) =>
      expect(row).toMatchObject({ overall_score: batch[i].overall_score, individual_scores: batch[i].individual_scores, findings: batch[i].findings, recommendations: batch[i].recommendations }),
    );
  });

  it("signs the example delivery so that a Standard Webhooks library accepts it", () => {
    vi.useFakeTimers({ now: Number(WEBHOOK_DELIVERY_EXAMPLE.headers["webhook-timestamp"]) * 1000 + 30_000 });
    expect(new Webhook(WEBHOOK_SECRET_EXAMPLE).verify(WEBHOOK_DELIVERY_EXAMPLE.body, WEBHOOK_DELIVERY_EXAMPLE.headers)).toEqual(CALLBACK_EXAMPLES.failed);
    expect(WEBHOOK_DELIVERY_EXAMPLE.headers["webhook-id"]).toBe(`msg_${CALLBACK_EXAMPLES.failed.job_id}`);
  });

  it("has a by-hand verification snippet that accepts the example delivery and refuses a changed body", () => {
    vi.useFakeTimers({ now: Number(WEBHOOK_DELIVERY_EXAMPLE.headers["webhook-timestamp"]) * 1000 + 30_000 });
    const source = VERIFICATION_SAMPLES.find((sample) => sample.label.includes("node:crypto"))!.source.replace(/^import .*$/m, "");
    const verify = new Function("createHmac", "timingSafeEqual", "Buffer", `${source}\nreturn verify;`)(createHmac, timingSafeEqual, Buffer);
    const { secret, headers, body } = WEBHOOK_DELIVERY_EXAMPLE;
    expect(verify(secret, headers["webhook-id"], headers["webhook-timestamp"], headers["webhook-signature"], body)).toBe(true);
    expect(verify(secret, headers["webhook-id"], headers["webhook-timestamp"], headers["webhook-signature"], body.replace("failed", "completed"))).toBe(false);
  });
});
