// Faults on PostgreSQL, on a private server this file starts and restarts (faults/private-postgres.ts):
// - a `npm run worker` process killed with SIGKILL while another keeps running: the jobs it had claimed are
//   handed back by the other's sweeper within seconds (the lease, not the queue's 10-minute expiry), and
//   delivered, with no retry spent;
// - PostgreSQL restarted under 16 connections of `POST /api/v1/score`: while it is away every answer is a 200
//   or a 503 with Retry-After in the gateway error shape (never a 500, never a hung request), the server
//   recovers without a restart, and every acknowledged score is in the database.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { api, evaluate, provision, startServer, startWorker, until, webhookIdOf, type ServerProcess } from "../testing/processes";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "./private-postgres";

const PG_PORT = 3321;
const LEASE_SECONDS = 3;

describe.skipIf(privatePostgresUnavailable !== null)(`PostgreSQL faults (private server)${privatePostgresUnavailable ? `: skipped, ${privatePostgresUnavailable}` : ""}`, () => {
  let pg: PrivatePostgres;
  const processes: ServerProcess[] = [];
  let receiver: WebhookReceiver | undefined;

  beforeAll(() => {
    pg = startPrivatePostgres(PG_PORT);
  });

  afterAll(async () => {
    for (const child of processes) await child.kill9();
    await receiver?.close();
    pg?.destroy();
  });

  it("hands a killed worker's claims to the worker still running within seconds", async () => {
    // A name of its own: nothing of another run (a process left running) can mistake it for its database.
    const databaseUrl = await pg.createDatabase(`ssc_workers_${process.pid}_${Date.now()}`);
    // A slow receiver (1.5 s for each callback's first attempt) keeps deliveries in flight in both workers.
    receiver = await startWebhookReceiver({ policy: (_, nth) => (nth === 1 ? { status: 200, delayMs: 1_500 } : { status: 200 }) });
    try {
      // The web process only accepts; two worker processes score and deliver. Delivery jobs expire after
      // 5 minutes: only the lease can bring a dead worker's claims back within the test's time.
      const web = await startServer({ port: 3322, databaseUrl, env: { EMBEDDED_WORKER: "false" } });
      processes.push(web);
      const tenant = await provision(web.base, "workers-co", receiver.url);
      receiver.secret = tenant.webhookSecret;
      const workerEnv = { WORKER_CONCURRENCY: "1", QUEUE_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: "warn" };
      const [doomed, survivor] = await Promise.all([startWorker(databaseUrl, workerEnv), startWorker(databaseUrl, workerEnv)]);
      processes.push(doomed, survivor);

      const jobIds = await Promise.all(
        Array.from({ length: 60 }, (_, index) => evaluate(web.base, tenant, `W-${index}`, `As a planner, I want route number ${index} so that I can plan my trip.`)),
      );

      const db = await openDatabase({ databaseUrl, max: 2 });
      try {
        const heldBy = async (pid: number) =>
          db.query<{ id: string; name: string }>(sql`select j.id, j.name from pgboss.job j join queue_claims c on c.job_id = j.id and c.claimed_at = j.started_on
            where j.state = 'active' and c.worker_id like ${`ssc-${pid}-%`}`);
        // Killed while it holds callbacks in flight.
        await until(async () => (await heldBy(doomed.child.pid!)).length >= 3, 60_000, "the doomed worker to claim deliveries");
        await doomed.kill9();
        const killedAt = Date.now();
        const orphans = await heldBy(doomed.child.pid!);
        expect(orphans.length).toBeGreaterThan(0);

        const takenOverMs = await until(async () => (await heldBy(doomed.child.pid!)).length === 0, 30_000, "the orphaned claims to be handed back");
        console.log(`worker killed holding ${orphans.length} queue jobs (${[...new Set(orphans.map((o) => o.name))].join(", ")}): handed back ${takenOverMs} ms after the kill (lease ${LEASE_SECONDS} s)`);
        // Within the lease and two sweeps of the survivor, far from the queues' expiry (minutes).
        expect(takenOverMs).toBeLessThan(LEASE_SECONDS * 1000 + 5_000);

        await receiver.waitForDelivered(jobIds.map(webhookIdOf), 60_000);
        console.log(`every callback delivered ${Date.now() - killedAt} ms after the kill`);
        // No retry spent on the crash: no queue job fetched as a retry, one attempt recorded per callback.
        const retried = await db.query<{ n: number }>(sql`select count(*)::int as n from pgboss.job where retry_count > 0`);
        expect(Number(retried[0].n)).toBe(0);
        await until(async () => {
          const [row] = await db.query<{ n: number }>(sql`select count(*)::int as n from async_jobs where delivery_status = 'delivered'`);
          return Number(row.n) === 60;
        }, 10_000, "every delivery recorded");
        const attempts = await db.query<{ attempts: number; n: number }>(sql`select delivery_attempts as attempts, count(*)::int as n from async_jobs group by 1`);
        expect(attempts.map((row) => ({ attempts: Number(row.attempts), n: Number(row.n) }))).toEqual([{ attempts: 1, n: 60 }]);
        const [usage] = await db.query<{ used: number }>(sql`select used from quota_usage where customer_id = 'workers-co'`);
        expect(Number(usage.used)).toBe(60);
        expect(survivor.child.exitCode).toBeNull();
      } finally {
        await db.close();
      }
    } finally {
      for (const child of processes.splice(0)) await child.kill9();
      await receiver.close();
      receiver = undefined;
    }
  }, 120_000);

  it("answers 503 with Retry-After while PostgreSQL restarts under load, never a 500 or a hang, and recovers", async () => {
    const databaseUrl = await pg.createDatabase(`ssc_restart_${process.pid}_${Date.now()}`);
    receiver ??= await startWebhookReceiver();
    const web = await startServer({ port: 3323, databaseUrl });
    processes.push(web);
    const tenant = await provision(web.base, "restart-co", receiver.url);

    type Answer = { status: number; ms: number; retryAfter: string | null; error?: string; shape: boolean; jobId?: string; at: number; failure?: string };
    const answers: Answer[] = [];
    let stopping = false;
    let sequence = 0;
    const client = async () => {
      while (!stopping) {
        const n = sequence++;
        const at = Date.now();
        try {
          const answer = await api(web.base, "/api/v1/score", {
            json: { ticket_id: `RS-${n}`, ticket_data: { summary: `As a reader, I want chapter ${n} bookmarked so that I can resume reading.` } },
            headers: { authorization: `Bearer ${tenant.apiKey}` },
            timeoutMs: 12_000,
          });
          const body = answer.body;
          answers.push({
            status: answer.status,
            ms: answer.ms,
            at,
            retryAfter: answer.headers.get("retry-after"),
            error: typeof body.error === "string" ? body.error : undefined,
            shape: typeof body.error === "string" && typeof body.message === "string" && Array.isArray(body.details),
            jobId: answer.status === 200 ? String(body.job_id) : undefined,
          });
          // A 503 asks the client to wait; the test waits a little, not the whole Retry-After.
          if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
        } catch (error) {
          answers.push({ status: 0, ms: Date.now() - at, at, retryAfter: null, shape: false, failure: (error as Error).name });
        }
      }
    };
    const clients = Array.from({ length: 16 }, () => client());
    await until(() => answers.filter((a) => a.status === 200).length >= 100, 60_000, "load to build up");
    const stoppedAt = Date.now();
    pg.stop();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    pg.start();
    const startedAt = Date.now();
    const recoveredMs = await until(() => answers.some((a) => a.status === 200 && a.at > startedAt), 30_000, "a 200 after the restart");
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    stopping = true;
    await Promise.all(clients);

    const count = (predicate: (a: Answer) => boolean) => answers.filter(predicate).length;
    const summary = {
      answers: answers.length,
      ok: count((a) => a.status === 200),
      unavailable: count((a) => a.status === 503),
      other: count((a) => a.status !== 200 && a.status !== 503),
      slowest_ms: Math.max(...answers.map((a) => a.ms)),
      away_ms: startedAt - stoppedAt,
      first_200_after_restart_ms: recoveredMs,
    };
    console.log(`PostgreSQL restart under load: ${JSON.stringify(summary)}`);
    const others = answers.filter((a) => a.status !== 200 && a.status !== 503);
    expect(others.slice(0, 5)).toEqual([]);
    expect(summary.unavailable).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer).toMatchObject({ error: "service_unavailable", shape: true });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // Bounded waits: no request waits long for a database that is away.
    expect(summary.slowest_ms).toBeLessThan(10_000);
    expect(recoveredMs).toBeLessThan(10_000);

    // Every acknowledged score is stored.
    const db = await openDatabase({ databaseUrl, max: 1 });
    try {
      const stored = new Set((await db.query<{ id: string }>(sql`select id::text as id from score_runs where customer_id = 'restart-co'`)).map((row) => row.id));
      const acknowledged = answers.filter((a) => a.status === 200).map((a) => a.jobId!);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
