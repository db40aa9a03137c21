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
import { getDbHandle, onShutdown, type Db, type DbHandle } from "@/db/client";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export const PGBOSS_SCHEMA = "pgboss";
export const SCORE_QUEUE = "score-story";
export const DELIVER_QUEUE = "deliver-callback";
/** Tracker syncs (lib/trackers/sync.ts), one job per connection (its id is the singleton key). */
export const TRACKER_SYNC_QUEUE = "tracker-sync";
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
    // Crash recovery: a job whose worker died is retried once its expiry passes.
    expireInSeconds: 15 * 60,
    retentionDays: 7,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: env().QUEUE_MAINTENANCE_SECONDS,
  };
  const boss =
    handle.driver === "pglite"
      ? new PgBoss({ ...options, db: pgliteExecutor(handle.raw as PGlite) })
      : new PgBoss({ ...options, connectionString: handle.url, max: 5, application_name: "story-scoring-queue" });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  // Score jobs: provider outages are retried with exponential backoff; deliveries schedule their own retries.
  // A job whose worker died is offered again once it expires (pg-boss's maintenance, every 2 minutes, or the
  // next fetch), so the expiries are short: a score batch takes well under a second with the offline engine.
  const queues: PgBoss.Queue[] = [
    { name: SCORE_QUEUE, retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: scoreExpirySeconds() },
    { name: DELIVER_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
    // "stately": at most one sync of a connection waiting and one running. A sync reads a whole backlog, so
    // its expiry is long; the sync records its own failures, so a retry follows only a crashed worker.
    { name: TRACKER_SYNC_QUEUE, policy: "stately", retryLimit: 2, retryDelay: 30, expireInSeconds: 60 * 60 },
  ];
  for (const settings of queues) {
    // Created once; updated on every start, so a changed setting applies to the jobs queued from then on.
    await boss.createQueue(settings.name, settings);
    await boss.updateQueue(settings.name, settings);
  }
  return boss;
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
      const boss = await createBoss(handle);
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

export async function enqueueDelivery(jobId: string, startAfter?: Date): Promise<void> {
  await (await queue()).send(DELIVER_QUEUE, { jobId } satisfies DeliveryJobData, { singletonKey: jobId, ...(startAfter ? { startAfter } : {}) });
  if (!startAfter) wakeWorkers(DELIVER_QUEUE);
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
  const score = await hooks.startScore(boss);
  const delivery = await hooks.startDelivery(boss);
  const other = await hooks.startOther?.(boss);
  current.wakeScore = score.wake;
  current.wakeDelivery = delivery.wake;
  let unlisten: (() => Promise<void>) | undefined;
  const handle = current.handle;
  if (handle?.driver === "postgres") {
    const listener = await (handle.raw as Sql).listen(WAKE_CHANNEL, (payload) => wakeWorkers(payload));
    unlisten = () => listener.unlisten();
  }
  current.stopWorkers = async () => {
    await unlisten?.().catch(() => undefined);
    await Promise.all([score.stop(), delivery.stop(), other?.stop()]);
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
