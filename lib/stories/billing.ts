import { and, count, eq, sql } from "drizzle-orm";
import { resultRows, type Db, type Tx } from "@/db/client";
import { customers, plans, scoreRuns, stories } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { nextUtcMonthStart, utcMonth } from "@/lib/clock";
import type { ScoringResult, TicketData } from "@/lib/scoring";
import type { StoryIdentity } from "./identity";

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

/** This month's usage: the customer's stories first counted in the current UTC month. */
export async function quotaState(db: Conn, customer: Pick<CustomerContext, "customerId" | "planId" | "quota">, at: Date): Promise<QuotaState> {
  const [{ used }] = await db
    .select({ used: count() })
    .from(stories)
    .where(and(eq(stories.customerId, customer.customerId), eq(stories.countedMonth, utcMonth(at))));
  return { plan: customer.planId, quota: customer.quota, used, resetAt: nextUtcMonthStart(at) };
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
 * Cheap check before scoring, so a new story over quota is refused without doing the work. Not
 * authoritative: `admitStory` decides, atomically, after scoring.
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

/**
 * Count a story against the quota if it is new; a known story is admitted free, in any month. Run inside a
 * transaction: a new story takes the customer's row lock, so concurrent new stories are admitted one at a
 * time and never past the quota, and the unique (customer, identity) index counts one story once.
 */
export async function admitStory(tx: Tx, { customer, identity, ticket, at }: AdmitInput): Promise<{ storyId: string; newlyCounted: boolean }> {
  const known = await findStory(tx, customer.customerId, identity.storyIdentity);
  if (known) return { storyId: known.id, newlyCounted: false };
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.customerId)).for("no key update");
  const raced = await findStory(tx, customer.customerId, identity.storyIdentity);
  if (raced) return { storyId: raced.id, newlyCounted: false };
  const state = await quotaState(tx, customer, at);
  if (state.used >= state.quota) throw new QuotaExhaustedError(state);
  const [inserted] = await tx
    .insert(stories)
    .values({
      customerId: customer.customerId,
      storyIdentity: identity.storyIdentity,
      identityResolution: identity.identityResolution,
      countedMonth: utcMonth(at),
      ticketKey: ticket.key ?? null,
      summary: ticket.summary,
      firstScoredAt: at,
      lastScoredAt: at,
    })
    .returning({ id: stories.id });
  return { storyId: inserted.id, newlyCounted: true };
}

export interface RunInput {
  runId: string;
  customerId: string;
  storyId: string;
  ticketId: string;
  ticket: TicketData;
  source: "api" | "async" | "seed";
  engine: string;
  result: ScoringResult;
  processingTimeMs: number;
  at: Date;
}

/** Store one scoring run and keep the story's latest scores current (for stats and history). */
export async function recordRun(tx: Tx, input: RunInput): Promise<void> {
  await tx.insert(scoreRuns).values({
    id: input.runId,
    customerId: input.customerId,
    storyId: input.storyId,
    ticketId: input.ticketId,
    source: input.source,
    engine: input.engine,
    overallScore: input.result.overall_score,
    individualScores: input.result.individual_scores,
    result: input.result as unknown as Record<string, unknown>,
    ticket: input.ticket as unknown as Record<string, unknown>,
    processingTimeMs: Math.round(input.processingTimeMs),
    createdAt: input.at,
  });
  await tx
    .update(stories)
    .set({
      summary: input.ticket.summary,
      ticketKey: input.ticket.key ?? sql`${stories.ticketKey}`,
      lastScoredAt: sql`greatest(${stories.lastScoredAt}, ${input.at.toISOString()}::timestamptz)`,
      runCount: sql`${stories.runCount} + 1`,
      latestOverallScore: input.result.overall_score,
      latestScores: input.result.individual_scores,
    })
    .where(eq(stories.id, input.storyId));
}

/**
 * Record a run of a story the customer already has, in one statement (it is atomic on its own): refresh the
 * story's latest scores and insert the run. Returns false when the story is not known yet.
 */
