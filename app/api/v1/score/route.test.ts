import { and, count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { quotaUsage, scoreRuns, stories } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { revokeApiKeys } from "@/lib/auth/api-keys";
import { setClock } from "@/lib/clock";
import { EngineUnavailable } from "@/lib/pipeline/score-story";
import { scoreResponseSchema } from "@/lib/pipeline/schemas";
import { createEngine, type ScoringEngine } from "@/lib/scoring";
import { setScoringEngineOverride } from "@/lib/scoring-engine";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { call, setEnv } from "@/testing/http";
import { POST } from "./route";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "https://stories.example.com" });

async function newCustomer(id: string, quota?: number): Promise<string> {
  const { body } = await provisionCustomer(database().db, { customer_id: id, plan: "free", quota });
  return body.api_key;
}

const score = (key: string | null, json: unknown, headers: Record<string, string> = {}) =>
  call(POST, "/api/v1/score", { json, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });

const story = (summary: string, extra: Record<string, unknown> = {}) => ({ ticket_id: "T-1", ticket_data: { summary, ...extra } });
const CRISP = "As a shopper, I want to save my cart so that I can finish checkout later.";

async function countedStories(customerId: string) {
  const [{ value }] = await database().db.select({ value: count() }).from(stories).where(eq(stories.customerId, customerId));
  return value;
}

afterEach(() => {
  setClock(undefined);
  setScoringEngineOverride(undefined);
});

describe("POST /api/v1/score: authentication", () => {
  let key: string;
  beforeAll(async () => {
    key = await newCustomer("auth-co");
  });

  it.each([
    ["no Authorization header", null, {}],
    ["a non-Bearer scheme", null, { authorization: "Basic dXNlcjpwYXNz" }],
    ["an unknown key", "ssk_unknownunknownunknownunknownunknownunknown", {}],
  ])("answers 401 in the gateway shape for %s", async (_label, bearer, headers) => {
    const response = await score(bearer, story(CRISP), headers);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: "unauthorized", message: expect.any(String), details: expect.any(Array) });
  });

  it("answers 401 for a revoked key", async () => {
    const revoked = await newCustomer("revoked-co");
    await revokeApiKeys(database().db, "revoked-co");
    expect((await score(revoked, story(CRISP))).status).toBe(401);
  });

  it("answers 403 when the body's customer_id is not the key's customer, and accepts the matching one", async () => {
    const other = await score(key, { ...story(CRISP), customer_id: "someone-else" });
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ error: "forbidden", details: [expect.stringContaining("customer_id")] });
    expect(await countedStories("auth-co")).toBe(0);
    expect((await score(key, { ...story(CRISP), customer_id: "auth-co" })).status).toBe(200);
  });
});

