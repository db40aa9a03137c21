// The asynchronous pipeline's parts on a real database (PGlite, and PostgreSQL when DATABASE_URL is set):
// grouped acceptance and the quota, batch scoring and recording, the queue rows we write ourselves, the
// callback dispatcher's per-installation limit, and the completion estimate. End-to-end flows through the
// routes are in app/api/v1/evaluate/*.test.ts.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, resultRows, type DbHandle } from "@/db/client";
import { asyncJobs, quotaUsage, scoreRuns, stories } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { registerInstallation } from "@/lib/integrations/installations";
import { putRuleSettings } from "@/lib/rules/settings";
import { createEngine, scoreTicket, type ScoringEngine, type TicketData } from "@/lib/scoring";
import { QuotaExhaustedError } from "@/lib/stories/billing";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import { freeCustomer } from "@/testing/customers";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { setEnv } from "@/testing/http";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { acceptJob, type AcceptInput } from "./accept";
import { claimDeliveries, processScoreBatch } from "./async-jobs";
import { DeliveryDispatcher } from "./delivery-dispatcher";
import { estimateCompletion } from "./estimate";
import { DELIVER_QUEUE, enqueueFrom, queue, SCORE_QUEUE, stopQueue, type ScoreJobData } from "@/lib/queue";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
const heuristic = createEngine("heuristic");
const fake = setupFakeOpenAI();
const at = new Date();

afterAll(async () => {
  await stopQueue();
});

const customer = (id: string, quota: number) => freeCustomer(database().db, id, quota);

async function install(owner: CustomerContext, cloudId: string, callbackUrl = "http://127.0.0.1:9/hooks"): Promise<string> {
  const { body } = await registerInstallation(database().db, owner.customerId, { cloudId, source: "jira", callback_url: callbackUrl }, "test");
  return body.installation_id;
}

function request(owner: CustomerContext, installationId: string, key: string, summary: string): AcceptInput {
  const ticket: TicketData = { summary, key };
  return { customer: owner, installationId, identity: resolveStoryIdentity(ticket, `site:${key}`), ticket, issueKey: key, at };
}

async function usage(customerId: string): Promise<number> {
  const [row] = await database().db.select().from(quotaUsage).where(eq(quotaUsage.customerId, customerId));
  return row?.used ?? 0;
}

/** Every waiting score job of the queue, as a worker would fetch them. */
async function fetchScoreJobs(boss: PgBoss, batchSize = 100): Promise<PgBoss.JobWithMetadata<ScoreJobData>[]> {
  return (await boss.fetch<ScoreJobData>(SCORE_QUEUE, { batchSize, includeMetadata: true })) as PgBoss.JobWithMetadata<ScoreJobData>[];
}

async function deliveryQueueRows(jobIds: string[]): Promise<string[]> {
  const rows = resultRows<{ key: string }>(
    await database().db.execute(sql`select singleton_key as key from pgboss.job where name = ${DELIVER_QUEUE} and singleton_key = any(${`{${jobIds.join(",")}}`}::text[])`),
  );
  return rows.map((row) => row.key);
}

describe("the queue rows written inside our statements", () => {
  it("are the rows pg-boss's own insert writes (retry policy, expiry, retention, singleton key)", async () => {
    const boss = await queue();
    const ours = randomUUID();
    const theirs = randomUUID();
    await database().db.execute(sql`with s as (select ${ours}::uuid as job_id) ${enqueueFrom(SCORE_QUEUE, sql`s`)}`);
    await boss.insert([{ name: SCORE_QUEUE, data: { jobId: theirs }, singletonKey: theirs }]);
    const columns = sql`data->>'jobId' as job, priority, state, retry_limit, retry_delay, retry_backoff, expire_in::text as expire_in, policy, dead_letter,
      extract(epoch from keep_until - start_after)::int as kept_seconds, start_after <= now() as due`;
    const [mine] = resultRows<Record<string, unknown>>(await database().db.execute(sql`select ${columns} from pgboss.job where singleton_key = ${ours}`));
    const [reference] = resultRows<Record<string, unknown>>(await database().db.execute(sql`select ${columns} from pgboss.job where singleton_key = ${theirs}`));
    expect({ ...mine, job: null }).toEqual({ ...reference, job: null });
    expect(mine.job).toBe(ours);
    // And pg-boss hands it to a worker like its own.
    const fetched = await fetchScoreJobs(boss);
    expect(fetched.map((job) => job.data.jobId).sort()).toEqual([ours, theirs].sort());
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
  });
});