async function recordKnownStoryRun(db: Conn, customerId: string, storyIdentity: string, run: Omit<RunInput, "storyId" | "customerId">): Promise<string | null> {
  const result = await db.execute(sql`
    with story as (
      update ${stories} set
        summary = ${run.ticket.summary},
        ticket_key = coalesce(${run.ticket.key ?? null}, ticket_key),
        last_scored_at = greatest(last_scored_at, ${run.at.toISOString()}::timestamptz),
        run_count = run_count + 1,
        latest_overall_score = ${run.result.overall_score}::real,
        latest_scores = ${JSON.stringify(run.result.individual_scores)}::jsonb
      where customer_id = ${customerId} and story_identity = ${storyIdentity}
      returning id
    )
    insert into ${scoreRuns} (id, customer_id, story_id, ticket_id, source, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
    select ${run.runId}::uuid, ${customerId}, story.id, ${run.ticketId}, ${run.source}, ${run.engine}, ${run.result.overall_score}::real,
      ${JSON.stringify(run.result.individual_scores)}::jsonb, ${JSON.stringify(run.result)}::jsonb, ${JSON.stringify(run.ticket)}::jsonb,
      ${Math.round(run.processingTimeMs)}::int, ${run.at.toISOString()}::timestamptz
    from story
    returning story_id`);
  const [row] = resultRows<{ story_id: string }>(result);
  return row ? row.story_id : null;
}

/**
 * Admit (count if new) and record a successful run. A known story costs one statement. A new story is
 * counted in a transaction that holds the customer's row lock, so concurrent new stories are admitted one at
 * a time and never past the quota, and the unique (customer, identity) index counts one story once.
 */
export async function billAndRecord(db: Db, admit: AdmitInput, run: Omit<RunInput, "storyId" | "customerId">): Promise<{ storyId: string; newlyCounted: boolean }> {
  const { customer, identity, ticket, at } = admit;
  const known = await recordKnownStoryRun(db, customer.customerId, identity.storyIdentity, run);
  if (known) return { storyId: known, newlyCounted: false };
  return db.transaction(async (tx) => {
    // Lock first, count after: in READ COMMITTED a later statement sees every story committed while we waited.
    // FOR NO KEY UPDATE serializes new stories of one customer but, unlike FOR UPDATE, does not block the
    // foreign-key KEY SHARE locks that concurrent run inserts take on the customer row (that would deadlock).
    await tx.execute(sql`select id from ${customers} where id = ${customer.customerId} for no key update`);
    const [locked] = resultRows<{ used: number }>(
      await tx.execute(sql`select count(*)::int as used from ${stories} where customer_id = ${customer.customerId} and counted_month = ${utcMonth(at)}`),
    );
    if (locked.used >= customer.quota) {
      // A concurrent request may have counted this very story while we waited for the lock: it is free then.
      const raced = await recordKnownStoryRun(tx, customer.customerId, identity.storyIdentity, run);
      if (raced) return { storyId: raced, newlyCounted: false };
      throw new QuotaExhaustedError({ plan: customer.planId, quota: customer.quota, used: locked.used, resetAt: nextUtcMonthStart(at) });
    }
    const [inserted] = resultRows<{ story_id: string }>(
      await tx.execute(sql`
        with story as (
          insert into ${stories} (customer_id, story_identity, identity_resolution, counted_month, ticket_key, summary, first_scored_at, last_scored_at, run_count, latest_overall_score, latest_scores)
          values (${customer.customerId}, ${identity.storyIdentity}, ${identity.identityResolution}, ${utcMonth(at)}, ${ticket.key ?? null}, ${ticket.summary},
            ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz, 1, ${run.result.overall_score}::real, ${JSON.stringify(run.result.individual_scores)}::jsonb)
          on conflict (customer_id, story_identity) do nothing
          returning id
        )
        insert into ${scoreRuns} (id, customer_id, story_id, ticket_id, source, engine, overall_score, individual_scores, result, ticket, processing_time_ms, created_at)
        select ${run.runId}::uuid, ${customer.customerId}, story.id, ${run.ticketId}, ${run.source}, ${run.engine}, ${run.result.overall_score}::real,
          ${JSON.stringify(run.result.individual_scores)}::jsonb, ${JSON.stringify(run.result)}::jsonb, ${JSON.stringify(run.ticket)}::jsonb,
          ${Math.round(run.processingTimeMs)}::int, ${at.toISOString()}::timestamptz
        from story
        returning story_id`),
    );
    if (inserted) return { storyId: inserted.story_id, newlyCounted: true };
    const raced = await recordKnownStoryRun(tx, customer.customerId, identity.storyIdentity, run);
    if (!raced) throw new Error("story vanished while being recorded");
    return { storyId: raced, newlyCounted: false };
  });
}

/** The plans table, for the pricing page and error messages. */
export async function listPlans(db: Db) {
  return db.select().from(plans).orderBy(plans.sortOrder);
}
