import { eq } from "drizzle-orm";
import { decode, encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { appSettings } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { setupTestDatabase } from "@/lib/testing/db";
import { setEnv } from "@/lib/testing/http";
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

  it("otherwise generates one secret, stores it in the database and reuses it after a restart", async () => {
    const first = await sessionSecret(db());
    expect(first.length).toBeGreaterThanOrEqual(40);
    resetSessionSecretCache(); // a restart, or another instance on the same database
    expect(await sessionSecret(db())).toBe(first);
    const [row] = await db().select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
    expect(row.value).toBe(first);
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
    expect(token).toMatchObject({ sub: userId, customerId: "acme", companyId: null });
  });
});

describe("session cookies", () => {
  it("reads the signed-in user from next-auth's cookie, whole or chunked, plain or __Secure-", async () => {
    const secret = await sessionSecret(db());
    const token = await encode({ token: { sub: userId }, secret });
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
