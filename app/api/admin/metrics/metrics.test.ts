// GET /api/admin/metrics: guarded by ADMIN_TOKEN like the rest of the admin API; JSON or Prometheus text. What the
// counters count through POST /api/v1/score is tested in app/api/v1/score/llm.test.ts.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { llmMetrics, recordLlmEvent, resetLlmMetrics } from "@/lib/llm-metrics";
import { call, setEnv } from "@/testing/http";
import { GET, POST } from "./route";

const ADMIN_TOKEN = "metrics-admin-token-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const usage = { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 };

beforeEach(() => {
  setEnv({ ADMIN_TOKEN, SCORING_ENGINE: undefined });
  resetLlmMetrics();
});
afterAll(() => setEnv({ ADMIN_TOKEN: undefined }));

/** One story answered badly, then well after the retry; another that failed; one the endpoint could not score. */
function someEvents() {
  recordLlmEvent({ type: "answer", attempt: 1, ms: 800, usage, finish_reason: "length" });
  recordLlmEvent({ type: "schema_violation", attempt: 1, reasons: ["cut_off"], errors: ["the answer is not valid JSON"], retrying: true, key: "A-1" });
  recordLlmEvent({ type: "answer", attempt: 2, ms: 900, usage, finish_reason: "stop" });
  recordLlmEvent({ type: "repaired", key: "A-1" });
  recordLlmEvent({ type: "scored", attempts: 2, ms: 1700, usage: { prompt_tokens: 1800, completion_tokens: 600, total_tokens: 2400 } });
  recordLlmEvent({ type: "answer", attempt: 1, ms: 700, usage, finish_reason: "stop" });
  recordLlmEvent({ type: "schema_violation", attempt: 1, reasons: ["missing_field", "out_of_range"], errors: ["your answer had no scores.small"], retrying: true });
  recordLlmEvent({ type: "answer", attempt: 2, ms: 700, usage, finish_reason: "stop" });
  recordLlmEvent({ type: "schema_violation", attempt: 2, reasons: ["out_of_range"], errors: ["scores.small.score was 42"], retrying: false });
  recordLlmEvent({ type: "schema_failure", attempts: 2, reasons: ["out_of_range"], errors: ["scores.small.score was 42"] });
  recordLlmEvent({ type: "unavailable", message: "the model endpoint answered 500 after retries" });
}

describe("GET /api/admin/metrics", () => {
  it("is 404 without ADMIN_TOKEN and 401 with a wrong token", async () => {
    setEnv({ ADMIN_TOKEN: undefined });
    expect((await call(GET, "/api/admin/metrics", { headers: admin })).status).toBe(404);
    setEnv({ ADMIN_TOKEN });
    const refused = await call(GET, "/api/admin/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ error: "unauthorized" });
  });

  it("answers the counters as JSON with the engine's configuration", async () => {
    someEvents();
    const response = await call(GET, "/api/admin/metrics", { headers: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = response.body as { since: string; scoring: unknown; llm: Record<string, unknown> };
    expect(Date.parse(body.since)).not.toBeNaN();
    expect(body.scoring).toEqual({ engine: "heuristic", model: null, response_format: null });
    expect(body.llm).toEqual({
      requests: 4,
      retry_requests: 2,
      scored: 1,
      scored_after_retry: 1,
      schema_violations: 3,
      schema_violations_by_reason: { empty: 0, not_json: 0, cut_off: 1, missing_field: 1, out_of_range: 2, wrong_type: 0, refused: 0, other: 0 },
      schema_failures: 1,
      unavailable: 1,
      refused: 0,
      tokens: { prompt_tokens: 3600, completion_tokens: 1200, total_tokens: 4800 },
      answer_ms: 3100,
    });
    expect(llmMetrics().counters).toEqual(body.llm);
  });

  it("answers Prometheus' text format on ?format=prometheus or Accept: text/plain", async () => {
    someEvents();
    for (const options of [{ path: "/api/admin/metrics?format=prometheus", headers: admin }, { path: "/api/admin/metrics", headers: { ...admin, accept: "text/plain" } }]) {
      const response = await call(GET, options.path, { headers: options.headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.text).toContain("# TYPE llm_schema_failures_total counter\nllm_schema_failures_total 1\n");
      expect(response.text).toContain('llm_schema_violations_by_reason_total{reason="out_of_range"} 2\n');
      expect(response.text).toContain('llm_tokens_total{kind="completion"} 1200\n');
      expect(response.text).toContain("llm_answer_seconds_total 3.1\n");
      expect(response.text.endsWith("\n")).toBe(true);
    }
  });

  it("refuses an unknown format with 400 in the gateway shape, and other methods with 405", async () => {
    const response = await call(GET, "/api/admin/metrics?format=xml", { headers: admin });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "validation_error", message: "Invalid query parameters.", details: ["format: must be json or prometheus, got 'xml'"] });
    const post = await call(POST, "/api/admin/metrics", { json: {}, headers: admin });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
