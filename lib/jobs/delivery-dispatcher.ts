// Callback deliveries, many at a time: one loop per process fetches delivery jobs from the queue while it has
// room (`concurrency` jobs in flight or waiting), sends each on its own, and records the delivered ones and
// completes their queue jobs in groups (two statements for all that finished meanwhile). Each installation has
// at most `perInstallation` deliveries in flight; more of its jobs wait in memory for a slot, up to what leaves
// room for two other installations at full speed, and beyond that they are handed back to the queue for a
// second later. So one slow receiver (up to the 10 s timeout per attempt) holds a bounded share of the process
// and never the others' callbacks, and one busy fast receiver still gets the whole process.
//
// A queue job stays active while its delivery runs or waits here; if the process dies, pg-boss offers it again
// when it expires, and the receiver sees the same `webhook-id`.
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { logger } from "@/lib/log";
import { deliverJob, loadDeliveryTargets, needsDelivery, recordDelivered, type Delivered, type DeliveryTarget } from "./async-jobs";
import { DELIVER_QUEUE, enqueueDelivery, type DeliveryJobData } from "./queue";

export interface DispatcherOptions {
  /** Deliveries in flight in this process, all installations together. */
  concurrency: number;
  /** Deliveries in flight to one installation. */
  perInstallation: number;
  /** How often an idle dispatcher looks for due work (retries come due without any wake-up). */
  pollingIntervalMs: number;
}

type QueueJob = PgBoss.JobWithMetadata<DeliveryJobData>;

interface Waiting {
  queueJob: QueueJob;
  target: DeliveryTarget;
}

export class DeliveryDispatcher {
  private running = 0;
  private held = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly toComplete: string[] = [];
  private readonly toRecord: { delivered: Delivered; done(error?: unknown): void }[] = [];
  private completing: Promise<void> | null = null;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
    private readonly options: DispatcherOptions,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** New work was queued (or a slot freed): look again now instead of at the next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    // Let the deliveries in flight finish and their queue jobs complete (waiting ones expire and are offered again).
    while (this.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.completing;
    if (this.toComplete.length > 0) await this.flushCompletions();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const room = this.options.concurrency - this.running - this.held;
      let fetched = 0;
      if (room > 0) {
        try {
          fetched = await this.fetchAndDispatch(room);
        } catch (error) {
          logger().error({ err: error }, "callback dispatcher: fetching deliveries failed");
        }
      }
      // Full: wait for a slot. Empty: wait for a wake-up or the poll. Otherwise fetch again at once.
      if (room <= 0 || fetched === 0) await this.sleep(room <= 0 ? 1_000 : this.options.pollingIntervalMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private async fetchAndDispatch(room: number): Promise<number> {
    const jobs = (await this.boss.fetch<DeliveryJobData>(DELIVER_QUEUE, { batchSize: room, includeMetadata: true })) as QueueJob[];
    if (jobs.length === 0) return 0;
    const targets = await loadDeliveryTargets(this.db, [...new Set(jobs.map((job) => job.data.jobId))]);
    const handBack: QueueJob[] = [];
    for (const queueJob of jobs) {
      const target = targets.get(queueJob.data.jobId);
      if (!target || !needsDelivery(target.job)) {
        this.complete(queueJob.id);
        continue;
      }
      const installationId = target.installation.id;
      if ((this.inFlight.get(installationId) ?? 0) < this.options.perInstallation) {
        this.send(queueJob, target);
        continue;
      }
      const queue = this.waiting.get(installationId) ?? [];
      if (queue.length < this.holdLimit()) {
        queue.push({ queueJob, target });
        this.waiting.set(installationId, queue);
        this.held++;
      } else handBack.push(queueJob);
    }
    for (const queueJob of handBack) {
      // Its installation is saturated: the same delivery, a second later (no attempt is counted).
      await enqueueDelivery(queueJob.data.jobId, new Date(Date.now() + 1_000));
      this.complete(queueJob.id);
    }
    return jobs.length;
  }

  /** Jobs of one installation that may wait here for a slot: the room left after two others at full speed. */
  private holdLimit(): number {
    return Math.max(this.options.perInstallation, this.options.concurrency - 3 * this.options.perInstallation);
  }

  private send(queueJob: QueueJob, target: DeliveryTarget): void {
    const installationId = target.installation.id;
    this.running++;
    this.inFlight.set(installationId, (this.inFlight.get(installationId) ?? 0) + 1);
    void deliverJob(this.db, target, (delivered) => this.recordLater(delivered))
      .then(
        () => this.complete(queueJob.id),
        (error: unknown) => {
          // Recording the attempt failed (the database): pg-boss retries the queue job with its backoff.
          logger().error({ err: error, job_id: target.job.id }, "callback delivery could not be recorded");
          return this.boss.fail(DELIVER_QUEUE, queueJob.id).catch(() => undefined);
        },
      )
      .finally(() => {
        this.running--;
        const left = (this.inFlight.get(installationId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(installationId, left);
        else this.inFlight.delete(installationId);
        const next = this.waiting.get(installationId)?.shift();
        if (next) {
          this.held--;
          if (this.waiting.get(installationId)?.length === 0) this.waiting.delete(installationId);
          this.send(next.queueJob, next.target);
        }
        // Room for more: fetch now rather than at the next poll.
        this.wake();
      });
  }

  /** A delivered callback, recorded with the others that finish meanwhile; resolves once written. */
  private recordLater(delivered: Delivered): Promise<void> {
    return new Promise((resolve, reject) => {
      this.toRecord.push({ delivered, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.completing) this.completing = this.flushCompletions();
    });
  }

  /** Queue jobs are completed in groups: one statement for the deliveries that finished meanwhile. */
  private complete(queueJobId: string): void {
    this.toComplete.push(queueJobId);
    if (!this.completing) this.completing = this.flushCompletions();
  }

  /**
   * Writes what finished meanwhile: first the delivered callbacks on their jobs, then the queue jobs completed.
   * A crash in between leaves queue jobs active; offered again, they find their job delivered and only complete.
   * A failed write of the deliveries fails their queue jobs: pg-boss retries them, and the receiver gets the
   * callback again under the same webhook-id.
   */
  private async flushCompletions(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.toRecord.length > 0 || this.toComplete.length > 0) {
      const records = this.toRecord.splice(0, 500);
      if (records.length > 0) {
        let failure: unknown;
        try {
          await recordDelivered(this.db, records.map((record) => record.delivered));
        } catch (error) {
          failure = error ?? new Error("recording deliveries failed");
        }
        // Recorded: their queue jobs complete in this round or the next. Not recorded: their queue jobs fail.
        for (const record of records) record.done(failure);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const ids = this.toComplete.splice(0, 500);
      if (ids.length === 0) continue;
      try {
        await this.boss.complete(DELIVER_QUEUE, ids);
      } catch (error) {
        // Left active, they expire and are offered again; their jobs are already recorded.
        logger().error({ err: error }, "callback dispatcher: completing queue jobs failed");
      }
    }
    this.completing = null;
  }
}
