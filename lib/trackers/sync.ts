// A tracker sync: read a connection's issues page by page through its tracker client, score each one as the
// async path does (its kind from the tracker's issue type) and record it for the customer with the tracker's
// stable id as external_id, so:
// - a new issue is a new story, counted against the quota; a sync that reaches the quota stops, keeping what it
//   scored, with `error` naming the quota;
// - a changed issue is the same story, scored again free;
// - an issue whose content (summary, description, criteria, type, key and link) is the same as when it was last
//   scored is not scored again at all: it is counted in `skipped`, with GitHub's pull requests.
// `last_sync` carries the progress, written after every page. One sync per connection at a time: asking for one
// while it runs answers the running one (one statement marks it running and queues its job, keyed by the
// connection, on a "stately" queue).
import { createHash } from "node:crypto";
import type PgBoss from "pg-boss";
import { eq, sql } from "drizzle-orm";
import { executeHot, getDbHandle, type Db, type DbHandle } from "@/db/client";
import { customers, plans, trackerConnections, type TrackerConnection, type TrackerSyncState } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { enqueueFrom, PGBOSS_SCHEMA, TRACKER_SYNC_QUEUE, TRACKER_WRITE_BACK_QUEUE, type ScoreJobData } from "@/lib/queue";
import { yieldToRequests } from "@/lib/http/activity";
import { logger } from "@/lib/log";
import type { ScoringEngine, ScoringResult, TicketData } from "@/lib/scoring";
import { scoringEngine } from "@/lib/scoring-engine";
import { QuotaExhaustedError, quotaState } from "@/lib/stories/billing";
import { admissible, customerRules, identify, record, runEngine, settingsFor, ticketOf as ticketFromFields, type StoryIdentity } from "@/lib/pipeline";
import { ticketRef } from "@/lib/stories/ticket-ref";
import { trackerConfig, writeBackOf } from "./connections";
import { writeBackEnabled, type WriteBackSettings } from "./schemas";
import { labelsAgree, trackerWriter, WriteBackRun, writtenScoreSchema, type TrackerWriter, type WriteItem, type WriteTarget } from "./write-back";
import { latestScores, loadWriteStates, saveWriteStates, sourceHash, storyPageUrl } from "./write-back/state";
import { runWebhookWrite } from "./write-back/webhook";
import { reconcileSchedules, startScheduleRelay } from "./schedule";
import { TrackerError, type FetchIssues, type FetchIssuesOptions, type TrackerErrorCode, type TrackerIssue } from "./types";
import { rulesMetadata, RULES_VERSION } from "@/lib/scoring";

/** A scheduled sync reads the issues updated since the last successful sync started, minus this much. */
export const INCREMENTAL_OVERLAP_MS = 5 * 60 * 1000;
/** Issues of a page scored at once (the LLM engine waits on the network; the offline one does not care). */
const SCORE_CONCURRENCY = 4;

export type SyncTrigger = TrackerSyncState["trigger"];

const running = (trigger: SyncTrigger, at: string): TrackerSyncState => ({ status: "running", trigger, fetched: 0, scored: 0, skipped: 0, failed: 0, started_at: at });

/**
 * Ask for a sync of a connection: mark it running and queue its job, in ONE statement, unless a sync of it is
 * already waiting or running (then nothing changes and the caller gets the running one). A `running` state whose
 * job is gone (its worker crashed past the queue's retries) does not block a new sync.
 * Answers whether a sync was queued; null when the connection does not exist (for this customer).
 */