describe("a job queued for now", () => {
  // PGlite's clock counts milliseconds: a job queued with start_after = now() and fetched within the same
  // millisecond was not due under `start_after < now()` (pg-boss's fetch, and our delivery claim), so a test
  // that fetched right after queueing found one job short, and a worker woken for the job slept past it.
  // On PGlite the clock is held still (it reads Date.now()) so the insert and the fetch share a millisecond
  // every time; on PostgreSQL (microseconds) the rounds run as they come.
  const rounds = 10;
  const queueNow = (queueName: string, jobId: string) => database().db.execute(sql`with s as (select ${jobId}::uuid as job_id) ${enqueueFrom(queueName, sql`s`)}`);
  async function inOneMillisecond<T>(work: () => Promise<T>): Promise<T> {
    if (database().driver !== "pglite") return work();
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    try {
      return await work();
    } finally {
      clock.mockRestore();
    }
  }

  it("is fetched by the score workers' fetch (pg-boss) right away", async () => {
    const boss = await queue();
    let missed = 0;
    for (let round = 0; round < rounds; round++) {
      const jobId = randomUUID();
      const fetched = await inOneMillisecond(async () => {
        await queueNow(SCORE_QUEUE, jobId);
        return fetchScoreJobs(boss);
      });
      if (!fetched.some((job) => job.data.jobId === jobId)) missed++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await boss.complete(SCORE_QUEUE, (await fetchScoreJobs(boss)).concat(fetched).map((job) => job.id));
    }
    expect(missed).toBe(0);
  });

  it("is claimed by the callback dispatcher's claim right away", async () => {
    const boss = await queue();
    let missed = 0;
    for (let round = 0; round < rounds; round++) {
      const jobId = randomUUID();
      const claimed = await inOneMillisecond(async () => {
        await queueNow(DELIVER_QUEUE, jobId);
        return claimDeliveries(database().db, 100, []);
      });
      if (!claimed.some((job) => job.data.jobId === jobId)) missed++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const rest = await claimDeliveries(database().db, 100, []);
      await boss.complete(DELIVER_QUEUE, claimed.concat(rest).map((job) => job.id));
    }
    expect(missed).toBe(0);
  });
});

describe("grouped acceptance and the quota", () => {
  it("reserves a story sent several times in one burst once, admits known stories free, and refuses new ones over quota", async () => {
    const owner = await customer("burst-co", 5);
    const installationId = await install(owner, "site-burst");
    // Seven different stories, A and B sent twice, all at once: the first five new stories fit.
    const sent = ["A", "B", "A", "C", "D", "B", "E", "F", "G"];
    const outcomes = await Promise.allSettled(sent.map((name) => acceptJob(database(), request(owner, installationId, `BURST-${name}`, `As a user, I want feature ${name}.`))));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled", "fulfilled", "rejected", "rejected"]);
    for (const outcome of outcomes.slice(7)) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(QuotaExhaustedError);
    expect(await usage("burst-co")).toBe(5);
    const reserved = await database().db.select().from(stories).where(eq(stories.customerId, "burst-co"));
    expect(reserved).toHaveLength(5);
    const jobs = await database().db.select().from(asyncJobs).where(eq(asyncJobs.customerId, "burst-co"));
    expect(jobs).toHaveLength(7);
    // Each story's first job is the one that counted it.
    expect(jobs.reduce((sum, job) => sum + job.newlyCounted, 0)).toBe(5);

    // A story already counted is admitted free even now that the quota is used up.
    await expect(acceptJob(database(), request(owner, installationId, "BURST-A", "As a user, I want feature A, edited."))).resolves.toMatchObject({ jobId: expect.any(String) });
    await expect(acceptJob(database(), request(owner, installationId, "BURST-H", "As a user, I want feature H."))).rejects.toBeInstanceOf(QuotaExhaustedError);
    expect(await usage("burst-co")).toBe(5);
  });

  it("answers how many jobs wait ahead and what completed lately, for the estimate", async () => {
    const owner = await customer("ahead-co", 100);
    const installationId = await install(owner, "site-ahead");
    const waiting = (await database().db.select().from(asyncJobs).where(inArray(asyncJobs.status, ["accepted", "processing"]))).length;
    const first = await acceptJob(database(), request(owner, installationId, "AHEAD-1", "As a user, I want one."));
    const [second, third] = await Promise.all([
      acceptJob(database(), request(owner, installationId, "AHEAD-2", "As a user, I want two.")),
      acceptJob(database(), request(owner, installationId, "AHEAD-3", "As a user, I want three.")),
    ]);
    expect([first.ahead, second.ahead, third.ahead]).toEqual([waiting, waiting + 1, waiting + 2]);
    expect(first.recentlyCompleted).toBeGreaterThanOrEqual(0);
  });
});

