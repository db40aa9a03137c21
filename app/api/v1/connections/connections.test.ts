// The connections API: create, list, get, change, delete and sync, with an API key and with the dashboard
// session (scope and same-origin rule), its validation (4xx in the API's error shape), the per-account limit,
// the audit trail, the schedules it keeps in pg-boss, and never a token in any answer.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resultRows } from "@/db/client";
import { auditEvents, trackerConnections } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { sessionSecret } from "@/lib/auth/next-auth";
import { PGBOSS_SCHEMA, stopQueue } from "@/lib/queue";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { MAX_CONNECTIONS } from "@/lib/trackers/connections";
import { connectionListSchema, connectionSchema } from "@/lib/trackers/schemas";
import { scheduleQueue } from "@/lib/trackers/schedule";
import { DELETE, GET as getOne, PATCH, POST as postOne } from "./[id]/route";
import { GET as getSync, POST as sync } from "./[id]/sync/route";
import { GET as list, PATCH as patchList, POST as create } from "./route";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true", PUBLIC_BASE_URL: "https://stories.example.com" });

const ORIGIN = "http://localhost";
const TOKEN = "jira-secret-token-ABCD";
let acmeKey: string;
let rivalKey: string;
let danaId: string;
/** Every answer of the file, to check that no token ever appears in one. */
const answers: string[] = [];

beforeAll(async () => {
  const db = database().db;
  acmeKey = (await provisionCustomer(db, { customer_id: "acme", plan: "team" })).body.api_key;
  rivalKey = (await provisionCustomer(db, { customer_id: "rival", plan: "free" })).body.api_key;
  danaId = (await createDashboardUser(db, { email: "dana@acme.example", password: "correct horse battery", customer_id: "acme" })).user_id;
});

afterAll(async () => {
  await stopQueue();
  for (const text of answers) {
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("gh-secret-token");
  }
});

async function session(extra: Record<string, string> = {}) {
  const token = await encode({ token: { sub: danaId, sid: randomUUID() }, secret: await sessionSecret(database().db) });
  return { cookie: `next-auth.session-token=${token}`, ...extra };
}

type Handler = (request: Request, context: never) => Promise<Response>;
async function request(handler: Handler, path: string, options: Parameters<typeof call>[2] = {}, params?: Record<string, string>) {
  const response = await call(handler as never, path, options, params as never);
  answers.push(response.text, JSON.stringify([...response.headers]));
  return response;
}

const JIRA = { kind: "jira", name: "Acme Jira", base_url: "https://acme.atlassian.net/", credentials: { email: "dev@acme.example", token: TOKEN }, query: "project = ACME ORDER BY key" };
const createWith = (body: unknown, headers: Record<string, string> = bearer(acmeKey)) => request(create, "/api/v1/connections", { json: body, headers });
type Json = Record<string, unknown>;

