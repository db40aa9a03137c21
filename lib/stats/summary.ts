import { inArray, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, plans, tickets } from "@/db/schema";
import { WORK_ITEM_KINDS, type WorkItemKind } from "@/lib/scoring/kind";
import { quotaState } from "@/lib/stories/billing";
import { DIMENSIONS, round2, type Dimension } from "@/lib/format";
import { scopedTickets, type StatsScope } from "@/lib/auth/scope";
import type { KindSummary, QuotaSummary, StatsSummary } from "./schemas";

export type { KindSummary, QuotaSummary, StatsSummary } from "./schemas";

/**
 * Headline numbers of a scope: stories, runs, average latest scores (in all and per kind), and this month's
 * quota usage. One grouped pass per kind; the totals add the groups up (weighted by their story counts).
 */
export async function statsSummary({ db, scope, at }: { db: Db; scope: StatsScope; at: Date }): Promise<StatsSummary> {
  const dimensionColumns = Object.fromEntries(
    DIMENSIONS.flatMap((dimension) => [
      [dimension, sql<number | null>`avg((${tickets.latestScores} ->> ${dimension})::float8)`.mapWith(Number)],
      [`${dimension}_n`, sql<number>`count((${tickets.latestScores} ->> ${dimension})::float8)::int`.mapWith(Number)],
    ]),
  ) as Record<Dimension | `${Dimension}_n`, ReturnType<typeof sql<number | null>>>;
  const groups = await db
    .select({
      kind: tickets.workItemType,
      storyCount: sql<number>`count(*)::int`.mapWith(Number),
      runCount: sql<number>`coalesce(sum(${tickets.runCount}), 0)::int`.mapWith(Number),
      averageOverall: sql<number | null>`avg(${tickets.latestOverallScore})::float8`.mapWith(Number),
      overallCount: sql<number>`count(${tickets.latestOverallScore})::int`.mapWith(Number),
      ...dimensionColumns,
    })
    .from(tickets)
    .where(scopedTickets(scope))
    .groupBy(tickets.workItemType);
  // The mean over every group: each group's mean weighted by how many values it averaged.
  const pooled = (value: (group: (typeof groups)[number]) => number | null, weight: (group: (typeof groups)[number]) => number) => {
    let sum = 0;
    let n = 0;
    for (const group of groups) {
      const v = value(group);
      if (v === null || Number.isNaN(v)) continue;
      sum += v * weight(group);
      n += weight(group);
    }
    return n ? sum / n : null;
  };
  const averages = (pick: (dimension: Dimension) => number | null) =>
    Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, round2(pick(dimension))])) as Record<Dimension, number | null>;
  const byKind: Partial<Record<WorkItemKind, KindSummary>> = {};
  for (const kind of WORK_ITEM_KINDS) {
    const group = groups.find((g) => g.kind === kind);
    if (!group) continue;
    byKind[kind] = {
      story_count: group.storyCount,
      average_overall: round2(group.averageOverall),
      dimension_averages: averages((dimension) => group[dimension] as number | null),
    };
  }
  const quotas = await scopeQuotas(db, scope, at);
  return {
    story_count: groups.reduce((sum, group) => sum + group.storyCount, 0),
    run_count: groups.reduce((sum, group) => sum + group.runCount, 0),
    average_overall: round2(pooled((group) => group.averageOverall, (group) => group.overallCount)),
    dimension_averages: averages((dimension) =>
      pooled((group) => group[dimension] as number | null, (group) => Number(group[`${dimension}_n`] ?? 0)),
    ),
    by_work_item_type: byKind,
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