describe("batch scoring", () => {
  let boss: PgBoss;
  let owner: CustomerContext;
  let installationId: string;

  beforeAll(async () => {
    boss = await queue();
    // Drain what earlier tests queued, so each test fetches only its own jobs.
    await boss.complete(SCORE_QUEUE, (await fetchScoreJobs(boss, 1000)).map((job) => job.id)).catch(() => undefined);
    owner = await customer("batch-co", 1000);
    installationId = await install(owner, "site-batch");
  });

  it("scores each job as the synchronous engine scores it, records every run once, and queues one callback per job", async () => {
    const summaries = [
      "As a shopper, I want to save my cart so that I can buy later.",
      "As an admin, I want to add or remove users so that the team stays current.",
      "Fix the login",
      "As a shopper, I want to save my cart so that I can buy later.",
      "As a clerk, I want to print a receipt so that the customer has proof of payment.",
    ];
    const keys = ["B-1", "B-2", "B-3", "B-4", "B-1"];
    const accepted = [];
    for (const [i, summary] of summaries.entries()) accepted.push(await acceptJob(database(), request(owner, installationId, keys[i], summary)));
    const fetched = await fetchScoreJobs(boss);
    expect(fetched).toHaveLength(5);
    await processScoreBatch(database().db, heuristic, fetched, boss);

    const jobIds = accepted.map((a) => a.jobId);
    for (const [i, jobId] of jobIds.entries()) {
      const [job] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, jobId));
      expect(job.status).toBe("completed");
      const expected = scoreTicket({ summary: summaries[i], key: keys[i] });
      expect(job.result).toMatchObject({ job_id: jobId, ticket_id: keys[i], overall_score: expected.overall_score, individual_scores: expected.individual_scores });
    }
    const runs = await database().db.select().from(scoreRuns).where(eq(scoreRuns.customerId, "batch-co"));
    expect(runs.map((run) => run.id).sort()).toEqual([...jobIds].sort());
    const [b1] = await database().db.select().from(stories).where(and(eq(stories.customerId, "batch-co"), eq(stories.storyIdentity, "site:B-1")));
    expect(b1.runCount).toBe(2);
    expect((await deliveryQueueRows(jobIds)).sort()).toEqual([...jobIds].sort());

    // The queue offers the same batch again (its worker died before completing it): nothing is scored,
    // billed or queued twice.
    await processScoreBatch(database().db, heuristic, fetched, boss);
    expect(await database().db.select().from(scoreRuns).where(eq(scoreRuns.customerId, "batch-co"))).toHaveLength(5);
    expect(await deliveryQueueRows(jobIds)).toHaveLength(5);
    const [again] = await database().db.select().from(stories).where(eq(stories.id, b1.id));
    expect(again.runCount).toBe(2);
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
  });

  it("scores a job under the customer's rule settings at the time it is scored, and says so in metadata.rules", async () => {
    const rulesOwner = await customer("rules-batch-co", 100);
    const site = await install(rulesOwner, "site-rules");
    await putRuleSettings(database().db, "rules-batch-co", { preset: "lenient", codes: { "testable.no_acceptance_criteria": { enabled: false } } }, "test");
    const summary = "As an administrator, I want to create and maintain venues, so that users find them.";
    const { jobId } = await acceptJob(database(), request(rulesOwner, site, "R-1", summary));
    const fetched = await fetchScoreJobs(boss);
    await processScoreBatch(database().db, heuristic, fetched, boss);
    const [job] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, jobId));
    const result = job.result as { metadata: { rules: { preset: string } }; findings: { code: string }[] };
    expect(result.metadata.rules.preset).toBe("lenient");
    const codes = result.findings.map((f) => f.code);
    expect(codes).not.toContain("testable.no_acceptance_criteria");
    expect(codes.some((c) => c.startsWith("atomic."))).toBe(false);
    // The default reading of the same story, for contrast.
    expect(scoreTicket({ summary, key: "R-1" }).findings.map((f) => f.code)).toEqual(expect.arrayContaining(["atomic.two_actions", "testable.no_acceptance_criteria"]));
    await boss.complete(SCORE_QUEUE, fetched.map((j) => j.id));
  });

  it("completes a job whose run was recorded before it was marked completed, from that run", async () => {
    const a = await acceptJob(database(), request(owner, installationId, "B-9", "As a reader, I want dark mode so that I can read at night."));
    const fetched = await fetchScoreJobs(boss);
    await processScoreBatch(database().db, heuristic, fetched, boss);
    // As an older worker could leave it: the run recorded, the job still processing, no callback queued.
    await database().db.update(asyncJobs).set({ status: "processing", result: null, completedAt: null }).where(eq(asyncJobs.id, a.jobId));
    await database().db.execute(sql`delete from pgboss.job where name = ${DELIVER_QUEUE} and singleton_key = ${a.jobId}`);
    await processScoreBatch(database().db, heuristic, fetched, boss);
    const [job] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, a.jobId));
    expect(job.status).toBe("completed");
    expect(job.result).toMatchObject({ job_id: a.jobId });
    expect(await database().db.select().from(scoreRuns).where(eq(scoreRuns.id, a.jobId))).toHaveLength(1);
    expect(await deliveryQueueRows([a.jobId])).toEqual([a.jobId]);
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
  });

  it("fails only the job that failed, and keeps the reservation another waiting job still needs", async () => {
    const quota = await customer("release-co", 10);
    const site = await install(quota, "site-release");
    const failing: ScoringEngine = { name: "heuristic", score: async (ticket) => (ticket.summary.includes("boom") ? Promise.reject(new Error("boom")) : heuristic.score(ticket)), scoreBatch: heuristic.scoreBatch };
    const first = await acceptJob(database(), request(quota, site, "R-1", "As a user, I want boom."));
    const second = await acceptJob(database(), request(quota, site, "R-1", "As a user, I want the export so that I can share it."));
    expect(await usage("release-co")).toBe(1);

    // The first job alone fails: the story stays reserved for the second.
    const [firstQueued] = await fetchScoreJobs(boss, 1);
    expect(firstQueued.data.jobId).toBe(first.jobId);
    await processScoreBatch(database().db, failing, [firstQueued], boss);
    await boss.complete(SCORE_QUEUE, firstQueued.id);
    const [failed] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, first.jobId));
    expect(failed).toMatchObject({ status: "failed", error: "Scoring failed." });
    expect(await deliveryQueueRows([first.jobId])).toEqual([first.jobId]);
    expect(await usage("release-co")).toBe(1);

    const rest = await fetchScoreJobs(boss);
    await processScoreBatch(database().db, failing, rest, boss);
    await boss.complete(SCORE_QUEUE, rest.map((job) => job.id));
    const [completed] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, second.jobId));
    expect(completed.status).toBe("completed");
    expect(await usage("release-co")).toBe(1);
  });

  it("fails a job whose model answers break the schema after the engine's retry, saying so, and releases its reservation", async () => {
    const llm = createEngine("openai", { baseURL: fake().baseURL, model: "fake-model", maxRetries: 0, timeoutMs: 5000 });
    const owner = await customer("schema-co", 10);
    const site = await install(owner, "site-schema");
    const broken = await acceptJob(database(), request(owner, site, "S-1", "As a user, I want a broken answer so that the job fails."));
    const fine = await acceptJob(database(), request(owner, site, "S-2", "As a user, I want a fixed answer so that the job completes."));
    expect(await usage("schema-co")).toBe(2);
    // One job per batch, so each gets the answers queued for it: S-1 two broken ones; S-2 a cut-off one, then a good one.
    fake().enqueue({ kind: "partial" }, { kind: "out_of_range" });
    const queued = await fetchScoreJobs(boss);
    const first = queued.find((q) => q.data.jobId === broken.jobId)!;
    const second = queued.find((q) => q.data.jobId === fine.jobId)!;
    await processScoreBatch(database().db, llm, [first], boss);
    fake().enqueue({ kind: "truncated" }, { kind: "ok" });
    await processScoreBatch(database().db, llm, [second], boss);
    await boss.complete(SCORE_QUEUE, queued.map((job) => job.id));
    const [failed] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, broken.jobId));
    expect(failed).toMatchObject({ status: "failed", error: "The model's answer did not follow the schema, also when asked again; the story was not billed. Try again." });
    expect(await deliveryQueueRows([broken.jobId])).toEqual([broken.jobId]);
    const [completed] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, fine.jobId));
    expect(completed.status).toBe("completed");
    expect(fake().requests).toHaveLength(4);
    // The failed job's story was released; the completed one stays counted.
    expect(await usage("schema-co")).toBe(1);
  });
});


