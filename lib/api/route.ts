// One route wrapper per kind of caller. Each is gatewayRoute (request id, log line, error shape) or, for the
// public CSV flow, detailRoute, with two steps before the handler: find the caller, then read the body the route
// declares, in that order, so a caller without credentials is a 401 before the body is read. The handler gets
// what the caller step found and the validated body, typed, and does only its own work.
//
// It sits in the http layer (lib/api) because it joins the platform's wrappers (lib/http) with the services that
// know the callers: lib/http is below the services and may not import them.
import type { z } from "zod";
import { getDb, getDbHandle, type Db, type DbHandle } from "@/db/client";
import { authorizeAccount, type AccountActor } from "@/lib/account/request";
import { requireAdmin } from "@/lib/admin/provisioning";
import { authenticateApiKey, type CustomerContext } from "@/lib/auth/api-keys";
import type { StatsScope } from "@/lib/auth/scope";
import { now } from "@/lib/clock";
import { ONE_MEGABYTE, parseJsonBody, type InvalidBody } from "@/lib/http/body";
import { ApiError } from "@/lib/http/errors";
import { detailRoute, gatewayRoute, type RouteContext } from "@/lib/http/route";
import { authenticateInstallation } from "@/lib/integrations/installations";
import { sourceSchema } from "@/lib/integrations/schemas";
import { enforceCsvLimit, type CsvLimitScope } from "@/lib/rate-limit";
import { authorizeStats, type StatsQuerySchema } from "@/lib/stats/request";

type NextRoute<P> = ReturnType<typeof gatewayRoute<P>>;

/** A JSON body the route takes: its schema, and the most bytes read (1 MB when left out). */
export interface BodyOptions<S extends z.ZodType> {
  body: S;
  maxBytes?: number;
}

/** What a handler is given: the request's context, what the caller step found (`C`) and the body. */
export type CallerContext<P, C, B> = RouteContext<P> & C & { body: B };
type CallerHandler<P, C, B> = (ctx: CallerContext<P, C, B>) => Promise<Response>;

/** A wrapper for one kind of caller: a route without a body (its `body` is undefined), or one with `{ body }`. */
export interface CallerRoute<C> {
  <P = Record<string, never>>(handler: CallerHandler<P, C, undefined>): NextRoute<P>;
  <S extends z.ZodType, P = Record<string, never>>(options: BodyOptions<S>, handler: CallerHandler<P, C, z.output<S>>): NextRoute<P>;
}

/** A wrapper of `wrap`'s family (the gateway's error shape, or the CSV flow's) whose caller step is `identify`. */
function callerRoute<C>(identify: (request: Request) => C | Promise<C>, { wrap = gatewayRoute, invalid }: { wrap?: typeof gatewayRoute; invalid?: InvalidBody } = {}): CallerRoute<C> {
  return (<P>(first: BodyOptions<z.ZodType> | CallerHandler<P, C, unknown>, second?: CallerHandler<P, C, unknown>) => {
    const options = typeof first === "function" ? null : first;
    const handler = (typeof first === "function" ? first : second)!;
    return wrap<P>(async (ctx) => {
      const caller = await identify(ctx.request);
      const body = options ? await parseJsonBody(ctx.request, options.body, options.maxBytes ?? ONE_MEGABYTE, invalid) : undefined;
      return handler({ ...ctx, ...caller, body });
    });
  }) as CallerRoute<C>;
}

/** The account endpoints: an API key, or the dashboard session from this service's own pages, for one customer. */
export const accountRoute = callerRoute(async (request): Promise<{ db: Db; account: AccountActor }> => {
  const db = await getDb();
  return { db, account: await authorizeAccount(db, request) };
});

/** The programs' endpoints (`/score`, `/jobs/{id}`): an API key only. The handle, for the hot path's prepared statements. */
export const apiKeyRoute = callerRoute(async (request): Promise<{ database: DbHandle; customer: CustomerContext }> => {
  const database = await getDbHandle();
  return { database, customer: await authenticateApiKey(database.db, request) };
});

/** The operator's endpoints: the admin token. Nothing is opened, so a route that needs no database works without one. */
export const adminRoute = callerRoute((request): object => {
  requireAdmin(request);
  return {};
});

/** A /stats route: an API key, else the dashboard session, and its scope, narrowed by the query `schema` reads. */
export const statsRoute = <S extends StatsQuerySchema>(schema: S) =>
  callerRoute(async (request): Promise<{ db: Db; at: Date; scope: StatsScope; query: z.infer<S> }> => {
    const db = await getDb();
    const at = now();
    return { db, at, ...(await authorizeStats(db, request, at, schema)) };
  });

/** The public CSV flow: no caller, a per-IP limit of `scope`, and a refused body said as `{detail}` in one sentence. */
export const csvRoute = (scope: CsvLimitScope) =>
  callerRoute(
    async (request): Promise<object> => {
      await enforceCsvLimit(request.headers, scope);
      return {};
    },
    { wrap: detailRoute, invalid: (details) => new ApiError("bad_request", `Invalid request: ${details.join("; ")}.`) },
  );

type Installation = Awaited<ReturnType<typeof authenticateInstallation>>;

/**
 * POST /api/v1/evaluate/{source}: an installation, named by the path's source and the body's cloudId, so here the
 * body comes first; then the X-Service-Secret (from a short cache: no query).
 */
export function installationRoute<S extends z.ZodType<{ cloudId: string }>>(options: BodyOptions<S>, handler: CallerHandler<{ source: string }, Installation & { database: DbHandle }, z.output<S>>) {
  return gatewayRoute<{ source: string }>(async (ctx) => {
    const database = await getDbHandle();
    const body = await parseJsonBody(ctx.request, options.body, options.maxBytes ?? ONE_MEGABYTE);
    const { source } = ctx.params;
    if (!sourceSchema.safeParse(source).success) throw new ApiError("unauthorized", "Unknown integration source.", [`source: '${source}' has no installation`]);
    return handler({ ...ctx, database, ...(await authenticateInstallation(database.db, ctx.request, body.cloudId, source)), body });
  });
}
