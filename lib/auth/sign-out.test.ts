// Signing out from the attacker's side: a session cookie copied before its owner signed out (a shared computer,
// a proxy's log, a stolen browser profile) must sign nobody in afterwards. The sign-in and sign-out go through
// next-auth's own handler (its API-route form, which needs no Next request context) with its CSRF check, as the
// browser's do; the copied cookie is then tried on the dashboard's reads and on an account endpoint. The fault
// suite does the same over HTTP against the production server (faults/security.faults.ts).
import NextAuth from "next-auth";
import { beforeAll, describe, expect, it } from "vitest";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { setupTestDatabase } from "@/testing/db";
import { call, setEnv } from "@/testing/http";
import { GET as listKeys } from "@/app/api/v1/keys/route";
import { authOptions } from "./next-auth";
import { dashboardUserFromCookies } from "./session";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "http://localhost", AUTH_SECRET: "sign-out-test-secret-0123456789" });
const CREDENTIALS = { email: "ann@acme.example", password: "a long enough secret" };

beforeAll(async () => {
  await provisionCustomer(database().db, { customer_id: "acme", plan: "free" });
  await createDashboardUser(database().db, { ...CREDENTIALS, customer_id: "acme" });
});

type Jar = Record<string, string>;

/** One request to next-auth's handler; the jar keeps the cookies it sets (and drops the ones it clears). */
async function auth(jar: Jar, method: "GET" | "POST", path: string[], body?: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string | string[]> = {};
  let status = 200;
  let sent: unknown;
  const res = {
    status(code: number) {
      status = code;
      return res;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    setHeader(name: string, value: string | string[]) {
      headers[name.toLowerCase()] = value;
      return res;
    },
    json(value: unknown) {
      sent = value;
      return res;
    },
    send(value: unknown) {
      sent = value;
      return res;
    },
    end() {
      return res;
    },
  };
  const req = { method, query: { nextauth: path }, body, cookies: { ...jar }, headers: { host: "localhost", "x-ssc-peer-address": "203.0.113.20" } };
  await NextAuth(req as never, res as never, await authOptions());
  for (const line of ([] as string[]).concat(headers["set-cookie"] ?? [])) {
    const [pair] = line.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = decodeURIComponent(pair.slice(pair.indexOf("=") + 1));
    if (!value || /max-age=0/i.test(line)) delete jar[name];
    else jar[name] = value;
  }
  return { status, body: sent };
}

async function signIn(): Promise<Jar> {
  const jar: Jar = {};
  const { body } = await auth(jar, "GET", ["csrf"]);
  const csrfToken = (body as { csrfToken: string }).csrfToken;
  const answer = await auth(jar, "POST", ["callback", "credentials"], { ...CREDENTIALS, csrfToken, callbackUrl: "/dashboard", json: "true" });
  expect(answer.body).toEqual({ url: "http://localhost/dashboard" });
  expect(jar["next-auth.session-token"]).toBeTruthy();
  return jar;
}

async function signOut(jar: Jar): Promise<void> {
  const { body } = await auth(jar, "GET", ["csrf"]);
  await auth(jar, "POST", ["signout"], { csrfToken: (body as { csrfToken: string }).csrfToken, json: "true" });
}

const withCookie = (token: string) => ({ headers: { cookie: `next-auth.session-token=${token}` } });

describe("signing out", () => {
  it("ends the session on the server: a copy of the cookie taken before signs nobody in", async () => {
    const jar = await signIn();
    const copied = jar["next-auth.session-token"];
    expect(await dashboardUserFromCookies(database().db, { "next-auth.session-token": copied })).toMatchObject({ email: CREDENTIALS.email });
    expect((await call(listKeys, "/api/v1/keys", withCookie(copied))).status).toBe(200);

    await signOut(jar);
    expect(jar["next-auth.session-token"]).toBeUndefined();
    expect(await dashboardUserFromCookies(database().db, { "next-auth.session-token": copied })).toBeNull();
    const reused = await call(listKeys, "/api/v1/keys", withCookie(copied));
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ error: "unauthorized" });
  });

  it("ends only that session: the same user signed in elsewhere stays signed in", async () => {
    const laptop = await signIn();
    const phone = await signIn();
    await signOut(phone);
    expect(await dashboardUserFromCookies(database().db, { "next-auth.session-token": laptop["next-auth.session-token"] })).toMatchObject({ email: CREDENTIALS.email });
  });

  it("refuses a session cookie without a session id (signed before sessions could be ended)", async () => {
    const { encode } = await import("next-auth/jwt");
    const [user] = await database().db.query.dashboardUsers.findMany({ limit: 1 });
    const legacy = await encode({ token: { sub: user.id }, secret: "sign-out-test-secret-0123456789" });
    expect(await dashboardUserFromCookies(database().db, { "next-auth.session-token": legacy })).toBeNull();
  });
});