describe("POST /api/v1/score: validation", () => {
  let key: string;
  beforeAll(async () => {
    key = await newCustomer("validation-co");
  });

  it.each([
    [{ ticket_data: { summary: CRISP } }, "ticket_id: is required"],
    [{ ticket_id: "T-1" }, "ticket_data: is required"],
    [{ ticket_id: 42, ticket_data: { summary: CRISP } }, "ticket_id:"],
    [{ ticket_id: "", ticket_data: { summary: CRISP } }, "ticket_id: must be a non-empty string"],
    [{ ticket_id: "T-1", ticket_data: {} }, "ticket_data.summary: is required"],
    [{ ticket_id: "T-1", ticket_data: { summary: "" } }, "ticket_data.summary: must be a non-empty string"],
    [{ ticket_id: "T-1", ticket_data: { summary: "   \n " } }, "ticket_data.summary: must be a non-empty string"],
    [{ ticket_id: "T-1", ticket_data: { summary: 7 } }, "ticket_data.summary:"],
    [{ ticket_id: "T-1", ticket_data: "As a user..." }, "ticket_data:"],
    [{ ticket_id: "T-1", ticket_data: { summary: CRISP, description: 5 } }, "ticket_data.description:"],
    [{ ticket_id: "T-1", ticket_data: { summary: CRISP, acceptance_criteria: ["a"] } }, "ticket_data.acceptance_criteria:"],
    [{ ticket_id: "T-1", ticket_data: { summary: CRISP, key: {} } }, "ticket_data.key:"],
    [{ ...story(CRISP), context_items: { id: "x" } }, "context_items:"],
    [{ ...story(CRISP), context_items: [{ title: "no id" }] }, "context_items.0.id:"],
    [{ ...story(CRISP), context_items: [{ id: 5 }] }, "context_items.0.id:"],
    [{ ...story(CRISP), external_id: "" }, "external_id: must be a non-empty string"],
    [{ ...story(CRISP), external_id: 12 }, "external_id:"],
    [{ ...story(CRISP), customer_id: 12 }, "customer_id:"],
    // PostgreSQL cannot store U+0000: refused up front, wherever it is, rather than a 500 at the write.
    [{ ticket_id: "T-1", ticket_data: { summary: "As a user\u0000 I want x" } }, "ticket_data.summary: must not contain U+0000"],
    [{ ...story(CRISP), ticket_id: "T\u0000" }, "ticket_id: must not contain U+0000"],
    [{ ...story(CRISP), context_items: [{ id: "E-1", content: "a\u0000b" }] }, "context_items.0.content: must not contain U+0000"],
    [{ ...story(CRISP), external_id: "JIRA-\ud800" }, "external_id: must be valid Unicode"],
    [{ ...story(CRISP, { issue_type: 3 }) }, "ticket_data.issue_type:"],
    [{ ...story(CRISP, { issue_type: { name: "Bug" } }) }, "ticket_data.issue_type:"],
    [{ ...story(CRISP, { issue_type: "B".repeat(129) }) }, "ticket_data.issue_type: must be at most 128 characters"],
  ])("refuses %j with 400 naming the field", async (json, detail) => {
    const response = await score(key, json);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message: expect.any(String) });
    expect((response.body as { details: string[] }).details.join(" | ")).toContain(detail);
  });

  it.each([
    ["malformed JSON", "{\"ticket_id\": "],
    ["a JSON array", "[]"],
    ["a JSON string", "\"score me\""],
    ["null", "null"],
    ["an empty body", ""],
  ])("refuses %s with 400", async (_label, body) => {
    const response = await call(POST, "/api/v1/score", { body, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "invalid_json", details: expect.any(Array) });
  });

  it("accepts a body of exactly 1 MB and refuses 1 MB + 1 byte with 413", async () => {
    const base = JSON.stringify({ ...story(CRISP), context_items: [{ id: "doc", content: "" }] });
    const pad = 1024 * 1024 - Buffer.byteLength(base);
    const exact = JSON.stringify({ ...story(CRISP), context_items: [{ id: "doc", content: "x".repeat(pad) }] });
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
    expect((await call(POST, "/api/v1/score", { body: exact, headers })).status).toBe(200);
    const over = JSON.stringify({ ...story(CRISP), context_items: [{ id: "doc", content: "x".repeat(pad + 1) }] });
    const refused = await call(POST, "/api/v1/score", { body: over, headers });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ error: "payload_too_large" });
  });

  it("never answers 5xx to arbitrary JSON bodies", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ ticket_id: fc.jsonValue(), ticket_data: fc.jsonValue(), context_items: fc.jsonValue(), external_id: fc.jsonValue() }, { requiredKeys: [] }),
          fc.record({
            ticket_id: fc.string(),
            ticket_data: fc.record({ summary: fc.string(), description: fc.option(fc.string()), acceptance_criteria: fc.option(fc.string()) }, { requiredKeys: ["summary"] }),
            context_items: fc.array(fc.record({ id: fc.string(), content: fc.string() }), { maxLength: 3 }),
          }),
          // Any code points, plus what PostgreSQL cannot store: U+0000 and lone surrogates.
          fc
            .constant(fc.oneof(fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0007"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })))
            .chain((unit) =>
              fc.record({
                ticket_id: fc.string({ unit, minLength: 1 }),
                ticket_data: fc.record({ summary: fc.string({ unit, minLength: 1 }), key: fc.option(fc.string({ unit })), description: fc.option(fc.string({ unit })) }, { requiredKeys: ["summary"] }),
                external_id: fc.option(fc.string({ unit, minLength: 1 }), { nil: undefined }),
              }),
            ),
        ),
        async (json) => {
          const response = await call(POST, "/api/v1/score", {
            body: JSON.stringify(json) ?? "",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          });
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 250 },
    );
  });
});

