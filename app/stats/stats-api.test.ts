import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionSecret } from "@/lib/auth/next-auth";
import { setClock } from "@/lib/clock";
import { FIXTURE_NOW, seedStatsFixture } from "@/testing/stats-fixture";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { GET as getDimensions } from "./dimensions/route";
import { GET as getStories } from "./stories/route";
import { GET as getSummary } from "./summary/route";
import { GET as getTrends } from "./trends/route";

const database = setupTestDatabase();
let fixture: Awaited<ReturnType<typeof seedStatsFixture>>;

async function sessionCookie(userId: string, options: { secret?: string; maxAge?: number } = {}) {
  const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret: options.secret ?? (await sessionSecret(database().db)), maxAge: options.maxAge });
  return { cookie: `next-auth.session-token=${token}` };
}

type Page = { items: { story_identity: string; customer_id: string }[]; total: number };

beforeAll(async () => {
  setEnv({ AUTH_SECRET: "stats-test-secret-0123456789abcdef" });
  setClock(() => FIXTURE_NOW);
  fixture = await seedStatsFixture(database().db);
});
afterAll(() => setClock(undefined));

describe("stats API authentication", () => {
  it.each([
    ["no credentials", {}],
    ["an unknown API key", bearer("ssk_unknown")],
    ["a malformed Authorization header", { authorization: "Basic abc" }],
    ["a session signed with another secret", { cookie: "next-auth.session-token=garbage" }],
  ])("answers 401 in the gateway shape with %s", async (_label, headers) => {
    for (const [handler, path] of [
      [getSummary, "/stats/summary"],
      [getTrends, "/stats/trends"],
      [getDimensions, "/stats/dimensions"],
      [getStories, "/stats/stories"],
    ] as const) {
      const response = await call(handler, path, { headers });
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ error: "unauthorized", message: expect.any(String), details: expect.any(Array) });
      expect(response.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("says in plain text how to authenticate", async () => {
    const response = await call(getSummary, "/stats/summary", {});
    expect(response.body).toEqual({
      error: "unauthorized",
      message: "Sign in or send an API key.",
      details: ['Authorization: send "Bearer <API_KEY>", or sign in to the dashboard'],
    });
  });

  it("refuses an expired or forged session, and a session of a deleted user", async () => {
    const other = await sessionCookie(fixture.users.acme, { secret: "some-other-secret-0123456789abcdef" });
    expect((await call(getSummary, "/stats/summary", { headers: other })).status).toBe(401);
    const expired = await sessionCookie(fixture.users.acme, { maxAge: -60 });
    expect((await call(getSummary, "/stats/summary", { headers: expired })).status).toBe(401);
    const ghost = await sessionCookie("00000000-0000-4000-8000-000000000000");
    expect((await call(getSummary, "/stats/summary", { headers: ghost })).status).toBe(401);
  });

  it("prefers the API key: a bad key is 401 even beside a valid session", async () => {
    const headers = { ...(await sessionCookie(fixture.users.acme)), ...bearer("ssk_wrong") };
    expect((await call(getSummary, "/stats/summary", { headers })).status).toBe(401);
  });
});

describe("tenant isolation through the API", () => {
  it("an API key sees its customer's stories only", async () => {
    const acme = (await call(getStories, "/stats/stories", { headers: bearer(fixture.keys.acme) })).body as Page;
    expect(acme.items.map((item) => item.story_identity).sort()).toEqual(["ACME-1", "sha256:a2"]);
    const globex = (await call(getStories, "/stats/stories", { headers: bearer(fixture.keys.globex) })).body as Page;
    expect(globex.items.map((item) => item.story_identity)).toEqual(["GLOBEX-1"]);
    const labs = (await call(getStories, "/stats/stories?q=Build", { headers: bearer(fixture.keys.labs) })).body as Page;
    expect(labs.items).toEqual([expect.objectContaining({ customer_id: "acme-labs" })]);
  });

  it("a key of one customer cannot filter to a sibling customer of its company (404)", async () => {
    const response = await call(getStories, "/stats/stories?customer=acme-labs", { headers: bearer(fixture.keys.acme) });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: "not_found", details: [expect.stringContaining("customer:")] });
  });

  it("a customer's dashboard session sees that customer only", async () => {
    const headers = await sessionCookie(fixture.users.acme);
    const page = (await call(getStories, "/stats/stories", { headers })).body as Page;
    expect(new Set(page.items.map((item) => item.customer_id))).toEqual(new Set(["acme"]));
    const summary = (await call(getSummary, "/stats/summary", { headers })).body;
    expect(summary).toMatchObject({ story_count: 2, quota: { plan: "team" } });
  });

  it("a company session sees every customer of its company and no others, and can filter", async () => {
    const headers = await sessionCookie(fixture.users.lead);
    const all = (await call(getStories, "/stats/stories?page_size=100", { headers })).body as Page;
    expect(new Set(all.items.map((item) => item.customer_id))).toEqual(new Set(["acme", "acme-labs"]));
    expect(all.items.some((item) => item.story_identity === "GLOBEX-1")).toBe(false);
    const labs = (await call(getStories, "/stats/stories?customer=acme-labs", { headers })).body as Page;
    expect(new Set(labs.items.map((item) => item.customer_id))).toEqual(new Set(["acme-labs"]));
    expect((await call(getSummary, "/stats/summary?customer=globex", { headers })).status).toBe(404);
    expect((await call(getDimensions, "/stats/dimensions?customer=globex", { headers })).status).toBe(404);
    expect((await call(getTrends, "/stats/trends?customer=globex", { headers })).status).toBe(404);
    const summary = (await call(getSummary, "/stats/summary", { headers })).body as { story_count: number; quota: unknown; quotas: unknown[] };
    expect(summary.story_count).toBe(4);
    expect(summary.quota).toBeNull();
    expect(summary.quotas).toHaveLength(2);
  });
});

