// The route wrapper for the account endpoints (/api/v1/keys, /rules, /dismissals, ...): on top of gatewayRoute's
// request id, log line and error shape, it opens the database, authenticates the caller (an API key, or the
// dashboard session from this service's own pages) and, when the route declares a body schema, reads and
// validates the JSON body, in that order: a caller without credentials is a 401 before the body is read. The
// handler receives a typed account and a typed body and does only its own work.
//
// It sits in the http layer (lib/api) because it joins the platform's wrapper (lib/http) with a service
// (lib/account): lib/http is below the services and may not import them.
import type { z } from "zod";
import { getDb, type Db } from "@/db/client";
import { authorizeAccount, type AccountActor } from "@/lib/account/request";
import { ONE_MEGABYTE, parseJsonBody } from "@/lib/http/body";
import { gatewayRoute, type RouteContext } from "@/lib/http/route";

/** What an account handler is given: the request's context, the database, who calls for which customer, and the body. */
export interface AccountRouteContext<P, B> extends RouteContext<P> {
  db: Db;
  account: AccountActor;
  body: B;
}

/** A JSON body the route takes: its schema, and the most bytes read (1 MB when left out). */
export interface BodyOptions<S extends z.ZodType> {
  body: S;
  maxBytes?: number;
}

type AccountHandler<P, B> = (ctx: AccountRouteContext<P, B>) => Promise<Response>;

/** An account route without a body (GET, DELETE, an action): the handler's `body` is undefined. */
export function accountRoute<P = Record<string, never>>(handler: AccountHandler<P, undefined>): ReturnType<typeof gatewayRoute<P>>;
/** An account route with a JSON body: read after the caller is known, validated by `options.body`, handed over typed. */
export function accountRoute<S extends z.ZodType, P = Record<string, never>>(options: BodyOptions<S>, handler: AccountHandler<P, z.output<S>>): ReturnType<typeof gatewayRoute<P>>;
export function accountRoute<S extends z.ZodType, P>(first: BodyOptions<S> | AccountHandler<P, undefined>, second?: AccountHandler<P, z.output<S>>) {
  const options = typeof first === "function" ? null : first;
  const handler = (typeof first === "function" ? first : second) as AccountHandler<P, z.output<S> | undefined>;
  return gatewayRoute<P>(async (ctx) => {
    const db = await getDb();
    const account = await authorizeAccount(db, ctx.request);
    const body = options ? await parseJsonBody(ctx.request, options.body, options.maxBytes ?? ONE_MEGABYTE) : undefined;
    return handler({ ...ctx, db, account, body });
  });
}
