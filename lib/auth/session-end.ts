// Signing out ends the session on the server too. A dashboard session is a cookie next-auth encrypts and the
// browser keeps, valid until it expires whatever the browser does; each one carries a random id (`sid`, given at
// sign-in and kept when next-auth renews the cookie), and signing out records that id in `ended_sessions`, which
// every session check reads (lib/auth/session.ts). A copy of the cookie taken before the sign-out then signs
// nobody in. Rows are deleted once the session would have expired anyway.
import { lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { endedSessions } from "@/db/schema";
import { isUuid } from "@/lib/uuid";

/**
 * Record a session as ended (idempotent), to be forgotten after `expiresAt` (when its cookie expires); a token
 * without a session id or a user is ignored.
 */
export async function endSession(db: Db, token: { sid?: unknown; sub?: unknown } | null | undefined, expiresAt: Date): Promise<void> {
  if (!token || !isUuid(token.sid) || !isUuid(token.sub)) return;
  await db.insert(endedSessions).values({ sessionId: token.sid, userId: token.sub, expiresAt }).onConflictDoNothing();
  // Sessions ended long enough ago have expired: forget them (a few rows at most, by the expiry index).
  await db.delete(endedSessions).where(lt(endedSessions.expiresAt, sql`now()`));
}
