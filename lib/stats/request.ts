import type { Db } from "@/db/client";
import { authenticateCaller } from "@/lib/auth/caller";
import type { z } from "zod";
import type { WorkItemKind } from "@/lib/scoring/kind";
import { parseQuery } from "./params";
import { resolveScope, type Principal, type StatsScope } from "@/lib/auth/scope";

/** Who calls a /stats endpoint: an API key, else the dashboard session (see lib/auth/caller.ts). */
export async function statsPrincipal(db: Db, request: Request, at: Date): Promise<Principal> {
  return (await authenticateCaller(db, request, { realm: "stats", at })).principal;
}

/** A /stats query's schema: whatever else it reads, the filters that narrow the scope. */
export type StatsQuerySchema = z.ZodType<{ customer?: string; work_item_type?: WorkItemKind; language?: string }>;

/**
 * Authenticate first (an anonymous caller learns nothing, not even which parameters are wrong), then parse the
 * query, then resolve the scope, narrowed by `?customer=` (a company user's filter) and `?work_item_type=`.
 */
export async function authorizeStats<S extends StatsQuerySchema>(
  db: Db,
  request: Request,
  at: Date,
  schema: S,
): Promise<{ scope: StatsScope; query: z.infer<S> }> {
  const principal = await statsPrincipal(db, request, at);
  const query = parseQuery(schema, new URL(request.url).searchParams);
  return { scope: await resolveScope(db, principal, query.customer, query.work_item_type, query.language), query };
}
