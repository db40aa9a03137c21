import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call } from "@/lib/testing/http";
import { GET } from "@/app/api/v1/openapi.json/route";
import { buildOpenApiDocument } from "./openapi";

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
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
    expect(response.properties.split).toMatchObject({ type: "array", items: { type: "string" }, description: expect.stringContaining("one story per feature") });
    expect(Object.keys(score.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "413", "429"]));
  });

  it("is served at /api/v1/openapi.json", async () => {
    const response = await call(GET, "/api/v1/openapi.json");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openapi: "3.1.0", info: { title: expect.any(String) } });
  });
});
