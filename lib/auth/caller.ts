// Who is calling an endpoint that programs and the dashboard share (/stats/*, the account API): an API key
// when an Authorization header is present (a bad key is a 401, never a fall-back to the cookie), else the
// dashboard session cookie. Neither is a 401 in the gateway shape.
import type { Db } from "@/db/client";
import { ApiError } from "@/lib/http/errors";
import type { Principal } from "@/lib/auth/scope";
import { authenticateApiKey } from "./api-keys";
import { dashboardUserFromCookies, parseCookieHeader } from "./session";

export interface Caller {
  principal: Principal;
  /** Who, for audit trails: a dashboard user's email, or "API key ssk_1234abcd" (the key's visible prefix). */
  actor: string;
  via: "api_key" | "session";
}

export async function authenticateCaller(db: Db, request: Request, { realm, at = new Date() }: { realm: string; at?: Date }): Promise<Caller> {
  if (request.headers.has("authorization")) {
    const customer = await authenticateApiKey(db, request, at);
    return { principal: { kind: "customer", customerId: customer.customerId }, actor: `API key ${customer.keyPrefix ?? ""}`.trim(), via: "api_key" };
  }
  const user = await dashboardUserFromCookies(db, parseCookieHeader(request.headers.get("cookie")));
  if (!user) {
    throw new ApiError("unauthorized", "Sign in or send an API key.", ['Authorization: send "Bearer <API_KEY>", or sign in to the dashboard'], {
      "WWW-Authenticate": `Bearer realm="${realm}"`,
    });
  }
  return { principal: user.principal, actor: user.email, via: "session" };
}