export async function requestSync(db: Db, connectionId: string, trigger: SyncTrigger, customerId?: string): Promise<boolean | null> {
  const job = sql.raw(`${PGBOSS_SCHEMA}.job`);
  const state = JSON.stringify(running(trigger, new Date().toISOString()));
  try {
    const [row] = await executeHot<{ exists: boolean; queued: number | string }>(db, sql`
      with target as (
        select c.id from ${trackerConnections} c
        where c.id = ${connectionId}::uuid ${customerId ? sql`and c.customer_id = ${customerId}` : sql``}
      ),
      started as (
        update ${trackerConnections} c set last_sync = jsonb_set(${state}::jsonb, '{started_at}', to_jsonb(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        from target
        where c.id = target.id
          and not exists (select 1 from ${job} j where j.name = ${TRACKER_SYNC_QUEUE} and j.singleton_key = c.id::text and j.state < 'completed')
        returning c.id as job_id
      ),
      queued as (${enqueueFrom(TRACKER_SYNC_QUEUE, sql`started`)})
      select exists (select 1 from target) as exists, (select count(*) from queued) as queued`);
    if (!row?.exists) return null;
    return Number(row.queued) > 0;
  } catch (error) {
    // Two requests at the same instant: the queue's one-waiting-job-per-connection index refused the second.
    if ((error as { code?: string }).code === "23505" || /job_i3/.test(String((error as Error).message))) return false;
    throw error;
  }
}

/** The customer as billing sees it (plan and quota), read at the start of a sync. */
async function customerContext(db: Db, customerId: string): Promise<CustomerContext | null> {
  const [row] = await db
    .select({ companyId: customers.companyId, planId: customers.planId, quotaOverride: customers.quotaOverride, planQuota: plans.monthlyQuota })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ? { customerId, companyId: row.companyId, planId: row.planId, quota: row.quotaOverride ?? row.planQuota } : null;
}

/** The ticket the engine scores for an issue: its kind comes from the tracker's type name, as on the async path. */
export function ticketOf(issue: TrackerIssue): TicketData {
  return ticketFromFields({
    summary: issue.summary.trim() || issue.key,
    key: issue.key,
    description: issue.description.trim(),
    acceptance_criteria: issue.acceptanceCriteria.trim(),
    issue_type: issue.issueType?.trim(),
    language: issue.language,
  });
}

/** What "unchanged" compares: the scored ticket (its type included) and where it lives. */
export function issueContentHash(ticket: TicketData, url: string): string {
  return `sha256:${createHash("sha256").update(JSON.stringify([ticket.summary, ticket.description ?? "", ticket.acceptance_criteria ?? "", ticket.issue_type ?? "", ticket.key ?? "", url,
    // A language the tracker names counts as a change; an issue without one hashes as it did before languages.
    ...(ticket.language ? [ticket.language] : [])]), "utf8").digest("hex")}`;
}

/** A sync stopped by the quota: what it scored stays. */
class QuotaStop extends Error {}

const TRACKER_ERROR_PREFIX: Record<TrackerErrorCode, string> = {
  bad_credentials: "Bad credentials",
  not_found: "Not found",
  bad_query: "Bad query",
  rate_limited: "Rate limited",
  unavailable: "Tracker unavailable",
  bad_response: "Unexpected answer from the tracker",
};

/** `error` of a failed sync: what went wrong, in the tracker's own words where it gave some. */
export function syncErrorMessage(error: unknown): string {
  // "Jira could not be reached: the name ... does not resolve" says what happened already: no prefix before it.
  if (error instanceof TrackerError && error.code === "unavailable" && error.status === undefined) return error.message;
  if (error instanceof TrackerError) return `${TRACKER_ERROR_PREFIX[error.code]}: ${error.message}`;
  if (error instanceof QuotaStop) return error.message;
  return "The sync stopped on an unexpected error; try again.";
}

export interface SyncOptions {
  fetchIssues: FetchIssues;
  engine?: ScoringEngine;
  /** Passed to the tracker client (tests shorten the waits). */
  fetchOptions?: Pick<FetchIssuesOptions, "sleep" | "maxRetries" | "maxWaitMs">;
  signal?: AbortSignal;
  /** While this process answers requests, pause this many times as long as each page took (0: never). */
  yieldFactor?: number;
}

interface Candidate {
  issue: TrackerIssue;
  ticket: TicketData;
  identity: StoryIdentity;
  hash: string;
}

/** Run `fn` over `items`, at most `limit` at a time, answers in order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index]);
      }
    }),
  );
  return results;
}

/**
 * Run one sync of a connection (the queue's job). Every outcome is recorded in `last_sync`: completed, or
 * failed with its error (an unexpected one, a database error say, is logged and shown as such). Answers the
 * final state, or null when the connection is gone: one deleted meanwhile stops the sync before its next page.
 */
