import { sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { scoreRuns, tickets } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { DIMENSIONS, round2, type Dimension } from "@/lib/format";
import type { TrendInterval } from "./params";
import { latestLanguage, type StatsScope } from "@/lib/auth/scope";
import type { TrendPoint } from "./schemas";

export type { TrendPoint } from "./schemas";

export const MAX_TREND_PERIODS = 400;
const DEFAULT_SPAN: Record<TrendInterval, number> = { day: 90, week: 52, month: 24 };

/** The UTC start of the period containing `date`. */
export function periodStart(date: Date, interval: TrendInterval): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (interval === "day") return day;
  if (interval === "month") return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

export function nextPeriod(start: Date, interval: TrendInterval): Date {
  if (interval === "day") return new Date(start.getTime() + 86_400_000);
  if (interval === "week") return new Date(start.getTime() + 7 * 86_400_000);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

function stepBack(end: Date, interval: TrendInterval, periods: number): Date {
  if (interval === "month") return new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (periods - 1), 1));
  return new Date(periodStart(end, interval).getTime() - (periods - 1) * (interval === "day" ? 1 : 7) * 86_400_000);
}

export interface TrendsInput {
  db: Db;
  scope: StatsScope;
  interval: TrendInterval;
  from?: Date;
  to?: Date;
  at: Date;
}

/**
 * Average scores over time. Runs are bucketed by their UTC creation time; within a period each story counts
 * once, with its last score of that period, so a story re-scored ten times in a week does not outweigh the
 * rest. A story is a ticket as a person knows it (customer, ticket_ref), not a billed story. With a kind filter, only the runs of the stories of that kind count. Every period of the range is returned (empty ones with `stories: 0` and null averages). Without
 * `from`, the series covers up to DEFAULT_SPAN periods and starts at the first period that has data.
 */
export async function statsTrends({ db, scope, interval, from, to, at }: TrendsInput): Promise<TrendPoint[]> {
  const end = to ?? at;
  const start = from ?? stepBack(end, interval, DEFAULT_SPAN[interval]);
  const periods: Date[] = [];
  for (let cursor = periodStart(start, interval); cursor <= end; cursor = nextPeriod(cursor, interval)) {
    periods.push(cursor);
    if (periods.length > MAX_TREND_PERIODS) {
      throw new ApiError("validation_error", "The range has too many periods.", [
        `from: the range spans more than ${MAX_TREND_PERIODS} ${interval}s; shorten it or use a longer interval`,
      ]);
    }
  }
  const rows = scope.customerIds.length === 0 ? [] : await trendRows(db, scope, interval, start, end);
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  let points: TrendPoint[] = periods.map((period) => {
    const key = period.toISOString().slice(0, 10);
    const row = byPeriod.get(key);
    return {
      period_start: period.toISOString(),
      stories: row ? Number(row.stories) : 0,
      average_overall: round2(row ? Number(row.average_overall) : null),
      dimension_averages: Object.fromEntries(
        DIMENSIONS.map((dimension) => [dimension, round2(row && row[dimension] !== null ? Number(row[dimension]) : null)]),
      ) as Record<Dimension, number | null>,
    };
  });
  if (!from) {
    const first = points.findIndex((point) => point.stories > 0);
    points = first === -1 ? points.slice(-1) : points.slice(first);
  }
  return points;
}

type TrendRow = { period: string; stories: number; average_overall: number } & Record<Dimension, number | null>;

async function trendRows(db: Db, scope: StatsScope, interval: TrendInterval, start: Date, end: Date): Promise<TrendRow[]> {
  // The unit comes from a whitelist (TrendInterval), never from the request text itself.
  const unit = sql.raw(`'${interval}'`);
  const ids = sql.join(
    scope.customerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const dimensionAverages = sql.join(
    DIMENSIONS.map((dimension) => sql`avg((individual_scores ->> ${dimension})::float8)::float8 as ${sql.identifier(dimension)}`),
    sql`, `,
  );
  // A kind filter keeps the runs of the stories of that kind (the ticket's latest kind, as every stats endpoint
  // reads it, so the numbers agree), looked up by its unique index rather than read from each run's stored result.
  const kind = scope.workItemType
    ? sql`and exists (select 1 from ${tickets} t where t.customer_id = ${scoreRuns.customerId} and t.ticket_ref = ${scoreRuns.ticketRef} and t.work_item_type = ${scope.workItemType})`
    : sql``;
  // A language filter keeps the runs of the stories whose latest run read them in it, as the other endpoints do.
  const language = scope.language
    ? sql`and ${latestLanguage(sql`${scoreRuns.customerId}`, sql`${scoreRuns.ticketRef}`)} = ${scope.language}`
    : sql``;
  const statement = sql`
    with last_in_period as (
      select distinct on (period, ${scoreRuns.customerId}, ${scoreRuns.ticketRef})
        date_trunc(${unit}, ${scoreRuns.createdAt} at time zone 'UTC') as period,
        ${scoreRuns.overallScore} as overall_score,
        ${scoreRuns.individualScores} as individual_scores
      from ${scoreRuns}
      where ${scoreRuns.customerId} in (${ids})
        and ${scoreRuns.createdAt} >= ${periodStart(start, interval).toISOString()}::timestamptz
        and ${scoreRuns.createdAt} <= ${end.toISOString()}::timestamptz
        ${kind}
        ${language}
      order by period, ${scoreRuns.customerId}, ${scoreRuns.ticketRef}, ${scoreRuns.createdAt} desc, ${scoreRuns.id} desc
    )
    select to_char(period, 'YYYY-MM-DD') as period, count(*)::int as stories, avg(overall_score)::float8 as average_overall, ${dimensionAverages}
    from last_in_period
    group by period
    order by period`;
  const result = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as unknown as { rows: TrendRow[] }).rows) as TrendRow[];
}
