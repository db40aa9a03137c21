import { afterAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/db";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import { llmMetrics, resetLlmMetrics } from "@/lib/llm-metrics";
import { setEnv } from "@/testing/http";
import { resetScoringEngine, scoringEngine } from "./scoring-engine";

setupTestDatabase();
const fake = setupFakeOpenAI();

afterAll(() => {
  setEnv({ SCORING_ENGINE: undefined, OPENAI_BASE_URL: undefined, SCORING_MODEL: undefined, SCORING_MAX_RETRIES: undefined, SCORING_RESPONSE_FORMAT: undefined });
  resetScoringEngine();
});

describe("the configured engine", () => {
  it.each([
    ["0", 1],
    ["1", 2],
  ])("makes SCORING_MAX_RETRIES=%s retries after a failed call (%i calls in all)", async (retries, calls) => {
    setEnv({ SCORING_ENGINE: "openai", OPENAI_BASE_URL: fake().baseURL, SCORING_MODEL: "fake-model", SCORING_MAX_RETRIES: retries });
    resetScoringEngine();
    fake().enqueue({ kind: "status", status: 500, retryAfterMs: 1 }, { kind: "status", status: 500, retryAfterMs: 1 }, { kind: "status", status: 500, retryAfterMs: 1 });
    await expect(scoringEngine().score({ summary: `As a user, I want retry case ${retries} so that it is tested.` })).rejects.toThrow();
    expect(fake().requests).toHaveLength(calls);
  });

  it.each([
    ["json_schema", "json_schema"],
    ["json_object", "json_object"],
    ["none", undefined],
  ])("asks for SCORING_RESPONSE_FORMAT=%s (response_format %s)", async (format, sent) => {
    setEnv({ SCORING_ENGINE: "openai", OPENAI_BASE_URL: fake().baseURL, SCORING_MODEL: "fake-model", SCORING_MAX_RETRIES: "0", SCORING_RESPONSE_FORMAT: format });
    resetScoringEngine();
    await scoringEngine().score({ summary: `As a user, I want the ${format} format so that my server understands it.` });
    expect(fake().requests[0].body.response_format?.type).toBe(sent);
  });

  it("counts every answer and every schema failure in the operator's metrics", async () => {
    setEnv({ SCORING_ENGINE: "openai", OPENAI_BASE_URL: fake().baseURL, SCORING_MODEL: "fake-model", SCORING_MAX_RETRIES: "0", SCORING_RESPONSE_FORMAT: undefined });
    resetScoringEngine();
    resetLlmMetrics();
    fake().enqueue({ kind: "truncated" }, { kind: "ok" }, { kind: "partial" }, { kind: "out_of_range" });
    await scoringEngine().score({ summary: "As a user, I want metrics counted so that the operator sees them." });
    await expect(scoringEngine().score({ summary: "As a user, I want a second story so that it fails twice." })).rejects.toThrow(/did not follow the schema/);
    const { counters } = llmMetrics();
    expect(counters).toMatchObject({
      requests: 4,
      retry_requests: 2,
      scored: 1,
      scored_after_retry: 1,
      schema_violations: 3,
      schema_failures: 1,
      unavailable: 0,
      refused: 0,
    });
    expect(counters.schema_violations_by_reason).toMatchObject({ cut_off: 1, missing_field: 1, out_of_range: 1, wrong_type: 0 });
    expect(counters.tokens.total_tokens).toBe(counters.tokens.prompt_tokens + counters.tokens.completion_tokens);
    expect(counters.tokens.total_tokens).toBeGreaterThan(0);
  });
});
