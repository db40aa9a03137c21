// Asynchronous scoring: a worker scores accepted jobs in batches and records them with their callbacks queued
// (acceptance is in ./accept.ts); the delivery dispatcher (./delivery-dispatcher.ts) sends the signed callbacks.
import type PgBoss from "pg-boss";
import { and, eq, inArray, sql } from "drizzle-orm";
import { executeHot, type Db } from "@/db/client";
import { asyncJobs, installations, scoreRuns, type AsyncJob, type Installation } from "@/db/schema";
import { buildScoreResponse, MODEL_ANSWER_MESSAGE } from "@/lib/pipeline/score-story";
import { now } from "@/lib/clock";
import { env } from "@/lib/env";
import { openSecret } from "@/lib/secrets/secret-box";
import { forgetCachedInstallation, installationTarget } from "@/lib/integrations/installations";
import { recordAudit, SERVICE_ACTOR } from "@/lib/audit";
import { logger } from "@/lib/log";
import { EngineUnavailable, ModelAnswerError, type ScoringEngine, type ScoringResult, type TicketData } from "@/lib/scoring";
import { releaseStory } from "@/lib/stories/billing";
import { deliverCallback } from "@/lib/webhooks/deliver";
import { attemptsFrom, attemptsJson, deliveryRowsFrom, failDeliveries, webhookIdOf, recordAttempts } from "@/lib/webhooks/delivery-log";
import { refreshStories, storyTargets, ticketsOfRuns } from "@/lib/stories/billing-group";
import { ticketRef, upsertTickets } from "@/lib/stories/ticket-ref";
import { DELIVER_QUEUE, enqueueDelivery, enqueueFrom, PGBOSS_SCHEMA, SCORE_QUEUE, TRACKER_WRITE_BACK_QUEUE, wakeWorkers, type ScoreJobData } from "@/lib/queue";
import { runEngine, settingsFor } from "@/lib/pipeline";

/** A score job as a worker claims it, with the run a crashed worker already recorded for it, if any. */
interface ClaimedJob {
  job: AsyncJob;
  existingResult: Record<string, unknown> | null;
}

const parseJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);
const uuidArray = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;
const dateOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** What a statement that finishes jobs returns of each, for its callback's queue job and its delivery record. */
const finishedJob = (alias = "async_jobs") =>
  sql.raw(["id as job_id", "installation_id", "customer_id", "issue_key", "status"].map((column) => `${alias}.${column}`).join(", "));

