import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { logger } from "@/lib/log";
import { requestEnded, requestStarted } from "./activity";
import { ApiError, gatewayErrorBody, toApiError } from "./errors";

export interface RouteContext<P> {
  request: Request;
  params: P;
  requestId: string;
  log: Logger;
}

type Handler<P> = (ctx: RouteContext<P>) => Promise<Response>;
type NextRouteContext<P> = { params: Promise<P> };

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Reuse a caller's X-Request-Id when it is safe to log, else make one. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

function wrap<P>(handler: Handler<P>, renderError: (error: ApiError) => Response) {
  return async (request: Request, context?: NextRouteContext<P>): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const log = logger().child({ request_id: requestId });
    const path = new URL(request.url).pathname;
    let response: Response;
    requestStarted();
    try {
      const params = (context ? await context.params : {}) as P;
      response = await handler({ request, params, requestId, log });
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error.status >= 500) log.error({ err: thrown, path }, "request failed");
      response = renderError(error);
      for (const [name, value] of Object.entries(error.headers)) response.headers.set(name, value);
    } finally {
      requestEnded();
    }
    response.headers.set("X-Request-Id", requestId);
    log.info(
      { method: request.method, path, status: response.status, duration_ms: Math.round(performance.now() - started) },
      "request",
    );
    return response;
  };
}

/** Route wrapper for the gateway (`/api/*`, `/stats/*`): errors as `{error, message, details[]}`. */
export function gatewayRoute<P = Record<string, never>>(handler: Handler<P>) {
  return wrap(handler, (error) => Response.json(gatewayErrorBody(error), { status: error.status }));
}

/** Route wrapper for the public CSV flow (`/evaluate/*`): FastAPI-style `{detail}` errors. */
export function detailRoute<P = Record<string, never>>(handler: Handler<P>) {
  return wrap(handler, (error) => Response.json({ detail: error.message }, { status: error.status }));
}
