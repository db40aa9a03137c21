// Claim recovery on a real database: the embedded start's hand-back (PGlite, and PostgreSQL) and, on
// PostgreSQL, the leases: the trigger that records each claim's holder from the claiming connection's
// application_name, and the sweep that hands back the claims of holders whose heartbeat is gone, never those
// of a live holder or of a job claimed again, and once only when sweeps race. End-to-end (processes killed
// with SIGKILL): faults/*.faults.ts.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, PROCESS_TAG, type DbHandle } from "@/db/client";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { DELIVER_QUEUE, enqueueFrom, handBackOrphans, queue, SCORE_QUEUE, stopQueue, sweepAbandonedClaims } from "@/lib/queue";

const database = setupTestDatabase();

afterAll(async () => {
  await stopQueue();
});

/** Queue `count` jobs on a queue (their async job ids are made up: nothing here processes them). */
async function queueJobs(queueName: string, count: number): Promise<string[]> {
  const source = sql`(select gen_random_uuid() as job_id from generate_series(1, ${count})) `;
  const rows = await database().query<{ id: string }>(sql`with queued as (${enqueueFrom(queueName, source)}) select id from queued`);
  return rows.map((row) => String(row.id));
}

/** Claim jobs as pg-boss's fetch does (state active, started_on now, a retry counted only after a first start). */
async function claim(handle: DbHandle, ids: string[]): Promise<void> {
  await handle.query(sql`update pgboss.job set state = 'active', started_on = now(),
    retry_count = case when started_on is not null then retry_count + 1 else retry_count end
    where id = any(${`{${ids.join(",")}}`}::uuid[])`);
}

async function jobs(ids: string[]) {
  return database().query<{ id: string; state: string; retry_count: number; started_on: string | null }>(
    sql`select id, state, retry_count, started_on from pgboss.job where id = any(${`{${ids.join(",")}}`}::uuid[]) order by id`,
  );
}

