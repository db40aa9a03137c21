// Methods no route of the service serves (TRACE, TRACK, CONNECT, WebDAV's PROPFIND...) are answered here, before
// Next: Next turns every request into a web Request, whose constructor throws on TRACE, TRACK and CONNECT (a 500
// with a stack trace in the log), and the other unknown methods reach no handler. The answer is a 405 in the
// family's error shape (docs/decisions.md, "Errors"): the gateway's JSON under /api and /stats, FastAPI's
// `{"detail"}` under /evaluate, plain text for pages.
import { randomUUID } from "node:crypto";

export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const SERVED = new Set(SERVED_METHODS);

/** The error family of a path. */
export function familyOf(pathname) {
  if (/^\/(api|stats)(\/|$)/.test(pathname)) return "gateway";
  if (/^\/evaluate(\/|$)/.test(pathname)) return "detail";
  return "page";
}

/** Answers a request whose method no route serves, and says so; false (nothing written) for any other. */
export function refuseUnknownMethod(req, res) {
  if (SERVED.has(req.method ?? "")) return false;
  let pathname = "/";
  try {
    pathname = new URL(req.url ?? "/", "http://service.invalid").pathname;
  } catch {
    // a request line that is not a path: a page's answer
  }
  const family = familyOf(pathname);
  const method = String(req.method).slice(0, 20);
  const allow = family === "page" ? "GET, HEAD" : SERVED_METHODS.join(", ");
  const body =
    family === "gateway"
      ? JSON.stringify({ error: "method_not_allowed", message: `${method} is not allowed here; the service answers ${allow}.`, details: [`method: ${method} is not served`] })
      : family === "detail"
        ? JSON.stringify({ detail: "Method Not Allowed" })
        : "Method Not Allowed\n";
  res.writeHead(405, {
    Allow: allow,
    "Content-Type": family === "page" ? "text/plain; charset=utf-8" : "application/json",
    "X-Request-Id": randomUUID(),
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cache-Control": "no-store",
  });
  // A TRACE would echo the request back; we send nothing of it.
  res.end(req.method === "HEAD" ? undefined : body);
  req.resume();
  return true;
}
