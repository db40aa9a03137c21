// Who manages an account's keys and integrations: a program with one of the account's API keys, or a signed-in
// dashboard user acting for a customer in their scope. The settings page calls the same /api/v1 endpoints as
// programs do, with its session cookie; those requests must come from the service's own pages (CSRF).
import type { Db } from "@/db/client";
import { authenticateCaller } from "@/lib/auth/caller";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { resolveScope } from "@/lib/auth/scope";

export interface AccountActor {
  /** The customer whose keys and integrations the request reads or changes. */
  customerId: string;
  /** Who, for the audit trail: a dashboard user's email, or "API key ssk_1234abcd". */
  actor: string;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Authenticate an account request. An Authorization header means an API key (a bad one is a 401, never a
 * fall-back to the cookie); otherwise the dashboard session. A session's changes must come from this service's
 * own origin. `?customer=` names the customer a company login acts for (it may be left out when the company
 * has one customer); a customer outside the caller's scope is a 404, whether it exists or not.
 */
export async function authorizeAccount(db: Db, request: Request): Promise<AccountActor> {
  const requested = new URL(request.url).searchParams.get("customer")?.trim() || null;
  const caller = await authenticateCaller(db, request, { realm: "api" });
  if (caller.via === "session" && MUTATIONS.has(request.method)) assertSameOrigin(request);
  const scope = await resolveScope(db, caller.principal, requested);
  if (scope.customerIds.length !== 1) {
    throw new ApiError("validation_error", "Name the customer to act for.", [
      `customer: required for a company login; one of ${scope.visibleCustomerIds.slice(0, 20).join(", ") || "(none yet)"}`,
    ]);
  }
  return { customerId: scope.customerIds[0], actor: caller.actor };
}

/**
 * Refuse a cross-site request made with the session cookie: the browser's Origin must be this service's own
 * (the origin the request was addressed to, or PUBLIC_BASE_URL behind a proxy), and Sec-Fetch-Site, where the
 * browser sends it, must say same-origin. A request without an Origin is refused too: every browser sends one
 * on a POST, PATCH or DELETE, so only a non-browser client lacks it, and those use API keys.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const own = new Set([new URL(request.url).origin, new URL(env().publicBaseUrl).origin]);
  if (!origin || !own.has(origin) || (site !== null && site !== "same-origin")) {
    throw new ApiError("forbidden", "Cross-site request refused.", [
      origin ? `Origin: '${origin.slice(0, 100)}' is not this service` : "Origin: header is required for changes made with a session",
    ]);
  }
}
