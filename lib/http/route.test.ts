import { describe, expect, it } from "vitest";
import { z } from "zod";
import { call } from "@/lib/testing/http";
import { ApiError } from "./errors";
import { detailRoute, gatewayRoute } from "./route";

describe("route wrappers", () => {
  it("turns thrown ApiErrors into the gateway shape with a request id", async () => {
    const handler = gatewayRoute(async () => {
      throw new ApiError("forbidden", "Not yours.", ["customer_id: does not match the API key"]);
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: "forbidden", message: "Not yours.", details: ["customer_id: does not match the API key"] });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("turns zod errors into 400 with readable details", async () => {
    const handler = gatewayRoute(async () => {
      z.object({ n: z.number() }).parse({ n: "one" });
      return Response.json({});
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", details: [expect.stringMatching(/^n: /)] });
  });

  it("hides unexpected errors behind a generic 500", async () => {
    const handler = gatewayRoute(async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(500);
    expect(response.text).not.toContain("secret");
    expect(response.body).toEqual({ error: "internal_error", message: "An unexpected error occurred.", details: [] });
  });

  it("uses FastAPI-style {detail} errors for the public CSV flow", async () => {
    const handler = detailRoute(async () => {
      throw new ApiError("rate_limited", "Too many uploads from this address.", [], { "Retry-After": "60" });
    });
    const response = await call(handler, "/evaluate/upload");
    expect(response.status).toBe(429);
    expect(response.body).toEqual({ detail: "Too many uploads from this address." });
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("echoes a safe incoming X-Request-Id and replaces an unsafe one", async () => {
    const handler = gatewayRoute(async () => Response.json({ ok: true }));
    const kept = await call(handler, "/x", { headers: { "x-request-id": "trace-123" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-123");
    const replaced = await call(handler, "/x", { headers: { "x-request-id": "bad id with spaces and {braces}" } });
    expect(replaced.headers.get("x-request-id")).not.toContain("bad");
  });
});
