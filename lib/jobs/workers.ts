// This process's queue workers: score workers that drain the score queue in batches, and the callback
// dispatcher. The web process runs them in embedded mode; `npm run worker` runs them on their own.
import type PgBoss from "pg-boss";
import { getDb } from "@/db/client";
import { env } from "@/lib/env";
import { yieldToRequests } from "@/lib/http/activity";
import { scoringEngine } from "@/lib/scoring-engine";
import { processScoreBatch } from "./async-jobs";
import { DeliveryDispatcher } from "./delivery-dispatcher";
import { startTrackerWorkers } from "@/lib/trackers/sync";
import { fetchIssues, type FetchIssues, type FetchIssuesOptions } from "@/lib/trackers";
import { SCORE_QUEUE, startWorkers, type ScoreJobData } from "@/lib/queue";

export interface WorkerOptions {
  /** Score workers in this process; each fetches up to `scoreBatchSize` jobs at a time. */
  scoreWorkers?: number;
  scoreBatchSize?: number;
  /** Callbacks in flight in this process, and per installation. */
  deliveryConcurrency?: number;
  perInstallation?: number;
  /** How often idle workers look for due work (new work wakes them at once). At least 0.5 s (pg-boss). */
  pollingIntervalSeconds?: number;
  /** While this process answers requests, pause this many times as long as each score batch took (0: never). */
  yieldFactor?: number;
  /** How tracker syncs read the trackers (tests: their own page server), and the client's retry settings. */
  trackerFetch?: FetchIssues;
  trackerFetchOptions?: Pick<FetchIssuesOptions, "sleep" | "maxRetries" | "maxWaitMs">;
  /** How often the tracker schedules' due ticks are looked for (default 5 s). */
  trackerScheduleIntervalMs?: number;
}

/** Run the score workers and the callback dispatcher in this process. */
export async function runWorkers(options: WorkerOptions = {}): Promise<void> {
  const config = env();
  const scoreWorkers = options.scoreWorkers ?? config.WORKER_CONCURRENCY;
  const batchSize = options.scoreBatchSize ?? config.SCORE_BATCH_SIZE;
  const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 1);
  const yieldFactor = options.yieldFactor ?? config.WORKER_YIELD_FACTOR;
  await startWorkers({
    async startScore(boss: PgBoss) {
      const ids: string[] = [];
      for (let index = 0; index < scoreWorkers; index++) {
        const id: string = await boss.work<ScoreJobData>(
          SCORE_QUEUE,
          { batchSize, includeMetadata: true, pollingIntervalSeconds },
          async (jobs) => {
            const started = performance.now();
            await processScoreBatch(await getDb(), scoringEngine(), jobs, boss);
            // In the web process, requests come first: while it answers some, a batch is followed by a pause.
            await yieldToRequests(performance.now() - started, yieldFactor);
            // A full batch means more are waiting: fetch again at once instead of after the polling interval.
            if (jobs.length >= batchSize) boss.notifyWorker(id);
          },
        );
        ids.push(id);
      }
      return {
        wake: () => ids.forEach((id) => boss.notifyWorker(id)),
        stop: () => boss.offWork(SCORE_QUEUE),
      };
    },
    async startDelivery(boss: PgBoss) {
      const dispatcher = new DeliveryDispatcher(boss, await getDb(), {
        concurrency: options.deliveryConcurrency ?? config.DELIVERY_CONCURRENCY,
        perInstallation: options.perInstallation ?? config.WEBHOOK_CONCURRENCY_PER_INSTALLATION,
        pollingIntervalMs: pollingIntervalSeconds * 1000,
        yieldFactor,
        retentionDays: config.WEBHOOK_DELIVERY_RETENTION_DAYS,
      });
      dispatcher.start();
      return { wake: () => dispatcher.wake(), stop: () => dispatcher.stop() };
    },
    startOther: (boss: PgBoss) =>
      startTrackerWorkers(boss, {
        fetchIssues: options.trackerFetch ?? fetchIssues,
        fetchOptions: options.trackerFetchOptions,
        pollingIntervalSeconds,
        scheduleIntervalMs: options.trackerScheduleIntervalMs,
        yieldFactor,
      }),
  });
}
