// accountRoute: the account endpoints' wrapper authenticates first, then reads and validates the body, and hands
// the handler the database, the typed account, the typed body and the path's params; errors keep the gateway shape.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { sessionSecret } from "@/lib/auth/next-auth";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { accountRoute } from "./route";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "https://stories.example.com" });

let key: string;
let userId: string;
beforeAll(async () => {
  const db = database().db;
  key = (await provisionCustomer(db, { customer_id: "wrapper-co", plan: "free" })).body.api_key;
  userId = (await createDashboardUser(db, { email: "wren@wrapper.example", password: "correct horse battery", customer_id: "wrapper-co" })).user_id;
});

const noteSchema = z.strictObject({ note: z.string().min(1), count: z.number().int() });

/** Echoes what the wrapper handed over, and counts the calls that reached the handler. */
function echoRoutes() {
  const reached: string[] = [];
  const withBody = accountRoute<typeof noteSchema, { id: string }>({ body: noteSchema, maxBytes: 256 }, async ({ account, body, params, db }) => {
    reached.push("body");
    // A typed body and params: these lines only compile because the wrapper types them.
    const doubled: number = body.count * 2;
    const id: string = params.id;
    expect(typeof db.select).toBe("function");
    return Response.json({ customer: account.customerId, actor: account.actor, note: body.note, doubled, id }, { status: 201 });
  });
  const withoutBody = accountRoute(async ({ account, body }) => {
    reached.push("plain");
    return Response.json({ customer: account.customerId, body: body ?? "none" });
  });
  return { reached, withBody, withoutBody };
}

describe("accountRoute", () => {
  it("hands an API key's caller, the validated body and the params to the handler", async () => {
    const { reached, withBody, withoutBody } = echoRoutes();
    const res = await call(withBody, "/api/v1/x/7", { json: { note: "hello", count: 21 }, headers: bearer(key) }, { id: "7" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ customer: "wrapper-co", actor: expect.stringMatching(/^API key ssk_/), note: "hello", doubled: 42, id: "7" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const plain = await call(withoutBody, "/api/v1/x", { headers: bearer(key) });
    expect(plain).toMatchObject({ status: 200, body: { customer: "wrapper-co", body: "none" } });
    expect(reached).toEqual(["body", "plain"]);
  });

  it("authenticates before it reads the body: no credentials or a bad key is a 401 whatever the body", async () => {
    const { reached, withBody, withoutBody } = echoRoutes();
    for (const headers of [{}, bearer("ssk_not-a-key")]) {
      const res = await call(withBody, "/api/v1/x/7", { body: "{not json", headers: { ...headers, "content-type": "application/json" } }, { id: "7" });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ error: "unauthorized" });
      expect((await call(withoutBody, "/api/v1/x", { headers })).status).toBe(401);
    }
    expect(reached).toEqual([]);
  });

  it("refuses a body the schema does not take with 400, and one over maxBytes with 413, before the handler runs", async () => {
    const { reached, withBody } = echoRoutes();
    const invalid = await call(withBody, "/api/v1/x/7", { json: { note: "", count: 1.5, extra: true }, headers: bearer(key) }, { id: "7" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "validation_error", details: expect.arrayContaining([expect.stringMatching(/note/)]) });
    const malformed = await call(withBody, "/api/v1/x/7", { body: "{not json", headers: { ...bearer(key), "content-type": "application/json" } }, { id: "7" });
    expect(malformed.status).toBe(400);
    const large = await call(withBody, "/api/v1/x/7", { json: { note: "x".repeat(400), count: 1 }, headers: bearer(key) }, { id: "7" });
    expect(large.status).toBe(413);
    expect(reached).toEqual([]);
  });

  it("takes the dashboard session, and refuses its changes from another origin with 403", async () => {
    const { reached, withBody } = echoRoutes();
    const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret: await sessionSecret(database().db) });
    const cookie = `next-auth.session-token=${token}`;
    const json = { note: "from the page", count: 1 };
    const refused = await call(withBody, "/api/v1/x/7", { json, headers: { cookie, origin: "https://evil.example" } }, { id: "7" });
    expect(refused.status).toBe(403);
    expect(reached).toEqual([]);
    const ok = await call(withBody, "/api/v1/x/7", { json, headers: { cookie, origin: "http://localhost" } }, { id: "7" });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ customer: "wrapper-co", actor: "wren@wrapper.example", note: "from the page" });
  });
});
