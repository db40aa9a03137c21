import type { Db } from "@/db/client";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { dashboardUserFromCookies, parseCookieHeader } from "@/lib/auth/session";
import { ApiError } from "@/lib/http/errors";
import type { z } from "zod";
import { parseQuery } from "./params";
import { resolveScope, type Principal, type StatsScope } from "./scope";

/**
 * Who calls a /stats endpoint: an API key when an Authorization header is present (a bad key is a 401, never a
 * fall-back to the cookie), else the dashboard session cookie. Neither is a 401 in the gateway shape.
 */
export async function statsPrincipal(db: Db, request: Request, at: Date): Promise<Principal> {
  if (request.headers.has("authorization")) {
    const customer = await authenticateApiKey(db, request, at);
    return { kind: "customer", customerId: customer.customerId };
  }
  const user = await dashboardUserFromCookies(db, parseCookieHeader(request.headers.get("cookie")));
  if (!user) {
    throw new ApiError("unauthorized", "Sign in or send an API key.", ["Authorization: send `Bearer <API_KEY>`, or sign in to the dashboard"], {
      "WWW-Authenticate": 'Bearer realm="stats"',
    });
  }
  return user.principal;
}

/**
 * Authenticate first (an anonymous caller learns nothing, not even which parameters are wrong), then parse the
 * query, then resolve the scope, narrowed by `?customer=` (a company user's filter).
 */
export async function authorizeStats<S extends z.ZodType<{ customer?: string }>>(
  db: Db,
  request: Request,
  at: Date,
  schema: S,
): Promise<{ scope: StatsScope; query: z.infer<S> }> {
  const principal = await statsPrincipal(db, request, at);
  const query = parseQuery(schema, new URL(request.url).searchParams);
  return { scope: await resolveScope(db, principal, query.customer), query };
}