describe("stats API shapes and validation", () => {
  it("summary", async () => {
    const response = await call(getSummary, "/stats/summary", { headers: bearer(fixture.keys.acme) });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.body).toMatchObject({
      story_count: 2,
      run_count: 4,
      average_overall: 7,
      dimension_averages: { small: 5, testable: 9 },
      quota: { plan: "team", quota: 2500, used: 3, reset_at: "2026-04-01T00:00:00.000Z" },
    });
  });

  it("trends", async () => {
    const response = await call(getTrends, "/stats/trends?interval=week&from=2026-03-02&to=2026-03-15", { headers: bearer(fixture.keys.acme) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { period_start: "2026-03-02T00:00:00.000Z", stories: 2, average_overall: 5, dimension_averages: expect.objectContaining({ small: 3 }) },
      { period_start: "2026-03-09T00:00:00.000Z", stories: 1, average_overall: 8, dimension_averages: expect.objectContaining({ small: 8 }) },
    ]);
  });

  it("dimensions", async () => {
    const response = await call(getDimensions, "/stats/dimensions", { headers: bearer(fixture.keys.acme) });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      story_count: 2,
      weakest_dimension: "small",
      dimensions: { small: { average: 5, histogram: [0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0], share_below_5: 0.5 } },
    });
  });

  it.each([
    [getStories, "/stats/stories?sort=password_hash", "sort:"],
    [getStories, "/stats/stories?page_size=1000", "page_size:"],
    [getStories, "/stats/stories?page=-1", "page:"],
    [getTrends, "/stats/trends?interval=hour", "interval:"],
    [getTrends, "/stats/trends?from=2026-03-10&to=2026-03-01", "from:"],
    [getTrends, "/stats/trends?interval=day&from=2000-01-01", "from:"],
    [getSummary, "/stats/summary?customer=", "customer:"],
  ])("400 in the gateway shape for %#", async (handler, path, detail) => {
    const response = await call(handler, path, { headers: bearer(fixture.keys.acme) });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: "validation_error", message: expect.any(String), details: [expect.stringContaining(detail)] });
  });
});

describe("order of checks", () => {
  it("authenticates before validating: an anonymous caller with a bad parameter gets 401", async () => {
    const response = await call(getStories, "/stats/stories?sort=nope", {});
    expect(response.status).toBe(401);
  });
});