/**
 * Score every queued job, then run a dispatcher (8 callbacks in flight, 2 per installation) while `watch`
 * runs; answers the stopped dispatcher.
 */
async function dispatchWhile(boss: PgBoss, watch: () => Promise<void>): Promise<DeliveryDispatcher> {
  const fetched = await fetchScoreJobs(boss, 1000);
  await processScoreBatch(database().db, heuristic, fetched, boss);
  await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
  const dispatcher = new DeliveryDispatcher(boss, database().db, { concurrency: 8, perInstallation: 2, pollingIntervalMs: 200 });
  dispatcher.start();
  try {
    await watch();
  } finally {
    await dispatcher.stop();
  }
  return dispatcher;
}
describe("the callback dispatcher", () => {
  let slow: WebhookReceiver;
  let fast: WebhookReceiver;

  beforeAll(async () => {
    slow = await startWebhookReceiver();
    fast = await startWebhookReceiver();
  });

  afterAll(async () => {
    await slow.close();
    await fast.close();
  });

  it("keeps a slow receiver to its per-installation limit and delivers the others' callbacks meanwhile", async () => {
    const boss = await queue();
    const owner = await customer("dispatch-co", 1000);
    const slowSite = await install(owner, "site-slow", slow.url);
    const fastSite = await install(owner, "site-fast", fast.url);
    slow.defaultReply = { status: 200, delayMs: 400 };
    const jobIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      jobIds.push((await acceptJob(database(), request(owner, slowSite, `SLOW-${i}`, `As a user, I want slow thing ${i}.`))).jobId);
      jobIds.push((await acceptJob(database(), request(owner, fastSite, `FAST-${i}`, `As a user, I want fast thing ${i}.`))).jobId);
    }
    await dispatchWhile(boss, async () => {
      await fast.waitFor(12, 30_000);
      // Every fast callback arrived while the slow receiver had answered only a few of its twelve.
      expect(slow.deliveries.length).toBeLessThan(12);
      await slow.waitFor(12, 60_000);
    });
    expect(slow.maxInFlight).toBeLessThanOrEqual(2);
    const delivered = await database().db.select().from(asyncJobs).where(eq(asyncJobs.customerId, "dispatch-co"));
    expect(delivered.every((job) => job.deliveryStatus === "delivered" && job.deliveryAttempts === 1)).toBe(true);
    // One callback per job: none twice.
    const seen = [...slow.deliveries, ...fast.deliveries].map((delivery) => delivery.headers["webhook-id"]);
    expect(new Set(seen).size).toBe(24);
    expect(seen.sort()).toEqual(jobIds.map((id) => `msg_${id}`).sort());
  }, 90_000);

  it("does not keep other installations' callbacks behind a slow installation's backlog", async () => {
    const boss = await queue();
    const owner = await customer("backlog-co", 1000);
    const slowSite = await install(owner, "backlog-slow", slow.url);
    const fastSite = await install(owner, "backlog-fast", fast.url);
    slow.deliveries.length = 0;
    fast.deliveries.length = 0;
    slow.defaultReply = { status: 200, delayMs: 300 };
    // The slow installation's backlog is queued first, all of it ahead of the other's callbacks.
    for (let i = 0; i < 20; i++) await acceptJob(database(), request(owner, slowSite, `BSLOW-${i}`, `As a user, I want backlog thing ${i}.`));
    for (let i = 0; i < 6; i++) await acceptJob(database(), request(owner, fastSite, `BFAST-${i}`, `As a user, I want quick thing ${i}.`));
    const dispatcher = await dispatchWhile(boss, async () => {
      await fast.waitFor(6, 30_000);
      // The fast receiver had all six while the slow one (two at a time, 300 ms each) was still on its first few.
      expect(slow.deliveries.length).toBeLessThan(10);
      await slow.waitFor(20, 60_000);
    });
    expect(slow.maxInFlight).toBeLessThanOrEqual(2);
    // A saturated installation's jobs stay in the queue: at most what overflows a fetch when a slot frees is
    // handed back (a handful per round), not the backlog on every delivery or wake-up.
    expect(dispatcher.handedBack).toBeLessThanOrEqual(40);
    const seen = [...slow.deliveries, ...fast.deliveries].map((delivery) => delivery.headers["webhook-id"]);
    expect(new Set(seen).size).toBe(26);
  }, 90_000);
});

