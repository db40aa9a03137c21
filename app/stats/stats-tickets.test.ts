// Dashboard stories are tickets as a person knows them (lib/stories/ticket-ref.ts), billing stays by its
// identity: scored through the API (sync, grouped, async), read back through /stats/* and a story's history;
// and migration 0013's backfill rebuilds the same tickets from stored runs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@/db/client";
import { quotaUsage, scoreRuns, stories, tickets } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { registerInstallation } from "@/lib/integrations/installations";
import { acceptJob } from "@/lib/jobs/accept";
import { processScoreBatch } from "@/lib/jobs/async-jobs";
import { queue, SCORE_QUEUE, stopQueue, type ScoreJobData } from "@/lib/queue";
import { createEngine, type TicketData } from "@/lib/scoring";
import { resolveScope } from "@/lib/auth/scope";
import { storyHistory, ticketOfIdentity } from "@/lib/stats/story-history";
import { contentFingerprint, resolveStoryIdentity } from "@/lib/stories/identity";
import { ticketRef } from "@/lib/stories/ticket-ref";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { POST as score } from "../api/v1/score/route";
import { GET as getStories } from "./stories/route";
import { GET as getSummary } from "./summary/route";
import { GET as getTrends } from "./trends/route";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
let key: string;
const asCustomer = () => bearer(key);
const CUSTOMER = "names-co";

const SAME_TEXT = { summary: "As a shopper, I want to save my cart so that I can finish checkout later." };

type Item = { ticket_ref: string; title: string; story_identity: string; identity_resolution: string; ticket_key: string | null; run_count: number };

async function scoreOne(json: Record<string, unknown>) {
  const response = await call(score, "/api/v1/score", { json, headers: asCustomer() });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

async function list(query = "sort=summary&page_size=100") {
  const response = await call(getStories, `/stats/stories?${query}`, { headers: asCustomer() });
  expect(response.status).toBe(200);
  return response.body as { items: Item[]; total: number };
}

afterAll(async () => {
  await stopQueue();
});

beforeAll(async () => {
  key = (await provisionCustomer(database().db, { customer_id: CUSTOMER, plan: "team" })).body.api_key;
  // Three tickets with different ids and the same text, no key: one after another (one statement each).
  for (const id of ["T-1", "T-2", "T-3"]) await scoreOne({ ticket_id: id, ticket_data: SAME_TEXT });
  // A keyed ticket, edited once: sent with request ids as ticket_id, known by its key.
  await scoreOne({ ticket_id: "req-1", ticket_data: { key: "SHOP-12", summary: "As a buyer, I want to pay by card." } });
  await scoreOne({ ticket_id: "req-2", ticket_data: { key: "SHOP-12", summary: "As a buyer, I want to pay by card so that I can check out fast." } });
  // Grouped: several at once (the group commit writes them in one statement).
  await Promise.all(
    ["G-1", "G-2", "G-1"].map((id, index) =>
      scoreOne({ ticket_id: id, ticket_data: { summary: `As a clerk, I want report ${id} so that I can file it.${index === 2 ? " Edited." : ""}` } }),
    ),
  );
});

describe("dashboard stories by their names", () => {
  it("keeps tickets with different ids and the same text apart on the dashboard, billed once", async () => {
    const hash = contentFingerprint(SAME_TEXT);
    const page = await list("q=save%20my%20cart&sort=summary");
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.ticket_ref).sort()).toEqual(["T-1", "T-2", "T-3"]);
    for (const item of page.items) {
      expect(item).toMatchObject({ title: SAME_TEXT.summary, story_identity: hash, identity_resolution: "content_hash", run_count: 1 });
    }
    // Billing as the spec says: one story, counted once.
    const billed = await database().db.select().from(stories).where(and(eq(stories.customerId, CUSTOMER), eq(stories.storyIdentity, hash)));
    expect(billed).toHaveLength(1);
    expect(billed[0].runCount).toBe(3);
    // Each ticket has its own history of one run, with no change to report.
    const scope = await resolveScope(database().db, { kind: "customer", customerId: CUSTOMER });
    const history = await storyHistory({ db: database().db, scope, ref: "T-2" });
    expect(history?.story).toMatchObject({ ticket_ref: "T-2", title: SAME_TEXT.summary, story_identity: hash, run_count: 1 });
    expect(history?.runs.map((run) => run.ticket_id)).toEqual(["T-2"]);
    // The old URL by billing identity finds the ticket of its latest run.
    expect(await ticketOfIdentity({ db: database().db, scope, storyIdentity: hash })).toEqual({ ticket_ref: "T-3", customer_id: CUSTOMER });
  });

  it("knows a keyed ticket by its key across edits and request ids (two billed stories, one dashboard story)", async () => {
    const page = await list("q=SHOP-12");
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      ticket_ref: "SHOP-12",
      ticket_key: "SHOP-12",
      title: "As a buyer, I want to pay by card so that I can check out fast.",
      identity_resolution: "content_hash",
      run_count: 2,
    });
    const scope = await resolveScope(database().db, { kind: "customer", customerId: CUSTOMER });
    const history = await storyHistory({ db: database().db, scope, ref: "SHOP-12" });
    expect(history?.runs.map((run) => run.ticket_id)).toEqual(["req-1", "req-2"]);
    expect(history?.total_runs).toBe(2);
    const edits = await database().db.select().from(stories).where(and(eq(stories.customerId, CUSTOMER), sql`${stories.ticketKey} = 'SHOP-12'`));
    expect(edits).toHaveLength(2);
  });

  it("records the grouped path's runs per ticket (a ticket sent twice in a group is one story of two runs)", async () => {
    const page = await list("q=report&sort=summary");
    expect(page.items.map((item) => [item.ticket_ref, item.run_count]).sort()).toEqual([
      ["G-1", 2],
      ["G-2", 1],
    ]);
  });

  it("counts and averages dashboard stories in the summary and the trends; the quota counts billed stories", async () => {
    const summary = (await call(getSummary, "/stats/summary", { headers: asCustomer() })).body as { story_count: number; run_count: number; quota: { used: number } };
    // T-1..3, SHOP-12, G-1, G-2: six stories, eight runs; billed: one shared hash, two SHOP-12 texts, three G texts.
    expect(summary).toMatchObject({ story_count: 6, run_count: 8, quota: { used: 6 } });
    const [used] = await database().db.select().from(quotaUsage).where(eq(quotaUsage.customerId, CUSTOMER));
    expect(used.used).toBe(6);
    const trends = (await call(getTrends, "/stats/trends?interval=month", { headers: asCustomer() })).body as { stories: number }[];
    expect(trends.at(-1)?.stories).toBe(6);
  });

  it("knows an async issue by its key, and one without a key by its billing identity", async () => {
    const boss: PgBoss = await queue();
    await boss.complete(SCORE_QUEUE, ((await boss.fetch<ScoreJobData>(SCORE_QUEUE, { batchSize: 1000 })) ?? []).map((job) => job.id)).catch(() => undefined);
    const { body } = await registerInstallation(database().db, CUSTOMER, { cloudId: "site-names", source: "jira", callback_url: "http://127.0.0.1:9/hooks" }, "test");
    const customer = { customerId: CUSTOMER, companyId: null, planId: "team", quota: 2500 };
    const keyed: TicketData = { summary: "As an editor, I want drafts so that I can finish later.", key: "ED-1" };
    const keyless: TicketData = { summary: "As an editor, I want a preview so that I can check my work." };
    for (const [ticket, external] of [
      [keyed, "site-names:ED-1"],
      [keyless, undefined],
    ] as const) {
      await acceptJob(database(), {
        customer,
        installationId: body.installation_id,
        identity: resolveStoryIdentity(ticket, external),
        ticket,
        issueKey: ticket.key ?? null,
        at: new Date(),
      });
    }
    const fetched = (await boss.fetch<ScoreJobData>(SCORE_QUEUE, { batchSize: 100, includeMetadata: true })) as PgBoss.JobWithMetadata<ScoreJobData>[];
    await processScoreBatch(database().db, createEngine("heuristic"), fetched, boss);
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
    const page = await list("q=editor&sort=summary");
    const hash = contentFingerprint(keyless);
    expect(page.items.map((item) => [item.ticket_ref, item.story_identity, item.identity_resolution])).toEqual([
      [hash, hash, "content_hash"],
      ["ED-1", "site-names:ED-1", "external_id"],
    ]);
  });

  it("derives the ref from the key, else the ticket id, else the billing identity", () => {
    expect(ticketRef({ key: " SHOP-1 " }, "req-9", "sha256:x")).toBe("SHOP-1");
    expect(ticketRef({ key: "" }, "T-9", "sha256:x")).toBe("T-9");
    expect(ticketRef({}, null, "sha256:x")).toBe("sha256:x");
  });
});

