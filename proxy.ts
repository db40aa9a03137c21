// Runs before every page and API route (Next.js "proxy", formerly middleware):
// - a signed-out request for a dashboard page gets a 307 to /login from the server, before anything renders
//   (the check is for a session cookie; the page itself then verifies the session against the database).
//   The client router caches that redirect for its prefetch of /dashboard, so signing in ends with a full
//   page load of the callback URL (components/dashboard/sign-in-form.tsx), not a client-side navigation;
// - every answer carries a Content-Security-Policy with a nonce of its own, given to Next.js in the request's
//   headers so that it puts it on the scripts it renders (lib/http/content-security-policy.ts);
// - HTTPS responses carry Strict-Transport-Security. The other security headers, which do not depend on
//   the request, are set for every path in next.config.js.
import { NextResponse, type NextRequest } from "next/server";
import { hasSessionCookie } from "@/lib/auth/cookie-names";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";

/** HSTS: one year, subdomains included, sent only over HTTPS (browsers ignore it over HTTP anyway). */
export const HSTS = "max-age=31536000; includeSubDomains";

function servedOverHttps(request: NextRequest): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return forwarded ? forwarded === "https" : request.nextUrl.protocol === "https:";
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const csp = contentSecurityPolicy(newNonce(), { development: process.env.NODE_ENV === "development" });
  let response: NextResponse;
  const dashboard = pathname === "/dashboard" || pathname.startsWith("/dashboard/");
  if (dashboard && !hasSessionCookie(request.cookies.getAll().map((cookie) => cookie.name))) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${search}`);
    response = NextResponse.redirect(login, 307);
  } else {
    const headers = new Headers(request.headers);
    headers.set("Content-Security-Policy", csp);
    response = NextResponse.next({ request: { headers } });
  }
  response.headers.set("Content-Security-Policy", csp);
  if (servedOverHttps(request)) response.headers.set("Strict-Transport-Security", HSTS);
  return response;
}

export const config = {
  // Everything but Next's own static files and the icons.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
