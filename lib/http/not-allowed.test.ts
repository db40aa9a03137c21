// Every route under /api/v1, /stats and /evaluate answers every method: the ones it serves, and 405 with Allow
// in its family's error shape for the others; unknown paths answer 404 in the gateway shape.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { methodsNotAllowed, unknownPath, type Method } from "./not-allowed";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

const FILES = ["app/api/v1", "app/stats", "app/evaluate"].flatMap((d) => routeFiles(path.join(ROOT, d)));

describe("methods a route does not serve", () => {
  it("answers 405 with Allow and the gateway shape", async () => {
    const { GET } = methodsNotAllowed(["POST"]);
    const response = await GET(new Request("http://x/api/v1/score"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await response.json()).toEqual({
      error: "method_not_allowed",
      message: "GET is not allowed here; this endpoint answers POST.",
      details: ["method: use POST"],
    });
  });

  it("answers 405 with {detail} on the CSV endpoints, and names HEAD where GET is served", async () => {
    const { POST } = methodsNotAllowed(["GET"], "detail");
    const response = await POST(new Request("http://x/evaluate/results/abc", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(await response.json()).toEqual({ detail: "POST is not allowed here; this endpoint answers GET." });
  });

  it.each(FILES.map((f) => [path.relative(ROOT, f), f]))("%s exports every method, refusing the ones it does not serve", async (_name, file) => {
    const mod = (await import(file)) as Record<string, unknown>;
    const csv = file.includes(`${path.sep}evaluate${path.sep}`) && !file.includes(`${path.sep}v1${path.sep}`);
    for (const method of METHODS) expect(typeof mod[method], `${method}`).toBe("function");
    if (file.includes("[...path]")) return;
    const refused: Method[] = [];
    for (const method of METHODS) {
      const handler = mod[method] as (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response>;
      // A method the route serves would need auth or a body; only the refusing ones answer without either.
      const response = await handler(new Request("http://x/route", { method }), { params: Promise.resolve({}) });
      if (response.status !== 405) continue;
      refused.push(method);
      const body = await response.json();
      expect(body, method).toEqual(csv ? { detail: expect.any(String) } : { error: "method_not_allowed", message: expect.any(String), details: expect.any(Array) });
      const allow = response.headers.get("allow")!.split(", ");
      expect(allow).not.toContain(method);
      expect(allow).toContain("OPTIONS");
    }
    expect(refused.length, "each route serves at most three methods and refuses the rest").toBeGreaterThanOrEqual(2);
  });
});

describe("unknown paths", () => {
  it.each(METHODS)("%s answers 404 in the gateway shape", async (method) => {
    const handler = unknownPath()[method];
    const response = await handler(new Request("http://x/api/v1/scores", { method }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "not_found", message: "No endpoint at /api/v1/scores.", details: ["path: see the API reference at /docs"] });
  });
});
