import { and, eq, sql, type SQL } from "drizzle-orm";
import { executeHot, type Db, type Tx } from "@/db/client";
import { asyncJobs, plans, quotaUsage, scoreRuns, stories } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { nextUtcMonthStart, utcMonth } from "@/lib/clock";
import type { ScoringResult, TicketData } from "@/lib/scoring";
import type { StoryIdentity } from "./identity";
import { ticketRef, upsertTickets } from "./ticket-ref";

export interface QuotaState {
  plan: string;
  quota: number;
  used: number;
  resetAt: Date;
}

/** A new story arrived while this month's quota is used up. Nothing was billed. */
export class QuotaExhaustedError extends Error {
  constructor(readonly state: QuotaState) {
    super("The monthly quota of new stories is exhausted.");
    this.name = "QuotaExhaustedError";
  }
}

type Conn = Db | Tx;
type Customer = Pick<CustomerContext, "customerId" | "planId" | "quota">;

async function usedThisMonth(db: Conn, customerId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ used: quotaUsage.used })
    .from(quotaUsage)
    .where(and(eq(quotaUsage.customerId, customerId), eq(quotaUsage.month, month)));
  return row?.used ?? 0;
}

/** This month's usage: the customer's new stories counted in the current UTC month. */
export async function quotaState(db: Conn, customer: Customer, at: Date): Promise<QuotaState> {
  return { plan: customer.planId, quota: customer.quota, used: await usedThisMonth(db, customer.customerId, utcMonth(at)), resetAt: nextUtcMonthStart(at) };
}

export async function findStory(db: Conn, customerId: string, storyIdentity: string) {
  const [story] = await db
    .select({ id: stories.id, countedMonth: stories.countedMonth, runCount: stories.runCount })
    .from(stories)
    .where(and(eq(stories.customerId, customerId), eq(stories.storyIdentity, storyIdentity)))
    .limit(1);
  return story;
}

/**
 * Cheap check before paying for an expensive engine, so a new story over quota is refused without doing the
 * work. Not authoritative: admission decides, atomically, after scoring.
 */
export async function precheckAdmission(db: Db, customer: CustomerContext, identity: StoryIdentity, at: Date): Promise<void> {
  if (await findStory(db, customer.customerId, identity.storyIdentity)) return;
  const state = await quotaState(db, customer, at);
  if (state.used >= state.quota) throw new QuotaExhaustedError(state);
}

export interface AdmitInput {
  customer: CustomerContext;
  identity: StoryIdentity;
  ticket: TicketData;
  at: Date;
}

export interface RunInput {
  runId: string;
  ticketId: string;
  ticket: TicketData;
  source: "api" | "async" | "seed" | "tracker";
  engine: string;
  result: ScoringResult;
  processingTimeMs: number;
  at: Date;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const timestamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/** `insert into score_runs ... select ... from <storySource>`: one run of the story the source yields. */
function insertRunFrom(storySource: SQL, customerId: string, run: RunInput, ref: string): SQL {
  return sql`insert into ${scoreRuns} (id, customer_id, story_id, ticket_id, ticket_ref, source, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
    select ${run.runId}::uuid, ${customerId}, story.id, ${run.ticketId}, ${ref}, ${run.source}, ${run.engine}, ${run.result.overall_score}::real,
      ${json(run.result.individual_scores)}, ${json(run.result)}, ${json(run.ticket)}, ${Math.round(run.processingTimeMs)}::int, ${timestamp(run.at)}
    from ${storySource}`;
}

/** `update stories ... returning id`: a known story takes the run's summary, key, latest scores and kind. */
function refreshStory(customerId: string, storyIdentity: string, run: RunInput): SQL {
  return sql`update ${stories} set
      summary = ${run.ticket.summary},
      ticket_key = coalesce(${run.ticket.key ?? null}, ticket_key),
      last_scored_at = greatest(last_scored_at, ${timestamp(run.at)}),
      run_count = run_count + 1,
      latest_overall_score = ${run.result.overall_score}::real,
      latest_scores = ${json(run.result.individual_scores)},
      work_item_type = ${run.result.metadata.work_item_type}
    where customer_id = ${customerId} and story_identity = ${storyIdentity}
    returning id`;
}

/**
 * Count the story a `story` CTE inserted against the (customer, month) usage row, only while below the
 * quota: the upsert re-checks `used < quota` on the latest row version, so concurrent admissions never
 * overrun it. Returns a row when counted, none when refused.
 */
function countNewStory(customer: Pick<CustomerContext, "customerId" | "quota">, month: string): SQL {
  return sql`insert into ${quotaUsage} (customer_id, month, used)
      select ${customer.customerId}, ${month}, 1 from story where ${customer.quota}::int > 0
      on conflict (customer_id, month) do update set used = ${quotaUsage}.used + 1 where ${quotaUsage}.used < ${customer.quota}::int
      returning used`;
}

/** Whether a database error is the quota refusal raised by `ssc_refuse_new_story()` (see its migration). */
function isQuotaRefusal(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (String((current as { message?: unknown }).message ?? "").includes("ssc_quota_exhausted")) return true;
  }
  return false;
}

