// Syncs end to end through the API, the queue's workers and the real tracker clients, against fake Jira, GitHub
// and Linear servers on loopback (testing/fake-trackers.ts: their real paths, authentication, pagination and
// errors): more than one page, pull requests skipped, a 429 with Retry-After, a bad token, a missing team, a bad
// query in the tracker's words, a second sync that bills nothing, a changed issue re-scored free, the quota, two
// Jira sites whose issue ids are the same, and migration 0017, which gave the ids recorded before their site.
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotaUsage, scoreRuns, stories, tickets, trackerIssues } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { utcMonth } from "@/lib/clock";
import { stopQueue } from "@/lib/queue";
import { runWorkers } from "@/lib/jobs/workers";
import { setupTestDatabase } from "@/testing/db";
import { startFakeGitHub, startFakeJira, startFakeLinear, type FakeGitHub, type FakeJira, type FakeLinear } from "@/testing/fake-trackers";
import { bearer, setEnv } from "@/testing/http";
import type { ConnectionView } from "@/lib/trackers/schemas";
import { connect as connectTo, syncAndWait as syncUntilOver } from "./connection-tests";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });

let jira: FakeJira;
let github: FakeGitHub;
let linear: FakeLinear;
const keys: Record<string, string> = {};

beforeAll(async () => {
  [jira, github, linear] = await Promise.all([
    startFakeJira({ count: 7, pageSize: 3 }),
    startFakeGitHub({ count: 8, pageSize: 3 }),
    startFakeLinear({ count: 5, pageSize: 2 }),
  ]);
  for (const [customer, quota] of [["acme", undefined], ["small", 4]] as const) {
    keys[customer] = (await provisionCustomer(database().db, { customer_id: customer, plan: "team", quota })).body.api_key;
  }
  // The clients' real waits (a 429's Retry-After of 1 s is honoured as is).
  await runWorkers({ scoreWorkers: 1, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopQueue();
  await Promise.all([jira, github, linear].map((fake) => fake?.close()));
});

const asCustomer = (customer: string) => bearer(keys[customer]);

const connect = (customer: string, body: Record<string, unknown>) => connectTo(asCustomer(customer), body);

const syncAndWait = (customer: string, id: string, timeoutMs?: number) => syncUntilOver(asCustomer(customer), id, timeoutMs);

/** A Jira site as its issues' identities name it: the fake's base URL without its scheme (`127.0.0.1:PORT`). */
const site = (fake: FakeJira) => fake.url.replace(/^http:\/\//, "");

async function used(customer: string): Promise<number> {
  const [row] = await database().db.select({ used: quotaUsage.used }).from(quotaUsage).where(and(eq(quotaUsage.customerId, customer), eq(quotaUsage.month, utcMonth(new Date()))));
  return row?.used ?? 0;
}

async function runCount(customer: string): Promise<number> {
  return (await database().db.select({ id: scoreRuns.id }).from(scoreRuns).where(eq(scoreRuns.customerId, customer))).length;
}

describe("Jira", () => {
  let connection: ConnectionView;

  it("imports every page through a 429 with Retry-After: keys, links, kinds", async () => {
    connection = await connect("acme", { kind: "jira", base_url: jira.url, credentials: { email: jira.email, token: jira.token }, query: "project = ACME ORDER BY key" });
    jira.rateLimitNext(1, 1);
    const state = await syncAndWait("acme", connection.id);
    expect(state).toMatchObject({ status: "completed", fetched: 7, scored: 7, skipped: 0, failed: 0 });
    const searches = jira.requests.filter((request) => request.path === "/rest/api/3/search/jql");
    expect(searches[0].status).toBe(429);
    expect(searches.filter((request) => request.status === 200)).toHaveLength(3);
    expect(searches.every((request) => request.headers.authorization === jira.authorization)).toBe(true);
    const rows = await database().db.select().from(tickets).where(eq(tickets.customerId, "acme"));
    const first = rows.find((row) => row.ticketRef === "ACME-1");
    expect(first).toMatchObject({ ticketKey: "ACME-1", source: "jira", url: `${jira.url}/browse/ACME-1`, identityResolution: "external_id", storyIdentity: `${site(jira)}:${jira.issues[0].id}` });
    const bug = jira.issues.find((issue) => issue.issueType === "Bug");
    if (bug) expect(rows.find((row) => row.ticketRef === bug.key)?.workItemType).toBe("bug");
    expect(await used("acme")).toBe(7);
  });

  it("bills nothing on a second sync and re-scores a changed issue free", async () => {
    const runsBefore = await runCount("acme");
    expect(await syncAndWait("acme", connection.id)).toMatchObject({ status: "completed", fetched: 7, scored: 0, skipped: 7 });
    expect([await used("acme"), await runCount("acme")]).toEqual([7, runsBefore]);
    jira.updateIssue("ACME-2", { summary: "As a shopper I want to save my cart so that I can finish checkout on another device" });
    expect(await syncAndWait("acme", connection.id)).toMatchObject({ status: "completed", fetched: 7, scored: 1, skipped: 6 });
    expect([await used("acme"), await runCount("acme")]).toEqual([7, runsBefore + 1]);
  });

  it("keeps two sites' issues apart when Jira gave them the same ids", async () => {
    // A second site numbers its issues from 10000 as the first does: ACME-1 of each is issue 10000.
    const other = await startFakeJira({ count: 3, pageSize: 3 });
    try {
      expect(other.issues[0].id).toBe(jira.issues[0].id);
      const usedBefore = await used("acme");
      const second = await connect("acme", { kind: "jira", base_url: other.url, credentials: { email: other.email, token: other.token }, query: "project = ACME ORDER BY key" });
      expect(await syncAndWait("acme", second.id)).toMatchObject({ status: "completed", fetched: 3, scored: 3, skipped: 0 });
      expect(await used("acme")).toBe(usedBefore + 3);
      const identities = [jira, other].map((fake) => `${site(fake)}:${fake.issues[0].id}`);
      const rows = await database().db.select().from(stories).where(and(eq(stories.customerId, "acme"), inArray(stories.storyIdentity, identities)));
      expect(rows.map((row) => row.storyIdentity).sort()).toEqual([...identities].sort());
      // Neither site's record was taken over by the other's: each syncs again without scoring anything.
      expect(await syncAndWait("acme", connection.id)).toMatchObject({ status: "completed", fetched: 7, scored: 0, skipped: 7 });
      expect(await syncAndWait("acme", second.id)).toMatchObject({ status: "completed", fetched: 3, scored: 0, skipped: 3 });
      expect(await used("acme")).toBe(usedBefore + 3);
    } finally {
      await other.close();
    }
  });

  it("migration 0017 moves the bare ids recorded before to their site's, so the next sync bills nothing", async () => {
    const db = database().db;
    const ids = jira.issues.map((issue) => issue.id);
    const scoped = ids.map((id) => `${site(jira)}:${id}`);
    const scopedRows = async () => [
      (await db.select().from(stories).where(and(eq(stories.customerId, "acme"), inArray(stories.storyIdentity, scoped)))).length,
      // Fewer than 7: the dashboard's ACME-1 to ACME-3 are the second site's now (a ticket is its key).
      (await db.select().from(tickets).where(and(eq(tickets.customerId, "acme"), inArray(tickets.storyIdentity, scoped)))).length,
    ];
    const scopedBefore = await scopedRows();
    expect(scopedBefore[0]).toBe(ids.length);
    // The first site's issues as a sync recorded them before: the bare Jira id on the story, the dashboard ticket
    // and the tracker record.
    for (const table of [stories, tickets, trackerIssues]) {
      await db.execute(sql`update ${table} set story_identity = split_part(story_identity, ':', 3)
        where customer_id = 'acme' and story_identity in ${scoped}`);
    }
    const before = await db.select().from(trackerIssues).where(eq(trackerIssues.customerId, "acme"));
    expect(before.filter((row) => ids.includes(row.storyIdentity))).toHaveLength(ids.length);
    const usedBefore = await used("acme");
    const runsBefore = await runCount("acme");

    const migration = readFileSync(path.join(process.cwd(), "db/migrations/0017_jira_site_identities.sql"), "utf8");
    await db.execute(sql.raw(migration));

    const after = await db.select().from(trackerIssues).where(eq(trackerIssues.customerId, "acme"));
    const identityOf = (rows: typeof after, url: string) => rows.find((row) => row.url === url)?.storyIdentity;
    for (const row of before) {
      // The first site's rows took their site; every other row (the second site's, GitHub's, Linear's) is as it was.
      const expected = ids.includes(row.storyIdentity) ? `${site(jira)}:${row.storyIdentity}` : row.storyIdentity;
      expect(identityOf(after, row.url)).toBe(expected);
    }
    expect(await scopedRows()).toEqual(scopedBefore);
    // Run again, it moves nothing (nothing is a bare id any more).
    await db.execute(sql.raw(migration));
    expect(await db.select().from(trackerIssues).where(eq(trackerIssues.customerId, "acme"))).toEqual(after);

    expect(await syncAndWait("acme", connection.id)).toMatchObject({ status: "completed", fetched: 7, scored: 0, skipped: 7 });
    expect([await used("acme"), await runCount("acme")]).toEqual([usedBefore, runsBefore]);
  });

  it("fails with Jira's words for a bad query, and for a bad token", async () => {
    const badQuery = await connect("acme", { kind: "jira", base_url: jira.url, credentials: { email: jira.email, token: jira.token }, query: "project = ACME AND colour = red" });
    const failed = await syncAndWait("acme", badQuery.id);
    expect(failed).toMatchObject({ status: "failed", scored: 0 });
    expect(failed.error).toMatch(/^Bad query: .*colour/);
    const badToken = await connect("acme", { kind: "jira", base_url: jira.url, credentials: { email: jira.email, token: "wrong-token" }, query: "project = ACME" });
    expect((await syncAndWait("acme", badToken.id)).error).toMatch(/^Bad credentials: /);
  });

  it("stops at the quota, keeping what it scored", async () => {
    const small = await connect("small", { kind: "jira", base_url: jira.url, credentials: { email: jira.email, token: jira.token }, query: "project = ACME ORDER BY key" });
    const state = await syncAndWait("small", small.id);
    expect(state).toMatchObject({ status: "failed", scored: 4 });
    expect(state.error).toMatch(/^Quota reached: the plan's 4 new stories this month are used \(4\)/);
    expect(await used("small")).toBe(4);
  });
});

describe("GitHub", () => {
  it("imports the issues of every page and skips the pull requests", async () => {
    const connection = await connect("acme", { kind: "github", base_url: github.url, credentials: { token: github.token }, query: github.repo });
    const state = await syncAndWait("acme", connection.id);
    const pulls = github.issues.filter((issue) => issue.pullRequest).length;
    expect(pulls).toBeGreaterThan(0);
    expect(state).toMatchObject({ status: "completed", fetched: 8, scored: 8 - pulls, skipped: pulls, failed: 0 });
    const issues = github.requests.filter((request) => request.path === `/repos/${github.repo}/issues`);
    expect(issues.length).toBeGreaterThanOrEqual(3);
    const [row] = await database().db.select().from(tickets).where(and(eq(tickets.customerId, "acme"), eq(tickets.ticketRef, `${github.repo}#1`)));
    expect(row).toMatchObject({ source: "github", storyIdentity: github.issues[0].nodeId });
  });

  it("fails with a clear error for a bad token", async () => {
    const connection = await connect("acme", { kind: "github", base_url: github.url, credentials: { token: "ghp_wrong" }, query: github.repo });
    const state = await syncAndWait("acme", connection.id);
    expect(state).toMatchObject({ status: "failed", scored: 0 });
    expect(state.error).toMatch(/^Bad credentials: /);
  });
});

describe("Linear", () => {
  it("imports a team's issues page by page", async () => {
    const connection = await connect("acme", { kind: "linear", base_url: linear.url, credentials: { token: linear.apiKey }, query: "ENG" });
    const state = await syncAndWait("acme", connection.id);
    expect(state).toMatchObject({ status: "completed", fetched: 5, scored: 5, skipped: 0, failed: 0 });
    expect(linear.requests.filter((request) => request.path === "/graphql").length).toBeGreaterThanOrEqual(3);
    const [row] = await database().db.select().from(tickets).where(and(eq(tickets.customerId, "acme"), eq(tickets.ticketRef, "ENG-1")));
    expect(row).toMatchObject({ source: "linear", storyIdentity: linear.issues[0].id });
  });

  it("fails with 'Not found' for a team that does not exist", async () => {
    const connection = await connect("acme", { kind: "linear", base_url: linear.url, credentials: { token: linear.apiKey }, query: "NOPE" });
    const state = await syncAndWait("acme", connection.id);
    expect(state).toMatchObject({ status: "failed", scored: 0 });
    expect(state.error).toMatch(/^Not found: /);
  });
});
