import { inArray, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, plans, stories } from "@/db/schema";
import { quotaState } from "@/lib/stories/billing";
import { DIMENSIONS, round2, type Dimension } from "./format";
import { scopedStories, type StatsScope } from "./scope";

export interface QuotaSummary {
  customer_id: string;
  plan: string;
  quota: number;
  used: number;
  reset_at: string;
}

export interface StatsSummary {
  story_count: number;
  run_count: number;
  /** Average of each story's latest overall score (0-10), null when there are no stories. */
  average_overall: number | null;
  dimension_averages: Record<Dimension, number | null>;
  /** This month's usage of the one customer in scope; null when the scope spans several customers. */
  quota: Omit<QuotaSummary, "customer_id"> | null;
  /** One entry per customer in scope. */
  quotas: QuotaSummary[];
}

/** Headline numbers of a scope: stories, runs, average latest scores, and this month's quota usage. */
export async function statsSummary({ db, scope, at }: { db: Db; scope: StatsScope; at: Date }): Promise<StatsSummary> {
  const dimensionColumns = Object.fromEntries(
    DIMENSIONS.map((dimension) => [dimension, sql<number | null>`avg((${stories.latestScores} ->> ${dimension})::float8)`.mapWith(Number)]),
  ) as Record<Dimension, ReturnType<typeof sql<number | null>>>;
  const [totals] = await db
    .select({
      storyCount: sql<number>`count(*)::int`.mapWith(Number),
      runCount: sql<number>`coalesce(sum(${stories.runCount}), 0)::int`.mapWith(Number),
      averageOverall: sql<number | null>`avg(${stories.latestOverallScore})::float8`.mapWith(Number),
      ...dimensionColumns,
    })
    .from(stories)
    .where(scopedStories(scope));
  const quotas = await scopeQuotas(db, scope, at);
  return {
    story_count: totals.storyCount,
    run_count: totals.runCount,
    average_overall: round2(totals.averageOverall),
    dimension_averages: Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, round2(totals[dimension] as number | null)])) as Record<
      Dimension,
      number | null
    >,
    quota: quotas.length === 1 ? { plan: quotas[0].plan, quota: quotas[0].quota, used: quotas[0].used, reset_at: quotas[0].reset_at } : null,
    quotas,
  };
}

/** This month's quota usage of every customer in scope (the same count the quota admission uses). */
export async function scopeQuotas(db: Db, scope: StatsScope, at: Date): Promise<QuotaSummary[]> {
  if (scope.customerIds.length === 0) return [];
  const rows = await db
    .select({ id: customers.id, planId: customers.planId, quotaOverride: customers.quotaOverride, planQuota: plans.monthlyQuota })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(inArray(customers.id, scope.customerIds))
    .orderBy(customers.id);
  const states = [];
  for (const row of rows) {
    const state = await quotaState(db, { customerId: row.id, planId: row.planId, quota: row.quotaOverride ?? row.planQuota }, at);
    states.push({ customer_id: row.id, plan: state.plan, quota: state.quota, used: state.used, reset_at: state.resetAt.toISOString() });
  }
  return states;
}
