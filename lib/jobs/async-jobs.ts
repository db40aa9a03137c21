// Asynchronous scoring: accept (reserve quota, store, enqueue), score in a worker, deliver the signed callback.
import { randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { asyncJobs, installations, scoreRuns, type AsyncJob, type Installation } from "@/db/schema";
import { buildScoreResponse } from "@/lib/api/score-story";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { openSecret } from "@/lib/integrations/secret-box";
import { logger } from "@/lib/log";
import { EngineUnavailable, type ScoringEngine, type TicketData } from "@/lib/scoring";
import { admitStory, recordRun, releaseStory } from "@/lib/stories/billing";
import type { StoryIdentity } from "@/lib/stories/identity";
import { deliverCallback } from "@/lib/webhooks/deliver";
import { enqueueDelivery, enqueueScore, type DeliveryJobData, type ScoreJobData } from "./queue";

export interface AcceptInput {
  customer: CustomerContext;
  installation: Installation;
  identity: StoryIdentity;
  ticket: TicketData;
  issueKey: string | null;
}

/**
 * Accept an asynchronous request: reserve the story against the quota (QuotaExhaustedError when a new story
 * is over it), store the job and enqueue it. If enqueueing fails, the reservation is released.
 */
export async function acceptJob(db: Db, input: AcceptInput): Promise<string> {
  const jobId = randomUUID();
  const admitted = await admitStory(db, { customer: input.customer, identity: input.identity, ticket: input.ticket, at: now() });
  await db.insert(asyncJobs).values({
    id: jobId,
    customerId: input.customer.customerId,
    installationId: input.installation.id,
    storyId: admitted.storyId,
    storyIdentity: input.identity.storyIdentity,
    identityResolution: input.identity.identityResolution,
    newlyCounted: admitted.newlyCounted ? 1 : 0,
    issueKey: input.issueKey,
    ticket: input.ticket as unknown as Record<string, unknown>,
  });
  try {
    await enqueueScore(jobId);
  } catch (error) {
    await db.delete(asyncJobs).where(eq(asyncJobs.id, jobId));
    if (admitted.newlyCounted) await releaseStory(db, admitted.storyId);
    throw error;
  }
  return jobId;
}

async function loadJob(db: Db, jobId: string): Promise<{ job: AsyncJob; installation: Installation } | undefined> {
  const [row] = await db.select().from(asyncJobs).innerJoin(installations, eq(installations.id, asyncJobs.installationId)).where(eq(asyncJobs.id, jobId));
  return row ? { job: row.async_jobs, installation: row.installations } : undefined;
}

/**
 * Score an accepted job. A provider outage is thrown back to the queue (retried with backoff) until the
 * retries are spent; then, like any other failure, the job fails, its reservation is released and a
 * `score.failed` callback is sent.
 */
export async function processScoreJob(db: Db, engine: ScoringEngine, queued: PgBoss.JobWithMetadata<ScoreJobData>): Promise<void> {
  const loaded = await loadJob(db, queued.data.jobId);
  if (!loaded || loaded.job.status === "completed" || loaded.job.status === "failed") return;
  const { job } = loaded;
  const log = logger().child({ job_id: job.id });
  await db.update(asyncJobs).set({ status: "processing", attempts: sql`${asyncJobs.attempts} + 1` }).where(eq(asyncJobs.id, job.id));
  const ticket = job.ticket as unknown as TicketData;
  const [existingRun] = await db.select({ result: scoreRuns.result }).from(scoreRuns).where(eq(scoreRuns.id, job.id));
  let response: Record<string, unknown>;
  if (existingRun) {
    // A worker died after recording the run but before finishing: the run stands.
    response = existingRun.result;
  } else {
    const started = performance.now();
    let result;
    try {
      result = await engine.score(ticket, []);
    } catch (error) {
      const retriesLeft = queued.retryCount < queued.retryLimit;
      if (error instanceof EngineUnavailable && retriesLeft) {
        log.warn({ err: error, retry: queued.retryCount + 1 }, "scoring engine unavailable; the job will be retried");
        await db.update(asyncJobs).set({ status: "accepted", error: `retrying: ${error.message}` }).where(eq(asyncJobs.id, job.id));
        throw error;
      }
      log.error({ err: error }, "async scoring failed");
      await failJob(db, job, error instanceof EngineUnavailable ? "The scoring engine stayed unavailable." : "Scoring failed.");
      return;
    }
    const processingTimeMs = Math.round((performance.now() - started) * 100) / 100;
    const at = now();
    const scored = buildScoreResponse(result, { jobId: job.id, ticketId: job.issueKey ?? job.id, at, processingTimeMs });
    await recordRun(db, job.customerId, job.storyIdentity, {
      runId: job.id,
      ticketId: job.issueKey ?? job.id,
      ticket,
      source: "async",
      engine: engine.name,
      result: scored,
      processingTimeMs,
      at,
    });
    response = scored as unknown as Record<string, unknown>;
  }
  await db.update(asyncJobs).set({ status: "completed", result: response, error: null, completedAt: now() }).where(eq(asyncJobs.id, job.id));
  await enqueueDelivery(job.id);
}

async function failJob(db: Db, job: AsyncJob, message: string): Promise<void> {
  await db.update(asyncJobs).set({ status: "failed", error: message, completedAt: now() }).where(eq(asyncJobs.id, job.id));
  // A failed job bills nothing: a story it reserved and never scored is released.
  if (job.newlyCounted && job.storyId) await releaseStory(db, job.storyId);
  await enqueueDelivery(job.id);
}

/**
 * A stored score response as it is sent today: a job completed before `split` existed gets an empty one, so
 * polling it still matches the documented shape and its callback carries every field.
 */
export function storedScore(result: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!result || Array.isArray(result.split)) return result;
  return { ...result, split: [] };
}