export async function runSync(handle: DbHandle, connectionId: string, options: SyncOptions): Promise<TrackerSyncState | null> {
  const db = handle.db;
  const [connection] = await db.select().from(trackerConnections).where(eq(trackerConnections.id, connectionId)).limit(1);
  if (!connection) return null;
  const customer = await customerContext(db, connection.customerId);
  if (!customer) return null;
  const engine = options.engine ?? scoringEngine();
  const log = logger().child({ connection_id: connection.id, customer_id: connection.customerId, kind: connection.kind });
  const trigger: SyncTrigger = connection.lastSync?.trigger ?? "manual";
  const startedAt = connection.lastSync?.status === "running" ? connection.lastSync.started_at : new Date().toISOString();
  const progress: TrackerSyncState = running(trigger, startedAt);
  const write = async (extra: Partial<typeof trackerConnections.$inferInsert> = {}) => {
    const updated = await db
      .update(trackerConnections)
      .set({ lastSync: { ...progress }, ...extra })
      .where(eq(trackerConnections.id, connection.id))
      .returning({ id: trackerConnections.id });
    return updated.length > 0;
  };
  let settings = writeBackOf(connection);
  if (writeBackEnabled(settings)) Object.assign(progress, { written: 0, write_failed: 0 });
  if (!(await write())) return null;
  const since =
    trigger === "schedule" && connection.lastSuccessStartedAt ? new Date(connection.lastSuccessStartedAt.getTime() - INCREMENTAL_OVERLAP_MS) : undefined;
  log.info({ trigger, since: since?.toISOString() }, "tracker sync started");
  try {
    const config = await trackerConfig(db, connection);
    // One writer and one count of writes for the whole sync (a refused token stops the writes of every later page).
    let writeBack: { run: WriteBackRun; writer: TrackerWriter } | null = null;
    for await (const page of options.fetchIssues(config, { ...options.fetchOptions, ...(since ? { updatedSince: since } : {}), signal: options.signal })) {
      const current = await stillThere(db, connection.id);
      if (!current) {
        log.info("connection deleted during its sync; stopped");
        return null;
      }
      // Write-back turned off (or changed) during the sync takes effect from the next page.
      settings = current;
      const pageStarted = performance.now();
      const imported = await importPage(handle, connection, customer, engine, page.issues, progress);
      if (writeBackEnabled(settings)) {
        if (!writeBack || JSON.stringify(writeBack.run.settings) !== JSON.stringify(settings)) {
          const writer = trackerWriter(config, { ...options.fetchOptions, signal: options.signal });
          const previous = writeBack?.run;
          const run = new WriteBackRun(writer, settings, (error, key) =>
            // A tracker's refusal is said in its words (no stack: it is not the service's fault); anything else in full.
            error instanceof TrackerError ? log.warn({ error: error.message, issue_key: key }, "write-back to an issue failed") : log.error({ err: error, issue_key: key }, "write-back to an issue failed unexpectedly"),
          );
          // The counts go on across a change of settings.
          if (previous) run.carryOver(previous);
          writeBack = { run, writer };
        }
        await writeBackPage(db, connection, customer.customerId, settings, writeBack, imported.scored, imported.unchanged);
        Object.assign(progress, { written: writeBack.run.written, write_failed: writeBack.run.failed }, writeBack.run.error ? { write_error: writeBack.run.error } : {});
      }
      const quotaMessage = imported.quotaMessage;
      progress.fetched += page.skipped;
      progress.skipped += page.skipped;
      if (!(await write())) {
        log.info("connection deleted during its sync; stopped");
        return null;
      }
      if (quotaMessage) throw new QuotaStop(quotaMessage);
      if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
      // In the web process, requests come first (as for the score workers).
      await yieldToRequests(performance.now() - pageStarted, options.yieldFactor ?? 0);
    }
    progress.status = "completed";
    progress.finished_at = new Date().toISOString();
    await write({ lastSuccessStartedAt: new Date(startedAt) });
    log.info({ fetched: progress.fetched, scored: progress.scored, skipped: progress.skipped, failed: progress.failed }, "tracker sync completed");
  } catch (error) {
    if (!(error instanceof TrackerError) && !(error instanceof QuotaStop)) log.error({ err: error }, "tracker sync failed unexpectedly");
    else log.warn({ error: (error as Error).message }, "tracker sync failed");
    progress.status = "failed";
    progress.error = options.signal?.aborted ? "Interrupted: the service stopped during the sync; ask for it again." : syncErrorMessage(error);
    progress.finished_at = new Date().toISOString();
    if (!(await write())) return null;
  }
  return progress;
}