/** An async_jobs row as raw SQL returns it (snake case) -> the schema's type. */
function jobFromRow(row: Record<string, unknown>): AsyncJob {
  return {
    id: String(row.id),
    customerId: String(row.customer_id),
    installationId: String(row.installation_id),
    storyId: (row.story_id as string | null) ?? null,
    storyIdentity: String(row.story_identity),
    identityResolution: row.identity_resolution as AsyncJob["identityResolution"],
    newlyCounted: Number(row.newly_counted),
    issueKey: (row.issue_key as string | null) ?? null,
    ticket: parseJson(row.ticket) as Record<string, unknown>,
    status: row.status as AsyncJob["status"],
    attempts: Number(row.attempts),
    result: (parseJson(row.result) as Record<string, unknown> | null) ?? null,
    error: (row.error as string | null) ?? null,
    createdAt: new Date(row.created_at as string),
    completedAt: dateOrNull(row.completed_at),
    deliveryStatus: row.delivery_status as AsyncJob["deliveryStatus"],
    deliveryAttempts: Number(row.delivery_attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastDeliveryError: (row.last_delivery_error as string | null) ?? null,
    nextAttemptAt: dateOrNull(row.next_attempt_at),
    deliveredAt: dateOrNull(row.delivered_at),
  };
}

/**
 * Claim a batch's jobs in one statement: those not finished yet are marked `processing` (one more attempt) and
 * returned with any run already recorded under their id (a worker died after recording it).
 */
async function claimJobs(db: Db, jobIds: string[]): Promise<ClaimedJob[]> {
  const rows = await executeHot<Record<string, unknown>>(db, sql`
    update ${asyncJobs} j set status = 'processing', attempts = j.attempts + 1
    where j.id = any(${uuidArray(jobIds)}) and j.status in ('accepted', 'processing')
    returning j.*, (select r.result from ${scoreRuns} r where r.id = j.id) as existing_result`);
  return rows.map((row) => ({ job: jobFromRow(row), existingResult: (parseJson(row.existing_result) as Record<string, unknown> | null) ?? null }));
}

interface ScoredJob {
  job: AsyncJob;
  ticket: TicketData;
  result: ScoringResult;
  response: Record<string, unknown>;
  processingTimeMs: number;
  at: Date;
  engine: string;
}

/**
 * Record scored jobs in ONE statement: each story's latest scores refreshed (once per story, its run count
 * raised by its number of runs), the runs inserted, the jobs completed with their result, and their callbacks
 * queued. Answers the ids of the jobs it completed; a job whose story is gone is not among them.
 */
async function recordScoredJobs(db: Db, scored: ScoredJob[]): Promise<Set<string>> {
  const input = scored.map((item, idx) => ({
    idx,
    job_id: item.job.id,
    customer_id: item.job.customerId,
    story_identity: item.job.storyIdentity,
    identity_resolution: item.job.identityResolution,
    // Its key; an issue without one is known by its billing identity (its run's ticket_id is the job id).
    ticket_ref: ticketRef(item.ticket, null, item.job.storyIdentity),
    ticket_key: item.ticket.key ?? null,
    summary: item.ticket.summary,
    at: item.at.toISOString(),
    overall: item.result.overall_score,
    scores: item.result.individual_scores,
    work_item_type: item.result.metadata.work_item_type,
    response: item.response,
    ticket: item.ticket,
    ticket_id: item.job.issueKey ?? item.job.id,
    engine: item.engine,
    processing_ms: Math.round(item.processingTimeMs),
  }));
  const rows = await executeHot<{ job_id: string }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        idx int, job_id uuid, customer_id text, story_identity text, identity_resolution text, ticket_ref text, ticket_key text, summary text, at timestamptz,
        overall real, scores jsonb, work_item_type text, response jsonb, ticket jsonb, ticket_id text, engine text, processing_ms int)
    ),
    per_story as (
      select customer_id, story_identity,
        (array_agg(ticket_key order by idx desc) filter (where ticket_key is not null))[1] as ticket_key,
        (array_agg(summary order by idx desc))[1] as summary,
        (array_agg(overall order by idx desc))[1] as overall,
        (array_agg(scores order by idx desc))[1] as scores,
        (array_agg(work_item_type order by idx desc))[1] as work_item_type,
        count(*)::int as runs, max(at) as last_at
      from input group by customer_id, story_identity
    ),
    -- Looked up by the unique (customer, identity) index, updated by primary key (see billing-group.ts for why).
    ${storyTargets},
    refreshed as (
      ${refreshStories}
    ),
    run as (
      insert into ${scoreRuns} (id, customer_id, story_id, ticket_id, ticket_ref, source, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
      select i.job_id, i.customer_id, r.id, i.ticket_id, i.ticket_ref, 'async', i.engine, i.overall, i.scores, i.response, i.ticket, i.processing_ms, i.at
      from input i join refreshed r on r.customer_id = i.customer_id and r.story_identity = i.story_identity
      returning id
    ),
    ticket as (${upsertTickets(ticketsOfRuns(sql`refreshed`))}),
    done as (
      update ${asyncJobs} j set status = 'completed', result = i.response, error = null, completed_at = i.at, story_id = r.id
      from input i join refreshed r on r.customer_id = i.customer_id and r.story_identity = i.story_identity
      where j.id = i.job_id
      returning ${finishedJob("j")}
    ),
    queued as (${enqueueFrom(DELIVER_QUEUE, sql`done`)}),
    delivery as (${deliveryRowsFrom(sql`done`)}),
    -- A Jira webhook's issue noted for write-back (lib/trackers/write-back/webhook.ts): its write is queued with its score.
    write_back as (${enqueueFrom(
      TRACKER_WRITE_BACK_QUEUE,
      sql`(select d.job_id from done d join input i on i.job_id = d.job_id
        join tracker_webhook_writes w on w.customer_id = i.customer_id and w.story_identity = i.story_identity)`,
    )})
    select d.job_id, (select count(*) from run) as runs, (select count(*) from ticket) as tickets, (select count(*) from queued) as queued,
      (select count(*) from write_back) as write_backs from done d`,
    { maxPlanAgeMs: 10_000 },
  );
  return new Set(rows.map((row) => String(row.job_id)));
}

/** Complete a job from the run a crashed worker already recorded for it, and queue its callback. */
async function completeFromRun(db: Db, jobId: string, result: Record<string, unknown>): Promise<void> {
  await executeHot(db, sql`
    with done as (
      update ${asyncJobs} set status = 'completed', result = ${JSON.stringify(result)}::jsonb, error = null, completed_at = coalesce(completed_at, now())
      where id = ${jobId}::uuid returning ${finishedJob()}
    ),
    queued as (${enqueueFrom(DELIVER_QUEUE, sql`done`)}),
    delivery as (${deliveryRowsFrom(sql`done`)})
    select count(*) from queued`);
}

/**
 * Score a batch of accepted jobs (the queue hands them over in batches). Each job is scored on its own, as the
 * synchronous endpoint scores it: the engine's batch rules (duplicates, the team's template) belong to one
 * backlog, not to unrelated issues that happen to share a batch, and the offline engine costs a fraction of a
 * millisecond a story anyway; the batch saves database work. The LLM engine limits its own concurrency.
 * A provider outage sends that job back to the queue (retried with backoff) until its retries are spent; then,
 * like any other failure, the job fails, its reservation is released and a `score.failed` callback is sent.
 * Model answers that break the schema (after the engine's own retry with the errors) fail the job at once,
 * saying so in its error. A crash anywhere leaves the batch's queue jobs active: they are handed back (lib/queue/index.ts: at the next
 * start in embedded mode, by the lease sweep on PostgreSQL) with no retry counted, and a job already recorded
 * is then completed from its run, never scored or billed twice.
 */
export async function processScoreBatch(db: Db, engine: ScoringEngine, queued: PgBoss.JobWithMetadata<ScoreJobData>[], boss: PgBoss): Promise<void> {
  const byJobId = new Map(queued.map((q) => [q.data.jobId, q]));
  const claimed = await claimJobs(db, [...byJobId.keys()]);
  const toScore: AsyncJob[] = [];
  for (const { job, existingResult } of claimed) {
    if (existingResult) await completeFromRun(db, job.id, existingResult);
    else toScore.push(job);
  }
  type Outcome = { job: AsyncJob; ticket: TicketData } & ({ ok: true; result: ScoringResult; processingTimeMs: number } | { ok: false; error: unknown });
  const outcomes = await Promise.all(
    toScore.map(async (job): Promise<Outcome> => {
      const ticket = job.ticket as unknown as TicketData;
      try {
        // The pipeline's steps 3 and 5 (lib/pipeline): under the customer's rule settings at the time of scoring,
        // and the dismissals of this text; the story was identified and reserved at acceptance (lib/jobs/accept.ts).
        const settings = await settingsFor(db, job.customerId, ticket);
        const { result, processingTimeMs } = await runEngine(engine, ticket, [], settings);
        return { job, ticket, ok: true, result, processingTimeMs };
      } catch (error) {
        return { job, ticket, ok: false, error };
      }
    }),
  );
  const scored: ScoredJob[] = [];
  const retry: { job: AsyncJob; error: Error }[] = [];
  const failed: { job: AsyncJob; message: string; error: unknown }[] = [];
  for (const outcome of outcomes) {
    const { job, ticket } = outcome;
    if (outcome.ok) {
      const at = now();
      const response = buildScoreResponse(outcome.result, { jobId: job.id, ticketId: job.issueKey ?? job.id, at, processingTimeMs: outcome.processingTimeMs });
      scored.push({ job, ticket, result: outcome.result, response: response as unknown as Record<string, unknown>, processingTimeMs: outcome.processingTimeMs, at, engine: engine.name });
      continue;
    }
    const q = byJobId.get(job.id);
    if (outcome.error instanceof EngineUnavailable && q && q.retryCount < q.retryLimit) retry.push({ job, error: outcome.error });
    else failed.push({ job, error: outcome.error, message: failureMessage(outcome.error) });
  }
  if (scored.length > 0) {
    const completed = await recordScoredJobs(db, scored);
    for (const item of scored) {
      if (!completed.has(item.job.id)) failed.push({ job: item.job, error: new Error("the admitted story no longer exists"), message: "Scoring failed." });
    }
    if (completed.size > 0) wakeWorkers(DELIVER_QUEUE);
  }
  if (retry.length > 0) {
    const ids = retry.map((r) => r.job.id);
    await db.update(asyncJobs).set({ status: "accepted", error: `retrying: ${retry[0].error.message}` }).where(inArray(asyncJobs.id, ids));
    for (const r of retry) logger().warn({ job_id: r.job.id, err: r.error, retry: (byJobId.get(r.job.id)?.retryCount ?? 0) + 1 }, "scoring engine unavailable; the job will be retried");
    // Only these go back to the queue, with its backoff; the rest of the batch completes.
    await boss.fail(SCORE_QUEUE, retry.map((r) => byJobId.get(r.job.id)!.id));
  }
  for (const f of failed) {
    logger().error({ job_id: f.job.id, err: f.error }, "async scoring failed");
    await failJob(db, f.job, f.message);
  }
}

/** A failed job's `error` (polling and the score.failed callback): what went wrong, in the caller's terms. */
function failureMessage(error: unknown): string {
  if (error instanceof EngineUnavailable) return "The scoring engine stayed unavailable.";
  // The engine asked once more with the validation errors already; the queue does not ask a third time.
  if (error instanceof ModelAnswerError) return MODEL_ANSWER_MESSAGE;
  return "Scoring failed.";
}

async function failJob(db: Db, job: AsyncJob, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with done as (
        update ${asyncJobs} set status = 'failed', error = ${message}, completed_at = now()
        where id = ${job.id}::uuid and status <> 'completed' returning ${finishedJob()}
      ),
      queued as (${enqueueFrom(DELIVER_QUEUE, sql`done`)}),
      delivery as (${deliveryRowsFrom(sql`done`)})
      select count(*) from queued`);
    // A failed job bills nothing: the story it reserved is released unless it has been scored or another waiting
    // job still needs it. Released in the transaction that queues the score.failed callback, so no delivery worker
    // sees the callback before the reservation is gone (it was released after, and a client that read its usage on
    // the callback could still find the story counted).
    if (job.storyId) await releaseStory(tx, job.storyId);
  });
  wakeWorkers(DELIVER_QUEUE);
}

