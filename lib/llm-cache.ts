import { eq } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { llmCache } from "@/db/schema";
import { logger } from "@/lib/log";
import { createMemoryCache, scoringResultSchema, type ScoringCache } from "@/lib/scoring";

/**
 * The LLM engine's answer cache in the database (table `llm_cache`), behind a small in-process LRU: unchanged
 * content never calls the model twice, across restarts and across every instance on the same database.
 * The cache is an optimisation, so a database error is logged and scoring goes on (a miss, or an unsaved
 * answer), never a failed score.
 */
export function createDatabaseLlmCache(options: { db?: () => Promise<Db>; memoryEntries?: number } = {}): ScoringCache {
  const db = options.db ?? getDb;
  const memory = createMemoryCache(options.memoryEntries ?? 500);
  return {
    async get(key) {
      const hit = await memory.get(key);
      if (hit) return hit;
      try {
        const [row] = await (await db()).select({ result: llmCache.result }).from(llmCache).where(eq(llmCache.key, key)).limit(1);
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
          .values({ key, result: value as unknown as Record<string, unknown> })
          .onConflictDoUpdate({ target: llmCache.key, set: { result: value as unknown as Record<string, unknown>, createdAt: new Date() } });
      } catch (error) {
        logger().warn({ err: error }, "llm cache write failed");
      }
    },
  };
}