describe("claim recovery", () => {
  beforeAll(async () => {
    await queue();
  });

  it("hands back every active job of the service's queues at an embedded start, as never fetched", async () => {
    const score = await queueJobs(SCORE_QUEUE, 3);
    const deliver = await queueJobs(DELIVER_QUEUE, 2);
    await claim(database(), [...score, ...deliver]);
    // One of them had been started before (a retry): its count stays what it was.
    await database().query(sql`update pgboss.job set retry_count = 1 where id = ${score[0]}::uuid`);
    expect(await handBackOrphans(database().db)).toBeGreaterThanOrEqual(5);
    const after = await jobs([...score, ...deliver]);
    expect(after.every((job) => job.state === "created" && job.started_on === null)).toBe(true);
    expect(after.find((job) => job.id === score[0])?.retry_count).toBe(1);
    expect(after.filter((job) => job.id !== score[0]).every((job) => job.retry_count === 0)).toBe(true);
    // Fetched again, they count no retry (pg-boss counts one only for a job with a started_on).
    await claim(database(), score);
    expect((await jobs(score)).map((job) => job.retry_count).sort()).toEqual([0, 0, 1]);
    await handBackOrphans(database().db);
  });

  it("completes, instead of handing back, a delivery whose next attempt is already queued", async () => {
    // A crash after an attempt queued its retry and before the dispatcher completed the attempt's queue job.
    const callback = randomUUID();
    const other = randomUUID();
    const source = sql`(select unnest(${`{${callback},${callback},${other}}`}::uuid[]) as job_id) `;
    const ids = (await database().query<{ id: string }>(sql`with queued as (${enqueueFrom(DELIVER_QUEUE, source)}) select id from queued`)).map((row) => String(row.id));
    const [attempt, retry, alone] = ids as [string, string, string];
    await claim(database(), [attempt, alone]);
    await database().query(sql`update pgboss.job set start_after = now() + interval '1 minute' where id = ${retry}::uuid`);
    expect(await handBackOrphans(database().db)).toBe(1);
    const after = new Map((await jobs(ids)).map((job) => [job.id, job.state]));
    expect(after.get(attempt)).toBe("completed");
    expect(after.get(retry)).toBe("created");
    expect(after.get(alone)).toBe("created");
  });

  describe.runIf(hasPostgres)("leases (PostgreSQL)", () => {
    const others: DbHandle[] = [];
    /** A connection named like another process's: its claims are that process's. */
    async function processConnection(tag: string): Promise<DbHandle> {
      const handle = await openDatabase({ databaseUrl: database().url!, max: 1 });
      // openDatabase names its connections after this process; this one (its only one) stands for another.
      await handle.query(sql`select set_config('application_name', ${tag}, false)`);
      others.push(handle);
      return handle;
    }

    afterAll(async () => {
      for (const handle of others) await handle.close();
    });

    it("records the holder of each claim, and hands back only a dead holder's claims older than the lease", async () => {
      const dead = `ssc-dead-${randomUUID().slice(0, 8)}`;
      const live = `ssc-live-${randomUUID().slice(0, 8)}`;
      await database().query(sql`insert into queue_workers (id, heartbeat_at) values (${live}, now()), (${dead}, now() - interval '1 hour')`);
      const deadJobs = await queueJobs(SCORE_QUEUE, 4);
      const liveJobs = await queueJobs(DELIVER_QUEUE, 3);
      await claim(await processConnection(dead), deadJobs);
      await claim(await processConnection(live), liveJobs);
      const claims = await database().query<{ job_id: string; worker_id: string }>(sql`select job_id, worker_id from queue_claims where job_id = any(${`{${[...deadJobs, ...liveJobs].join(",")}}`}::uuid[])`);
      expect(claims.filter((c) => c.worker_id === dead)).toHaveLength(4);
      expect(claims.filter((c) => c.worker_id === live)).toHaveLength(3);

      // Younger than the lease: nothing yet, even for the dead holder.
      expect(await sweepAbandonedClaims(database().db, 60)).toEqual({});
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await database().query(sql`update queue_workers set heartbeat_at = now() where id = ${live}`);
      expect(await sweepAbandonedClaims(database().db, 1)).toEqual({ [SCORE_QUEUE]: 4 });
      const deadAfter = await jobs(deadJobs);
      expect(deadAfter.every((job) => job.state === "created" && job.started_on === null && job.retry_count === 0)).toBe(true);
      expect((await jobs(liveJobs)).every((job) => job.state === "active")).toBe(true);
      expect(await database().query(sql`select 1 from queue_claims where worker_id = ${dead}`)).toEqual([]);
      await database().query(sql`update pgboss.job set state = 'completed' where id = any(${`{${liveJobs.join(",")}}`}::uuid[])`);
    });

    it("completes a dead holder's delivery whose next attempt is already queued, instead of handing it back", async () => {
      const dead = `ssc-dead-${randomUUID().slice(0, 8)}`;
      const callback = randomUUID();
      const source = sql`(select unnest(${`{${callback},${callback}}`}::uuid[]) as job_id) `;
      const ids = (await database().query<{ id: string }>(sql`with queued as (${enqueueFrom(DELIVER_QUEUE, source)}) select id from queued`)).map((row) => String(row.id));
      const [attempt, retry] = ids as [string, string];
      await claim(await processConnection(dead), [attempt]);
      await database().query(sql`update pgboss.job set start_after = now() + interval '1 minute' where id = ${retry}::uuid`);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await sweepAbandonedClaims(database().db, 1)).toEqual({});
      const after = new Map((await jobs(ids)).map((job) => [job.id, job.state]));
      expect(after.get(attempt)).toBe("completed");
      expect(after.get(retry)).toBe("created");
      expect(await database().query(sql`select 1 from queue_claims where worker_id = ${dead}`)).toEqual([]);
    });

    it("leaves a job claimed again since the sweep's holder died, and hands back once when sweeps race", async () => {
      const dead = `ssc-dead-${randomUUID().slice(0, 8)}`;
      const ids = await queueJobs(SCORE_QUEUE, 20);
      await claim(await processConnection(dead), ids);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      // Four sweepers at once, on four connections: the jobs come back once (the others skip or find nothing).
      const sweepers = await Promise.all([0, 1, 2, 3].map((n) => processConnection(`ssc-sweeper-${n}-${randomUUID().slice(0, 4)}`)));
      const results = await Promise.all(sweepers.map((handle) => sweepAbandonedClaims(handle.db, 1)));
      expect(results.reduce((sum, result) => sum + (result[SCORE_QUEUE] ?? 0), 0)).toBe(20);

      // Claimed again by this (live) process, then its old holder's stale claim row is made to look current:
      // the sweep compares the claim with the job's started_on, so the new claim is not handed back.
      await database().query(sql`insert into queue_workers (id, heartbeat_at) values (${PROCESS_TAG}, now()) on conflict (id) do update set heartbeat_at = now()`);
      await claim(database(), ids.slice(0, 5));
      await database().query(sql`insert into queue_claims (job_id, queue, worker_id, claimed_at)
        select id, name, ${dead}, started_on - interval '1 minute' from pgboss.job where id = any(${`{${ids.slice(0, 5).join(",")}}`}::uuid[])
        on conflict (job_id) do update set worker_id = excluded.worker_id, claimed_at = excluded.claimed_at`);
      expect(await sweepAbandonedClaims(database().db, 1)).toEqual({});
      expect((await jobs(ids.slice(0, 5))).every((job) => job.state === "active")).toBe(true);
    });
  });
});
