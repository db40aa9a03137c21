// The durable job queue: pg-boss on the service's own database (PGlite in embedded mode, PostgreSQL when
// scaled out). Jobs live in the database, so a restart loses neither an accepted job nor a pending delivery.
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import { getDbHandle, onShutdown, type DbHandle } from "@/db/client";
import { logger } from "@/lib/log";

export const SCORE_QUEUE = "score-story";
export const DELIVER_QUEUE = "deliver-callback";

export interface ScoreJobData {
  jobId: string;
}
export type DeliveryJobData = ScoreJobData;

interface QueueState {
  boss?: Promise<PgBoss>;
  handle?: DbHandle;
  workers?: boolean;
}
const holder = globalThis as unknown as { __sscQueue?: QueueState };
const state = (): QueueState => (holder.__sscQueue ??= {});

/** pg-boss over PGlite: parameterless SQL (its migrations, several statements) goes through `exec`. */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows as unknown[] };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
    },
  } as PgBoss.Db;
}

async function createBoss(handle: DbHandle): Promise<PgBoss> {
  const options: PgBoss.ConstructorOptions = {
    schema: "pgboss",
    // Crash recovery: a job whose worker died is retried once its expiry passes.
    expireInSeconds: 15 * 60,
    retentionDays: 7,
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 120,
  };
  const boss =
    handle.driver === "pglite"
      ? new PgBoss({ ...options, db: pgliteExecutor(handle.raw as PGlite) })
      : new PgBoss({ ...options, connectionString: handle.url, max: 5, application_name: "story-scoring-queue" });
  boss.on("error", (error) => logger().error({ err: error }, "job queue error"));
  await boss.start();
  // Score jobs: provider outages are retried with exponential backoff; deliveries schedule their own retries.
  await boss.createQueue(SCORE_QUEUE, { name: SCORE_QUEUE, retryLimit: 6, retryDelay: 5, retryBackoff: true, expireInSeconds: 10 * 60 });
  await boss.createQueue(DELIVER_QUEUE, { name: DELIVER_QUEUE, retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 });
  return boss;
}

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

export async function enqueueScore(jobId: string): Promise<void> {
  await (await queue()).send(SCORE_QUEUE, { jobId } satisfies ScoreJobData, { singletonKey: jobId });
}

export async function enqueueDelivery(jobId: string, startAfter?: Date): Promise<void> {
  await (await queue()).send(DELIVER_QUEUE, { jobId } satisfies DeliveryJobData, startAfter ? { startAfter } : {});
}

export interface WorkerHandlers {
  score(job: PgBoss.JobWithMetadata<ScoreJobData>): Promise<void>;
  deliver(job: PgBoss.JobWithMetadata<DeliveryJobData>): Promise<void>;
}

/** Start polling both queues in this process (the web process in embedded mode, or `npm run worker`). */
export async function startWorkers(handlers: WorkerHandlers, { scoreWorkers = 2, deliveryWorkers = 4, pollingIntervalSeconds = 0.5 } = {}): Promise<void> {
  const current = state();
  if (current.workers) return;
  current.workers = true;
  const boss = await queue();
  const options = { includeMetadata: true as const, batchSize: 1, pollingIntervalSeconds };
  for (let index = 0; index < scoreWorkers; index++) {
    await boss.work<ScoreJobData>(SCORE_QUEUE, options, async ([job]) => handlers.score(job));
  }
  for (let index = 0; index < deliveryWorkers; index++) {
    await boss.work<DeliveryJobData>(DELIVER_QUEUE, options, async ([job]) => handlers.deliver(job));
  }
}

/** Stop workers (waiting for running jobs) and the queue client. */
export async function stopQueue(): Promise<void> {
  const current = state();
  const pending = current.boss;
  current.boss = undefined;
  current.workers = false;
  if (!pending) return;
  const boss = await pending.catch(() => undefined);
  await boss?.stop({ graceful: true, close: true, timeout: 15_000, wait: true });
}
