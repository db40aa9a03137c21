import { sql } from "drizzle-orm";
import { getDbHandle, type DbHandle } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import { clientBucket, clientIp } from "@/lib/http/client-ip";

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitOutcome {
  allowed: boolean;
  /** Requests made in the current window, this one included. */
  count: number;
  limit: number;
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Count one request against `bucket` and say whether it is within `limit`. A fixed window that opens with the
 * bucket's first request: one atomic upsert (no read-then-write race), on the database every instance shares,
 * timed by the database clock so instances with skewed clocks agree.
 */
export async function consumeRateLimit(handle: DbHandle, bucket: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitOutcome> {
  const expired = sql`rate_limit_counters.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await handle.query<{ count: number; retry_after: number }>(sql`
    insert into rate_limit_counters (bucket, window_start, count) values (${bucket}, now(), 1)
    on conflict (bucket) do update set
      count = case when ${expired} then 1 else rate_limit_counters.count + 1 end,
      window_start = case when ${expired} then now() else rate_limit_counters.window_start end
    returning count,
      greatest(1, ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))))::int as retry_after`);
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    count,
    limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Number(row.retry_after),
  };
}

/** Forget counters whose longest window is over (called lazily; nothing runs on a timer). */
export async function purgeRateLimitCounters(handle: DbHandle, longestWindowSeconds: number): Promise<void> {
  await handle.query(sql`delete from rate_limit_counters where window_start < now() - make_interval(secs => ${longestWindowSeconds})`);
}

/** The public CSV flow's per-IP limits, exactly as the spec's Limits table. */
export const CSV_LIMITS = {
  upload: { limit: 10, windowSeconds: 3600, noun: "uploads", per: "hour" },
  score: { limit: 5, windowSeconds: 3600, noun: "scoring requests", per: "hour" },
  results: { limit: 60, windowSeconds: 60, noun: "results requests", per: "minute" },
} as const;
export type CsvLimitScope = keyof typeof CSV_LIMITS;

/** "42 seconds", "3 minutes", "1 hour": how long to wait, for people. */
export function describeWait(seconds: number): string {
  const [amount, unit] = seconds < 90 ? [seconds, "second"] : seconds < 5400 ? [Math.ceil(seconds / 60), "minute"] : [Math.ceil(seconds / 3600), "hour"];
  return `${amount} ${unit}${amount === 1 ? "" : "s"}`;
}

/**
 * Count a CSV-flow request of the calling client, before any work is done. Over the limit: 429 with
 * `Retry-After` in seconds and a `{detail}` body (no quota `code`: this is throttling, not billing).
 */
export async function enforceCsvLimit(headers: Headers, scope: CsvLimitScope): Promise<RateLimitOutcome> {
  const rule = CSV_LIMITS[scope];
  const outcome = await consumeRateLimit(await getDbHandle(), `csv:${scope}:${clientBucket(clientIp(headers))}`, rule);
  if (!outcome.allowed) {
    throw new ApiError(
      "rate_limited",
      `Too many ${rule.noun} from your address: the limit is ${rule.limit} per ${rule.per}. Try again in ${describeWait(outcome.retryAfterSeconds)}.`,
      [],
      { "Retry-After": String(outcome.retryAfterSeconds) },
    );
  }
  return outcome;
}