/**
 * A stored score response as it is sent today: a job completed before `split` existed gets an empty one, and
 * one completed before kinds existed was judged as a story (and before languages, read as English), so polling it still matches the documented shape
 * and its callback carries every field.
 */
export function storedScore(result: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!result) return result;
  const metadata = result.metadata as Record<string, unknown> | undefined;
  const hasKind = !metadata || typeof metadata.work_item_type === "string";
  // One completed before languages were named was read as English.
  const hasLanguage = !metadata || typeof metadata.language === "string";
  if (Array.isArray(result.split) && hasKind && hasLanguage) return result;
  return {
    ...result,
    split: Array.isArray(result.split) ? result.split : [],
    ...(hasKind && hasLanguage ? {} : {
      metadata: { ...metadata, ...(hasKind ? {} : { work_item_type: "story" }), ...(hasLanguage ? {} : { language: "en" }) },
    }),
  };
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

/** A job to deliver with its installation. */
export interface DeliveryTarget {
  job: AsyncJob;
  installation: Installation;
}

/** The jobs and installations of a batch of deliveries, in one statement. */
export async function loadDeliveryTargets(db: Db, jobIds: string[]): Promise<Map<string, DeliveryTarget>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db.select().from(asyncJobs).innerJoin(installations, eq(installations.id, asyncJobs.installationId)).where(inArray(asyncJobs.id, jobIds));
  return new Map(rows.map((row) => [row.async_jobs.id, { job: row.async_jobs, installation: row.installations }]));
}