/** The callback body (DESIGN.md "Async jobs and the callback"); identical on every attempt. */
export function callbackPayload(job: AsyncJob, installation: Installation): Record<string, unknown> {
  const base = {
    job_id: job.id,
    cloudId: installation.cloudId,
    source: installation.source,
    issue_key: job.issueKey,
    story_identity: job.storyIdentity,
    identity_resolution: job.identityResolution,
    timestamp: (job.completedAt ?? job.createdAt).toISOString(),
  };
  return job.status === "completed"
    ? { type: "score.completed", ...base, score: storedScore(job.result) }
    : { type: "score.failed", ...base, error: job.error ?? "Scoring failed." };
}

/** Exponential backoff with jitter: base * 2^(attempt-1), scaled by a random 50-100 %, at most 6 hours. */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 6 * 60 * 60 * 1000);
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/**
 * One delivery attempt. 2xx: delivered. 410: the installation is disabled and delivery stops. Anything else
 * (5xx, 3xx, other 4xx, timeouts, refused connections) is retried with backoff; a 429's Retry-After is
 * honoured. After WEBHOOK_MAX_ATTEMPTS attempts the delivery is failed.
 */
export async function processDelivery(db: Db, queued: PgBoss.JobWithMetadata<DeliveryJobData>): Promise<void> {
  const loaded = await loadJob(db, queued.data.jobId);
  if (!loaded) return;
  const { job, installation } = loaded;
  if (job.deliveryStatus === "delivered" || job.deliveryStatus === "failed") return;
  if (job.status !== "completed" && job.status !== "failed") return;
  const log = logger().child({ job_id: job.id, installation_id: installation.id });
  if (installation.enabled !== 1) {
    await db.update(asyncJobs).set({ deliveryStatus: "failed", lastDeliveryError: "the installation is disabled", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    return;
  }
  const config = env();
  const attempt = job.deliveryAttempts + 1;
  const outcome = await deliverCallback({
    url: installation.callbackUrl,
    webhookSecret: await openSecret(db, installation.webhookSecretEncrypted),
    webhookId: `msg_${job.id}`,
    payload: JSON.stringify(callbackPayload(job, installation)),
    allowPrivate: config.ALLOW_PRIVATE_CALLBACKS,
  });
  const status = outcome.status;
  const base = { deliveryAttempts: attempt, lastStatusCode: status, lastDeliveryError: outcome.error };
  if (status !== null && status >= 200 && status < 300) {
    await db.update(asyncJobs).set({ ...base, deliveryStatus: "delivered", deliveredAt: now(), nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    log.info({ attempt, status }, "callback delivered");
    return;
  }
  if (status === 410) {
    await db.update(installations).set({ enabled: 0, disabledReason: "callback answered 410 Gone", updatedAt: now() }).where(eq(installations.id, installation.id));
    await db.update(asyncJobs).set({ ...base, deliveryStatus: "failed", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    log.warn({ attempt }, "callback answered 410: installation disabled");
    return;
  }
  if (attempt >= config.WEBHOOK_MAX_ATTEMPTS) {
    await db.update(asyncJobs).set({ ...base, deliveryStatus: "failed", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    log.warn({ attempt, status, error: outcome.error }, "callback delivery failed for good");
    return;
  }
  const delayMs =
    status === 429 && outcome.retryAfterSeconds !== null
      ? Math.min(outcome.retryAfterSeconds * 1000, 24 * 60 * 60 * 1000)
      : retryDelayMs(attempt, config.WEBHOOK_RETRY_BASE_MS);
  const nextAttemptAt = new Date(now().getTime() + delayMs);
  // Schedule the next attempt before recording it, so a crash in between costs an extra attempt, never a lost one.
  await enqueueDelivery(job.id, nextAttemptAt);
  await db.update(asyncJobs).set({ ...base, deliveryStatus: "retrying", nextAttemptAt }).where(eq(asyncJobs.id, job.id));
  log.info({ attempt, status, error: outcome.error, next_attempt_at: nextAttemptAt.toISOString() }, "callback delivery will be retried");
}

/** The job as its owner sees it (GET /api/v1/jobs/{job_id}). */
export function jobView(job: AsyncJob) {
  return {
    job_id: job.id,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    completed_at: job.completedAt?.toISOString() ?? null,
    result: job.status === "completed" ? storedScore(job.result) : null,
    error: job.error,
    delivery: {
      status: job.deliveryStatus,
      attempts: job.deliveryAttempts,
      last_status_code: job.lastStatusCode,
      next_attempt_at: job.nextAttemptAt?.toISOString() ?? null,
    },
  };
}
