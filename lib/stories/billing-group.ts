// Group commit for scoring: the runs that finish while the database is busy with the previous group are
// admitted, counted and recorded together, in ONE statement, so a busy server pays the per-statement cost
// (round trip, executor start, commit) once per group instead of once per request.
//
// The grouped statement is all-or-nothing. It covers the common case, where every story of the group is known
// or fits in the quota; when anything in it cannot be admitted (a new story over quota, or a story another
// connection inserted meanwhile) it raises, nothing of the group is written, and each run goes through
// `billAndRecord` on its own, in arrival order, which decides it exactly as an ungrouped request would.
import { sql, type SQL } from "drizzle-orm";
import { executeHot, type Db, type DbHandle } from "@/db/client";
import { quotaUsage, scoreRuns, stories } from "@/db/schema";
import { utcMonth } from "@/lib/clock";
import { GroupCommit } from "@/lib/db-groups";
import { billAndRecord, type AdmitInput, type RunInput } from "./billing";
import { ticketRef, upsertTickets } from "./ticket-ref";

export interface Billed {
  storyId: string;
  newlyCounted: boolean;
}

interface Pending {
  admit: AdmitInput;
  run: RunInput;
}

/** A group never holds more than this many runs, so one statement stays short. */
const MAX_GROUP = 64;

/**
 * `targets`: each row of `per_story` (customer_id, story_identity, ...) with the id of its story when it exists,
 * looked up by the unique (customer, identity) index (see below for why it is written this way).
 */
export const storyTargets = sql`targets as (
      select p.*, (select x.id from ${stories} x where x.customer_id = p.customer_id and x.story_identity = p.story_identity) as story_id
      from per_story p
    )`;

/**
 * The stories of `targets` that exist, refreshed from their runs (summary, key, last scored, run count, latest
 * scores, the kind the latest run judged): updated by primary key; returns id, customer_id, story_identity.
 */
export const refreshStories = sql`update ${stories} s set
        summary = t.summary,
        ticket_key = coalesce(t.ticket_key, s.ticket_key),
        last_scored_at = greatest(s.last_scored_at, t.last_at),
        run_count = s.run_count + t.runs,
        latest_overall_score = t.overall,
        latest_scores = t.scores,
        work_item_type = t.work_item_type
      from targets t
      where s.id = t.story_id and s.id = any(array(select story_id from targets where story_id is not null))
      returning s.id, s.customer_id, s.story_identity`;

/**
 * The quota for the stories a statement's `fresh` CTE inserted (customer_id, counted_month): `fresh_count`
 * counts them per customer and month, and `bump` adds them to quota_usage only if the total stays within the
 * customer's quota (`per_story.quota`). A statement compares `bump` with `fresh_count` and refuses (raises)
 * when a new story did not fit, so the quota is exact under any concurrency.
 */
export const quotaBump = sql`fresh_count as (
      select customer_id, counted_month as month, count(*)::int as stories from fresh group by customer_id, counted_month
    ),
    bump as (
      insert into ${quotaUsage} (customer_id, month, used)
      select c.customer_id, c.month, c.stories from fresh_count c
      where c.stories <= (select max(p.quota) from per_story p where p.customer_id = c.customer_id)
      on conflict (customer_id, month) do update set used = ${quotaUsage}.used + excluded.used
        where ${quotaUsage}.used + excluded.used <= (select max(p.quota) from per_story p where p.customer_id = ${quotaUsage}.customer_id)
      returning customer_id, month
    )`;

/**
 * Admit and record a group of successful runs in one statement (see the file comment). Stories sent more than
 * once in the group are refreshed once, with the latest run's values and `run_count` raised by their number
 * of runs; a new story is counted once, for its first run. Throws when any story cannot be admitted, having
 * written nothing.
 */