/** The connection's write-back settings as they are now; null when the connection was deleted. */
async function stillThere(db: Db, connectionId: string): Promise<WriteBackSettings | null> {
  const [row] = await db
    .select({ writeBackComment: trackerConnections.writeBackComment, writeBackLabel: trackerConnections.writeBackLabel, writeBackBelow: trackerConnections.writeBackBelow })
    .from(trackerConnections)
    .where(eq(trackerConnections.id, connectionId))
    .limit(1);
  return row ? writeBackOf(row) : null;
}

interface ImportedPage {
  /** The quota's message when a new issue did not fit (the sync then stops after this page). */
  quotaMessage: string | null;
  /** The issues scored and recorded, with their scores. */
  scored: { candidate: Candidate; result: ScoringResult }[];
  /** The issues unchanged since they were last scored (not scored again). */
  unchanged: Candidate[];
}

/**
 * Import one page: skip the unchanged issues, score the others, record them (grouped with each other and with
 * whatever else is being recorded), remember what was scored and give the dashboard tickets their link.
 */
async function importPage(
  handle: DbHandle,
  connection: TrackerConnection,
  customer: CustomerContext,
  engine: ScoringEngine,
  issues: TrackerIssue[],
  progress: TrackerSyncState,
): Promise<ImportedPage> {
  const db = handle.db;
  progress.fetched += issues.length;
  const unchanged: Candidate[] = [];
  if (issues.length === 0) return { quotaMessage: null, scored: [], unchanged };
  // One issue per identity: a page that served one twice (a tracker reordering while we read) scores it once.
  const byIdentity = new Map<string, Candidate>();
  // The customer's rule settings: an issue scored under other settings is scored again (free, as any re-score); the
  // default settings add nothing to the hash, so issues scored before settings existed are not.
  const rules = await customerRules(db, customer.customerId);
  const rulesVersion = rulesMetadata(rules).version;
  const rulesTag = rules.preset === "default" && rulesVersion === RULES_VERSION ? "" : `|rules:${rules.preset}:${rulesVersion}`;
  for (const issue of issues) {
    const ticket = ticketOf(issue);
    const identity = identify(ticket, issue.externalId);
    byIdentity.set(identity.storyIdentity, { issue, ticket, identity, hash: `${issueContentHash(ticket, issue.url)}${rulesTag}` });
  }
  progress.skipped += issues.length - byIdentity.size;
  const identities = [...byIdentity.keys()];
  const known = await executeHot<{ story_identity: string; content_hash: string | null; story: boolean }>(db, sql`
    select i.identity as story_identity, t.content_hash, exists (select 1 from stories s where s.customer_id = ${customer.customerId} and s.story_identity = i.identity) as story
    from unnest(${`{${identities.map((id) => JSON.stringify(id)).join(",")}}`}::text[]) as i(identity)
    left join tracker_issues t on t.customer_id = ${customer.customerId} and t.story_identity = i.identity`);
  const stored = new Map(known.map((row) => [row.story_identity, row]));
  const toScore: Candidate[] = [];
  for (const candidate of byIdentity.values()) {
    const row = stored.get(candidate.identity.storyIdentity);
    if (row?.story && row.content_hash === candidate.hash) {
      progress.skipped++;
      unchanged.push(candidate);
    } else toScore.push(candidate);
  }
  // Do not pay the engine for new issues that cannot fit in the quota (billing still decides, exactly, below).
  const at = new Date();
  const admission = await admissible(db, customer, toScore, (candidate) => Boolean(stored.get(candidate.identity.storyIdentity)?.story), at);
  let overQuota = admission.refused;
  const scored = await mapLimit(admission.admitted, SCORE_CONCURRENCY, async (candidate) => {
    try {
      const { result, processingTimeMs } = await runEngine(engine, candidate.ticket, [], await settingsFor(db, customer.customerId, candidate.ticket));
      return { candidate, result, processingTimeMs };
    } catch (error) {
      // Counted in `failed`, billed nothing and not remembered, so the next sync scores it again.
      logger().warn({ err: error, connection_id: connection.id, issue_key: candidate.issue.key }, "an imported issue could not be scored; the next sync tries it again");
      return { candidate, result: null, processingTimeMs: 0 };
    }
  });
  const outcomes = await Promise.allSettled(
    scored.map(({ candidate, result, processingTimeMs }) => {
      if (!result) return Promise.reject(new Error("not scored"));
      return record(handle, customer, candidate.identity, candidate.ticket, {
        ticketId: candidate.issue.key,
        source: "tracker",
        engine: engine.name,
        result,
        processingTimeMs,
        at: new Date(),
      }).then(() => candidate);
    }),
  );
  const recorded: Candidate[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === "fulfilled") recorded.push(outcome.value);
    else if (outcome.reason instanceof QuotaExhaustedError) overQuota++;
    else {
      if ((outcome.reason as Error)?.message !== "not scored") logger().error({ err: outcome.reason, connection_id: connection.id }, "an imported issue could not be recorded");
      progress.failed++;
    }
  }
  progress.scored += recorded.length;
  if (recorded.length > 0) await rememberImported(db, connection, customer.customerId, recorded, at);
  const results = new Map(scored.map(({ candidate, result }) => [candidate, result]));
  const scoredNow = recorded.flatMap((candidate) => {
    const result = results.get(candidate);
    return result ? [{ candidate, result }] : [];
  });
  if (overQuota === 0) return { quotaMessage: null, scored: scoredNow, unchanged };
  const state = await quotaState(db, customer, new Date());
  const quotaMessage =
    `Quota reached: the plan's ${state.quota} new stories this month are used (${state.used}); ${overQuota} new ${overQuota === 1 ? "issue was" : "issues were"} not imported. ` +
    `The issues scored so far are kept; the quota resets on ${state.resetAt.toISOString().slice(0, 10)}.`;
  return { quotaMessage, scored: scoredNow, unchanged };
}