describe("a callback with two queue jobs (a crash left both)", () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
  });

  it("is sent once, and both queue jobs are done", async () => {
    const boss = await queue();
    const owner = await customer("twice-co", 1000);
    const site = await install(owner, "site-twice", receiver.url);
    // Slow answers keep the first queue job's delivery in flight while its twin is fetched.
    receiver.defaultReply = { status: 200, delayMs: 300 };
    const jobIds: string[] = [];
    for (let i = 0; i < 4; i++) jobIds.push((await acceptJob(database(), request(owner, site, `TWICE-${i}`, `As a user, I want twin thing ${i}.`))).jobId);
    const fetched = await fetchScoreJobs(boss, 1000);
    await processScoreBatch(database().db, heuristic, fetched, boss);
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
    // Scoring queued one delivery job per callback; a second one each, due now too, as a crash can leave.
    const source = sql`(select unnest(${`{${jobIds.join(",")}}`}::uuid[]) as job_id) `;
    await database().db.execute(sql`with queued as (${enqueueFrom(DELIVER_QUEUE, source)}) select count(*) from queued`);
    expect(await deliveryQueueRows(jobIds)).toHaveLength(8);

    const dispatcher = new DeliveryDispatcher(boss, database().db, { concurrency: 8, perInstallation: 2, pollingIntervalMs: 100 });
    dispatcher.start();
    try {
      await receiver.waitFor(4, 30_000);
      // Long enough for a twin to have been sent too, had it been.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await dispatcher.stop();
    }
    const seen = receiver.deliveries.map((delivery) => delivery.headers["webhook-id"]);
    expect(seen.sort()).toEqual(jobIds.map((id) => `msg_${id}`).sort());
    const left = resultRows<{ state: string }>(
      await database().db.execute(sql`select state from pgboss.job where name = ${DELIVER_QUEUE} and data ->> 'jobId' = any(${`{${jobIds.join(",")}}`}::text[])`),
    );
    expect(left.map((row) => row.state)).toEqual(Array(8).fill("completed"));
    const delivered = await database().db.select().from(asyncJobs).where(eq(asyncJobs.customerId, "twice-co"));
    expect(delivered.every((job) => job.deliveryStatus === "delivered" && job.deliveryAttempts === 1)).toBe(true);
  }, 60_000);
});

