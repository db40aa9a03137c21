// POST /api/v1/score with the LLM engine, end to end against a local OpenAI-compatible server.
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { llmCache, stories } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { scoreResponseSchema } from "@/lib/pipeline/schemas";
import { createDatabaseLlmCache } from "@/lib/llm-cache";
import { createEngine, DIMENSIONS } from "@/lib/scoring";
import { resetScoringEngine, setScoringEngineOverride } from "@/lib/scoring-engine";
import { resetLlmMetrics, type LlmCounters } from "@/lib/llm-metrics";
import { GET as getMetrics } from "@/app/api/admin/metrics/route";
import { setupTestDatabase } from "@/testing/db";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import { call, setEnv } from "@/testing/http";
import { POST } from "./route";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "https://stories.example.com" });

const fake = setupFakeOpenAI();
afterEach(() => setScoringEngineOverride(undefined));

/** A fresh LLM engine against the fake server (its own in-process cache unless one is given). */
function useLlm(extra: Record<string, unknown> = {}) {
  setScoringEngineOverride(
    createEngine("openai", { baseURL: fake().baseURL, model: "fake-model", timeoutMs: 1000, maxRetries: 2, concurrency: 8, ...extra }),
  );
}

let customers = 0;
async function newCustomer(quota = 25): Promise<{ id: string; key: string }> {
  const id = `llm-co-${++customers}`;
  const { body } = await provisionCustomer(database().db, { customer_id: id, plan: "free", quota });
  return { id, key: body.api_key };
}

async function countedStories(customerId: string) {
  const [{ value }] = await database().db.select({ value: count() }).from(stories).where(eq(stories.customerId, customerId));
  return value;
}

let n = 0;
const summary = () => `As a shopper, I want to save cart ${++n} so that I can finish checkout later.`;
const score = (key: string, json: unknown) => call(POST, "/api/v1/score", { json, headers: { authorization: `Bearer ${key}` } });
const story = (text: string, extra: Record<string, unknown> = {}) => ({ ticket_id: "T-1", ticket_data: { summary: text }, ...extra });

