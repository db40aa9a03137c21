// Requests Next cannot read are answered here, before Next, in the family's error shape (docs/decisions.md,
// "Errors"): the gateway's JSON under /api and /stats, FastAPI's `{"detail"}` under /evaluate, plain text for pages.
// - A method no route serves (TRACE, TRACK, CONNECT, WebDAV's PROPFIND...): 405. Next turns every request into a web
//   Request, whose constructor throws on TRACE, TRACK and CONNECT (a 500 with a stack trace in the log), and the
//   other unknown methods reach no handler.
// - A path whose percent-encoding is malformed (`%ZZ`, a cut `%E0%A4`) or that holds an encoded NUL: 400. Next fails
//   decoding the first into a route's parameters (a 500), and PostgreSQL refuses the second in any query.
import { randomUUID } from "node:crypto";

export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const SERVED = new Set(SERVED_METHODS);

/** The error family of a path. */
export function familyOf(pathname) {
  if (/^\/(api|stats)(\/|$)/.test(pathname)) return "gateway";
  if (/^\/evaluate(\/|$)/.test(pathname)) return "detail";
  return "page";
}

function pathOf(req) {
  try {
    return new URL(req.url ?? "/", "http://service.invalid").pathname;
  } catch {
    // a request line that is not a path: a page's answer
    return "/";
  }
}

/** Whether every percent-escape of a path decodes (as UTF-8) to something other than NUL. */
export function readablePath(pathname) {
  try {
    return !decodeURIComponent(pathname).includes("\u0000");
  } catch {
    return false;
  }
}

/** Answers a request Next cannot read (see the top of this file) and says so; false (nothing written) for any other. */
export function refuseUnreadableRequest(req, res) {
  const pathname = pathOf(req);
  const family = familyOf(pathname);
  if (!SERVED.has(req.method ?? "")) {
    const method = String(req.method).slice(0, 20);
    const allow = family === "page" ? "GET, HEAD" : SERVED_METHODS.join(", ");
    const body =
      family === "gateway"
        ? { error: "method_not_allowed", message: `${method} is not allowed here; the service answers ${allow}.`, details: [`method: ${method} is not served`] }
        : { detail: "Method Not Allowed" };
    answer(req, res, family, 405, body, { Allow: allow });
    return true;
  }
  if (!readablePath(pathname)) {
    const message = "The path holds a malformed percent-encoding or an encoded NUL.";
    const body = family === "gateway" ? { error: "bad_request", message, details: ["path: every % must start a valid UTF-8 escape, and none may encode NUL"] } : { detail: message };
    answer(req, res, family, 400, body);
    return true;
  }
  return false;
}

function answer(req, res, family, status, body, headers = {}) {
  res.writeHead(status, {
    ...headers,
    "Content-Type": family === "page" ? "text/plain; charset=utf-8" : "application/json",
    "X-Request-Id": randomUUID(),
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cache-Control": "no-store",
  });
  // A TRACE would echo the request back; nothing of it is sent.
  const text = family === "page" ? `${body.detail ?? body.message}\n` : JSON.stringify(body);
  res.end(req.method === "HEAD" ? undefined : text);
  req.resume();
}
