import { afterAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/lib/testing/db";
import { setupFakeOpenAI } from "@/lib/testing/fake-openai-hooks";
import { setEnv } from "@/lib/testing/http";
import { resetScoringEngine, scoringEngine } from "./scoring-engine";

setupTestDatabase();
const fake = setupFakeOpenAI();

afterAll(() => {
  setEnv({ SCORING_ENGINE: undefined, OPENAI_BASE_URL: undefined, SCORING_MODEL: undefined, SCORING_MAX_RETRIES: undefined });
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
});