/** A delivery queue job taken by `claimDeliveries`. */
export interface ClaimedDelivery {
  id: string;
  data: ScoreJobData;
}

/**
 * Take up to `limit` due delivery jobs, oldest first, as pg-boss's fetch does (they become active; one taken
 * again after a crash counts a retry), except the jobs of the `skip` installations: those this process cannot
 * send to now. So a saturated installation's backlog neither comes back on every fetch nor stands in front
 * of other installations' callbacks. A queue job whose async job is gone is taken too (and then completed).
 */
export async function claimDeliveries(db: Db, limit: number, skip: string[]): Promise<ClaimedDelivery[]> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const rows = await executeHot<{ id: string; data: ScoreJobData }>(db, sql`
    with next as (
      select q.id from ${job} q left join ${asyncJobs} a on a.id = (q.data ->> 'jobId')::uuid
      where q.name = ${DELIVER_QUEUE} and q.state < 'active' and q.start_after <= now()
        and (a.installation_id is null or a.installation_id <> all(${`{${skip.join(",")}}`}::uuid[]))
      order by q.priority desc, q.created_on, q.id
      limit ${limit}
      for update of q skip locked
    )
    update ${job} q set state = 'active', started_on = now(),
      retry_count = case when q.started_on is not null then q.retry_count + 1 else q.retry_count end
    from next where q.name = ${DELIVER_QUEUE} and q.id = next.id
    returning q.id, q.data`);
  return rows.map((row) => ({ id: String(row.id), data: row.data }));
}

