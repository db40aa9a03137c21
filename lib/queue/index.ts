// The durable job queue: pg-boss on the service's own database (PGlite in embedded mode, PostgreSQL when
// scaled out). Jobs live in the database, so a restart loses neither an accepted job nor a pending delivery.
//
// Jobs are created inside the statements that create their work (see `enqueueFrom`): accepting an issue
// reserves its story, stores the job and queues it in one statement, and recording a score queues its
// callback in the statement that records it, so no crash can leave a job without its queue entry.
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { sql, type SQL } from "drizzle-orm";
import { getDbHandle, onShutdown, PROCESS_TAG, type Db, type DbHandle } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export const PGBOSS_SCHEMA = "pgboss";
export const SCORE_QUEUE = "score-story";
export const DELIVER_QUEUE = "deliver-callback";
/** Tracker syncs (lib/trackers/sync.ts), one job per connection (its id is the singleton key). */
export const TRACKER_SYNC_QUEUE = "tracker-sync";
/** Write-back of a Jira webhook's issue once its score is recorded (lib/trackers/write-back/webhook.ts); data: the async job's id. */
export const TRACKER_WRITE_BACK_QUEUE = "tracker-write-back";
/**
 * Every queue this service runs. Claim recovery (an embedded start handing back what the last process held,
 * the PostgreSQL leases handing back a dead worker's claims) covers exactly these: a new queue is covered by
 * adding its name here.
 */
export const QUEUE_NAMES: readonly string[] = [SCORE_QUEUE, DELIVER_QUEUE, TRACKER_SYNC_QUEUE, TRACKER_WRITE_BACK_QUEUE];
/** PostgreSQL channel on which statements that queue work wake the workers of every process (NOTIFY). */
export const WAKE_CHANNEL = "ssc_queue_wake";

export interface ScoreJobData {
  jobId: string;
}
export type DeliveryJobData = ScoreJobData;

interface QueueState {
  boss?: Promise<PgBoss>;
  handle?: DbHandle;
  workers?: boolean;
  /** Called when this process queued work (or another one did, on PostgreSQL): wake the idle workers. */
  wakeScore?: () => void;
  wakeDelivery?: () => void;
  stopWorkers?: () => Promise<void>;
}
const holder = globalThis as unknown as { __sscQueue?: QueueState };
const state = (): QueueState => (holder.__sscQueue ??= {});

/**
 * When a job is due. pg-boss's fetch takes jobs with `start_after < now()`, and jobs queued for now get
 * `start_after = now()`. PostgreSQL's clock counts microseconds, so the next statement's now() is later; PGlite's
 * counts milliseconds, so a fetch in the same millisecond as the insert did not see the job: a worker woken for
 * it went back to sleep until its next poll, and a test that fetched right after queueing found one short.
 * Due means "not in the future": `start_after <= now()`, in our claims and (on PGlite) in pg-boss's fetch.
 */
export const PGBOSS_STRICT_DUE = "AND start_after < now()";
export const PGBOSS_DUE = "AND start_after <= now()";

/** pg-boss's SQL as PGlite runs it: its fetch takes the jobs queued in the current millisecond too. */
export function pgliteQueueSql(text: string): string {
  return text.includes(PGBOSS_STRICT_DUE) ? text.replace(PGBOSS_STRICT_DUE, PGBOSS_DUE) : text;
}

/** pg-boss over PGlite: parameterless SQL (its migrations, several statements) goes through `exec`. */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(sqlText: string, values?: unknown[]) {
      const text = pgliteQueueSql(sqlText);
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows as unknown[] };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
    },
  } as PgBoss.Db;
}

