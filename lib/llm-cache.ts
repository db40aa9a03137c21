import { and, eq, gt, lt } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { llmCache } from "@/db/schema";
import { now } from "@/lib/clock";
import { logger } from "@/lib/log";
import { createMemoryCache, scoringResultSchema, type ScoringCache } from "@/lib/scoring";

const DAY_MS = 86_400_000;
/** Expired rows are deleted at most this often per process, by a write. */
const SWEEP_EVERY_MS = 3_600_000;

/**
 * The LLM engine's answer cache in the database (table `llm_cache`), behind a small in-process LRU: unchanged
 * content never calls the model twice, across restarts and across every instance on the same database.
 * Answers expire `ttlDays` after they were stored (LLM_CACHE_TTL_DAYS, default 90; 0 keeps them): an expired
 * row is a miss, and writes delete expired rows at most once an hour, so the table holds about `ttlDays` of
 * unique content. The cache is an optimisation, so a database error is logged and scoring goes on (a miss, or
 * an unsaved answer), never a failed score.
 */
export function createDatabaseLlmCache(options: { db?: () => Promise<Db>; memoryEntries?: number; ttlDays?: number } = {}): ScoringCache {
  const db = options.db ?? getDb;
  const memory = createMemoryCache(options.memoryEntries ?? 500);
  const ttlMs = (options.ttlDays ?? 90) * DAY_MS;
  let lastSweep = 0;
  const fresh = (key: string) => (ttlMs > 0 ? and(eq(llmCache.key, key), gt(llmCache.createdAt, new Date(now().getTime() - ttlMs))) : eq(llmCache.key, key));

  async function sweep(): Promise<void> {
    const at = now().getTime();
    if (ttlMs <= 0 || at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    const removed = await (await db()).delete(llmCache).where(lt(llmCache.createdAt, new Date(at - ttlMs))).returning({ key: llmCache.key });
    if (removed.length > 0) logger().info({ removed: removed.length }, "expired llm cache entries deleted");
  }

  return {
    async get(key) {
      const hit = await memory.get(key);
      if (hit) return hit;
      try {
        const [row] = await (await db()).select({ result: llmCache.result }).from(llmCache).where(fresh(key)).limit(1);
        if (!row) return undefined;
        // A row written by an older release may no longer match the result schema: treat it as a miss.
        const parsed = scoringResultSchema.safeParse(row.result);
        if (!parsed.success) return undefined;
        await memory.set(key, parsed.data);
        return parsed.data;
      } catch (error) {
        logger().warn({ err: error }, "llm cache read failed; asking the model");
        return undefined;
      }
    },
    async set(key, value) {
      await memory.set(key, value);
      try {
        await (await db())
          .insert(llmCache)
          .values({ key, result: value as unknown as Record<string, unknown>, createdAt: now() })
          .onConflictDoUpdate({ target: llmCache.key, set: { result: value as unknown as Record<string, unknown>, createdAt: now() } });
        await sweep();
      } catch (error) {
        logger().warn({ err: error }, "llm cache write failed");
      }
    },
  };
}
