import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { consumeRateLimit, describeWait, purgeRateLimitCounters } from "./index";

const database = setupTestDatabase();

describe("consumeRateLimit", () => {
  it("counts within a window and tells how long until it ends", async () => {
    const rule = { limit: 2, windowSeconds: 60 };
    const first = await consumeRateLimit(database(), "t:a", rule);
    expect(first).toMatchObject({ allowed: true, count: 1, remaining: 1 });
    expect(first.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(first.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await consumeRateLimit(database(), "t:a", rule)).toMatchObject({ allowed: true, count: 2, remaining: 0 });
    expect(await consumeRateLimit(database(), "t:a", rule)).toMatchObject({ allowed: false, count: 3, remaining: 0 });
    expect(await consumeRateLimit(database(), "t:b", rule)).toMatchObject({ allowed: true, count: 1 });
  });

  it("says at least one second, even at the very end of a window", async () => {
    await consumeRateLimit(database(), "t:end", { limit: 1, windowSeconds: 60 });
    await database().query(sql`update rate_limit_counters set window_start = now() - interval '59.5 seconds' where bucket = 't:end'`);
    const outcome = await consumeRateLimit(database(), "t:end", { limit: 1, windowSeconds: 60 });
    expect(outcome).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it("purges counters whose window is over", async () => {
    await consumeRateLimit(database(), "t:old", { limit: 1, windowSeconds: 60 });
    await database().query(sql`update rate_limit_counters set window_start = now() - interval '2 hours' where bucket = 't:old'`);
    await purgeRateLimitCounters(database(), 3600);
    const rows = await database().query(sql`select 1 from rate_limit_counters where bucket = 't:old'`);
    expect(rows).toHaveLength(0);
  });

  it.skipIf(!hasPostgres)("admits exactly the limit when many requests arrive at once (PostgreSQL)", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => consumeRateLimit(database(), "t:race", { limit: 10, windowSeconds: 3600 })),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
    expect(outcomes.map((o) => o.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});

describe("describeWait", () => {
  it.each([
    [1, "1 second"],
    [42, "42 seconds"],
    [89, "89 seconds"],
    [90, "2 minutes"],
    [3600, "60 minutes"],
    [7200, "2 hours"],
  ])("%i -> %s", (seconds, text) => expect(describeWait(seconds)).toBe(text));
});
