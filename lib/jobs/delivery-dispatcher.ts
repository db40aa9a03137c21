// Callback deliveries, many at a time: one loop per process takes delivery jobs from the queue while it has
// room (`concurrency` jobs in flight or waiting), sends each on its own, and records the delivered ones (and
// completes their queue jobs) in one statement for all that finished meanwhile. Each installation has at most
// `perInstallation` deliveries in flight; more of its jobs wait in memory for a slot, up to what leaves room
// for two other installations at full speed. An installation with every slot busy and that many waiting is
// left out of the next fetches, so its backlog stays in the queue without standing in front of the others'
// callbacks; what overflows one fetch is handed back, in its place. So one slow receiver (up to the 10 s
// timeout per attempt) holds a bounded share of the process and never the others' callbacks, and one busy
// fast receiver still gets the whole process.
//
// In the web process, requests come first: while it answers some, each fetch and each write is followed by a
// pause (WORKER_YIELD_FACTOR times as long). The receivers still get their callbacks; only the writing waits.
//
// A queue job stays active while its delivery runs or waits here; if the process dies, it is handed back (at
// the next start in embedded mode, by another worker's lease sweep on PostgreSQL: lib/queue/index.ts) as never
// fetched, and the receiver sees the same `webhook-id` and the same attempt number.
import type PgBoss from "pg-boss";
import type { Db } from "@/db/client";
import { yieldToRequests } from "@/lib/http/activity";
import { logger } from "@/lib/log";
import { purgeDeliveries } from "@/lib/webhooks/delivery-log";
import { claimDeliveries, deliverJob, loadDeliveryTargets, needsDelivery, recordDelivered, type ClaimedDelivery, type Delivered, type DeliveryTarget } from "./async-jobs";
import { DELIVER_QUEUE, handBack } from "@/lib/queue";

export interface DispatcherOptions {
  /** Deliveries in flight in this process, all installations together. */
  concurrency: number;
  /** Deliveries in flight to one installation. */
  perInstallation: number;
  /** How often an idle dispatcher looks for due work (retries come due without any wake-up). */
  pollingIntervalMs: number;
  /** While this process answers requests, pause this many times as long as each fetch or write took. */
  yieldFactor?: number;
  /** Delete deliveries older than this many days (hourly); unset: keep them. */
  retentionDays?: number;
}

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

type QueueJob = ClaimedDelivery;

interface Waiting {
  queueJob: QueueJob;
  target: DeliveryTarget;
}

export class DeliveryDispatcher {
  private running = 0;
  private held = 0;
  /** Queue jobs fetched and handed back because their installation was saturated (a figure for tests). */
  handedBack = 0;
  private readonly inFlight = new Map<string, number>();
  /**
   * The async jobs whose callback this process is sending, holding for a slot, or has delivered and not yet
   * recorded. A second queue job for one of them (a crash can leave two: see `handBackOrphans`) is completed
   * unsent, so one process never sends a callback twice at once.
   */
  private readonly callbacks = new Set<string>();
  /**
   * The retries that attempts still in flight here have queued (queue job ids). A retry is due in a second or two
   * and its attempt may still be recording its answer: claimed meanwhile, it is the next attempt, not a duplicate,
   * so it goes back to the queue for a moment instead of being completed unsent (which lost the retry).
   */
  private readonly retriesQueued = new Set<string>();
  private readonly waiting = new Map<string, Waiting[]>();
  private readonly toComplete: string[] = [];
  private readonly toRecord: { delivered: Delivered; queueJobId: string }[] = [];
  private completing: Promise<void> | null = null;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  private woken = false;
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
    // A wake-up while the loop is fetching (not sleeping) is kept: the fetch may have run before the new work
    // was queued, so the loop looks once more instead of sleeping until the next poll.
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    // Jobs waiting for a slot go back to the queue at once, for another process; the deliveries in flight
    // finish and their queue jobs complete.
    const waitingEntries = [...this.waiting.values()].flat();
    const waiting = waitingEntries.map((entry) => entry.queueJob.id);
    for (const entry of waitingEntries) this.callbacks.delete(entry.target.job.id);
    this.waiting.clear();
    this.held = 0;
    await handBack(this.db, DELIVER_QUEUE, waiting, 0).catch((error: unknown) => {
      // Left active, they expire and are offered again.
      logger().error({ err: error }, "callback dispatcher: handing back waiting jobs failed");
    });
    while (this.running > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.completing;
    if (this.toComplete.length > 0 || this.toRecord.length > 0) await this.flushCompletions();
  }

