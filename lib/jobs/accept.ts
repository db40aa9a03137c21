// Accepting asynchronous jobs in groups: the requests that arrive while the database is busy with the previous
// group reserve their stories, store their jobs and queue them together, in ONE statement, as the synchronous
// path's group commit does for its runs (lib/stories/billing-group.ts). A busy integration then pays the
// per-statement cost once per group instead of several statements per issue.
//
// The grouped statement is all-or-nothing. It covers the common case, where every story of the group is known
// or fits in the quota; when anything in it cannot be admitted (a new story over quota) it raises, nothing of
// the group is written, and each request goes through the same statement on its own, in arrival order, which
// decides it exactly as an ungrouped request would (so a new story over quota is refused, and the rest pass).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { executeHot, type Db, type DbHandle } from "@/db/client";
import { asyncJobs, stories } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { utcMonth } from "@/lib/clock";
import { GroupCommit } from "@/lib/db-groups";
import type { TicketData } from "@/lib/scoring";
import { findStory, QuotaExhaustedError, quotaState } from "@/lib/stories/billing";
import type { StoryIdentity } from "@/lib/stories/identity";
import { quotaBump, storyTargets } from "@/lib/stories/billing-group";
import { enqueueFrom, queue, SCORE_QUEUE, wakeWorkers } from "@/lib/queue";

export interface AcceptInput {
  customer: CustomerContext;
  installationId: string;
  identity: StoryIdentity;
  ticket: TicketData;
  issueKey: string | null;
  at: Date;
}

export interface Accepted {
  jobId: string;
  /** Jobs waiting or being scored ahead of this one when it was queued. */
  ahead: number;
  /** Score jobs completed in the last 30 seconds, everywhere: the recent throughput. */
  recentlyCompleted: number;
}

/** Whether a database error is the quota refusal raised by `ssc_refuse_new_story()` (see its migration). */
function isQuotaRefusal(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (String((current as { message?: unknown }).message ?? "").includes("ssc_quota_exhausted")) return true;
  }
  return false;
}

/**
 * Reserve, store and queue a group of jobs in one statement. Stories sent more than once in the group are
 * reserved once (the first job of a new story is the one that counted it); a known story is admitted free.
 * Throws QuotaExhaustedError-shaped database errors (see `isQuotaRefusal`) when a new story is over quota,
 * having written nothing.
 */
