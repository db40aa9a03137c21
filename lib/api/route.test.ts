// The route wrappers, one per kind of caller: each finds its caller first, then reads and validates the body, and
// hands the handler what it found, the typed body and the path's params; errors keep the family's shape.
import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { sessionSecret } from "@/lib/auth/next-auth";
import { registerInstallation } from "@/lib/integrations/installations";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { accountRoute, adminRoute, apiKeyRoute, csvRoute, installationRoute, statsRoute } from "./route";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "https://stories.example.com", ALLOW_PRIVATE_CALLBACKS: "true", ADMIN_TOKEN: "operator-token-for-the-wrapper-tests" });

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

/** A malformed JSON body: a wrapper that reads it answers 400, so a 401 or 403 with it proves the body was not read. */
const MALFORMED = { body: "{not json", headers: { "content-type": "application/json" } };
const withMalformed = (headers: Record<string, string>) => ({ body: MALFORMED.body, headers: { ...MALFORMED.headers, ...headers } });

describe("apiKeyRoute", () => {
  const reached: string[] = [];
  const route = apiKeyRoute({ body: noteSchema, maxBytes: 256 }, async ({ database, customer, body }) => {
    reached.push(body.note);
    return Response.json({ customer: customer.customerId, quota: customer.quota, driver: database.driver, doubled: body.count * 2 });
  });

  it("hands the key's customer, the database handle and the validated body to the handler", async () => {
    const res = await call(route, "/api/v1/score", { json: { note: "scored", count: 4 }, headers: bearer(key) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customer: "wrapper-co", quota: expect.any(Number), driver: database().driver, doubled: 8 });
    expect(reached).toEqual(["scored"]);
  });

  it("takes an API key only: none, a bad one or a dashboard session is a 401 before the body is read", async () => {
    const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret: await sessionSecret(database().db) });
    for (const headers of [{}, bearer("ssk_not-a-key"), { cookie: `next-auth.session-token=${token}`, origin: "http://localhost" }]) {
      const res = await call(route, "/api/v1/score", withMalformed(headers));
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ error: "unauthorized" });
    }
    expect(reached).toEqual(["scored"]);
  });

  it("refuses a body the schema does not take with 400 naming the field, and one over the limit with 413", async () => {
    const invalid = await call(route, "/api/v1/score", { json: { note: "x", count: "many" }, headers: bearer(key) });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ error: "validation_error", message: "The request failed validation.", details: [expect.stringMatching(/^count: /)] });
    expect((await call(route, "/api/v1/score", { json: { note: "x".repeat(300), count: 1 }, headers: bearer(key) })).status).toBe(413);
    expect(reached).toEqual(["scored"]);
  });
});

describe("adminRoute", () => {
  const admin = { authorization: "Bearer operator-token-for-the-wrapper-tests" };
  const reached: string[] = [];
  const withBody = adminRoute({ body: noteSchema }, async ({ body }) => {
    reached.push(body.note);
    return Response.json({ note: body.note }, { status: 201 });
  });
  const withoutBody = adminRoute(async ({ body }) => Response.json({ body: body ?? "none" }));

  it("hands the operator's validated body to the handler", async () => {
    expect(await call(withBody, "/api/admin/x", { json: { note: "provision", count: 1 }, headers: admin })).toMatchObject({ status: 201, body: { note: "provision" } });
    expect(await call(withoutBody, "/api/admin/x", { headers: admin })).toMatchObject({ status: 200, body: { body: "none" } });
  });

  it("wants the admin token before the body: none, a wrong one or a customer's API key is a 401", async () => {
    for (const headers of [{}, { authorization: "Bearer not-the-token" }, bearer(key)]) {
      const res = await call(withBody, "/api/admin/x", withMalformed(headers));
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.body).toMatchObject({ error: "unauthorized", details: ['Authorization: send "Bearer <ADMIN_TOKEN>"'] });
    }
    const invalid = await call(withBody, "/api/admin/x", { json: { note: "" }, headers: admin });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "validation_error", details: expect.arrayContaining([expect.stringMatching(/^note: /), "count: is required"]) });
    expect(reached).toEqual(["provision"]);
  });

  it("is a 404 on an installation without ADMIN_TOKEN, whatever is sent", async () => {
    setEnv({ ADMIN_TOKEN: undefined });
    try {
      expect((await call(withoutBody, "/api/admin/x", { headers: admin })).status).toBe(404);
    } finally {
      setEnv({ ADMIN_TOKEN: "operator-token-for-the-wrapper-tests" });
    }
  });
});

