import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { apiKeys, customers, dashboardUsers, stories } from "@/db/schema";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { sha256Hex } from "@/lib/auth/secrets";
import { setupTestDatabase } from "@/testing/db";
import { call, setEnv } from "@/testing/http";
import { POST as postCustomer } from "./customers/route";
import { POST as postUser } from "./users/route";

const ADMIN_TOKEN = "test-admin-token-0123456789";
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const database = setupTestDatabase();

describe("admin API", () => {
  beforeEach(() => setEnv({ ADMIN_TOKEN }));

  it("is 404 when ADMIN_TOKEN is not set", async () => {
    setEnv({ ADMIN_TOKEN: undefined });
    const response = await call(postCustomer, "/api/admin/customers", { json: { customer_id: "a", plan: "free" }, headers: admin });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ error: "not_found" });
  });

  it.each([
    ["no token", {}],
    ["a wrong token", { authorization: "Bearer wrong-token-0123456789" }],
    ["a malformed header", { authorization: ADMIN_TOKEN }],
  ])("answers 401 with %s", async (_label, headers) => {
    const response = await call(postCustomer, "/api/admin/customers", { json: { customer_id: "a", plan: "free" }, headers });
    expect(response.status).toBe(401);
    // Plain text, not Markdown: the details are read as they are, in a terminal or on /docs.
    expect(response.body).toEqual({ error: "unauthorized", message: "A valid admin token is required.", details: ['Authorization: send "Bearer <ADMIN_TOKEN>"'] });
  });

  it("creates a customer with a key shown once and stored only as a hash", async () => {
    const response = await call(postCustomer, "/api/admin/customers", {
      json: { customer_id: "acme", plan: "starter", company_id: "globex" },
      headers: admin,
    });
    expect(response.status).toBe(201);
    const body = response.body as { api_key: string };
    expect(response.body).toEqual({ customer_id: "acme", company_id: "globex", plan: "starter", quota: 250, api_key: expect.any(String) });
    expect(body.api_key).toMatch(/^ssk_[A-Za-z0-9_-]{43}$/); // 32 random bytes = 256 bits
    const rows = await database().db.select().from(apiKeys).where(eq(apiKeys.customerId, "acme"));
    expect(rows).toHaveLength(1);
    expect(rows[0].keyHash).toBe(sha256Hex(body.api_key));
    expect(JSON.stringify(rows)).not.toContain(body.api_key);
    expect(body.api_key.startsWith(rows[0].prefix)).toBe(true);
    const context = await authenticateApiKey(database().db, new Request("http://x", { headers: { authorization: `Bearer ${body.api_key}` } }));
    expect(context).toEqual({ customerId: "acme", companyId: "globex", planId: "starter", quota: 250, keyPrefix: rows[0].prefix });
  });

  it("re-provisioning an id rotates the key (200), applies the quota and keeps counted stories", async () => {
    const first = await call(postCustomer, "/api/admin/customers", { json: { customer_id: "rotate", plan: "free" }, headers: admin });
    const oldKey = (first.body as { api_key: string }).api_key;
    await database().db.insert(stories).values({
      customerId: "rotate",
      storyIdentity: "sha256:abc",
      identityResolution: "content_hash",
      countedMonth: "2026-11",
      summary: "x",
      firstScoredAt: new Date(),
      lastScoredAt: new Date(),
    });
    const second = await call(postCustomer, "/api/admin/customers", { json: { customer_id: "rotate", plan: "team", quota: 10 }, headers: admin });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ customer_id: "rotate", plan: "team", quota: 10 });
    const newKey = (second.body as { api_key: string }).api_key;
    expect(newKey).not.toBe(oldKey);
    const asRequest = (key: string) => new Request("http://x", { headers: { authorization: `Bearer ${key}` } });
    await expect(authenticateApiKey(database().db, asRequest(oldKey))).rejects.toMatchObject({ status: 401 });
    await expect(authenticateApiKey(database().db, asRequest(newKey))).resolves.toMatchObject({ quota: 10 });
    expect(await database().db.select().from(stories).where(eq(stories.customerId, "rotate"))).toHaveLength(1);
  });

  it.each([
    [{ plan: "free" }, "customer_id: is required"],
    [{ customer_id: "x" }, "plan: is required"],
    [{ customer_id: "x", plan: "gold" }, "plan: unknown plan 'gold'"],
    [{ customer_id: "has space", plan: "free" }, "customer_id: may contain only"],
    [{ customer_id: "x", plan: "free", quota: -1 }, "quota: must be >= 0"],
    [{ customer_id: "x", plan: "free", quota: 1.5 }, "quota: must be an integer"],
    [{ customer_id: "x", plan: "free", extra: true }, "extra"],
    [{ customer_id: 7, plan: "free" }, "customer_id:"],
  ])("refuses %j with 400", async (json, detail) => {
    const response = await call(postCustomer, "/api/admin/customers", { json, headers: admin });
    expect(response.status).toBe(400);
    expect((response.body as { details: string[] }).details.join(" | ")).toContain(detail);
  });

  it("refuses malformed JSON and oversized bodies", async () => {
    const malformed = await call(postCustomer, "/api/admin/customers", { body: "{nope", headers: { ...admin, "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: "invalid_json" });
    const huge = await call(postCustomer, "/api/admin/customers", { json: { customer_id: "x", plan: "free", pad: "x".repeat(70_000) }, headers: admin });
    expect(huge.status).toBe(413);
  });

  it("creates dashboard users for a customer or a company, with a hashed password", async () => {
    await call(postCustomer, "/api/admin/customers", { json: { customer_id: "users-co", plan: "free", company_id: "users-group" }, headers: admin });
    const forCustomer = await call(postUser, "/api/admin/users", {
      json: { email: "Ann@Example.com", password: "correct horse", customer_id: "users-co" },
      headers: admin,
    });
    expect(forCustomer.status).toBe(201);
    expect(forCustomer.body).toEqual({ user_id: expect.any(String), email: "ann@example.com", customer_id: "users-co", company_id: null });
    const forCompany = await call(postUser, "/api/admin/users", {
      json: { email: "boss@example.com", password: "correct horse", company_id: "users-group" },
      headers: admin,
    });
    expect(forCompany.status).toBe(201);
    const [stored] = await database().db.select().from(dashboardUsers).where(eq(dashboardUsers.email, "ann@example.com"));
    expect(stored.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(JSON.stringify(forCustomer.body)).not.toContain("$2");
  });

  it.each([
    [{ email: "not-an-email", password: "long enough", customer_id: "users-co" }, 400, "email:"],
    [{ email: "a@example.com", password: "short", customer_id: "users-co" }, 400, "password: must be at least 8"],
    [{ email: "a@example.com", password: "long enough" }, 400, "exactly one of customer_id or company_id"],
    [{ email: "a@example.com", password: "long enough", customer_id: "users-co", company_id: "users-group" }, 400, "exactly one"],
    [{ email: "a@example.com", password: "long enough", customer_id: "ghost" }, 400, "unknown customer 'ghost'"],
    [{ email: "a@example.com", password: "long enough", company_id: "ghost" }, 400, "unknown company 'ghost'"],
    [{ email: "ann@example.com", password: "long enough", customer_id: "users-co" }, 409, "is taken"],
  ])("refuses user %j", async (json, status, detail) => {
    const response = await call(postUser, "/api/admin/users", { json, headers: admin });
    expect(response.status).toBe(status);
    expect((response.body as { details: string[] }).details.join(" | ")).toContain(detail);
  });

  it("never stores a customer twice when the same id is provisioned concurrently", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(postCustomer, "/api/admin/customers", { json: { customer_id: "race", plan: "free" }, headers: admin })),
    );
    expect(results.every((result) => result.status === 201 || result.status === 200)).toBe(true);
    expect(await database().db.select().from(customers).where(eq(customers.id, "race"))).toHaveLength(1);
  });
});