async function acceptGroup(db: Db, items: AcceptInput[]): Promise<Accepted[]> {
  const input = items.map((item, idx) => ({
    idx,
    job_id: randomUUID(),
    customer_id: item.customer.customerId,
    quota: item.customer.quota,
    installation_id: item.installationId,
    story_identity: item.identity.storyIdentity,
    identity_resolution: item.identity.identityResolution,
    month: utcMonth(item.at),
    ticket_key: item.ticket.key ?? null,
    summary: item.ticket.summary,
    at: item.at.toISOString(),
    issue_key: item.issueKey,
    ticket: item.ticket,
  }));
  const rows = await executeHot<{ idx: number; job_id: string; ahead: number | string; recent: number | string }>(db, sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        idx int, job_id uuid, customer_id text, quota int, installation_id uuid, story_identity text, identity_resolution text,
        month text, ticket_key text, summary text, at timestamptz, issue_key text, ticket jsonb)
    ),
    per_story as (
      select customer_id, story_identity, max(quota) as quota, min(idx) as first_idx,
        (array_agg(identity_resolution order by idx))[1] as identity_resolution,
        (array_agg(month order by idx))[1] as month,
        (array_agg(ticket_key order by idx) filter (where ticket_key is not null))[1] as ticket_key,
        (array_agg(summary order by idx))[1] as summary,
        min(at) as first_at
      from input group by customer_id, story_identity
    ),
    -- Each story looked up by its unique (customer, identity) index (see billing-group.ts for why it is written so).
    ${storyTargets},
    fresh as (
      insert into ${stories} (customer_id, story_identity, identity_resolution, counted_month, ticket_key, summary, first_scored_at, last_scored_at, run_count)
      select t.customer_id, t.story_identity, t.identity_resolution, t.month, t.ticket_key, t.summary, t.first_at, t.first_at, 0
      from targets t where t.story_id is null
      on conflict (customer_id, story_identity) do nothing
      returning id, customer_id, story_identity, counted_month
    ),
    ${quotaBump},
    admitted as (
      select t.story_id as id, t.customer_id, t.story_identity, t.first_idx, false as fresh from targets t where t.story_id is not null
      union all
      select f.id, f.customer_id, f.story_identity, t.first_idx, true from fresh f
      join targets t on t.customer_id = f.customer_id and t.story_identity = f.story_identity
      where exists (select 1 from bump b where b.customer_id = f.customer_id and b.month = f.counted_month)
    ),
    -- A new story over quota, or one another connection inserted meanwhile (not in targets, not inserted): the
    -- group is refused as a whole and each request decided on its own.
    unadmitted as (
      select ssc_refuse_new_story() from per_story p
      where not exists (select 1 from admitted a where a.customer_id = p.customer_id and a.story_identity = p.story_identity)
    ),
    -- Counted before this group's jobs exist: the jobs ahead of the first of them.
    ahead as (
      select count(*)::int as n from ${asyncJobs} where status in ('accepted', 'processing')
    ),
    recent as (
      select count(*)::int as n from ${asyncJobs} where completed_at > now() - interval '30 seconds'
    ),
    job as (
      insert into ${asyncJobs} (id, customer_id, installation_id, story_id, story_identity, identity_resolution, newly_counted, issue_key, ticket, created_at)
      select i.job_id, i.customer_id, i.installation_id, a.id, i.story_identity, i.identity_resolution,
        case when a.fresh and i.idx = a.first_idx then 1 else 0 end, i.issue_key, i.ticket, i.at
      from input i join admitted a on a.customer_id = i.customer_id and a.story_identity = i.story_identity
      returning id as job_id
    ),
    queued as (${enqueueFrom(SCORE_QUEUE, sql`job`)})
    select i.idx, i.job_id, (select n from ahead) + i.idx as ahead, (select n from recent) as recent,
      (select count(*) from unadmitted) as unadmitted, (select count(*) from queued) as queued
    from input i order by i.idx`,
    { maxPlanAgeMs: 10_000 },
  );
  if (rows.length !== items.length) throw new Error("the grouped acceptance did not answer every job");
  return rows.map((row) => ({ jobId: row.job_id, ahead: Number(row.ahead), recentlyCompleted: Number(row.recent) }));
}

/** A group never holds more than this many jobs, so one statement stays short. */
const MAX_GROUP = 64;

/** One acceptance on its own: a new story over quota is QuotaExhaustedError; a race with another writer is retried. */
async function acceptOne(db: Db, item: AcceptInput): Promise<Accepted> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [accepted] = await acceptGroup(db, [item]);
      return accepted;
    } catch (error) {
      if (!isQuotaRefusal(error)) throw error;
      // Refused: a new story over quota, unless another connection inserted the story meanwhile; then the
      // statement finds it known the next time.
      const raced = attempt < 2 && (await findStory(db, item.customer.customerId, item.identity.storyIdentity));
      if (!raced) throw new QuotaExhaustedError(await quotaState(db, item.customer, item.at));
    }
  }
}

const GROUPS = Symbol.for("ssc.acceptGroups");

/**
 * Accept an asynchronous request: reserve the story against the quota (QuotaExhaustedError when a new story
 * is over it), store the job and queue it, grouped with the acceptances arriving at the same time.
 */
export async function acceptJob(database: Pick<DbHandle, "db" | "driver">, item: AcceptInput): Promise<Accepted> {
  // The queue's tables must exist before a statement writes to them.
  await queue();
  const holder = database.db as unknown as { [GROUPS]?: GroupCommit<AcceptInput, Accepted> };
  const db = database.db;
  // PGlite runs one statement at a time, so a second one in flight would only wait; PostgreSQL runs several.
  const groups = (holder[GROUPS] ??= new GroupCommit<AcceptInput, Accepted>(
    { writeGroup: (items) => acceptGroup(db, items), writeOne: (item) => acceptOne(db, item), afterWrite: () => wakeWorkers(SCORE_QUEUE) },
    database.driver === "pglite" ? 1 : 4,
    MAX_GROUP,
  ));
  return groups.add(item);
}
