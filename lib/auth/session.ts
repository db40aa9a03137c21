// The signed-in dashboard user, read from next-auth's session cookie and checked against the database.
import { and, eq, notExists, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import type { Db } from "@/db/client";
import { dashboardUsers, endedSessions } from "@/db/schema";
import type { Principal } from "@/lib/auth/scope";
import { sessionSecret } from "./next-auth";

import { SESSION_COOKIE_NAMES } from "./cookie-names";
import { isUuid } from "@/lib/uuid";

export { SESSION_COOKIE_NAMES };

export interface DashboardUser {
  id: string;
  email: string;
  principal: Principal;
}

/** Parse a Cookie header into name -> value. */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    const value = part.slice(index + 1).trim();
    try {
      cookies[name] ??= decodeURIComponent(value);
    } catch {
      cookies[name] ??= value;
    }
  }
  return cookies;
}

function sessionToken(cookies: Record<string, string>): string | null {
  for (const name of SESSION_COOKIE_NAMES) {
    if (cookies[name]) return cookies[name];
    const chunks = Object.keys(cookies)
      .filter((key) => key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)))
      .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
    if (chunks.length) return chunks.map((key) => cookies[key]).join("");
  }
  return null;
}

/**
 * The dashboard user behind a set of cookies, or null. The token must decrypt with the session secret, not be
 * expired nor signed out (lib/auth/session-end.ts), and its user must still exist: the user's customer or company is read from the database, never
 * trusted from the cookie alone.
 */
export async function dashboardUserFromCookies(db: Db, cookies: Record<string, string>): Promise<DashboardUser | null> {
  const token = sessionToken(cookies);
  if (!token) return null;
  let userId: string | undefined;
  let sessionId: string | undefined;
  try {
    const payload = await decode({ token, secret: await sessionSecret(db) });
    if (!payload || (typeof payload.exp === "number" && payload.exp * 1000 < Date.now())) return null;
    userId = payload.sub;
    sessionId = payload.sid;
  } catch {
    return null;
  }
  // A session without an id (from before sign-out ended sessions) cannot be ended, so it is not accepted.
  if (!isUuid(userId) || !isUuid(sessionId)) return null;
  const [user] = await db
    .select({ id: dashboardUsers.id, email: dashboardUsers.email, customerId: dashboardUsers.customerId, companyId: dashboardUsers.companyId })
    .from(dashboardUsers)
    .where(and(eq(dashboardUsers.id, userId), notExists(db.select({ one: sql`1` }).from(endedSessions).where(eq(endedSessions.sessionId, sessionId)))))
    .limit(1);
  if (!user) return null;
  const principal: Principal | null = user.customerId
    ? { kind: "customer", customerId: user.customerId }
    : user.companyId
      ? { kind: "company", companyId: user.companyId }
      : null;
  return principal ? { id: user.id, email: user.email, principal } : null;
}

/** In a server component or action: the signed-in user, or null. */
export async function currentDashboardUser(db: Db): Promise<DashboardUser | null> {
  const { cookies } = await import("next/headers");
  const store = await cookies();
  return dashboardUserFromCookies(db, Object.fromEntries(store.getAll().map((cookie) => [cookie.name, cookie.value])));
}

/** In a dashboard page: the signed-in user, or a redirect to /login that comes back to `returnTo`. */
export async function requireDashboardUser(db: Db, returnTo: string): Promise<DashboardUser> {
  const user = await currentDashboardUser(db);
  if (user) return user;
  const { redirect } = await import("next/navigation");
  return redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
}