const writeTarget = (issue: TrackerIssue): WriteTarget => ({
  externalId: issue.externalId,
  key: issue.key,
  labels: issue.labels ?? [],
  ...(issue.commentCount === undefined ? {} : { commentCount: issue.commentCount }),
});

/**
 * Write a page's issues back to the tracker: those scored now from their new score; those unchanged only when what
 * the service last left there was decided from something else (other settings, a failed write, another story page)
 * or their labels no longer agree with it, from their story's latest score. An issue that needs nothing costs
 * neither a request nor a read of its score.
 */
async function writeBackPage(
  db: Db,
  connection: TrackerConnection,
  customerId: string,
  settings: WriteBackSettings,
  writeBack: { run: WriteBackRun; writer: TrackerWriter },
  scored: ImportedPage["scored"],
  unchanged: Candidate[],
): Promise<void> {
  const all = [...scored.map((s) => s.candidate), ...unchanged];
  if (all.length === 0) return;
  const states = await loadWriteStates(db, customerId, all.map((c) => c.issue.externalId));
  const prepared = (candidate: Candidate) => {
    const storyUrl = storyPageUrl(customerId, ticketRef(candidate.ticket, candidate.issue.key, candidate.identity.storyIdentity));
    return { target: writeTarget(candidate.issue), storyUrl, state: states.get(candidate.issue.externalId) ?? null, sourceHash: sourceHash(candidate.hash, settings, storyUrl) };
  };
  const items: WriteItem[] = scored.map(({ candidate, result }) => ({ ...prepared(candidate), score: writtenScoreSchema.parse(result) }));
  const stale: (ReturnType<typeof prepared> & { identity: string })[] = [];
  for (const candidate of unchanged) {
    const item = prepared(candidate);
    if (item.state && item.state.sourceHash === item.sourceHash && labelsAgree(settings, item.state, item.target, writeBack.writer)) continue;
    stale.push({ ...item, identity: candidate.identity.storyIdentity });
  }
  const latest = await latestScores(db, customerId, stale.map((s) => s.identity));
  for (const { identity, ...item } of stale) {
    const score = latest.get(identity);
    if (score) items.push({ ...item, score });
  }
  if (items.length === 0) return;
  await saveWriteStates(db, customerId, connection.id, await writeBack.run.write(items));
}

