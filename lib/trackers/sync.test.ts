// The tracker sync on a real database: what it scores, bills, skips and records, how it stops (quota, bad
// credentials), and, through the queue, one sync per connection at a time and schedules that run once with
// several queue clients (PostgreSQL). The trackers here are a page server of the test's own: a FetchIssues that
// serves an in-memory backlog page by page, as the tracker clients do; the clients themselves and their fake
// trackers are exercised in app/api/v1/connections/sync.test.ts.
import PgBoss from "pg-boss";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quotaUsage, scoreRuns, stories, tickets, trackerConnections } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { utcMonth } from "@/lib/clock";
import { PGBOSS_SCHEMA, queue, stopQueue } from "@/lib/queue";
import { createEngine } from "@/lib/scoring";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import { call, setEnv } from "@/testing/http";
import { POST as scoreRoute } from "@/app/api/v1/score/route";
import { putRuleSettings } from "@/lib/rules/settings";
import { createConnection, deleteConnection } from "./connections";
import { applySchedule } from "./schedule";
import { INCREMENTAL_OVERLAP_MS, requestSync, runSync, startTrackerWorkers } from "./sync";
import { TrackerError, type FetchIssues, type FetchIssuesOptions, type TrackerIssue } from "./types";

const database = setupTestDatabase();
const fake = setupFakeOpenAI();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });

/** A tracker of the test's own: backlogs by query, served `pageSize` at a time; every read is recorded. */
class PageServer {
  backlogs = new Map<string, TrackerIssue[]>();
  pageSize = 2;
  reads: { query: string; options?: FetchIssuesOptions }[] = [];
  /** Pauses every page while set (a sync then stays running). */
  gate: Promise<void> | null = null;
  fetch: FetchIssues = (config, options) => this.pages(config, options);

  private async *pages(config: Parameters<FetchIssues>[0], options?: FetchIssuesOptions) {
    this.reads.push({ query: config.query, options });
    if (config.credentials.token === "bad-token") throw new TrackerError("bad_credentials", "401 Unauthorized: the token was refused", 401);
    const all = this.backlogs.get(config.query);
    if (!all) throw new TrackerError("not_found", `No project matches '${config.query}'`, 404);
    const since = options?.updatedSince?.getTime();
    const issues = all.filter((issue) => since === undefined || Date.parse(issue.updatedAt) >= since);
    for (let start = 0; start < issues.length || start === 0; start += this.pageSize) {
      if (this.gate) await this.gate;
      yield { issues: issues.slice(start, start + this.pageSize), skipped: start === 0 ? 1 : 0 };
      if (issues.length === 0) break;
    }
  }
}

const server = new PageServer();

function issue(n: number, project = "ACME", extra: Partial<TrackerIssue> = {}): TrackerIssue {
  return {
    externalId: `${project}-id-${10000 + n}`,
    key: `${project}-${n}`,
    url: `https://acme.atlassian.net/browse/${project}-${n}`,
    summary: `As a shopper I want to save cart ${n} so that I can finish checkout later`,
    description: `Shoppers lose carts ${n} when they leave.`,
    acceptanceCriteria: "Given a saved cart\nWhen I come back\nThen it is still there",
    issueType: "Story",
    updatedAt: new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString(),
    ...extra,
  };
}

async function newCustomer(id: string, quota?: number): Promise<string> {
  const { body } = await provisionCustomer(database().db, { customer_id: id, plan: "team", quota });
  return body.api_key;
}

async function connect(customerId: string, query: string, token = "jira-token-1234") {
  return createConnection(
    database().db,
    customerId,
    { kind: "jira", name: `Jira ${query}`, base_url: "https://acme.atlassian.net", credentials: { email: "dev@acme.example", token }, query },
    "test",
  );
}

async function used(customerId: string): Promise<number> {
  const [row] = await database().db.select({ used: quotaUsage.used }).from(quotaUsage).where(and(eq(quotaUsage.customerId, customerId), eq(quotaUsage.month, utcMonth(new Date()))));
  return row?.used ?? 0;
}