  private async run(): Promise<void> {
    let purgedAt = 0;
    while (!this.stopped) {
      if (this.options.retentionDays && Date.now() - purgedAt > PURGE_INTERVAL_MS) {
        purgedAt = Date.now();
        await this.purge(this.options.retentionDays);
      }
      this.woken = false;
      const room = this.options.concurrency - this.running - this.held;
      let taken = 0;
      if (room > 0) {
        const started = performance.now();
        try {
          taken = await this.fetchAndDispatch(room);
        } catch (error) {
          logger().error({ err: error }, "callback dispatcher: fetching deliveries failed");
        }
        await yieldToRequests(performance.now() - started, this.options.yieldFactor ?? 0);
      }
      // Full: wait for a slot. Nothing taken (an empty queue, or only jobs of saturated installations, handed
      // back): wait for a wake-up or the poll. Otherwise fetch again at once.
      if (room <= 0 || taken === 0) await this.sleep(room <= 0 ? 1_000 : this.options.pollingIntervalMs);
    }
  }

  /** Deliveries past their retention are deleted (every process does it hourly; the delete is idempotent). */
  private async purge(retentionDays: number): Promise<void> {
    try {
      const deleted = await purgeDeliveries(this.db, retentionDays);
      if (deleted > 0) logger().info({ deleted, retention_days: retentionDays }, "old webhook deliveries deleted");
    } catch (error) {
      logger().error({ err: error }, "callback dispatcher: deleting old deliveries failed");
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        // Once awake, a wake-up is no longer this sleep's: it is kept for the next one (see `wake`).
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  /** Fetches up to `room` jobs; answers how many it kept (sent, held or completed), not those handed back. */
  private async fetchAndDispatch(room: number): Promise<number> {
    const jobs = await claimDeliveries(this.db, room, this.saturated());
    if (jobs.length === 0) return 0;
    const targets = await loadDeliveryTargets(this.db, [...new Set(jobs.map((job) => job.data.jobId))]);
    const handBackIds: string[] = [];
    const tooSoon: string[] = [];
    for (const queueJob of jobs) {
      const target = targets.get(queueJob.data.jobId);
      if (target && this.retriesQueued.has(queueJob.id) && this.callbacks.has(target.job.id)) {
        tooSoon.push(queueJob.id);
        continue;
      }
      if (!target || !needsDelivery(target.job) || this.callbacks.has(target.job.id)) {
        this.complete(queueJob.id);
        continue;
      }
      const installationId = target.installation.id;
      if ((this.inFlight.get(installationId) ?? 0) < this.options.perInstallation) {
        this.callbacks.add(target.job.id);
        this.send(queueJob, target);
        continue;
      }
      const queue = this.waiting.get(installationId) ?? [];
      if (queue.length < this.holdLimit()) {
        this.callbacks.add(target.job.id);
        queue.push({ queueJob, target });
        this.waiting.set(installationId, queue);
        this.held++;
      } else handBackIds.push(queueJob.id);
    }
    // What overflowed this fetch: the same queue jobs, due again at once in their place (no attempt is counted),
    // for another process, or for this one once their installation has room (until then fetches leave it out).
    await handBack(this.db, DELIVER_QUEUE, handBackIds, 0);
    await handBack(this.db, DELIVER_QUEUE, tooSoon, 1);
    this.handedBack += handBackIds.length;
    return jobs.length - handBackIds.length - tooSoon.length;
  }

  /** Installations that can take no more jobs now: every slot in flight and as many waiting as may wait. */
  private saturated(): string[] {
    const full: string[] = [];
    for (const [installationId, running] of this.inFlight) {
      if (running >= this.options.perInstallation && (this.waiting.get(installationId)?.length ?? 0) >= this.holdLimit()) full.push(installationId);
    }
    return full;
  }

  /** Jobs of one installation that may wait here for a slot: the room left after two others at full speed. */
  private holdLimit(): number {
    return Math.max(this.options.perInstallation, this.options.concurrency - 3 * this.options.perInstallation);
  }

  private send(queueJob: QueueJob, target: DeliveryTarget): void {
    const installationId = target.installation.id;
    this.running++;
    this.inFlight.set(installationId, (this.inFlight.get(installationId) ?? 0) + 1);
    let delivered = false;
    // A 2xx is recorded with the others that finish meanwhile, after the slot is free: the slot limits requests
    // to the receiver, not writes. Its queue job completes once the record is written.
    const onDelivered = async (record: Delivered) => {
      delivered = true;
      this.recordLater(record, queueJob.id);
    };
    let retry: string | null = null;
    const onRetryQueued = (queueJobId: string) => {
      retry = queueJobId;
      this.retriesQueued.add(queueJobId);
    };
    void deliverJob(this.db, target, onDelivered, onRetryQueued)
      .then(
        () => {
          if (!delivered) this.complete(queueJob.id);
        },
        (error: unknown) => {
          // Recording the attempt failed (the database): pg-boss retries the queue job with its backoff.
          logger().error({ err: error, job_id: target.job.id }, "callback delivery could not be recorded");
          return this.boss.fail(DELIVER_QUEUE, queueJob.id).catch(() => undefined);
        },
      )
      .finally(() => {
        // A delivered callback stays in `callbacks` until it is recorded (`record`), so a duplicate queue job
        // fetched meanwhile does not find it undelivered.
        if (!delivered) this.callbacks.delete(target.job.id);
        if (retry) this.retriesQueued.delete(retry);
        this.running--;
        const left = (this.inFlight.get(installationId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(installationId, left);
        else this.inFlight.delete(installationId);
        const next = this.waiting.get(installationId)?.shift();
        if (next) {
          // The slot goes to the installation's next waiting job; the fetch loop finds the room at its next poll,
          // so a saturated installation does not make it fetch (and hand back) on every delivery.
          this.held--;
          if (this.waiting.get(installationId)?.length === 0) this.waiting.delete(installationId);
          this.send(next.queueJob, next.target);
        } else this.wake(); // a slot any installation can use: fetch now rather than at the next poll
      });
  }

  /** A delivered callback, recorded with the others that finish meanwhile; its queue job completes after. */
  private recordLater(delivered: Delivered, queueJobId: string): void {
    this.toRecord.push({ delivered, queueJobId });
    if (!this.completing) this.completing = this.flushCompletions();
  }

  /** Queue jobs are completed in groups: one statement for the deliveries that finished meanwhile. */
  private complete(queueJobId: string): void {
    this.toComplete.push(queueJobId);
    if (!this.completing) this.completing = this.flushCompletions();
  }

  /**
   * Records delivered callbacks and completes their queue jobs, in one statement. One job delivered twice in
   * the same group (two queue jobs for it, after a crash) is recorded once: the statement cannot update a row
   * twice, and a failing group would fail every callback in it again and again. A group that still fails is
   * recorded one by one, so one bad record fails only its own queue job.
   */
  private async record(records: { delivered: Delivered; queueJobId: string }[]): Promise<void> {
    try {
      await this.recordGroup(records);
    } finally {
      for (const record of records) this.callbacks.delete(record.delivered.jobId);
    }
  }

  private async recordGroup(records: { delivered: Delivered; queueJobId: string }[]): Promise<void> {
    const seen = new Set<string>();
    const unique = records.filter((record) => !seen.has(record.delivered.jobId) && seen.add(record.delivered.jobId));
    const allIds = records.map((record) => record.queueJobId);
    try {
      await recordDelivered(this.db, unique.map((record) => record.delivered), allIds);
      return;
    } catch (error) {
      if (unique.length === 1) {
        // Not recorded: its queue jobs fail, and pg-boss offers them again (the same webhook-id).
        logger().error({ err: error }, "callback dispatcher: recording a delivery failed");
        await this.boss.fail(DELIVER_QUEUE, allIds).catch(() => undefined);
        return;
      }
      logger().warn({ err: error, deliveries: unique.length }, "callback dispatcher: recording deliveries together failed; recording them one by one");
    }
    for (const record of unique) {
      const ids = records.filter((other) => other.delivered.jobId === record.delivered.jobId).map((other) => other.queueJobId);
      try {
        await recordDelivered(this.db, [record.delivered], ids);
      } catch (error) {
        logger().error({ err: error, job_id: record.delivered.jobId }, "callback dispatcher: recording a delivery failed");
        await this.boss.fail(DELIVER_QUEUE, ids).catch(() => undefined);
      }
    }
  }

  /**
   * Writes what finished meanwhile: the delivered callbacks with their queue jobs completed (one statement),
   * then the other queue jobs completed (nothing to send, or a failed attempt already recorded with its retry).
   * A failed write of the deliveries fails their queue jobs: pg-boss retries them, and the receiver gets the
   * callback again under the same webhook-id.
   */
  private async flushCompletions(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.toRecord.length > 0 || this.toComplete.length > 0) {
      const started = performance.now();
      const records = this.toRecord.splice(0, 500);
      if (records.length > 0) await this.record(records);
      const ids = this.toComplete.splice(0, 500);
      if (ids.length > 0) {
        try {
          await this.boss.complete(DELIVER_QUEUE, ids);
        } catch (error) {
          // Left active, they expire and are offered again; their jobs are already recorded.
          logger().error({ err: error }, "callback dispatcher: completing queue jobs failed");
        }
      }
      // The receivers have their callbacks; writing it down can wait while requests are being answered.
      await yieldToRequests(performance.now() - started, this.options.yieldFactor ?? 0);
    }
    this.completing = null;
  }
}