describe("statsRoute", () => {
  const querySchema = z.object({ customer: z.string().optional(), top: z.coerce.number().int().min(1).max(10).default(3) });
  const route = statsRoute(querySchema)(async ({ scope, query, at }) => {
    // A typed query: `top` is a number because the schema made it one.
    const top: number = query.top;
    return Response.json({ customers: scope.customerIds, top, at: at.toISOString() });
  });

  it("hands the caller's scope, the parsed query and the time of the request to the handler", async () => {
    const res = await call(route, "/stats/x?top=7", { headers: bearer(key) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customers: ["wrapper-co"], top: 7, at: expect.any(String) });
    const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret: await sessionSecret(database().db) });
    const viaSession = await call(route, "/stats/x", { headers: { cookie: `next-auth.session-token=${token}` } });
    expect(viaSession).toMatchObject({ status: 200, body: { customers: ["wrapper-co"], top: 3 } });
  });

  it("tells an anonymous caller nothing about the query: a 401 before a bad parameter's 400", async () => {
    const anonymous = await call(route, "/stats/x?top=99");
    expect(anonymous.status).toBe(401);
    const invalid = await call(route, "/stats/x?top=99", { headers: bearer(key) });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "validation_error", details: [expect.stringMatching(/^top: /)] });
  });
});

describe("installationRoute", () => {
  const issueSchema = z.object({ cloudId: z.string().min(1), summary: z.string().min(1) });
  const reached: string[] = [];
  const route = installationRoute({ body: issueSchema }, async ({ installation, customer, body, database }) => {
    reached.push(body.summary);
    return Response.json({ installation: installation.id, customer: customer.customerId, cloud: body.cloudId, driver: database.driver }, { status: 202 });
  });
  let secret: string;
  let installationId: string;
  beforeAll(async () => {
    const registered = await registerInstallation(database().db, "wrapper-co", { cloudId: "wrapper-cloud", source: "jira", callback_url: "http://127.0.0.1:9/hook" }, "test");
    ({ secret, installation_id: installationId } = registered.body);
  });
  const send = (json: unknown, headers: Record<string, string> = {}, source = "jira") =>
    call(route, `/api/v1/evaluate/${source}`, { json, headers }, { source });

  it("hands the installation the body names, its owner and the validated body to the handler", async () => {
    const res = await send({ cloudId: "wrapper-cloud", summary: "An issue" }, { "x-service-secret": secret });
    expect(res).toMatchObject({ status: 202, body: { installation: installationId, customer: "wrapper-co", cloud: "wrapper-cloud", driver: database().driver } });
    expect(reached).toEqual(["An issue"]);
  });

  it("reads the body first (it names the installation), then checks the source and the secret", async () => {
    const invalid = await send({ summary: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "validation_error", details: expect.arrayContaining(["cloudId: is required"]) });
    const json = { cloudId: "wrapper-cloud", summary: "An issue" };
    expect(await send(json, { "x-service-secret": secret }, "no!such")).toMatchObject({ status: 401, body: { message: "Unknown integration source." } });
    expect(await send(json)).toMatchObject({ status: 401, body: { message: "Missing installation secret." } });
    expect(await send({ ...json, cloudId: "nobody's-cloud" }, { "x-service-secret": secret })).toMatchObject({ status: 401 });
    expect(await send(json, { "x-service-secret": "sss_wrong" })).toMatchObject({ status: 403, body: { error: "forbidden" } });
    expect(reached).toEqual(["An issue"]);
  });
});

describe("csvRoute", () => {
  const reached: string[] = [];
  const route = csvRoute("score")({ body: noteSchema }, async ({ body }) => {
    reached.push(body.note);
    return Response.json({ note: body.note });
  });
  const plain = csvRoute("results")<{ session_id: string }>(async ({ params, body }) => Response.json({ session: params.session_id, body: body ?? "none" }));
  const from = (ip: string, options: { json?: unknown; body?: string; headers?: Record<string, string> }) => ({ ...options, headers: { ...options.headers, "x-ssc-peer-address": ip } });

  it("hands the validated body, or the params of a route without one, to the handler", async () => {
    expect(await call(route, "/evaluate/score", from("198.51.100.1", { json: { note: "rows", count: 2 } }))).toMatchObject({ status: 200, body: { note: "rows" } });
    expect(await call(plain, "/evaluate/results/s1", from("198.51.100.1", {}), { session_id: "s1" })).toMatchObject({ status: 200, body: { session: "s1", body: "none" } });
  });

  it("refuses a bad body as {detail} in one sentence, the way the evaluator's pages read it", async () => {
    const invalid = await call(route, "/evaluate/score", from("198.51.100.2", { json: { note: "", count: 1 } }));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ detail: expect.stringMatching(/^Invalid request: note: .+\.$/) });
    const malformed = await call(route, "/evaluate/score", from("198.51.100.2", MALFORMED));
    expect(malformed).toMatchObject({ status: 400, body: { detail: "The request body is not valid JSON." } });
    expect(reached).toEqual(["rows"]);
  });

  it("counts a request against the address's limit before it reads the body: the sixth score of an hour is a 429", async () => {
    for (let i = 0; i < 5; i++) expect((await call(route, "/evaluate/score", from("198.51.100.3", MALFORMED))).status).toBe(400);
    const limited = await call(route, "/evaluate/score", from("198.51.100.3", { json: { note: "one more", count: 1 } }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/scoring requests/) });
    expect(reached).toEqual(["rows"]);
  });
});