async function runs(customerId: string): Promise<number> {
  const [{ value }] = await database().db.select({ value: count() }).from(scoreRuns).where(eq(scoreRuns.customerId, customerId));
  return value;
}

const sync = (connectionId: string) => runSync(database(), connectionId, { fetchIssues: server.fetch });

describe("a sync", () => {
  it("scores and bills new issues page by page, with their key, link, source and kind", async () => {
    await newCustomer("first-co");
    server.backlogs.set("project = FIRST", [issue(1, "FIRST"), issue(2, "FIRST", { issueType: "Bug", summary: "Checkout fails with a saved cart", description: "Steps: save a cart, pay.\nExpected: paid. Actual: error 500." }), issue(3, "FIRST"), issue(4, "FIRST"), issue(5, "FIRST")]);
    const connection = await connect("first-co", "project = FIRST");
    const state = await sync(connection.id);
    // Three pages of 2, 2 and 1 issues; the first page also served one item that is not an issue (skipped).
    expect(state).toMatchObject({ status: "completed", trigger: "manual", fetched: 6, scored: 5, skipped: 1, failed: 0 });
    expect(state?.error).toBeUndefined();
    expect(state?.finished_at).toBeTruthy();
    expect(await used("first-co")).toBe(5);
    const rows = await database().db.select().from(tickets).where(eq(tickets.customerId, "first-co"));
    const bug = rows.find((row) => row.ticketRef === "FIRST-2");
    expect(bug).toMatchObject({ ticketKey: "FIRST-2", url: "https://acme.atlassian.net/browse/FIRST-2", source: "jira", workItemType: "bug", identityResolution: "external_id", storyIdentity: "FIRST-id-10002" });
    expect(rows).toHaveLength(5);
    const [stored] = await database().db.select().from(trackerConnections).where(eq(trackerConnections.id, connection.id));
    expect(stored.lastSync).toMatchObject({ status: "completed", scored: 5 });
    expect(stored.lastSuccessStartedAt).toBeInstanceOf(Date);
  });

  it("bills nothing for unchanged issues (not even scored again) and re-scores a changed one free", async () => {
    await newCustomer("second-co");
    const backlog = [1, 2, 3].map((n) => issue(n, "SEC"));
    server.backlogs.set("project = SEC", backlog);
    const connection = await connect("second-co", "project = SEC");
    expect(await sync(connection.id)).toMatchObject({ status: "completed", scored: 3, skipped: 1 });
    expect([await used("second-co"), await runs("second-co")]).toEqual([3, 3]);

    expect(await sync(connection.id)).toMatchObject({ status: "completed", fetched: 4, scored: 0, skipped: 4, failed: 0 });
    expect([await used("second-co"), await runs("second-co")]).toEqual([3, 3]);

    backlog[1] = { ...backlog[1], description: "Now with a clear benefit: shoppers finish checkout later.", updatedAt: new Date().toISOString() };
    expect(await sync(connection.id)).toMatchObject({ status: "completed", fetched: 4, scored: 1, skipped: 3 });
    expect([await used("second-co"), await runs("second-co")]).toEqual([3, 4]);
    const [story] = await database().db.select().from(stories).where(and(eq(stories.customerId, "second-co"), eq(stories.storyIdentity, "SEC-id-10002")));
    expect(story.runCount).toBe(2);
  });

  it("scores under the account's rule settings, and scores unchanged issues again, free, when the settings change", async () => {
    await newCustomer("rules-sync-co");
    const compound = issue(1, "RUL", { summary: "As an editor, I want to create and edit articles, so that the site stays current" });
    server.backlogs.set("project = RUL", [compound, issue(2, "RUL")]);
    const connection = await connect("rules-sync-co", "project = RUL");
    expect(await sync(connection.id)).toMatchObject({ status: "completed", scored: 2 });
    const latest = async () => {
      const [run] = await database().db.select().from(scoreRuns).where(and(eq(scoreRuns.customerId, "rules-sync-co"), eq(scoreRuns.ticketRef, "RUL-1"))).orderBy(sql`created_at desc`).limit(1);
      return run.result as { metadata: { rules: { preset: string } }; findings: { code: string }[] };
    };
    expect((await latest()).metadata.rules.preset).toBe("default");
    expect((await latest()).findings.map((f) => f.code)).toContain("atomic.two_actions");

    await putRuleSettings(database().db, "rules-sync-co", { preset: "lenient" }, "test");
    expect(await sync(connection.id)).toMatchObject({ status: "completed", scored: 2 });
    expect((await latest()).metadata.rules.preset).toBe("lenient");
    expect((await latest()).findings.map((f) => f.code)).not.toContain("atomic.two_actions");
    // Free: the same two stories, scored twice each.
    expect([await used("rules-sync-co"), await runs("rules-sync-co")]).toEqual([2, 4]);
    // Unchanged settings: nothing scored again.
    expect(await sync(connection.id)).toMatchObject({ status: "completed", scored: 0 });
  });

  it("stops at the quota with an error naming it, keeping what it scored", async () => {
    await newCustomer("quota-co", 3);
    server.backlogs.set("project = QUOTA", [1, 2, 3, 4, 5, 6].map((n) => issue(n, "QUOTA")));
    const connection = await connect("quota-co", "project = QUOTA");
    const state = await sync(connection.id);
    expect(state).toMatchObject({ status: "failed", scored: 3 });
    expect(state?.error).toMatch(/^Quota reached: the plan's 3 new stories this month are used \(3\); 1 new issue was not imported/);
    expect(await used("quota-co")).toBe(3);
    expect(await runs("quota-co")).toBe(3);
    // The scored ones are known now: a second sync re-scores nothing and still stops at the first new one.
    const again = await sync(connection.id);
    expect(again).toMatchObject({ status: "failed", scored: 0, skipped: 4 });
    expect(await used("quota-co")).toBe(3);
  });

  it("fails with the tracker's words: bad credentials, a missing project", async () => {
    await newCustomer("bad-co");
    server.backlogs.set("project = BAD", [issue(1, "BAD")]);
    const badToken = await connect("bad-co", "project = BAD", "bad-token");
    expect(await sync(badToken.id)).toMatchObject({ status: "failed", scored: 0, error: "Bad credentials: 401 Unauthorized: the token was refused" });
    const missing = await connect("bad-co", "project = NOPE");
    expect(await sync(missing.id)).toMatchObject({ status: "failed", error: "Not found: No project matches 'project = NOPE'" });
    expect(await used("bad-co")).toBe(0);
  });

  it("with the LLM engine, counts an issue whose model answers break the schema as failed, bills nothing, and scores it at the next sync", async () => {
    await newCustomer("llm-co");
    server.backlogs.set("project = LLM", [issue(1, "LLM")]);
    const connection = await connect("llm-co", "project = LLM");
    const engine = createEngine("openai", { baseURL: fake().baseURL, model: "fake-model", maxRetries: 0, timeoutMs: 5000 });
    fake().enqueue({ kind: "truncated" }, { kind: "partial" });
    expect(await runSync(database(), connection.id, { fetchIssues: server.fetch, engine })).toMatchObject({ status: "completed", fetched: 2, scored: 0, failed: 1 });
    expect(fake().requests).toHaveLength(2);
    expect([await used("llm-co"), await runs("llm-co")]).toEqual([0, 0]);
    expect(await runSync(database(), connection.id, { fetchIssues: server.fetch, engine })).toMatchObject({ status: "completed", scored: 1, failed: 0 });
    expect([await used("llm-co"), await runs("llm-co")]).toEqual([1, 1]);
  });

  it("leaves the imported stories when the connection is deleted, and a new connection re-scores nothing", async () => {
    await newCustomer("gone-co");
    server.backlogs.set("project = GONE", [issue(1, "GONE"), issue(2, "GONE")]);
    const connection = await connect("gone-co", "project = GONE");
    expect(await sync(connection.id)).toMatchObject({ status: "completed", scored: 2 });
    await deleteConnection(database().db, "gone-co", connection.id, "test");
    const kept = await database().db.select().from(tickets).where(eq(tickets.customerId, "gone-co"));
    expect(kept.map((row) => [row.ticketRef, row.url])).toEqual(
      expect.arrayContaining([
        ["GONE-1", "https://acme.atlassian.net/browse/GONE-1"],
        ["GONE-2", "https://acme.atlassian.net/browse/GONE-2"],
      ]),
    );
    expect(await used("gone-co")).toBe(2);
    const again = await connect("gone-co", "project = GONE");
    expect(await sync(again.id)).toMatchObject({ status: "completed", scored: 0, skipped: 3 });
    expect(await runs("gone-co")).toBe(2);
  });

  it("stops at its next page when the connection is deleted meanwhile", async () => {
    await newCustomer("mid-co");
    server.backlogs.set("project = MID", [1, 2, 3, 4, 5, 6].map((n) => issue(n, "MID")));
    const connection = await connect("mid-co", "project = MID");
    let pages = 0;
    const deleting: FetchIssues = (config, options) =>
      (async function* () {
        for await (const page of server.fetch(config, options)) {
          yield page;
          if (++pages === 1) await deleteConnection(database().db, "mid-co", connection.id, "test");
        }
      })();
    expect(await runSync(database(), connection.id, { fetchIssues: deleting })).toBeNull();
    expect(pages).toBe(1);
    expect(await runs("mid-co")).toBe(2);
  });

  it("reads incrementally when scheduled: issues updated since the last successful sync started, minus the overlap", async () => {
    await newCustomer("incr-co");
    server.backlogs.set("project = INCR", [issue(1, "INCR"), issue(2, "INCR")]);
    const connection = await connect("incr-co", "project = INCR");
    await queue();
    expect(await requestSync(database().db, connection.id, "manual")).toBe(true);
    // A second request while the first waits changes nothing.
    expect(await requestSync(database().db, connection.id, "manual")).toBe(false);
    expect(await sync(connection.id)).toMatchObject({ status: "completed", trigger: "manual", scored: 2 });
    // The job was taken by no worker here: complete it as a worker would have.
    await database().db.execute(sql`update ${sql.raw(`${PGBOSS_SCHEMA}.job`)} set state = 'completed' where singleton_key = ${connection.id}`);
    expect(server.reads.at(-1)?.options?.updatedSince).toBeUndefined();
    const [row] = await database().db.select().from(trackerConnections).where(eq(trackerConnections.id, connection.id));

    expect(await requestSync(database().db, connection.id, "schedule")).toBe(true);
    expect(await sync(connection.id)).toMatchObject({ status: "completed", trigger: "schedule", fetched: 1, scored: 0, skipped: 1 });
    expect(server.reads.at(-1)?.options?.updatedSince?.getTime()).toBe(row.lastSuccessStartedAt!.getTime() - INCREMENTAL_OVERLAP_MS);
  });
});

describe("through the queue", () => {
  afterAll(() => stopQueue());

  it("runs the sync a request queues, and answers the running one to a second request", async () => {
    await newCustomer("queue-co");
    server.backlogs.set("project = QUEUE", [1, 2, 3, 4, 5].map((n) => issue(n, "QUEUE")));
    const connection = await connect("queue-co", "project = QUEUE");
    const workers = await startTrackerWorkers(await queue(), { fetchIssues: server.fetch, pollingIntervalSeconds: 0.5, scheduleIntervalMs: 500 });
    try {
      let release!: () => void;
      server.gate = new Promise((resolve) => (release = resolve));
      expect(await requestSync(database().db, connection.id, "manual")).toBe(true);
      await until(async () => (await state(connection.id))?.fetched === 0 && server.reads.some((read) => read.query === "project = QUEUE"));
      expect(await requestSync(database().db, connection.id, "manual")).toBe(false);
      server.gate = null;
      release();
      await until(async () => (await state(connection.id))?.status === "completed");
      expect(await state(connection.id)).toMatchObject({ scored: 5, fetched: 6 });
      expect(server.reads.filter((read) => read.query === "project = QUEUE")).toHaveLength(1);
    } finally {
      server.gate = null;
      await workers.stop();
    }
  });
});

async function state(connectionId: string) {
  const [row] = await database().db.select({ lastSync: trackerConnections.lastSync }).from(trackerConnections).where(eq(trackerConnections.id, connectionId));
  return row?.lastSync ?? null;
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(hasPostgres)("on PostgreSQL", () => {
  const clients: PgBoss[] = [];
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    await queue();
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    for (const client of clients) await client.stop({ graceful: true, close: true, wait: true, timeout: 5000 });
    await stopQueue();
  });

  it("counts the quota exactly when an import and POST /api/v1/score race for the last units", async () => {
    const key = await newCustomer("race-co", 12);
    server.backlogs.set("project = RACE", Array.from({ length: 10 }, (_, i) => issue(i + 1, "RACE")));
    server.pageSize = 10;
    const connection = await connect("race-co", "project = RACE");
    try {
      const api = Array.from({ length: 10 }, (_, i) =>
        call(scoreRoute, "/api/v1/score", {
          headers: { authorization: `Bearer ${key}` },
          json: { ticket_id: `API-${i}`, ticket_data: { summary: `As a buyer I want invoice ${i} by email so that I can file it` } },
        }),
      );
      const [imported, ...answers] = await Promise.all([sync(connection.id), ...api]);
      const accepted = answers.filter((answer) => answer.status === 200).length;
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
      expect(accepted + (imported?.scored ?? 0)).toBe(12);
      expect(await used("race-co")).toBe(12);
      const [{ value }] = await database().db.select({ value: count() }).from(stories).where(eq(stories.customerId, "race-co"));
      expect(value).toBe(12);
      if ((imported?.scored ?? 0) < 10) expect(imported).toMatchObject({ status: "failed", error: expect.stringMatching(/^Quota reached/) });
    } finally {
      server.pageSize = 2;
    }
  });

  it("runs a schedule once with two queue clients", async () => {
    await newCustomer("sched-co");
    const connections = [];
    for (const n of [1, 2, 3]) {
      server.backlogs.set(`project = SCHED${n}`, [issue(1, `SCHED${n}`), issue(2, `SCHED${n}`)]);
      connections.push(await connect("sched-co", `project = SCHED${n}`));
    }
    for (let index = 0; index < 2; index++) {
      const client = new PgBoss({ connectionString: database().url, schema: PGBOSS_SCHEMA, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, max: 3 });
      client.on("error", () => undefined);
      await client.start();
      clients.push(client);
      const workers = await startTrackerWorkers(client, { fetchIssues: server.fetch, pollingIntervalSeconds: 0.5, scheduleIntervalMs: 300 });
      stops.push(() => workers.stop());
    }
    // A cron of the current minute fires once; late in a minute, wait for the next so the test sees one tick only.
    if (new Date().getUTCSeconds() > 45) await new Promise((resolve) => setTimeout(resolve, (61 - new Date().getUTCSeconds()) * 1000));
    const minute = new Date().getUTCMinutes();
    for (const connection of connections) {
      await database().db.update(trackerConnections).set({ schedule: "hourly" }).where(eq(trackerConnections.id, connection.id));
      await applySchedule(clients[0], { id: connection.id, schedule: "hourly" }, `${minute} * * * *`);
    }
    for (const connection of connections) await until(async () => (await state(connection.id))?.status === "completed", 30_000);
    // Several more cron rounds of both clients (every second) within the same minute: no second sync.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    for (const connection of connections) {
      expect(server.reads.filter((read) => read.query === connection.query)).toHaveLength(1);
      expect(await state(connection.id)).toMatchObject({ status: "completed", trigger: "schedule", scored: 2 });
    }
  }, 90_000);
});