describe("POST /api/v1/score: the response", () => {
  let key: string;
  beforeAll(async () => {
    key = await newCustomer("shape-co");
  });

  it("returns every field of the spec with the identity headers, and stores the run", async () => {
    const response = await score(key, {
      ticket_id: "SHOP-7",
      ticket_data: {
        summary: CRISP,
        key: "SHOP-7",
        acceptance_criteria: "Given a saved cart, when I come back, then my items are still there.",
      },
      context_items: [{ id: "EPIC-1", type: "epic", title: "Checkout", content: "Customers abandon carts; saving carts raises conversion." }],
    });
    expect(response.status).toBe(200);
    const body = scoreResponseSchema.parse(response.body);
    // Exactly the documented fields: nothing the schema would strip.
    expect(body).toEqual(response.body);
    expect(body.status).toBe("completed");
    expect(body.ticket_id).toBe("SHOP-7");
    expect(body.job_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const dimension of ["independent", "negotiable", "valuable", "estimable", "small", "testable"] as const) {
      expect(Number.isInteger(body.individual_scores[dimension])).toBe(true);
      expect(body.scores[dimension].score).toBe(body.individual_scores[dimension]);
      expect(body.reasoning_per_dimension[dimension]).toBe(body.scores[dimension].reasoning);
      expect(body.context_references[dimension]).toEqual(body.scores[dimension].reference_context);
    }
    expect(body.metadata).toMatchObject({
      model: { provider: expect.any(String), model_name: expect.any(String), temperature: expect.any(Number) },
      prompt_version: expect.any(String),
      token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      service_version: expect.any(String),
      context_usage_stats: { total_context_items_available: 1 },
    });
    expect(body.metadata.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(body.metadata.processing_time_ms).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(body.findings)).toBe(true);
    expect(body.split).toEqual([]); // one feature: nothing to split
    expect(response.headers.get("x-service-identity-resolution")).toBe("content_hash");
    expect(response.headers.get("x-service-story-identity")).toMatch(/^sha256:[0-9a-f]{64}$/);
    const [run] = await database().db.select().from(scoreRuns).where(eq(scoreRuns.id, body.job_id));
    expect(run).toMatchObject({ customerId: "shape-co", ticketId: "SHOP-7", engine: "heuristic", source: "api", overallScore: body.overall_score });
    expect(run.result).toMatchObject({ overall_score: body.overall_score });
  });

  it("splits a compound story into one story per action, never the rewrite, and stores the split", async () => {
    const response = await score(key, story("As an admin, I want to add or remove users, so that the team stays current."));
    expect(response.status).toBe(200);
    const body = scoreResponseSchema.parse(response.body);
    expect(body.split.length).toBeGreaterThanOrEqual(2);
    expect(body.split).not.toContain(body.rewrite);
    const [run] = await database().db.select().from(scoreRuns).where(eq(scoreRuns.id, body.job_id));
    expect(run.result).toMatchObject({ split: body.split });
    // The rewrite is the whole story with its bracket moved (the advice says where); a compound that cannot be
    // cut cleanly gets no sentences, and its recommendations name the features.
    const both = scoreResponseSchema.parse((await score(key, story("As a shopper, I want to view and download invoices (PDF), so that I can file my expenses."))).body);
    expect(both.split).toHaveLength(2);
    expect(both.rewrite).toBe("As a shopper, I want to view and download invoices, so that I can file my expenses.");
    expect(both.recommendations.join(" ")).toContain('Moved to the description: "(PDF)"');
    const named = scoreResponseSchema.parse((await score(key, story("As a trainer, I want to list my classes in my profile and include a link to a page about each, so that attendees find them."))).body);
    expect(named.split).toEqual([]);
    expect(named.recommendations.join(" ")).toContain('2 features: "list my classes in my profile", "include a link to a page about each"');
  });

  it("uses external_id as the identity, percent-encoding what is not printable ASCII", async () => {
    const plain = await score(key, { ...story(CRISP), external_id: "JIRA-10042" });
    expect(plain.headers.get("x-service-identity-resolution")).toBe("external_id");
    expect(plain.headers.get("x-service-story-identity")).toBe("JIRA-10042");
    const unicode = await score(key, { ...story(CRISP), external_id: "Ärger 100%\n" });
    expect(unicode.status).toBe(200);
    expect(unicode.headers.get("x-service-story-identity")).toBe("%C3%84rger 100%25%0A");
  });

  it("keeps the content identity across whitespace-only edits and changes it on real edits", async () => {
    const identity = async (ticketData: Record<string, unknown>) =>
      (await score(key, { ticket_id: "T", ticket_data: ticketData })).headers.get("x-service-story-identity");
    const base = await identity({ summary: CRISP, description: "Line one.\nLine two." });
    expect(await identity({ summary: `  ${CRISP.replace(/ /g, "   ")}\t`, description: "Line one.\r\n\r\n  Line two.  " })).toBe(base);
    expect(await identity({ summary: CRISP.normalize("NFD"), description: "Line one. Line two." })).toBe(base);
    expect(await identity({ summary: CRISP.toUpperCase(), description: "Line one.\nLine two." })).not.toBe(base);
    expect(await identity({ summary: CRISP.replace(".", "!"), description: "Line one.\nLine two." })).not.toBe(base);
    expect(await identity({ summary: CRISP, description: "Line one.\nLine two.", acceptance_criteria: "Given x, then y." })).not.toBe(base);
    // Moving text between fields is a real edit too.
    expect(await identity({ summary: `${CRISP} Line one.`, description: "Line two." })).not.toBe(base);
  });
});