describe("a retry due before its attempt is recorded", () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    setEnv({ WEBHOOK_RETRY_BASE_MS: undefined });
  });

  it("is sent as the next attempt, not completed as a duplicate of the attempt still in flight", async () => {
    // A retry due at once (a 1 ms base), and a database slow to record each attempt (every update of a job waits
    // 300 ms, as a busy embedded database did after a restart in faults/crash-embedded.faults.ts): the dispatcher
    // claims the retry while the attempt that queued it still records its answer. It was completed unsent as a twin
    // of that attempt, and the callback stayed "retrying" for good.
    setEnv({ WEBHOOK_RETRY_BASE_MS: "1" });
    const boss = await queue();
    const owner = await customer("retry-soon-co", 1000);
    const site = await install(owner, "site-retry-soon", receiver.url);
    receiver.policy = (_webhookId, nth) => (nth === 1 ? { status: 500 } : { status: 200 });
    const jobIds: string[] = [];
    for (let i = 0; i < 6; i++) jobIds.push((await acceptJob(database(), request(owner, site, `SOON-${i}`, `As a user, I want soon thing ${i}.`))).jobId);
    const fetched = await fetchScoreJobs(boss, 1000);
    await processScoreBatch(database().db, heuristic, fetched, boss);
    await boss.complete(SCORE_QUEUE, fetched.map((job) => job.id));
    const db = database().db;
    const slow = new Proxy(db, {
      get(target, property, receiverOfGet) {
        if (property !== "update") return Reflect.get(target, property, receiverOfGet);
        return (table: typeof asyncJobs) => ({
          set: (values: Parameters<ReturnType<typeof db.update<typeof asyncJobs>>["set"]>[0]) => ({
            where: (condition: Parameters<ReturnType<ReturnType<typeof db.update<typeof asyncJobs>>["set"]>["where"]>[0]) => {
              const run = () => target.update(table).set(values).where(condition);
              return { then: (resolve: (value: unknown) => unknown, reject: (error: unknown) => unknown) => new Promise((wait) => setTimeout(wait, 300)).then(() => run()).then(resolve, reject) };
            },
          }),
        });
      },
    });
    const dispatcher = new DeliveryDispatcher(boss, slow, { concurrency: 8, perInstallation: 8, pollingIntervalMs: 50 });
    dispatcher.start();
    try {
      await receiver.waitForDelivered(jobIds.map((id) => `msg_${id}`), 20_000);
    } finally {
      await dispatcher.stop();
    }
    const jobs = await db.select().from(asyncJobs).where(eq(asyncJobs.customerId, "retry-soon-co"));
    expect(jobs.map((job) => [job.deliveryStatus, job.deliveryAttempts])).toEqual(Array(6).fill(["delivered", 2]));
  }, 60_000);
});