/** Whether a job has a callback to send now: finished, and not delivered or given up on yet. */
export function needsDelivery(job: AsyncJob): boolean {
  if (job.deliveryStatus === "delivered" || job.deliveryStatus === "failed") return false;
  return job.status === "completed" || job.status === "failed";
}

/** A 2xx answer to record on its job. */
export interface Delivered {
  jobId: string;
  attempt: number;
  status: number;
  /** When the attempt started, and when its answer arrived. */
  attemptedAt: Date;
  at: Date;
  durationMs: number;
  responseExcerpt: string | null;
}

/**
 * Record delivered callbacks in one statement (the dispatcher groups the ones that finish together): each
 * job's delivery fields, its delivery log entry and attempt, and, when given, the completion of their delivery
 * queue jobs: recorded and completed together, so a crash leaves both undone (the callback is sent again under
 * the same webhook-id) or both done.
 */
export async function recordDelivered(db: Db, delivered: Delivered[], queueJobIds: string[] = []): Promise<void> {
  if (delivered.length === 0) return;
  const input = delivered.map((d) => ({ job_id: d.jobId, attempt: d.attempt, status: d.status, at: d.at.toISOString() }));
  const attempts = attemptsJson(
    delivered.map((d) => ({
      deliveryId: d.jobId,
      attemptedAt: d.attemptedAt,
      outcome: { status: d.status, durationMs: d.durationMs, responseExcerpt: d.responseExcerpt, error: null },
      deliveryStatus: "delivered",
    })),
  );
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  await executeHot(db, sql`
    with ${attemptsFrom(attempts)},
    recorded as (
      update ${asyncJobs} j set delivery_status = 'delivered', delivery_attempts = i.attempt, last_status_code = i.status,
        last_delivery_error = null, delivered_at = i.at, next_attempt_at = null
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(job_id uuid, attempt int, status int, at timestamptz)
      where j.id = i.job_id
      returning j.id
    ),
    completed as (
      update ${job} set state = 'completed', completed_on = now()
      where name = ${DELIVER_QUEUE} and id = any(${`{${queueJobIds.join(",")}}`}::uuid[]) and state = 'active'
      returning id
    )
    select (select count(*) from recorded) as recorded, (select count(*) from completed) as completed, (select count(*) from attempt_row) as attempts`);
}

/**
 * One delivery attempt, recorded in the delivery log with the receiver's answer. 2xx: delivered (recorded
 * through `onDelivered` when given, so a caller can group the writes; else at once). 410: the installation is
 * disabled and delivery stops. Anything else (5xx, 3xx, other 4xx, timeouts, refused connections) is retried
 * with backoff; a 429's Retry-After is honoured. After WEBHOOK_MAX_ATTEMPTS attempts the delivery is failed.
 */