describe("POST /api/v1/score: the work item type", () => {
  let key: string;
  beforeAll(async () => {
    key = await newCustomer("kind-co");
  });

  const BUG = {
    summary: "Checkout shows a blank page when the cart holds a discounted item",
    description: "Steps to reproduce: add a discounted item, open checkout. Expected: the payment form. Actual: a blank page. Version 4.2, Chrome.",
  };

  it("judges a tracker's type name as its kind, says so in metadata.work_item_type and on the stored story", async () => {
    for (const [issueType, kind] of [["Defect", "bug"], ["Sub-task", "task"], ["Spike", "spike"], ["Epic", "epic"], ["Story", "story"]] as const) {
      const response = await score(key, { ticket_id: `K-${issueType}`, external_id: `kind-${issueType}`, ticket_data: { ...BUG, issue_type: issueType } });
      expect(response.status).toBe(200);
      const body = scoreResponseSchema.parse(response.body);
      expect(body.metadata.work_item_type).toBe(kind);
      const [stored] = await database().db.select().from(stories).where(and(eq(stories.customerId, "kind-co"), eq(stories.storyIdentity, `kind-${issueType}`)));
      expect(stored.workItemType).toBe(kind);
      const [run] = await database().db.select().from(scoreRuns).where(eq(scoreRuns.id, body.job_id));
      expect(run.ticket).toMatchObject({ issue_type: issueType });
    }
  });

  it("does not bill a story again when only its type changes (the type is not part of the content identity), and the story takes the new kind", async () => {
    const first = await score(key, { ticket_id: "K-1", ticket_data: { ...BUG, issue_type: "Story" } });
    const retyped = await score(key, { ticket_id: "K-1", ticket_data: { ...BUG, issue_type: "Bug" } });
    const untyped = await score(key, { ticket_id: "K-1", ticket_data: BUG });
    const identity = first.headers.get("x-service-story-identity")!;
    expect(retyped.headers.get("x-service-story-identity")).toBe(identity);
    expect(untyped.headers.get("x-service-story-identity")).toBe(identity);
    expect((retyped.body as { metadata: { work_item_type: string } }).metadata.work_item_type).toBe("bug");
    const [stored] = await database().db.select().from(stories).where(and(eq(stories.customerId, "kind-co"), eq(stories.storyIdentity, identity)));
    expect(stored.runCount).toBe(3);
    const [usage] = await database().db.select().from(quotaUsage).where(eq(quotaUsage.customerId, "kind-co"));
    expect(usage.used).toBe(6); // the five typed stories above and this one, counted once
  });
});

describe("POST /api/v1/score: real tickets without a type (issue 50)", () => {
  let key: string;
  beforeAll(async () => {
    key = await newCustomer("real-co");
  });

  it("infers each kind, says how sure in metadata.work_item_type_source, and reports only findings that fit", async () => {
    const { REAL_TICKETS } = await import("@/lib/scoring/fixtures/real-tickets");
    for (const [i, t] of REAL_TICKETS.entries()) {
      const response = await score(key, { ticket_id: `R-${i}`, ticket_data: t.ticket });
      expect(response.status, t.name).toBe(200);
      const body = scoreResponseSchema.parse(response.body);
      expect([body.metadata.work_item_type, body.metadata.work_item_type_source], t.name).toEqual([t.kind, t.source]);
      const codes = body.findings.map((f) => f.code);
      for (const c of t.mustFire ?? []) expect(codes, `${t.name}: ${c}`).toContain(c);
      for (const c of t.mustNotFire) expect(codes, `${t.name}: ${c}`).not.toContain(c);
    }
    const typed = scoreResponseSchema.parse((await score(key, { ticket_id: "R-typed", ticket_data: { ...REAL_TICKETS[0].ticket, issue_type: "Bug" } })).body);
    expect(typed.metadata.work_item_type_source).toBe("given");
  });
});