describe("POST /api/v1/score with the LLM engine", () => {
  it("answers the spec's score shape with the model's metadata and token usage, and bills the story", async () => {
    useLlm();
    const customer = await newCustomer();
    const context = [{ id: "EPIC-9", type: "epic", title: "Checkout", content: "Increase revenue for customers" }, { id: "NOTE-1" }];
    fake().enqueue({
      kind: "ok",
      edit: (answer) => ({ ...answer, scores: { ...answer.scores, valuable: { ...answer.scores.valuable, reference_context: ["EPIC-9", "GHOST-1"] } } }),
    });
    const response = await score(customer.key, story(summary(), { context_items: context }));
    expect(response.status).toBe(200);
    const body = scoreResponseSchema.parse(response.body);
    expect(body.status).toBe("completed");
    expect(body.metadata.model).toEqual({ provider: "openai-compatible", model_name: "fake-model", temperature: 0 });
    expect(body.metadata.prompt_version).toBe("invest-v5");
    expect(body.metadata.token_usage.total_tokens).toBeGreaterThan(0);
    expect(body.context_references.valuable).toEqual(["EPIC-9"]);
    expect(body.metadata.context_usage_stats).toMatchObject({ total_context_items_available: 2, context_items_referenced: 1 });
    for (const d of DIMENSIONS) expect(body.scores[d].reference_context).toEqual(body.context_references[d]);
    expect(fake().requests).toHaveLength(1);
    expect(await countedStories(customer.id)).toBe(1);
  });

  it("scores a bug typed by its tracker as a bug: the model is asked about a bug, the response and the story say so", async () => {
    useLlm();
    const customer = await newCustomer();
    const response = await score(customer.key, {
      ticket_id: "SHOP-404",
      ticket_data: { summary: `Checkout shows a blank page for discounted cart ${++n}`, issue_type: "Defect" },
    });
    expect(response.status).toBe(200);
    expect(scoreResponseSchema.parse(response.body).metadata).toMatchObject({ work_item_type: "bug", prompt_version: "invest-v5" });
    const user = JSON.parse(fake().requests[0].body.messages?.[1].content ?? "{}");
    expect(user.work_item_type.statement).toMatch(/^Work item type: bug \(named "Defect" by the tracker\)/);
    const [stored] = await database().db.select({ kind: stories.workItemType }).from(stories).where(eq(stories.customerId, customer.id));
    expect(stored.kind).toBe("bug");
  });

  it("retries a 429 from the provider and bills the story once", async () => {
    useLlm();
    const customer = await newCustomer();
    fake().enqueue({ kind: "status", status: 429, retryAfter: "0.02" }, { kind: "ok" });
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(200);
    expect(fake().requests.map((r) => r.status)).toEqual([429, 200]);
    expect(await countedStories(customer.id)).toBe(1);
  });

  it("answers 503 in the gateway shape when 500s outlast the retries, and bills nothing", async () => {
    useLlm({ maxRetries: 2 });
    const customer = await newCustomer();
    const fail = { kind: "status", status: 500, retryAfterMs: 5 } as const;
    fake().enqueue(fail, fail, fail);
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: "service_unavailable", message: expect.stringContaining("not billed"), details: [] });
    expect(response.headers.get("retry-after")).toBe("30");
    expect(fake().requests).toHaveLength(3);
    expect(await countedStories(customer.id)).toBe(0);
  });

  it("answers 503 when the provider never answers (timeout), and bills nothing", async () => {
    useLlm({ timeoutMs: 150, maxRetries: 0 });
    const customer = await newCustomer();
    fake().enqueue({ kind: "hang" });
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: "service_unavailable" });
    expect(await countedStories(customer.id)).toBe(0);
  });

  it("repairs a malformed answer with one more call and answers 200", async () => {
    useLlm();
    const customer = await newCustomer();
    fake().enqueue({ kind: "malformed" }, { kind: "ok" });
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(200);
    expect(fake().requests).toHaveLength(2);
    expect(await countedStories(customer.id)).toBe(1);
  });

  it.each([
    ["cut off mid-JSON", "truncated"],
    ["missing five of the six dimensions", "partial"],
    ["with small 42 and testable -3", "out_of_range"],
  ] as const)("answers 200 when an answer %s is followed by a good one, and bills the story once", async (_label, kind) => {
    useLlm();
    const customer = await newCustomer();
    fake().enqueue({ kind }, { kind: "ok" });
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(200);
    const body = scoreResponseSchema.parse(response.body);
    for (const d of DIMENSIONS) expect(body.individual_scores[d]).toBeLessThanOrEqual(10);
    expect(fake().requests).toHaveLength(2);
    expect(await countedStories(customer.id)).toBe(1);
  });
  it("refuses a new story over quota before calling the model", async () => {
    useLlm();
    const customer = await newCustomer(1);
    expect((await score(customer.key, story(summary()))).status).toBe(200);
    const refused = await score(customer.key, story(summary()));
    expect(refused.status).toBe(429);
    expect(fake().requests).toHaveLength(1);
  });
});