describe("the completion estimate", () => {
  it("is a short range for an idle queue, and grows with the queue ahead at the measured throughput", () => {
    expect(estimateCompletion(0, 0)).toBe("1-6");
    // 600 ahead at 100 jobs/s (3,000 in the last 30 s): about 6 s.
    expect(estimateCompletion(600, 3000)).toBe("6-18");
    // A slow engine: assumed 0.5 jobs/s until measured.
    expect(estimateCompletion(10, 0, "expensive")).toBe("22-49");
    // A queue that was idle lately (3 completed in 30 s) is not taken for a slow one.
    expect(estimateCompletion(100, 3)).toBe("2-10");
  });
});

describe.runIf(hasPostgres)("quota exactness under a burst through the async path (PostgreSQL, two servers)", () => {
  let second: DbHandle;

  beforeAll(async () => {
    // A second server process on the same database: its own connection pool and its own acceptance groups.
    second = await openDatabase({ databaseUrl: database().url!, max: 10 });
  });

  afterAll(async () => {
    await second.close();
  });

  it("admits exactly the quota of new stories, counts repeats once, whatever the interleaving", async () => {
    const owner = await customer("race-co", 25);
    const installationId = await install(owner, "site-race");
    const names = Array.from({ length: 60 }, (_, i) => `S${i % 40}`); // 40 distinct stories, 20 repeats
    const outcomes = await Promise.allSettled(
      names.map((name, i) => acceptJob(i % 2 === 0 ? database() : second, request(owner, installationId, `RACE-${name}`, `As a user, I want ${name}.`))),
    );
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    for (const outcome of refused) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(QuotaExhaustedError);
    const counted = await database().db.select().from(stories).where(eq(stories.customerId, "race-co"));
    expect(counted).toHaveLength(25);
    expect(await usage("race-co")).toBe(25);
    const jobs = await database().db.select().from(asyncJobs).where(eq(asyncJobs.customerId, "race-co"));
    // Every accepted job belongs to an admitted story; every refusal is a story that was not admitted.
    const admitted = new Set(counted.map((story) => story.storyIdentity));
    expect(jobs.every((job) => admitted.has(job.storyIdentity))).toBe(true);
    expect(jobs).toHaveLength(outcomes.length - refused.length);
    expect(jobs.reduce((sum, job) => sum + job.newlyCounted, 0)).toBe(25);
  }, 60_000);
});