describe("migration 0013's backfill", () => {
  it("rebuilds every run's ticket_ref and the same tickets from the stored runs", async () => {
    const db = database().db;
    const snapshot = async () => ({
      runs: resultRows<{ id: string; ticket_ref: string }>(await db.execute(sql`select id, ticket_ref from ${scoreRuns} order by id`)),
      tickets: await db
        .select({
          customerId: tickets.customerId,
          ticketRef: tickets.ticketRef,
          ticketKey: tickets.ticketKey,
          summary: tickets.summary,
          storyId: tickets.storyId,
          storyIdentity: tickets.storyIdentity,
          runCount: tickets.runCount,
          firstScoredAt: tickets.firstScoredAt,
          lastScoredAt: tickets.lastScoredAt,
          latestOverallScore: tickets.latestOverallScore,
          workItemType: tickets.workItemType,
        })
        .from(tickets)
        .orderBy(asc(tickets.customerId), asc(tickets.ticketRef)),
    });
    // Runs of one ticket recorded in the same millisecond (one group) have no latest one in the stored data: the
    // write path took the later request's values, the backfill takes either. Compare those on the rest.
    const tied = new Set(
      resultRows<{ ref: string }>(
        await db.execute(sql`select ticket_ref as ref from ${scoreRuns} group by customer_id, ticket_ref, created_at having count(*) > 1`),
      ).map((row) => row.ref),
    );
    const comparable = ({ runs, tickets: rows }: Awaited<ReturnType<typeof snapshot>>) => ({
      runs,
      tickets: rows.map((row) => (tied.has(row.ticketRef) ? { ...row, summary: null, storyId: null, storyIdentity: null, latestOverallScore: null } : row)),
    });
    const before = await snapshot();
    expect(before.tickets.length).toBeGreaterThanOrEqual(8);
    const statements = readFileSync(path.join(process.cwd(), "db/migrations/0013_ticket_refs.sql"), "utf8")
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .filter((statement) => /^(-- .*\n)*\s*(UPDATE "score_runs"|INSERT INTO "tickets")/.test(statement));
    expect(statements).toHaveLength(2);
    await db.execute(sql`alter table ${scoreRuns} alter column ticket_ref drop not null`);
    await db.execute(sql`update ${scoreRuns} set ticket_ref = null`);
    await db.execute(sql`delete from ${tickets}`);
    for (const statement of statements) await db.execute(sql.raw(statement));
    await db.execute(sql`alter table ${scoreRuns} alter column ticket_ref set not null`);
    expect(comparable(await snapshot())).toEqual(comparable(before));
  });
});