describe("POST /api/v1/score with the configured LLM engine: answers that break the schema", () => {
  const ADMIN_TOKEN = "metrics-admin-token-0123456789";
  afterEach(() => {
    setEnv({ SCORING_ENGINE: undefined, OPENAI_BASE_URL: undefined, SCORING_MODEL: undefined, SCORING_RESPONSE_FORMAT: undefined, ADMIN_TOKEN: undefined });
    resetScoringEngine();
  });

  /** The engine the server builds from its environment (SCORING_*), with its metrics and logs. */
  function useConfigured(format?: string) {
    setEnv({ SCORING_ENGINE: "openai", OPENAI_BASE_URL: fake().baseURL, SCORING_MODEL: "fake-model", SCORING_RESPONSE_FORMAT: format, ADMIN_TOKEN });
    resetScoringEngine();
    resetLlmMetrics();
  }
  const metrics = async () => {
    const response = await call(getMetrics, "/api/admin/metrics", { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.status).toBe(200);
    return response.body as { scoring: Record<string, unknown>; llm: LlmCounters };
  };

  it("answers 502 bad_gateway in the gateway shape when the retry's answer breaks the schema too, bills nothing, and counts it", async () => {
    useConfigured();
    const customer = await newCustomer();
    fake().enqueue({ kind: "partial" }, { kind: "out_of_range" });
    const text = summary();
    const started = performance.now();
    const response = await score(customer.key, story(text));
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      error: "bad_gateway",
      message: "The model's answer did not follow the schema, also when asked again; the story was not billed. Try again.",
      details: ["model answer: scores.small.score was 42; a score is a number from 0 to 10", "model answer: scores.testable.score was -3; a score is a number from 0 to 10"],
    });
    expect(response.headers.get("retry-after")).toBeNull();
    // Two answers and no backoff: nothing waits (the provider's own retries are for 429s and 5xx).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[1].body.messages?.[3].content).toContain("your answer had no scores.small");
    expect(await countedStories(customer.id)).toBe(0);
    const [{ value: cached }] = await database().db.select({ value: count() }).from(llmCache);
    const { scoring, llm } = await metrics();
    expect(scoring).toEqual({ engine: "openai", model: "fake-model", response_format: "json_schema" });
    expect(llm).toMatchObject({ requests: 2, retry_requests: 1, scored: 0, schema_violations: 2, schema_failures: 1 });
    expect(llm.schema_violations_by_reason).toMatchObject({ missing_field: 1, out_of_range: 1 });

    // Asked again, the same story is scored (no failure was cached) and billed once.
    const cachedBefore = cached;
    const again = await score(customer.key, story(text));
    expect(again.status).toBe(200);
    expect(await countedStories(customer.id)).toBe(1);
    const [{ value: cachedAfter }] = await database().db.select({ value: count() }).from(llmCache);
    expect(cachedAfter).toBe(cachedBefore + 1);
    expect((await metrics()).llm).toMatchObject({ requests: 3, scored: 1, schema_failures: 1 });
  });

  it("with SCORING_RESPONSE_FORMAT=none, sends no response_format and scores an answer wrapped in prose", async () => {
    useConfigured("none");
    const customer = await newCustomer();
    fake().enqueue({ kind: "ok", wrap: "prose" });
    const response = await score(customer.key, story(summary()));
    expect(response.status).toBe(200);
    expect(fake().requests[0].body).not.toHaveProperty("response_format");
    expect((await metrics()).scoring).toMatchObject({ response_format: "none" });
    expect(await countedStories(customer.id)).toBe(1);
  });
});

describe("POST /api/v1/score with the LLM engine: cache and concurrency", () => {
  it("calls the model once for the same story twice, and for a whitespace-only edit", async () => {
    useLlm();
    const customer = await newCustomer();
    const text = summary();
    const first = await score(customer.key, story(text));
    const again = await score(customer.key, story(text));
    const spaced = await score(customer.key, story(`  ${text.replace(/ /g, "   ")}\n`));
    expect([first.status, again.status, spaced.status]).toEqual([200, 200, 200]);
    expect(fake().requests).toHaveLength(1);
    expect((again.body as { individual_scores: unknown }).individual_scores).toEqual((first.body as { individual_scores: unknown }).individual_scores);
    expect(await countedStories(customer.id)).toBe(1);
  });

  it("keeps answers in the database: a new engine (a restart, another instance) does not call the model again", async () => {
    useLlm({ cache: createDatabaseLlmCache() });
    const customer = await newCustomer();
    const text = summary();
    expect((await score(customer.key, story(text))).status).toBe(200);
    const [{ value: rows }] = await database().db.select({ value: count() }).from(llmCache);
    expect(rows).toBeGreaterThanOrEqual(1);
    useLlm({ cache: createDatabaseLlmCache() });
    const response = await score(customer.key, story(text));
    expect(response.status).toBe(200);
    expect((response.body as { metadata: { token_usage: { total_tokens: number } } }).metadata.token_usage.total_tokens).toBe(0);
    expect(fake().requests).toHaveLength(1);
  });

  it("never has more calls in flight at the provider than the concurrency limit", async () => {
    useLlm({ concurrency: 3 });
    fake().latencyMs = 80;
    const customer = await newCustomer(100);
    const responses = await Promise.all(Array.from({ length: 10 }, () => score(customer.key, story(summary()))));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(fake().requests).toHaveLength(10);
    expect(fake().maxInFlight).toBeLessThanOrEqual(3);
    expect(fake().maxInFlight).toBeGreaterThanOrEqual(2);
  });
});
