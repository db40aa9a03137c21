import { and, eq, gt, lt, sql } from "drizzle-orm";
import { getDb, getDbHandle } from "@/db/client";
import { csvSessions, type CsvSession } from "@/db/schema";
import { CSV_LIMITS, purgeRateLimitCounters } from "@/lib/rate-limit";
import { SESSION_TTL_HOURS, type ColumnMapping, type CsvSummary, type StoryResult } from "./types";
import type { ParsedUpload } from "./upload";
import type { RulePreset } from "@/lib/scoring/rules";
import { isUuid } from "@/lib/uuid";

const notExpired = gt(csvSessions.expiresAt, sql`now()`);

/** Delete expired sessions and finished rate-limit windows. Called on upload: there are no timers. */
export async function purgeExpired(): Promise<void> {
  const db = await getDb();
  await db.delete(csvSessions).where(lt(csvSessions.expiresAt, sql`now()`));
  await purgeRateLimitCounters(await getDbHandle(), Math.max(...Object.values(CSV_LIMITS).map((rule) => rule.windowSeconds)));
}

export async function createSession({ filename, upload, scoreTokenHash }: { filename: string; upload: ParsedUpload; scoreTokenHash: string }): Promise<CsvSession> {
  const db = await getDb();
  const [session] = await db
    .insert(csvSessions)
    .values({
      filename,
      delimiter: upload.delimiter,
      format: upload.format,
      columns: upload.columns,
      rows: upload.rows,
      mapping: upload.mapping,
      scoreTokenHash,
      expiresAt: sql`now() + make_interval(hours => ${SESSION_TTL_HOURS})`,
    })
    .returning();
  return session;
}

/** A live session, or null when the id is unknown, malformed or expired. */
export async function findSession({ sessionId }: { sessionId: string }): Promise<CsvSession | null> {
  if (!isUuid(sessionId)) return null;
  const db = await getDb();
  const [session] = await db.select().from(csvSessions).where(and(eq(csvSessions.id, sessionId), notExpired));
  return session ?? null;
}

/** Store a scoring run; false when the session expired in the meantime. */
export async function saveResults(input: {
  sessionId: string;
  mapping: ColumnMapping;
  summary: CsvSummary;
  results: StoryResult[];
  skippedRows: number[];
  preset: RulePreset;
}): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(csvSessions)
    .set({
      mapping: input.mapping,
      status: "completed",
      summary: input.summary as unknown as Record<string, unknown>,
      results: input.results as unknown as Record<string, unknown>[],
      skippedRows: input.skippedRows,
      preset: input.preset,
      scoredAt: sql`now()`,
    })
    .where(and(eq(csvSessions.id, input.sessionId), notExpired))
    .returning({ id: csvSessions.id });
  return updated.length === 1;
}
