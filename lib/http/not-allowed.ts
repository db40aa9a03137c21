// The answers for requests no route serves: an unknown path under /api/v1 or /stats (404), and a method a route
// does not serve (405 with `Allow`), in the error shape of the route's family. Next's own answers (an HTML page,
// an empty 405 without `Allow`) are not what an API client can read.
import { ApiError } from "./errors";
import { detailRoute, gatewayRoute } from "./route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

type Family = "gateway" | "detail";
type RouteHandler = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function route(family: Family, handler: (request: Request) => never): RouteHandler {
  const wrap = family === "gateway" ? gatewayRoute : detailRoute;
  return wrap(async ({ request }) => handler(request)) as RouteHandler;
}

/**
 * Handlers for every method a route does not serve: each answers 405 with `Allow` naming the ones it does.
 * In a route file: `export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);`.
 */
export function methodsNotAllowed(allowed: Method[], family: Family = "gateway"): Record<Method, RouteHandler> {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const handler = route(family, (request) => {
    throw new ApiError("method_not_allowed", `${request.method} is not allowed here; this endpoint answers ${allowed.join(", ")}.`,
      [`method: use ${allowed.join(" or ")}`], { Allow: allow });
  });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}

/** Handlers for every method of a catch-all route: 404 naming the path and where the reference is. */
export function unknownPath(): Record<Method, RouteHandler> {
  const handler = route("gateway", (request) => {
    const path = new URL(request.url).pathname;
    throw new ApiError("not_found", `No endpoint at ${path}.`, ["path: see the API reference at /docs"]);
  });
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}