export async function deliverJob(
  db: Db,
  { job, installation }: DeliveryTarget,
  onDelivered?: (delivered: Delivered) => Promise<void>,
  onRetryQueued?: (queueJobId: string) => void,
): Promise<void> {
  if (!needsDelivery(job)) return;
  const log = logger().child({ job_id: job.id, installation_id: installation.id });
  if (installation.enabled !== 1) {
    await db.update(asyncJobs).set({ deliveryStatus: "failed", lastDeliveryError: "the installation is disabled", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    await failDeliveries(db, [job.id]);
    return;
  }
  const config = env();
  const attempt = job.deliveryAttempts + 1;
  const attemptedAt = now();
  const outcome = await deliverCallback({
    url: installation.callbackUrl,
    webhookSecret: await openSecret(db, installation.webhookSecretEncrypted),
    webhookId: webhookIdOf(job.id),
    payload: JSON.stringify(callbackPayload(job, installation)),
  });
  const status = outcome.status;
  const base = { deliveryAttempts: attempt, lastStatusCode: status, lastDeliveryError: outcome.error };
  if (status !== null && status >= 200 && status < 300) {
    const delivered = { jobId: job.id, attempt, status, attemptedAt, at: now(), durationMs: outcome.durationMs, responseExcerpt: outcome.responseExcerpt };
    await (onDelivered ? onDelivered(delivered) : recordDelivered(db, [delivered]));
    log.debug({ attempt, status }, "callback delivered");
    return;
  }
  const logAttempt = (deliveryStatus: "pending" | "failed") => recordAttempts(db, [{ deliveryId: job.id, attemptedAt, outcome, deliveryStatus }]);
  if (status === 410) {
    await disableOnGone(db, installation);
    await db.update(asyncJobs).set({ ...base, deliveryStatus: "failed", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    await logAttempt("failed");
    log.warn({ attempt }, "callback answered 410: installation disabled");
    return;
  }
  if (attempt >= config.WEBHOOK_MAX_ATTEMPTS) {
    await db.update(asyncJobs).set({ ...base, deliveryStatus: "failed", nextAttemptAt: null }).where(eq(asyncJobs.id, job.id));
    await logAttempt("failed");
    log.warn({ attempt, status, error: outcome.error }, "callback delivery failed for good");
    return;
  }
  const delayMs =
    status === 429 && outcome.retryAfterSeconds !== null
      ? Math.min(outcome.retryAfterSeconds * 1000, 24 * 60 * 60 * 1000)
      : retryDelayMs(attempt, config.WEBHOOK_RETRY_BASE_MS);
  const nextAttemptAt = new Date(now().getTime() + delayMs);
  // Schedule the next attempt before recording it, so a crash in between costs an extra attempt, never a lost one.
  const retry = await enqueueDelivery(job.id, nextAttemptAt);
  // The retry is due within a second or two and this attempt is still being recorded: the caller learns its id, so
  // a fetch that claims it meanwhile does not take it for a duplicate of this attempt.
  if (retry) onRetryQueued?.(retry);
  await db.update(asyncJobs).set({ ...base, deliveryStatus: "retrying", nextAttemptAt }).where(eq(asyncJobs.id, job.id));
  await logAttempt("pending");
  log.info({ attempt, status, error: outcome.error, next_attempt_at: nextAttemptAt.toISOString() }, "callback delivery will be retried");
}

/** A receiver answered 410 Gone: its installation is disabled (its owner sees why, and when, in the audit trail). */
export async function disableOnGone(db: Db, installation: Installation): Promise<void> {
  const [changed] = await db
    .update(installations)
    .set({ enabled: 0, disabledReason: "callback answered 410 Gone", updatedAt: now() })
    .where(and(eq(installations.id, installation.id), eq(installations.enabled, 1)))
    .returning({ id: installations.id });
  forgetCachedInstallation(installation.cloudId, installation.source);
  if (changed) {
    await recordAudit(db, {
      customerId: installation.customerId,
      actor: SERVICE_ACTOR,
      action: "installation.disabled",
      target: installationTarget(installation),
      details: { reason: "callback answered 410 Gone", callback_url: installation.callbackUrl },
    });
  }
}

/** Jobs waiting to be scored ahead of this one (created earlier), while it waits; null once it is taken. */
export async function queuePosition(db: Db, job: AsyncJob): Promise<number | null> {
  if (job.status !== "accepted") return null;
  const [row] = await executeHot<{ ahead: number | string }>(db, sql`
    select count(*)::int as ahead from ${asyncJobs}
    where status in ('accepted', 'processing') and created_at < ${job.createdAt.toISOString()}::timestamptz`);
  return Number(row.ahead);
}

/** The job as its owner sees it (GET /api/v1/jobs/{job_id}). */
export function jobView(job: AsyncJob, position: number | null = null) {
  return {
    job_id: job.id,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    completed_at: job.completedAt?.toISOString() ?? null,
    queue_position: position,
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