/**
 * Admit (count if new) and record a successful run, in ONE statement, whatever the story:
 * - `known`: a story the customer already has is refreshed (free, in any month, even over quota);
 * - `story` + `bump`: otherwise it is inserted and the (customer, month) usage row bumped, but only while
 *   below the quota: the upsert re-checks `used < quota` on the latest row version, so concurrent admissions
 *   never overrun it, and the unique (customer, identity) index makes a story sent twice at once count once;
 * - `refused`: a new story that found the quota used up raises, which aborts the whole statement (its story
 *   insert included) and becomes QuotaExhaustedError;
 * - `run`: the run is inserted for whichever story was admitted.
 * A new story inserted by a concurrent request after this statement's snapshot leaves nothing to do; the
 * statement then runs again and finds it known.
 */
export async function billAndRecord(db: Db, admit: AdmitInput, run: RunInput): Promise<{ storyId: string; newlyCounted: boolean }> {
  const { customer, identity, ticket, at } = admit;
  const month = utcMonth(at);
  const ref = ticketRef(run.ticket, run.ticketId, identity.storyIdentity);
  for (let attempt = 0; attempt < 3; attempt++) {
    let rows: { known_id: string | null; new_id: string | null }[];
    try {
      rows = await executeHot(db, sql`
        with known as (${refreshStory(customer.customerId, identity.storyIdentity, run)}),
        story as (
          insert into ${stories} (customer_id, story_identity, identity_resolution, counted_month, ticket_key, summary, first_scored_at, last_scored_at, run_count, latest_overall_score, latest_scores, work_item_type)
          select ${customer.customerId}, ${identity.storyIdentity}, ${identity.identityResolution}, ${month}, ${ticket.key ?? null}, ${ticket.summary},
            ${timestamp(at)}, ${timestamp(at)}, 1, ${run.result.overall_score}::real, ${json(run.result.individual_scores)}, ${run.result.metadata.work_item_type}
          where not exists (select 1 from known)
          on conflict (customer_id, story_identity) do nothing
          returning id
        ),
        bump as (${countNewStory(customer, month)}),
        refused as (select ssc_refuse_new_story() from story where not exists (select 1 from bump)),
        admitted as (select id from known union all select id from story where exists (select 1 from bump)),
        run as (${insertRunFrom(sql`admitted as story`, customer.customerId, run, ref)} returning story_id),
        ticket as (${upsertTickets(sql`(
          select ${customer.customerId}::text as customer_id, ${ref}::text as ticket_ref, ${run.ticket.key ?? null}::text as ticket_key,
            ${run.ticket.summary}::text as summary, run.story_id, ${identity.storyIdentity}::text as story_identity,
            ${identity.identityResolution}::text as identity_resolution, ${timestamp(run.at)} as first_at, ${timestamp(run.at)} as last_at,
            1 as runs, ${run.result.overall_score}::real as overall, ${json(run.result.individual_scores)} as scores,
            ${run.result.metadata.work_item_type}::text as work_item_type
          from run) as t`)})
        select (select id from known) as known_id, (select id from story) as new_id,
          (select count(*) from refused) as refused, (select count(*) from run) as runs, (select count(*) from ticket) as tickets`,
        // Prepared again every 10 s on PGlite so the story lookup's plan follows the table's size.
        { maxPlanAgeMs: 10_000 },
      );
    } catch (error) {
      if (isQuotaRefusal(error)) throw new QuotaExhaustedError(await quotaState(db, customer, at));
      throw error;
    }
    const [row] = rows;
    if (row.known_id) return { storyId: row.known_id, newlyCounted: false };
    if (row.new_id) return { storyId: row.new_id, newlyCounted: true };
  }
  throw new Error("the story could not be recorded (it kept changing concurrently)");
}

/**
 * Release a reservation whose job failed for good: a story never scored, and that no other waiting job
 * (accepted or being scored) still needs, is removed and uncounted.
 */
export async function releaseStory(db: Db | Tx, storyId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(stories)
      .where(
        and(
          eq(stories.id, storyId),
          eq(stories.runCount, 0),
          sql`not exists (select 1 from ${asyncJobs} j where j.story_id = ${stories.id} and j.status in ('accepted', 'processing'))`,
        ),
      )
      .returning({ customerId: stories.customerId, month: stories.countedMonth });
    if (!removed) return false;
    await tx
      .update(quotaUsage)
      .set({ used: sql`greatest(${quotaUsage.used} - 1, 0)` })
      .where(and(eq(quotaUsage.customerId, removed.customerId), eq(quotaUsage.month, removed.month)));
    return true;
  });
}

/** The plans table, for the pricing page and error messages. */
export async function listPlans(db: Db) {
  return db.select().from(plans).orderBy(plans.sortOrder);
}