async function createBoss(handle: DbHandle): Promise<PgBoss> {
  const options: PgBoss.ConstructorOptions = {
    schema: PGBOSS_SCHEMA,
    // The last resort for a job whose worker died without its claim being handed back (see `handBackOrphans`
    // and the leases below): it is retried once its expiry passes.
    expireInSeconds: 15 * 60,
    retentionDays: 7,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: env().QUEUE_MAINTENANCE_SECONDS,
  };
  const boss =
    handle.driver === "pglite"
      ? new PgBoss({ ...options, db: pgliteExecutor(handle.raw as PGlite) })
      : new PgBoss({
          ...options,
          connectionString: handle.url,
          max: 5,
          // The process's tag, as on its other connections: the claims this pool makes name their holder.
          application_name: PROCESS_TAG,
          // Bounded waits (node-postgres waits for ever by default): while PostgreSQL is away, a queue call
          // fails within seconds, and a request that needed it answers 503 (lib/http/errors.ts).
          connectionTimeoutMillis: 5_000,
          query_timeout: 30_000,
        } as PgBoss.ConstructorOptions);
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  if (handle.driver === "postgres") await installClaimTrigger(handle.raw as Sql);
  // Score jobs: provider outages are retried with exponential backoff; deliveries schedule their own retries.
  // A job whose worker died is handed back at the next start (embedded) or by a lease sweep (PostgreSQL);
  // failing that, it is offered again once it expires (pg-boss's maintenance, every 2 minutes, or the next
  // fetch).
  const queues: PgBoss.Queue[] = [
    { name: SCORE_QUEUE, retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: scoreExpirySeconds() },
    { name: DELIVER_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
    // "stately": at most one sync of a connection waiting and one running. A sync reads a whole backlog, so
    // its expiry is long; the sync records its own failures, so a retry follows only a crashed worker.
    { name: TRACKER_SYNC_QUEUE, policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 60 * 60 },
    // A write that failed is reported and left for the next sync; a retry follows only a crashed worker.
    { name: TRACKER_WRITE_BACK_QUEUE, retryLimit: 2, retryDelay: 30, expireInSeconds: 15 * 60 },
  ];
  for (const settings of queues) {
    // Created once; updated on every start, so a changed setting applies to the jobs queued from then on.
    await boss.createQueue(settings.name, settings);
    await boss.updateQueue(settings.name, settings);
  }
  return boss;
}

/** Serialises queue start-ups across processes (see `oneStartAtATime`). */
const START_LOCK_KEY = 804_114_2017;

/**
 * PostgreSQL: processes starting at the same moment (a web process and workers, deployed together) would
 * run pg-boss's start, the queues' creation and the claim trigger's installation concurrently; the DDL among
 * them took locks in different orders and deadlocked ("deadlock detected", a worker that did not start). One
 * start at a time, under a session advisory lock held on a connection of its own.
 */
async function oneStartAtATime<T>(client: Sql, start: () => Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  try {
    await reserved`select pg_advisory_lock(${START_LOCK_KEY})`;
    try {
      return await start();
    } finally {
      await reserved`select pg_advisory_unlock(${START_LOCK_KEY})`.catch(() => undefined);
    }
  } finally {
    reserved.release();
  }
}

/** How long a fetched score job may run before pg-boss offers it to another worker. */
const scoreExpirySeconds = () => env().QUEUE_SCORE_EXPIRY_SECONDS;

/** The process's queue client on the process database, started once. */
export function queue(): Promise<PgBoss> {
  const current = state();
  if (!current.boss) {
    current.boss = (async () => {
      const handle = await getDbHandle();
      current.handle = handle;
      const boss = handle.driver === "postgres" ? await oneStartAtATime(handle.raw as Sql, () => createBoss(handle)) : await createBoss(handle);
      onShutdown(() => stopQueue());
      return boss;
    })();
    current.boss.catch(() => {
      current.boss = undefined;
    });
  }
  return current.boss;
}

/**
 * A data-modifying SQL fragment that queues one job of `queueName` for every row of `source` (a CTE with a
 * `job_id` column, and optionally `start_after` timestamptz), with the queue's retry and expiry settings, as
 * pg-boss's own `insert` does (db/queue.test.ts compares the rows both write). Ends in `returning id`.
 * The statement also NOTIFYs `WAKE_CHANNEL`, which PostgreSQL delivers at commit to the workers of every process.
 */
export function enqueueFrom(queueName: string, source: SQL, { startAfter = false } = {}): SQL {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const queueTable = sql.raw(`${PGBOSS_SCHEMA}.queue`);
  return sql`insert into ${job} (id, name, data, priority, start_after, singleton_key, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    select gen_random_uuid(), q.name, jsonb_build_object('jobId', s.job_id), 0,
      ${startAfter ? sql`coalesce(s.start_after, now())` : sql`now()`}, s.job_id::text, q.dead_letter,
      coalesce(q.expire_seconds * interval '1s', interval '15 minutes'),
      ${startAfter ? sql`coalesce(s.start_after, now())` : sql`now()`} + coalesce(q.retention_minutes * interval '1 minute', interval '7 days'),
      coalesce(q.retry_limit, 2),
      case when coalesce(q.retry_backoff, false) then greatest(coalesce(q.retry_delay, 0), 1) else coalesce(q.retry_delay, 0) end,
      coalesce(q.retry_backoff, false), q.policy
    from ${source} s cross join ${queueTable} q
    where q.name = ${queueName} and pg_notify(${WAKE_CHANNEL}, ${queueName}) is not null
    returning id`;
}

const CLAIM_TRIGGER = "ssc_queue_claim";
/** Serialises the processes that install the trigger, and the sweepers (one sweep at a time). */
const TRIGGER_LOCK_KEY = 804_114_2015;
const SWEEP_LOCK_KEY = 804_114_2016;

/**
 * PostgreSQL: the trigger that records each claim's holder (db/migrations/0015_queue_leases.sql). pg-boss
 * creates its tables when it starts, after the migrations, so the first process to start installs it; the
 * trigger on the partitioned job table covers the partitions of queues created later too.
 */
async function installClaimTrigger(client: Sql): Promise<void> {
  const present = await client`select 1 from pg_trigger where tgname = ${CLAIM_TRIGGER} and tgrelid = ${`${PGBOSS_SCHEMA}.job`}::regclass`;
  if (present.length > 0) return;
  await client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${TRIGGER_LOCK_KEY})`;
    const again = await tx`select 1 from pg_trigger where tgname = ${CLAIM_TRIGGER} and tgrelid = ${`${PGBOSS_SCHEMA}.job`}::regclass`;
    if (again.length > 0) return;
    await tx.unsafe(`create trigger ${CLAIM_TRIGGER} after update of state on ${PGBOSS_SCHEMA}.job for each row
      when (new.state = 'active' and old.state is distinct from 'active') execute function public.ssc_record_queue_claim()`);
  });
}

/**
 * A delivery queue job whose callback already has its next attempt queued: a crash after the attempt scheduled
 * its retry (`deliverJob` queues the retry first) and before the dispatcher completed the job. Handing it back
 * as well would send the callback twice under one webhook-id, so such a job is completed instead. `j` is the
 * pg-boss job row being handed back.
 */
const retryAlreadyQueued = (job: SQL) => sql`j.name = ${DELIVER_QUEUE} and exists (
      select 1 from ${job} n where n.name = j.name and n.id <> j.id and n.state < 'active' and n.data ->> 'jobId' = j.data ->> 'jobId')`;

/**
 * Embedded database: no other process can hold a claim, so whatever is \`active\` when this process starts
 * was claimed by one that died. Before the workers run, those jobs go back to the queue as never fetched:
 * due now, in their place, no retry counted (a fetch counts one only for a job that was started before);
 * a delivery whose retry is already queued is completed instead (`retryAlreadyQueued`). Answers how many went
 * back.
 */
export async function handBackOrphans(db: Db, queueNames: readonly string[] = QUEUE_NAMES): Promise<number> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const names = `{${queueNames.join(",")}}`;
  const rows = await db.execute(sql`
    with redundant as (
      update ${job} j set state = 'completed', completed_on = now()
      where j.name = any(${names}::text[]) and j.state = 'active' and ${retryAlreadyQueued(job)}
      returning j.id
    ),
    back as (
      update ${job} j set state = 'created', started_on = null, start_after = now()
      where j.name = any(${names}::text[]) and j.state = 'active' and j.id not in (select id from redundant)
      returning j.id
    )
    select (select count(*) from back)::int as n`);
  const [row] = (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])) as { n: number }[];
  return Number(row?.n ?? 0);
}

/**
 * PostgreSQL, several processes: leases. A process running workers registers in \`queue_workers\` and
 * refreshes its heartbeat every few seconds; every claim of a queue job names its holder (the trigger above,
 * from the connection's application_name). Every such process also sweeps, every few seconds: a claim older
 * than the lease whose holder's heartbeat is older than the lease (or gone) is handed back as never fetched.
 *
 * Races: sweeps take a transaction-level advisory lock (try, not wait), so one runs at a time; and a job is
 * handed back only while it is still active under the claim the sweep saw (\`started_on = claimed_at\`), so a
 * job that another worker claimed again meanwhile is left alone. A process only sweeps once its own heartbeat
 * has been written for a whole lease in a row: after a database outage, which stops every heartbeat, the
 * others get a lease's time to reconnect before their claims could look abandoned.
 */
export async function sweepAbandonedClaims(db: Db, leaseSeconds: number, queueNames: readonly string[] = QUEUE_NAMES): Promise<Record<string, number>> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const names = `{${queueNames.join(",")}}`;
  const rows = await db.execute(sql`
    with lock as (select pg_try_advisory_xact_lock(${SWEEP_LOCK_KEY}) as got),
    dead as (
      select c.job_id, c.queue, c.claimed_at from queue_claims c cross join lock
      where lock.got and c.queue = any(${names}::text[]) and c.claimed_at < now() - ${leaseSeconds} * interval '1 second'
        and not exists (select 1 from queue_workers w where w.id = c.worker_id and w.heartbeat_at > now() - ${leaseSeconds} * interval '1 second')
    ),
    redundant as (
      update ${job} j set state = 'completed', completed_on = now()
      from dead d where j.name = d.queue and j.id = d.job_id and j.state = 'active' and j.started_on = d.claimed_at and ${retryAlreadyQueued(job)}
      returning j.id
    ),
    back as (
      update ${job} j set state = 'created', started_on = null, start_after = now()
      from dead d where j.name = d.queue and j.id = d.job_id and j.state = 'active' and j.started_on = d.claimed_at
        and j.id not in (select id from redundant)
      returning j.name
    ),
    forgotten as (delete from queue_claims c using dead d where c.job_id = d.job_id and c.claimed_at = d.claimed_at)
    select name, count(*)::int as n from back group by name`);
  const result: Record<string, number> = {};
  for (const row of (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])) as { name: string; n: number }[]) result[row.name] = Number(row.n);
  return result;
}

/** Claims of jobs no longer active under them (finished, failed, handed back), and workers gone for a day. */
async function forgetFinishedClaims(db: Db): Promise<void> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  await db.execute(sql`delete from queue_claims c where not exists (
    select 1 from ${job} j where j.name = c.queue and j.id = c.job_id and j.state = 'active' and j.started_on = c.claimed_at)`);
  await db.execute(sql`delete from queue_workers where heartbeat_at < now() - interval '1 day'`);
}

interface Lease {
  stop(): Promise<void>;
}

/** Register this process as a worker, keep its heartbeat, and sweep the claims of dead ones (see above). */
async function startLease(db: Db, leaseSeconds: number, onHandedBack: (queueName: string) => void): Promise<Lease> {
  const beat = () => db.execute(sql`insert into queue_workers (id, started_at, heartbeat_at) values (${PROCESS_TAG}, now(), now())
    on conflict (id) do update set heartbeat_at = now()`);
  await beat();
  let beatingSince = Date.now();
  let sweeps = 0;
  const intervalMs = Math.max(500, (leaseSeconds * 1000) / 4);
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await beat();
    } catch (error) {
      beatingSince = Number.POSITIVE_INFINITY;
      logger().warn({ err: error }, "queue lease: heartbeat failed");
      return;
    }
    if (beatingSince === Number.POSITIVE_INFINITY) beatingSince = Date.now();
    if (Date.now() - beatingSince < leaseSeconds * 1000) return;
    try {
      const handedBack = await sweepAbandonedClaims(db, leaseSeconds);
      for (const [name, count] of Object.entries(handedBack)) {
        logger().warn({ queue: name, jobs: count }, "queue lease: jobs claimed by a worker that is gone were handed back");
        onHandedBack(name);
      }
      if (++sweeps % 20 === 0) await forgetFinishedClaims(db);
    } catch (error) {
      logger().warn({ err: error }, "queue lease: sweeping abandoned claims failed");
    }
  };
  const timer = setInterval(() => {
    if (!stopped) running = running.then(tick);
  }, intervalMs);
  timer.unref?.();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      // Gone for good: whatever it still holds (nothing, after a clean stop) is taken over at the next sweep.
      await db.execute(sql`delete from queue_workers where id = ${PROCESS_TAG}`).catch(() => undefined);
    },
  };
}

/**
 * Hand fetched queue jobs back, due again after `delaySeconds`, as if never fetched: no retry is counted and
 * they keep their place in the queue's order. One statement for the lot.
 */
export async function handBack(db: Db, queueName: string, ids: string[], delaySeconds: number): Promise<void> {
  if (ids.length === 0) return;
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  await db.execute(sql`update ${job} set state = 'created', started_on = null, start_after = now() + ${delaySeconds} * interval '1 second'
    where name = ${queueName} and id = any(${`{${ids.join(",")}}`}::uuid[]) and state = 'active'`);
}

/** Queues a delivery of a job's callback (at `startAfter`, or now); answers the queue job's id. */
export async function enqueueDelivery(jobId: string, startAfter?: Date): Promise<string | null> {
  const id = await (await queue()).send(DELIVER_QUEUE, { jobId } satisfies DeliveryJobData, { singletonKey: jobId, ...(startAfter ? { startAfter } : {}) });
  if (!startAfter) wakeWorkers(DELIVER_QUEUE);
  return id;
}

/** Wake this process's idle workers of a queue (work was just queued); a no-op where none run. */
export function wakeWorkers(queueName: string): void {
  const current = state();
  if (queueName === SCORE_QUEUE) current.wakeScore?.();
  else if (queueName === DELIVER_QUEUE) current.wakeDelivery?.();
}

export interface WorkerHooks {
  /** Start polling; answers a function that wakes the loop early, and one that stops it. */
  startScore(boss: PgBoss): Promise<{ wake(): void; stop(): Promise<void> }>;
  startDelivery(boss: PgBoss): Promise<{ wake(): void; stop(): Promise<void> }>;
  /** Other workers of this process (tracker syncs), stopped with the rest. */
  startOther?(boss: PgBoss): Promise<{ stop(): Promise<void> }>;
}

/**
 * Start this process's workers (the web process in embedded mode, or `npm run worker`). On PostgreSQL they
 * also LISTEN on `WAKE_CHANNEL`, so work queued by another process is picked up at once instead of at the
 * next poll.
 */
export async function startWorkers(hooks: WorkerHooks): Promise<void> {
  const current = state();
  if (current.workers) return;
  current.workers = true;
  const boss = await queue();
  const handle = current.handle;
  let lease: Lease | undefined;
  if (handle?.driver === "pglite") {
    const orphans = await handBackOrphans(handle.db);
    if (orphans > 0) logger().warn({ jobs: orphans }, "queue jobs claimed before the last shutdown were handed back");
  } else if (handle?.driver === "postgres") {
    lease = await startLease(handle.db, env().QUEUE_LEASE_SECONDS, (name) => wakeWorkers(name));
  }
  const score = await hooks.startScore(boss);
  const delivery = await hooks.startDelivery(boss);
  const other = await hooks.startOther?.(boss);
  current.wakeScore = score.wake;
  current.wakeDelivery = delivery.wake;
  let unlisten: (() => Promise<void>) | undefined;
  if (handle?.driver === "postgres") {
    const listener = await (handle.raw as Sql).listen(WAKE_CHANNEL, (payload) => wakeWorkers(payload));
    unlisten = () => listener.unlisten();
  }
  current.stopWorkers = async () => {
    await unlisten?.().catch(() => undefined);
    await Promise.all([score.stop(), delivery.stop(), other?.stop()]);
    await lease?.stop();
  };
}

/** Stop workers (waiting for running jobs) and the queue client. */
export async function stopQueue(): Promise<void> {
  const current = state();
  const pending = current.boss;
  const stopWorkers = current.stopWorkers;
  current.boss = undefined;
  current.workers = false;
  current.wakeScore = undefined;
  current.wakeDelivery = undefined;
  current.stopWorkers = undefined;
  await stopWorkers?.();
  if (!pending) return;
  const boss = await pending.catch(() => undefined);
  await boss?.stop({ graceful: true, close: true, timeout: 15_000, wait: true });
}