describe("POST /api/v1/score: the monthly quota", () => {
  it("admits exactly the quota, refuses the next new story with the spec's body, re-scores free, resets next month", async () => {
    const key = await newCustomer("quota-co", 3);
    setClock(() => new Date("2026-11-30T23:59:59.000Z"));
    for (let index = 1; index <= 3; index++) {
      const response = await score(key, story(`As a user, I want feature number ${index} so that I can work.`));
      expect(response.status).toBe(200);
    }
    const refused = await score(key, story("As a user, I want a fourth feature so that I can work."));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "quota_exhausted",
      code: "QUOTA_EXHAUSTED",
      message: expect.any(String),
      plan: "free",
      quota: 3,
      used: 3,
      reset_at: "2026-12-01T00:00:00.000Z",
      upgrade_url: "https://stories.example.com/pricing",
      already_counted: false,
    });
    expect(refused.headers.get("x-service-identity-resolution")).toBe("content_hash");
    // A counted story is always admitted, even at exhaustion, and bills nothing.
    const again = await score(key, story("As a user, I want feature number 2 so that I can work."));
    expect(again.status).toBe(200);
    expect(await countedStories("quota-co")).toBe(3);

    setClock(() => new Date("2026-12-01T00:00:00.000Z"));
    expect((await score(key, story("As a user, I want a fourth feature so that I can work."))).status).toBe(200);
    // Re-scoring November's story in December is free: December has used 1.
    expect((await score(key, story("As a user, I want feature number 1 so that I can work."))).status).toBe(200);
    const [{ value }] = await database()
      .db.select({ value: count() })
      .from(stories)
      .where(and(eq(stories.customerId, "quota-co"), eq(stories.countedMonth, "2026-12")));
    expect(value).toBe(1);
  });

  it("counts a story identified by external_id once, whatever its content becomes", async () => {
    const key = await newCustomer("external-co", 1);
    expect((await score(key, { ...story("First draft"), external_id: "REC-1" })).status).toBe(200);
    expect((await score(key, { ...story("As a user, I want a rewritten story so that it is clear."), external_id: "REC-1" })).status).toBe(200);
    expect((await score(key, { ...story("First draft"), external_id: "REC-2" })).status).toBe(429);
    expect(await countedStories("external-co")).toBe(1);
  });

  it("bills nothing when the engine fails (500) or is unavailable (503)", async () => {
    const key = await newCustomer("failing-co", 5);
    const failing = (error: Error): ScoringEngine => ({
      name: "failing",
      score: async () => {
        throw error;
      },
      scoreBatch: async () => {
        throw error;
      },
    });
    setScoringEngineOverride(failing(new Error("boom")));
    const crashed = await score(key, story(CRISP));
    expect(crashed.status).toBe(500);
    expect(crashed.body).toMatchObject({ error: "internal_error", message: expect.stringContaining("not billed") });
    setScoringEngineOverride(failing(new EngineUnavailable("provider down")));
    const unavailable = await score(key, story(CRISP));
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ error: "service_unavailable" });
    expect(await countedStories("failing-co")).toBe(0);
    setScoringEngineOverride(createEngine("heuristic"));
    expect((await score(key, story(CRISP))).status).toBe(200);
    expect(await countedStories("failing-co")).toBe(1);
  });
});

describe.runIf(hasPostgres)("POST /api/v1/score: concurrency on PostgreSQL", () => {
  it("admits exactly 50 of 200 concurrent new stories with quota 50", async () => {
    const key = await newCustomer("burst-co", 50);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) => score(key, story(`As a user, I want concurrent feature ${index} so that I can test.`))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150);
    expect(await countedStories("burst-co")).toBe(50);
    const [usage] = await database().db.select().from(quotaUsage).where(eq(quotaUsage.customerId, "burst-co"));
    expect(usage.used).toBe(50);
  });

  it("counts one story sent 50 times at once exactly once", async () => {
    const key = await newCustomer("same-co", 50);
    const responses = await Promise.all(Array.from({ length: 50 }, () => score(key, story(CRISP))));
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    expect(await countedStories("same-co")).toBe(1);
    const [{ value }] = await database().db.select({ value: count() }).from(scoreRuns).where(eq(scoreRuns.customerId, "same-co"));
    expect(value).toBe(50);
  });
});