describe("POST /api/v1/connections", () => {
  it("creates a connection: 201 with the connection, never the token", async () => {
    const response = await createWith(JIRA);
    expect(response.status).toBe(201);
    const body = connectionSchema.parse(response.body);
    expect(body).toMatchObject({
      kind: "jira",
      name: "Acme Jira",
      base_url: "https://acme.atlassian.net",
      query: "project = ACME ORDER BY key",
      schedule: "manual",
      credentials: { email: "dev@acme.example", token_last4: "ABCD" },
      // Write-back is off unless asked for.
      write_back: { comment: false, label: null, below: 80 },
      last_sync: null,
    });
    expect(response.headers.get("location")).toBe(`/api/v1/connections/${body.id}`);
    expect(Object.keys(response.body as Json).sort()).toEqual(["base_url", "created_at", "credentials", "id", "kind", "last_sync", "name", "query", "schedule", "updated_at", "write_back"]);
    // Stored sealed: neither the token nor its JSON is readable in the row.
    const [row] = await database().db.select().from(trackerConnections).where(eq(trackerConnections.id, body.id));
    expect(row.credentialsSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    const [event] = await database().db.select().from(auditEvents).where(and(eq(auditEvents.customerId, "acme"), eq(auditEvents.action, "connection.created")));
    expect(event).toMatchObject({ actor: expect.stringMatching(/^API key ssk_/), target: "connection jira (Acme Jira)" });
  });

  it("defaults GitHub's and Linear's API base URLs", async () => {
    const github = await createWith({ kind: "github", name: "Shop", credentials: { token: "gh-secret-token-1" }, query: "acme/shop labels=story,bug" });
    expect(github.status).toBe(201);
    expect(github.body).toMatchObject({ base_url: "https://api.github.com", credentials: { email: null }, query: "acme/shop labels=story,bug" });
    const linear = await createWith({ kind: "linear", name: "Eng", credentials: { token: "lin_api_secret" }, query: "ENG", schedule: "manual" });
    expect(linear.status).toBe(201);
    expect(linear.body).toMatchObject({ base_url: "https://api.linear.app" });
  });

  it.each([
    ["an unknown kind", { ...JIRA, kind: "trello" }, "kind:"],
    ["no name", { ...JIRA, name: " " }, "name: must be a non-empty string"],
    ["a long name", { ...JIRA, name: "x".repeat(101) }, "name: must be at most 100 characters"],
    ["jira without an email", { ...JIRA, credentials: { token: TOKEN } }, "credentials.email: is required for jira"],
    ["jira without its site", { ...JIRA, base_url: undefined }, "base_url: is required for jira"],
    ["no token", { ...JIRA, credentials: { email: "dev@acme.example" } }, "credentials.token"],
    ["a bad email", { ...JIRA, credentials: { email: "nope", token: TOKEN } }, "credentials.email: must be an email address"],
    ["a GitHub query that is not owner/repo", { kind: "github", name: "x", credentials: { token: "t" }, query: "shop" }, "query: must be 'owner/repo'"],
    ["a Linear query that is not a team key", { kind: "linear", name: "x", credentials: { token: "t" }, query: "team = ENG" }, "query: must be a Linear team key"],
    ["an unknown schedule", { ...JIRA, schedule: "weekly" }, "schedule:"],
    ["an unknown field", { ...JIRA, token: TOKEN }, "body:"],
    ["a base URL that is not a URL", { ...JIRA, base_url: "acme" }, "base_url: is not a valid URL"],
    ["a base URL with credentials", { ...JIRA, base_url: "https://user:pw@acme.atlassian.net" }, "base_url: must not contain credentials"],
    ["a base URL with a query", { ...JIRA, base_url: "https://acme.atlassian.net/?x=1" }, "base_url: must not contain a query"],
    ["a write-back label with a space", { ...JIRA, write_back: { label: "not ready" } }, "write_back.label: may contain only letters, digits"],
    ["a write-back label with a comma", { ...JIRA, write_back: { label: "a,b" } }, "write_back.label: may contain only"],
    ["a write-back label starting with '-'", { ...JIRA, write_back: { label: "-ready" } }, "write_back.label: may contain only"],
    ["an empty write-back label", { ...JIRA, write_back: { label: "" } }, "write_back.label: must be a non-empty label, or null for none"],
    ["a long write-back label", { ...JIRA, write_back: { label: "x".repeat(51) } }, "write_back.label: must be at most 50 characters"],
    ["a threshold above 100", { ...JIRA, write_back: { comment: true, below: 101 } }, "write_back.below: must be 0 to 100"],
    ["a negative threshold", { ...JIRA, write_back: { below: -1 } }, "write_back.below: must be 0 to 100"],
    ["a fractional threshold", { ...JIRA, write_back: { below: 62.5 } }, "write_back.below: must be a whole percentage"],
    ["a threshold as text", { ...JIRA, write_back: { below: "80" } }, "write_back.below:"],
    ["a comment flag as text", { ...JIRA, write_back: { comment: "yes" } }, "write_back.comment:"],
    ["an unknown write-back field", { ...JIRA, write_back: { property: true } }, "write_back:"],
    ["write_back that is not an object", { ...JIRA, write_back: true }, "write_back:"],
  ])("refuses %s with 400", async (_name, body, detail) => {
    const response = await createWith(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", message: expect.any(String) });
    expect((response.body as { details: string[] }).details.join("\n")).toContain(detail);
  });

  it("stores write-back settings, filling in what is not sent, and echoes them", async () => {
    const response = await createWith({ ...JIRA, name: "Writes back", write_back: { comment: true, label: "needs-refinement" } });
    expect(response.status, response.text).toBe(201);
    const body = connectionSchema.parse(response.body);
    expect(body.write_back).toEqual({ comment: true, label: "needs-refinement", below: 80 });
    expect((await request(getOne, `/api/v1/connections/${body.id}`, { headers: bearer(acmeKey) }, { id: body.id })).body).toMatchObject({
      write_back: { comment: true, label: "needs-refinement", below: 80 },
    });
    const [row] = await database().db.select().from(trackerConnections).where(eq(trackerConnections.id, body.id));
    expect(row).toMatchObject({ writeBackComment: true, writeBackLabel: "needs-refinement", writeBackBelow: 80 });
    const labelOnly = await createWith({ ...JIRA, name: "Label only", write_back: { label: "Ready:no", below: 0 } });
    expect(labelOnly.body).toMatchObject({ write_back: { comment: false, label: "Ready:no", below: 0 } });
  });

  it("refuses a private base URL unless ALLOW_PRIVATE_CALLBACKS, as callback URLs are", async () => {
    setEnv({ ALLOW_PRIVATE_CALLBACKS: "false" });
    try {
      for (const base_url of ["http://acme.atlassian.net", "https://127.0.0.1:8443", "https://169.254.169.254", "https://[::1]"]) {
        const response = await createWith({ ...JIRA, base_url });
        expect(response.status, base_url).toBe(400);
        expect((response.body as { details: string[] }).details[0]).toMatch(/^base_url: must (use https|not point to a private)/);
      }
    } finally {
      setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
    }
  });

  it("answers bad bodies in the API's shape", async () => {
    const notJson = await request(create, "/api/v1/connections", { body: "{", headers: { ...bearer(acmeKey), "content-type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ error: "invalid_json" });
    const array = await createWith([JIRA]);
    expect(array.status).toBe(400);
  });
});

describe("callers", () => {
  it("needs an API key or the session", async () => {
    expect((await request(list, "/api/v1/connections")).status).toBe(401);
    expect((await request(list, "/api/v1/connections", { headers: bearer("ssk_nope") })).status).toBe(401);
    const viaSession = await request(list, "/api/v1/connections", { headers: await session() });
    expect(viaSession.status).toBe(200);
  });

  it("takes changes from the session only with the service's own Origin", async () => {
    const noOrigin = await createWith({ ...JIRA, name: "From the page" }, await session());
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.body).toMatchObject({ error: "forbidden" });
    const crossSite = await createWith({ ...JIRA, name: "From the page" }, await session({ origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
    const own = await createWith({ ...JIRA, name: "From the page" }, await session({ origin: ORIGIN, "sec-fetch-site": "same-origin" }));
    expect(own.status).toBe(201);
    const [event] = await database().db.select().from(auditEvents).where(and(eq(auditEvents.action, "connection.created"), eq(auditEvents.target, "connection jira (From the page)")));
    expect(event.actor).toBe("dana@acme.example");
  });

  it("keeps each customer's connections to itself (another's id is a 404)", async () => {
    const mine = connectionSchema.parse((await createWith({ ...JIRA, name: "Private" })).body);
    const path = `/api/v1/connections/${mine.id}`;
    expect((await request(getOne, path, { headers: bearer(rivalKey) }, { id: mine.id })).status).toBe(404);
    expect((await request(PATCH, path, { method: "PATCH", json: { name: "Mine now" }, headers: bearer(rivalKey) }, { id: mine.id })).status).toBe(404);
    expect((await request(DELETE, path, { method: "DELETE", headers: bearer(rivalKey) }, { id: mine.id })).status).toBe(404);
    expect((await request(sync, `${path}/sync`, { method: "POST", headers: bearer(rivalKey) }, { id: mine.id })).status).toBe(404);
    const rivals = connectionListSchema.parse((await request(list, "/api/v1/connections", { headers: bearer(rivalKey) })).body);
    expect(rivals.data).toEqual([]);
    expect((await request(getOne, "/api/v1/connections/not-a-uuid", { headers: bearer(acmeKey) }, { id: "not-a-uuid" })).status).toBe(404);
  });

  it("answers methods a route does not serve with 405 and Allow", async () => {
    const response = await request(patchList, "/api/v1/connections", { method: "PATCH", json: {}, headers: bearer(acmeKey) });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
    expect((await request(postOne, "/api/v1/connections/x", { method: "POST", headers: bearer(acmeKey) }, { id: "x" })).status).toBe(405);
    expect((await request(getSync, "/api/v1/connections/x/sync", { headers: bearer(acmeKey) }, { id: "x" })).status).toBe(405);
  });
});

describe("GET, PATCH, DELETE /api/v1/connections/{id}", () => {
  it("lists, reads, changes and deletes a connection, each change audited", async () => {
    const created = connectionSchema.parse((await createWith({ ...JIRA, name: "Lifecycle" })).body);
    const path = `/api/v1/connections/${created.id}`;
    const listed = connectionListSchema.parse((await request(list, "/api/v1/connections", { headers: bearer(acmeKey) })).body);
    expect(listed.data[0]).toEqual(created);
    expect((await request(getOne, path, { headers: bearer(acmeKey) }, { id: created.id })).body).toEqual(created);

    const patched = await request(
      PATCH,
      path,
      { method: "PATCH", json: { name: "Renamed", query: "project = SHOP", credentials: { token: "new-secret-token-WXYZ" } }, headers: bearer(acmeKey) },
      { id: created.id },
    );
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: "Renamed", query: "project = SHOP", credentials: { email: "dev@acme.example", token_last4: "WXYZ" } });
    expect(patched.text).not.toContain("new-secret-token");
    const [event] = await database().db.select().from(auditEvents).where(and(eq(auditEvents.action, "connection.updated"), eq(auditEvents.target, "connection jira (Renamed)")));
    expect(event.details).toMatchObject({ name: { from: "Lifecycle", to: "Renamed" }, credentials: { token_last4: "WXYZ" } });
    expect(JSON.stringify(event.details)).not.toContain("new-secret-token");

    // Write-back: only the fields sent change; the next scheduled sync reads every issue again; turning it off says
    // what stays on the issues.
    await database().db.update(trackerConnections).set({ lastSuccessStartedAt: new Date() }).where(eq(trackerConnections.id, created.id));
    const on = await request(PATCH, path, { method: "PATCH", json: { write_back: { comment: true, label: "not-ready" } }, headers: bearer(acmeKey) }, { id: created.id });
    expect(on.status, on.text).toBe(200);
    expect(on.body).toMatchObject({ name: "Renamed", write_back: { comment: true, label: "not-ready", below: 80 } });
    const [reread] = await database().db.select().from(trackerConnections).where(eq(trackerConnections.id, created.id));
    expect(reread.lastSuccessStartedAt).toBeNull();
    const lower = await request(PATCH, path, { method: "PATCH", json: { write_back: { below: 65 } }, headers: bearer(acmeKey) }, { id: created.id });
    expect(lower.body).toMatchObject({ write_back: { comment: true, label: "not-ready", below: 65 } });
    const off = await request(PATCH, path, { method: "PATCH", json: { write_back: { comment: false, label: null } }, headers: bearer(acmeKey) }, { id: created.id });
    expect(off.body).toMatchObject({ write_back: { comment: false, label: null, below: 65 } });
    expect((await request(getOne, path, { headers: bearer(acmeKey) }, { id: created.id })).body).toMatchObject({ write_back: { comment: false, label: null, below: 65 } });
    const events = await database().db.select().from(auditEvents).where(and(eq(auditEvents.action, "connection.updated"), eq(auditEvents.target, "connection jira (Renamed)")));
    expect(events.map((e) => e.details)).toEqual(
      expect.arrayContaining([
        { write_back: { from: { comment: false, label: null, below: 80 }, to: { comment: true, label: "not-ready", below: 80 } } },
        {
          write_back: {
            from: { comment: true, label: "not-ready", below: 65 },
            to: { comment: false, label: null, below: 65 },
            note: "comments and labels already written are left as they are",
          },
        },
      ]),
    );
    // The same settings again change nothing and record nothing.
    const before = events.length;
    await request(PATCH, path, { method: "PATCH", json: { write_back: { below: 65 } }, headers: bearer(acmeKey) }, { id: created.id });
    expect(await database().db.select().from(auditEvents).where(and(eq(auditEvents.action, "connection.updated"), eq(auditEvents.target, "connection jira (Renamed)")))).toHaveLength(before);

    for (const body of [{}, { kind: "github" }, { name: "" }, { schedule: "weekly" }, { credentials: { email: "x@y.example" } }, { write_back: { below: 100.5 } }, { write_back: { label: "two words" } }, { write_back: null }]) {
      const refused = await request(PATCH, path, { method: "PATCH", json: body, headers: bearer(acmeKey) }, { id: created.id });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }

    const deleted = await request(DELETE, path, { method: "DELETE", headers: bearer(acmeKey) }, { id: created.id });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await request(getOne, path, { headers: bearer(acmeKey) }, { id: created.id })).status).toBe(404);
    expect((await request(DELETE, path, { method: "DELETE", headers: bearer(acmeKey) }, { id: created.id })).status).toBe(404);
    const [gone] = await database().db.select().from(auditEvents).where(and(eq(auditEvents.action, "connection.deleted"), eq(auditEvents.target, "connection jira (Renamed)")));
    expect(gone).toBeTruthy();
  });

  it("keeps a pg-boss schedule for an hourly or daily connection, none for a manual or deleted one", async () => {
    const named = async (id: string) => {
      const rows = resultRows<{ name: string; cron: string }>(await database().db.execute(sql`select name, cron from ${sql.raw(`${PGBOSS_SCHEMA}.schedule`)}`));
      return rows.find((row) => row.name === scheduleQueue(id));
    };
    const created = connectionSchema.parse((await createWith({ ...JIRA, name: "Hourly", schedule: "hourly" })).body);
    expect((await named(created.id))?.cron).toMatch(/^\d{1,2} \* \* \* \*$/);
    const path = `/api/v1/connections/${created.id}`;
    await request(PATCH, path, { method: "PATCH", json: { schedule: "daily" }, headers: bearer(acmeKey) }, { id: created.id });
    expect((await named(created.id))?.cron).toMatch(/^\d{1,2} \d{1,2} \* \* \*$/);
    await request(PATCH, path, { method: "PATCH", json: { schedule: "manual" }, headers: bearer(acmeKey) }, { id: created.id });
    expect(await named(created.id)).toBeUndefined();
    await request(PATCH, path, { method: "PATCH", json: { schedule: "hourly" }, headers: bearer(acmeKey) }, { id: created.id });
    expect(await named(created.id)).toBeTruthy();
    await request(DELETE, path, { method: "DELETE", headers: bearer(acmeKey) }, { id: created.id });
    expect(await named(created.id)).toBeUndefined();
  });
});

describe("POST /api/v1/connections/{id}/sync", () => {
  it("answers 202 with the running sync, and the same running one while it waits", async () => {
    const created = connectionSchema.parse((await createWith({ ...JIRA, name: "Sync me" })).body);
    const path = `/api/v1/connections/${created.id}/sync`;
    const first = await request(sync, path, { method: "POST", headers: bearer(acmeKey) }, { id: created.id });
    expect(first.status).toBe(202);
    const body = connectionSchema.parse(first.body);
    expect(body.last_sync).toMatchObject({ status: "running", trigger: "manual", fetched: 0, scored: 0, skipped: 0, failed: 0 });
    expect(body.last_sync?.started_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const second = await request(sync, path, { method: "POST", headers: await session({ origin: ORIGIN }) }, { id: created.id });
    expect(second.status).toBe(202);
    expect(connectionSchema.parse(second.body).last_sync).toEqual(body.last_sync);
    expect((await request(sync, path, { method: "POST", headers: await session() }, { id: created.id })).status).toBe(403);
  });
});

describe("the limit", () => {
  it(`allows ${MAX_CONNECTIONS} connections per customer, then 409`, async () => {
    await provisionCustomer(database().db, { customer_id: "many", plan: "team" }).then(async ({ body }) => {
      const results = await Promise.all(
        Array.from({ length: MAX_CONNECTIONS + 3 }, (_, i) => createWith({ ...JIRA, name: `Project ${i}` }, bearer(body.api_key))),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_CONNECTIONS);
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
      expect(refused[0].body).toMatchObject({ error: "conflict", details: [`connections: at most ${MAX_CONNECTIONS} per account`] });
    });
  });
});