/** One statement: the content each issue was scored with, and its dashboard ticket's link and source. */
async function rememberImported(db: Db, connection: TrackerConnection, customerId: string, recorded: Candidate[], at: Date): Promise<void> {
  const input = recorded.map((c) => ({
    story_identity: c.identity.storyIdentity,
    ticket_ref: ticketRef(c.ticket, c.issue.key, c.identity.storyIdentity),
    issue_key: c.issue.key,
    url: c.issue.url,
    content_hash: c.hash,
    tracker_updated_at: c.issue.updatedAt,
  }));
  await executeHot(db, sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as i(story_identity text, ticket_ref text, issue_key text, url text, content_hash text, tracker_updated_at text)
    ),
    remembered as (
      insert into tracker_issues (customer_id, story_identity, connection_id, issue_key, url, content_hash, tracker_updated_at, last_scored_at)
      -- The connection may have been deleted a moment ago: its issues stay, linked to none.
      select ${customerId}, i.story_identity, (select c.id from tracker_connections c where c.id = ${connection.id}::uuid), i.issue_key, i.url, i.content_hash, i.tracker_updated_at, ${at.toISOString()}::timestamptz from input i
      on conflict (customer_id, story_identity) do update set connection_id = excluded.connection_id, issue_key = excluded.issue_key, url = excluded.url,
        content_hash = excluded.content_hash, tracker_updated_at = excluded.tracker_updated_at, last_scored_at = excluded.last_scored_at
      returning 1
    ),
    linked as (
      update tickets t set url = i.url, source = ${connection.kind}
      from input i where t.customer_id = ${customerId} and t.ticket_ref = i.ticket_ref
      returning 1
    )
    select (select count(*) from remembered) as remembered, (select count(*) from linked) as linked`);
}

export interface TrackerWorkerOptions {
  fetchIssues: FetchIssues;
  fetchOptions?: SyncOptions["fetchOptions"];
  /** Syncs this process runs at once. */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /** How often the schedules' due ticks are looked for. */
  scheduleIntervalMs?: number;
  yieldFactor?: number;
}

/**
 * Run this process's tracker sync workers and the schedule relay. Answers a function that stops both (a running
 * sync is asked to stop at its next page).
 */
export async function startTrackerWorkers(boss: PgBoss, options: TrackerWorkerOptions): Promise<{ stop(): Promise<void> }> {
  const handle = await getDbHandle();
  const abort = new AbortController();
  const concurrency = options.concurrency ?? 2;
  for (let index = 0; index < concurrency; index++) {
    await boss.work<ScoreJobData>(TRACKER_SYNC_QUEUE, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
      await runSync(handle, job.data.jobId, { fetchIssues: options.fetchIssues, fetchOptions: options.fetchOptions, signal: abort.signal, yieldFactor: options.yieldFactor });
    });
  }
  // Write-back of Jira webhooks' issues, queued with their scores.
  await boss.work<ScoreJobData>(TRACKER_WRITE_BACK_QUEUE, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async ([job]) => {
    await runWebhookWrite(handle.db, job.data.jobId, { ...options.fetchOptions, signal: abort.signal });
  });
  await reconcileSchedules(boss, handle.db).catch((error) => logger().error({ err: error }, "tracker schedules could not be reconciled"));
  const stopRelay = startScheduleRelay(handle.db, (connectionId) => requestSync(handle.db, connectionId, "schedule"), options.scheduleIntervalMs ?? 5000);
  return {
    async stop() {
      abort.abort(new Error("the worker is stopping"));
      await stopRelay();
      await boss.offWork(TRACKER_SYNC_QUEUE);
      await boss.offWork(TRACKER_WRITE_BACK_QUEUE);
    },
  };
}