export async function billAndRecordGroup(db: Db, items: { admit: AdmitInput; run: RunInput }[]): Promise<Billed[]> {
  const input = items.map(({ admit, run }, idx) => ({
    idx,
    customer_id: admit.customer.customerId,
    quota: admit.customer.quota,
    story_identity: admit.identity.storyIdentity,
    identity_resolution: admit.identity.identityResolution,
    month: utcMonth(admit.at),
    ticket_key: run.ticket.key ?? null,
    summary: run.ticket.summary,
    at: run.at.toISOString(),
    overall: run.result.overall_score,
    scores: run.result.individual_scores,
    work_item_type: run.result.metadata.work_item_type,
    run_id: run.runId,
    ticket_id: run.ticketId,
    ticket_ref: ticketRef(run.ticket, run.ticketId, admit.identity.storyIdentity),
    source: run.source,
    engine: run.engine,
    result: run.result,
    ticket: run.ticket,
    processing_ms: Math.round(run.processingTimeMs),
  }));
  const rows = await executeHot<{ idx: number; story_id: string; fresh: boolean }>(db, sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as i(
        idx int, customer_id text, quota int, story_identity text, identity_resolution text, month text, ticket_key text,
        summary text, at timestamptz, overall real, scores jsonb, work_item_type text, run_id uuid, ticket_id text, ticket_ref text, source text, engine text,
        result jsonb, ticket jsonb, processing_ms int)
    ),
    per_story as (
      select customer_id, story_identity, max(quota) as quota,
        (array_agg(identity_resolution order by idx))[1] as identity_resolution,
        (array_agg(month order by idx))[1] as month,
        (array_agg(ticket_key order by idx desc) filter (where ticket_key is not null))[1] as ticket_key,
        (array_agg(summary order by idx desc))[1] as summary,
        (array_agg(overall order by idx desc))[1] as overall,
        (array_agg(scores order by idx desc))[1] as scores,
        (array_agg(work_item_type order by idx desc))[1] as work_item_type,
        count(*)::int as runs, min(at) as first_at, max(at) as last_at
      from input group by customer_id, story_identity
    ),
    -- Each story looked up by its unique (customer, identity) index, then updated by primary key: written so
    -- that no plan can read the whole table (the planner guesses 100 input rows, and a prepared statement keeps
    -- its plan, so a join left to the planner could settle on a scan of every story, as it did).
    ${storyTargets},
    known as (
      ${refreshStories}
    ),
    fresh as (
      insert into ${stories} (customer_id, story_identity, identity_resolution, counted_month, ticket_key, summary, first_scored_at, last_scored_at, run_count, latest_overall_score, latest_scores, work_item_type)
      select p.customer_id, p.story_identity, p.identity_resolution, p.month, p.ticket_key, p.summary, p.first_at, p.last_at, p.runs, p.overall, p.scores, p.work_item_type
      from per_story p
      where not exists (select 1 from known k where k.customer_id = p.customer_id and k.story_identity = p.story_identity)
      on conflict (customer_id, story_identity) do nothing
      returning id, customer_id, story_identity, counted_month
    ),
    ${quotaBump},
    admitted as (
      select id, customer_id, story_identity, false as fresh from known
      union all
      select f.id, f.customer_id, f.story_identity, true from fresh f
      where exists (select 1 from bump b where b.customer_id = f.customer_id and b.month = f.counted_month)
    ),
    unadmitted as (
      select ssc_refuse_new_story() from per_story p
      where not exists (select 1 from admitted a where a.customer_id = p.customer_id and a.story_identity = p.story_identity)
    ),
    run as (
      insert into ${scoreRuns} (id, customer_id, story_id, ticket_id, ticket_ref, source, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
      select i.run_id, i.customer_id, a.id, i.ticket_id, i.ticket_ref, i.source, i.engine, i.overall, i.scores, i.result, i.ticket, i.processing_ms, i.at
      from input i join admitted a on a.customer_id = i.customer_id and a.story_identity = i.story_identity
      returning id
    ),
    ticket as (${upsertTickets(ticketsOfRuns(sql`admitted`))})
    -- One row per run (a left join, so the subqueries below always run: the unadmitted check raises).
    select i.idx, a.id as story_id, a.fresh, (select count(*) from unadmitted) as unadmitted, (select count(*) from run) as runs,
      (select count(*) from ticket) as tickets
    from input i left join admitted a on a.customer_id = i.customer_id and a.story_identity = i.story_identity
    order by i.idx`,
    // Prepared again every 10 s, so its plan follows the tables' size: a plan frozen while the tables were small
    // can look stories up through the wrong index (db/maintenance.test.ts).
    { maxPlanAgeMs: 10_000 },
  );
  if (rows.length !== items.length || rows.some((row) => !row.story_id)) throw new Error("the grouped statement did not admit every run");
  const firstRun = new Set<string>();
  return rows.map((row) => {
    const fresh = row.fresh === true || String(row.fresh) === "true";
    const newlyCounted = fresh && !firstRun.has(row.story_id);
    firstRun.add(row.story_id);
    return { storyId: row.story_id, newlyCounted };
  });
}

/**
 * The dashboard stories (tickets) of a statement's `input` runs (customer_id, story_identity, identity_resolution,
 * ticket_ref, ticket_key, summary, at, overall, scores, work_item_type, idx) recorded against the stories of `recorded` (id, customer_id,
 * story_identity): one row per (customer, ticket_ref), with its latest run's values, for `upsertTickets`.
 */
export function ticketsOfRuns(recorded: SQL): SQL {
  return sql`(
      select i.customer_id, i.ticket_ref,
        (array_agg(i.ticket_key order by i.idx desc) filter (where i.ticket_key is not null))[1] as ticket_key,
        (array_agg(i.summary order by i.idx desc))[1] as summary,
        (array_agg(r.id order by i.idx desc))[1] as story_id,
        (array_agg(i.story_identity order by i.idx desc))[1] as story_identity,
        (array_agg(i.identity_resolution order by i.idx desc))[1] as identity_resolution,
        min(i.at) as first_at, max(i.at) as last_at, count(*)::int as runs,
        (array_agg(i.overall order by i.idx desc))[1] as overall,
        (array_agg(i.scores order by i.idx desc))[1] as scores,
        (array_agg(i.work_item_type order by i.idx desc))[1] as work_item_type
      from input i
      join ${recorded} r on r.customer_id = i.customer_id and r.story_identity = i.story_identity
      group by i.customer_id, i.ticket_ref
    ) as t`;
}

const GROUPS = Symbol.for("ssc.billingGroups");

/**
 * Admit (count if new) and record a successful run, grouped with the runs that finish at the same time (see the
 * file comment). Same outcome as `billAndRecord`: resolves with the story, or rejects with QuotaExhaustedError
 * when a new story finds the quota used up.
 */
export function recordScore(database: Pick<DbHandle, "db" | "driver">, admit: AdmitInput, run: RunInput): Promise<Billed> {
  const holder = database.db as unknown as { [GROUPS]?: GroupCommit<Pending, Billed> };
  const db = database.db;
  // PGlite runs one statement at a time, so a second one in flight would only wait; PostgreSQL runs several.
  const groups = (holder[GROUPS] ??= new GroupCommit<Pending, Billed>(
    { writeGroup: (items) => billAndRecordGroup(db, items), writeOne: (item) => billAndRecord(db, item.admit, item.run) },
    database.driver === "pglite" ? 1 : 4,
    MAX_GROUP,
  ));
  return groups.add({ admit, run });
}
