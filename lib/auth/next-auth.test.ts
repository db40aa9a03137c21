import { randomUUID } from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { setupTestDatabase } from "@/testing/db";
import { setEnv } from "@/testing/http";
import { authorizeCredentials, authOptions, resetSessionSecretCache, sessionSecret } from "./next-auth";
import { dashboardUserFromCookies, parseCookieHeader } from "./session";

const database = setupTestDatabase();
const db = () => database().db;
let userId = "";

beforeAll(async () => {
  await provisionCustomer(db(), { customer_id: "acme", plan: "free", company_id: "acme-co" });
  userId = (await createDashboardUser(db(), { email: "ann@acme.example", password: "long enough secret", customer_id: "acme" })).user_id;
  await createDashboardUser(db(), { email: "boss@acme.example", password: "long enough secret", company_id: "acme-co" });
});

afterEach(() => {
  setEnv({ AUTH_SECRET: undefined, NEXTAUTH_SECRET: undefined });
  resetSessionSecretCache();
});

describe("credentials", () => {
  it("signs in a known user with the right password (email case-insensitive)", async () => {
    expect(await authorizeCredentials(db(), { email: " Ann@Acme.example ", password: "long enough secret" })).toEqual({
      id: userId,
      email: "ann@acme.example",
      customerId: "acme",
      companyId: null,
    });
    expect(await authorizeCredentials(db(), { email: "boss@acme.example", password: "long enough secret" })).toMatchObject({ companyId: "acme-co", customerId: null });
  });

  it("refuses a wrong password, an unknown email and malformed input, and never returns the hash", async () => {
    expect(await authorizeCredentials(db(), { email: "ann@acme.example", password: "wrong" })).toBeNull();
    expect(await authorizeCredentials(db(), { email: "nobody@acme.example", password: "long enough secret" })).toBeNull();
    expect(await authorizeCredentials(db(), { email: 42 })).toBeNull();
    // U+0000 never reaches the database (PostgreSQL would fail on it).
    expect(await authorizeCredentials(db(), { email: "ann@acme.example\u0000", password: "long enough secret" })).toBeNull();
    expect(JSON.stringify(await authorizeCredentials(db(), { email: "ann@acme.example", password: "long enough secret" }))).not.toContain("$2");
  });

  it("takes about as long for an unknown email as for a wrong password", async () => {
    const time = async (email: string) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) await authorizeCredentials(db(), { email, password: "wrong password" });
      return performance.now() - started;
    };
    await time("ann@acme.example");
    const known = await time("ann@acme.example");
    const unknown = await time("nobody@acme.example");
    expect(unknown).toBeGreaterThan(known * 0.5);
  });
});

describe("session secret", () => {
  it("uses AUTH_SECRET (or NEXTAUTH_SECRET) when set", async () => {
    setEnv({ NEXTAUTH_SECRET: "configured-secret-0123456789" });
    expect(await sessionSecret(db())).toBe("configured-secret-0123456789");
    setEnv({ AUTH_SECRET: "auth-secret-wins-0123456789" });
    expect(await sessionSecret(db())).toBe("auth-secret-wins-0123456789");
  });

  it("otherwise derives one from the encryption key: the same after a restart, and nothing of it in the database", async () => {
    const first = await sessionSecret(db());
    expect(first.length).toBeGreaterThanOrEqual(40);
    resetSessionSecretCache(); // a restart, or another instance with the same key
    expect(await sessionSecret(db())).toBe(first);
    const stored = await db().select().from(appSettings);
    expect(stored.map((row) => row.key)).not.toContain("auth_secret");
    expect(stored.some((row) => row.value === first)).toBe(false);
  });

  it("puts the secret and the session callbacks into next-auth's options", async () => {
    setEnv({ AUTH_SECRET: "auth-secret-wins-0123456789" });
    const options = await authOptions();
    expect(options.secret).toBe("auth-secret-wins-0123456789");
    expect(options.pages?.signIn).toBe("/login");
    expect(process.env.NEXTAUTH_URL).toMatch(/^https?:\/\//);
    const token = await options.callbacks!.jwt!({
      token: {},
      user: { id: userId, email: "ann@acme.example", customerId: "acme", companyId: null },
      account: null,
    } as never);
    expect(token).toMatchObject({ sub: userId, customerId: "acme", companyId: null, sid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });
});

describe("session cookies", () => {
  it("reads the signed-in user from next-auth's cookie, whole or chunked, plain or __Secure-", async () => {
    const secret = await sessionSecret(db());
    const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret });
    expect(await decode({ token, secret })).toMatchObject({ sub: userId });
    const expected = { id: userId, email: "ann@acme.example", principal: { kind: "customer", customerId: "acme" } };
    expect(await dashboardUserFromCookies(db(), parseCookieHeader(`a=b; next-auth.session-token=${token}`))).toEqual(expected);
    expect(await dashboardUserFromCookies(db(), { "__Secure-next-auth.session-token": token })).toEqual(expected);
    const half = Math.floor(token.length / 2);
    expect(await dashboardUserFromCookies(db(), { "next-auth.session-token.1": token.slice(half), "next-auth.session-token.0": token.slice(0, half) })).toEqual(expected);
    expect(await dashboardUserFromCookies(db(), {})).toBeNull();
    expect(await dashboardUserFromCookies(db(), { "next-auth.session-token": `${token}x` })).toBeNull();
  });
});

describe("sign-in throttling", () => {
  it("allows 10 attempts per email and 30 per address in 15 minutes, then refuses", async () => {
    const { allowSignInAttempt, SIGN_IN_LIMITS } = await import("./next-auth");
    const { getDbHandle } = await import("@/db/client");
    const handle = await getDbHandle();
    const from = (address: string) => new Headers({ "x-ssc-peer-address": address });
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perEmail; attempt++) {
      expect(await allowSignInAttempt(handle, from("203.0.113.7"), "Target@Example.com")).toBe(true);
    }
    expect(await allowSignInAttempt(handle, from("203.0.113.8"), "target@example.com")).toBe(false);
    // Another email from a fresh address is unaffected; an address is cut off after 30 attempts whatever the email.
    expect(await allowSignInAttempt(handle, from("203.0.113.9"), "other@example.com")).toBe(true);
    for (let attempt = 2; attempt <= SIGN_IN_LIMITS.perAddress; attempt++) {
      expect(await allowSignInAttempt(handle, from("203.0.113.9"), `user${attempt}@example.com`)).toBe(true);
    }
    expect(await allowSignInAttempt(handle, from("203.0.113.9"), "fresh@example.com")).toBe(false);
    // An email holding U+0000 counts against the same email without it, and never fails the database.
    expect(await allowSignInAttempt(handle, from("203.0.113.10"), "target@example.com\u0000")).toBe(false);
  });

  it("makes the credentials provider refuse with too_many_attempts", async () => {
    const options = await authOptions();
    const provider = options.providers[0] as unknown as { options: { authorize: (credentials: Record<string, string>, request: { headers: Record<string, string> }) => Promise<unknown> } };
    const request = { headers: { "x-ssc-peer-address": "198.51.100.4" } };
    for (let attempt = 0; attempt < 10; attempt++) await provider.options.authorize({ email: "locked@example.com", password: "wrong-password" }, request);
    await expect(provider.options.authorize({ email: "locked@example.com", password: "wrong-password" }, request)).rejects.toThrow("too_many_attempts");
  });
});
