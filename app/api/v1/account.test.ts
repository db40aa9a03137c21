// The self-serve account API: keys, installation changes, deliveries (ping, redelivery) and the audit trail,
// with an API key and with the dashboard session (scope and CSRF), against a real receiver on loopback.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, webhookDeliveries } from "@/db/schema";
import { SEND_NOW_LIMIT } from "@/lib/account/deliveries";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { MAX_ACTIVE_KEYS } from "@/lib/auth/api-keys";
import { sessionSecret } from "@/lib/auth/next-auth";
import { stopQueue } from "@/lib/queue";
import { runWorkers } from "@/lib/jobs/workers";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { purgeDeliveries } from "@/lib/webhooks/delivery-log";
import { GET as listAudit } from "./audit-events/route";
import { POST as evaluate } from "./evaluate/[source]/route";
import { POST as redeliverRoute } from "./installations/[id]/deliveries/[delivery_id]/redeliver/route";
import { GET as listDeliveries } from "./installations/[id]/deliveries/route";
import { POST as ping } from "./installations/[id]/ping/route";
import { POST as rotate } from "./installations/[id]/rotate-secrets/route";
import { DELETE as deleteInstallation, PATCH as patchInstallation } from "./installations/[id]/route";
import { GET as listInstallationsRoute, POST as postInstallation } from "./installations/route";
import { GET as getJob } from "./jobs/[job_id]/route";
import { DELETE as revokeKey } from "./keys/[key_id]/route";
import { GET as listKeys, POST as createKey } from "./keys/route";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true", WEBHOOK_RETRY_BASE_MS: "100", WEBHOOK_MAX_ATTEMPTS: "3", PUBLIC_BASE_URL: "https://stories.example.com" });

const ORIGIN = "http://localhost"; // the origin `call` addresses requests to
let receiver: WebhookReceiver;
let acmeKey: string;
let otherKey: string;
const users: Record<string, string> = {};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  const db = database().db;
  acmeKey = (await provisionCustomer(db, { customer_id: "acme", plan: "team", company_id: "holding" })).body.api_key;
  await provisionCustomer(db, { customer_id: "acme-labs", plan: "free", company_id: "holding" });
  otherKey = (await provisionCustomer(db, { customer_id: "rival", plan: "free" })).body.api_key;
  users.dana = (await createDashboardUser(db, { email: "dana@acme.example", password: "correct horse battery", customer_id: "acme" })).user_id;
  users.lead = (await createDashboardUser(db, { email: "lead@holding.example", password: "correct horse battery", company_id: "holding" })).user_id;
  await runWorkers({ scoreWorkers: 1, pollingIntervalSeconds: 0.5 });
});

const ownReceivers: WebhookReceiver[] = [];
afterAll(async () => {
  await stopQueue();
  await Promise.all([receiver, ...ownReceivers].map((entry) => entry.close()));
});

/** A receiver of the test's own: callbacks of other tests' jobs, still arriving, cannot take its replies. */
async function ownReceiver(): Promise<WebhookReceiver> {
  const created = await startWebhookReceiver();
  ownReceivers.push(created);
  return created;
}

afterEach(() => {
  receiver.deliveries.length = 0;
  receiver.replies = [];
  receiver.defaultReply = undefined;
  receiver.secret = undefined;
});

async function session(userId: string, extra: Record<string, string> = {}) {
  const token = await encode({ token: { sub: userId, sid: randomUUID() }, secret: await sessionSecret(database().db) });
  return { cookie: `next-auth.session-token=${token}`, ...extra };
}

type Json = Record<string, unknown>;
type Key = { key_id: string; name: string; prefix: string; status: string; created_by: string; key?: string; last_used_at: string | null; revoked_at: string | null };
type Delivery = { delivery_id: string; job_id: string | null; event: string; webhook_id: string; status: string; issue_key: string | null; attempts: Json[] };

const newKey = (headers: Record<string, string>, name: string, query = "") => call(createKey, `/api/v1/keys${query}`, { json: { name }, headers });

async function register(cloudId: string, key = acmeKey, callbackUrl = receiver.url) {
  const response = await call(postInstallation, "/api/v1/installations", { json: { cloudId, source: "jira", callback_url: callbackUrl }, headers: bearer(key) });
  expect(response.status).toBe(201);
  return response.body as { installation_id: string; secret: string; webhook_secret: string };
}

const auditActions = async (key = acmeKey) => {
  const response = await call(listAudit, "/api/v1/audit-events?limit=100", { headers: bearer(key) });
  return (response.body as { data: { action: string; actor: string; target: string; details: Json }[] }).data;
};

describe("API keys", () => {
  it("creates a key shown once, lists keys without it, and revokes it at once (several keys active meanwhile)", async () => {
    const created = await newKey(bearer(acmeKey), "CI pipeline");
    expect(created.status).toBe(201);
    const key = created.body as Key;
    expect(key).toEqual({
      key_id: expect.any(String),
      name: "CI pipeline",
      prefix: key.key!.slice(0, 12),
      created_at: expect.any(String),
      last_used_at: null,
      created_by: expect.stringMatching(/^API key ssk_/),
      status: "active",
      revoked_at: null,
      key: expect.stringMatching(/^ssk_[A-Za-z0-9_-]{43}$/),
    });
    // Both keys work: the new one can be rolled out before the old one is revoked.
    const list = await call(listKeys, "/api/v1/keys", { headers: bearer(key.key!) });
    expect(list.status).toBe(200);
    const listed = (list.body as { data: Key[] }).data;
    expect(listed.map((entry) => entry.name)).toEqual(["CI pipeline", "Provisioned key"]);
    expect(JSON.stringify(list.body)).not.toContain(key.key);
    expect(listed[0].last_used_at).not.toBeNull();
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(acmeKey) })).status).toBe(200);

    const revoked = await call(revokeKey, `/api/v1/keys/${key.key_id}`, { method: "DELETE", headers: bearer(acmeKey) }, { key_id: key.key_id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ key_id: key.key_id, status: "revoked", revoked_at: expect.any(String) });
    // Cached a moment ago, and still refused at once in this process.
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(key.key!) })).status).toBe(401);
    const again = await call(revokeKey, `/api/v1/keys/${key.key_id}`, { method: "DELETE", headers: bearer(acmeKey) }, { key_id: key.key_id });
    expect(again.body).toEqual(revoked.body);

    const audit = await auditActions();
    expect(audit.filter((event) => event.target.includes(key.prefix)).map((event) => event.action)).toEqual(["key.revoked", "key.created"]);
  });

  it("validates the name and the body size", async () => {
    expect((await newKey(bearer(acmeKey), "")).status).toBe(400);
    expect((await newKey(bearer(acmeKey), "n".repeat(101))).body).toMatchObject({ error: "validation_error", details: ["name: must be at most 100 characters"] });
    expect((await call(createKey, "/api/v1/keys", { json: { name: "x", extra: 1 }, headers: bearer(acmeKey) })).status).toBe(400);
    expect((await call(createKey, "/api/v1/keys", { body: "{", headers: { ...bearer(acmeKey), "content-type": "application/json" } })).status).toBe(400);
    expect((await call(createKey, "/api/v1/keys", { json: { name: "x".repeat(16 * 1024) }, headers: bearer(acmeKey) })).status).toBe(413);
    const longest = await newKey(bearer(acmeKey), "n".repeat(100));
    expect(longest.status).toBe(201);
    await call(revokeKey, `/api/v1/keys/x`, { method: "DELETE", headers: bearer(acmeKey) }, { key_id: (longest.body as Key).key_id });
  });

  it(`allows ${MAX_ACTIVE_KEYS} active keys and refuses the next with 409`, async () => {
    const { api_key: key } = (await provisionCustomer(database().db, { customer_id: "many-keys", plan: "free" })).body;
    for (let index = 1; index < MAX_ACTIVE_KEYS; index++) expect((await newKey(bearer(key), `key ${index}`)).status).toBe(201);
    const refused = await newKey(bearer(key), "one too many");
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "conflict", details: [`keys: at most ${MAX_ACTIVE_KEYS} active keys per account`] });
    const keys = (await call(listKeys, "/api/v1/keys", { headers: bearer(key) })).body as { data: Key[] };
    const first = keys.data.find((entry) => entry.name === "key 1")!;
    await call(revokeKey, `/api/v1/keys/${first.key_id}`, { method: "DELETE", headers: bearer(key) }, { key_id: first.key_id });
    expect((await newKey(bearer(key), "after a revocation")).status).toBe(201);
  });

  it("answers 404 for another customer's key, and for a customer outside the caller's scope", async () => {
    const rivalKeys = (await call(listKeys, "/api/v1/keys", { headers: bearer(otherKey) })).body as { data: Key[] };
    const target = rivalKeys.data[0].key_id;
    const response = await call(revokeKey, `/api/v1/keys/${target}`, { method: "DELETE", headers: bearer(acmeKey) }, { key_id: target });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "not_found", message: "No such API key.", details: [] });
    expect((await call(revokeKey, "/api/v1/keys/not-a-uuid", { method: "DELETE", headers: bearer(acmeKey) }, { key_id: "not-a-uuid" })).status).toBe(404);
    expect((await call(listKeys, "/api/v1/keys?customer=rival", { headers: bearer(acmeKey) })).status).toBe(404);
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(otherKey) })).status).toBe(200);
    // The rival's key still works: nothing was revoked.
    expect((await call(listKeys, "/api/v1/keys", { headers: {} })).status).toBe(401);
  });

  it("re-provisioning replaces the operator's key and keeps the keys the customer made", async () => {
    const db = database().db;
    const { api_key: operatorKey } = (await provisionCustomer(db, { customer_id: "reprovisioned", plan: "free" })).body;
    const own = (await newKey(bearer(operatorKey), "Jira app")).body as Key;
    const { api_key: replacement } = (await provisionCustomer(db, { customer_id: "reprovisioned", plan: "starter" })).body;
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(operatorKey) })).status).toBe(401);
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(own.key!) })).status).toBe(200);
    expect((await call(listKeys, "/api/v1/keys", { headers: bearer(replacement) })).status).toBe(200);
    const audit = await auditActions(replacement);
    expect(audit.map((event) => `${event.action} by ${event.actor}`)).toEqual([
      "key.created by operator (provisioning)",
      "key.revoked by operator (provisioning)",
      expect.stringMatching(/^key\.created by API key ssk_/),
      "key.created by operator (provisioning)",
    ]);
  });

  it.runIf(hasPostgres)("never exceeds the active-key limit under concurrent creations (PostgreSQL)", async () => {
    const { api_key: key } = (await provisionCustomer(database().db, { customer_id: "racing-keys", plan: "free" })).body;
    const results = await Promise.all(Array.from({ length: MAX_ACTIVE_KEYS + 10 }, (_, index) => newKey(bearer(key), `race ${index}`)));
    expect(results.filter((result) => result.status === 201)).toHaveLength(MAX_ACTIVE_KEYS - 1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(11);
    const [{ active }] = await database().db.select({ active: sql<number>`count(*)::int` }).from(apiKeys).where(eq(apiKeys.customerId, "racing-keys"));
    expect(Number(active)).toBe(MAX_ACTIVE_KEYS);
  });
});

describe("the dashboard session", () => {
  it("acts for the user's customer, recording the user as the actor", async () => {
    const headers = await session(users.dana, { origin: ORIGIN });
    const listed = await call(listKeys, "/api/v1/keys", { headers: await session(users.dana) });
    expect(listed.status).toBe(200);
    const created = await newKey(headers, "From the settings page");
    expect(created.status).toBe(201);
    expect((created.body as Key).created_by).toBe("dana@acme.example");
    const key = created.body as Key;
    expect((await call(revokeKey, `/api/v1/keys/${key.key_id}`, { method: "DELETE", headers }, { key_id: key.key_id })).status).toBe(200);
    expect((await auditActions()).slice(0, 2).map((event) => `${event.action} by ${event.actor}`)).toEqual(["key.revoked by dana@acme.example", "key.created by dana@acme.example"]);
  });

  it("refuses changes from another origin or without one (CSRF), and never falls back from a bad key to the cookie", async () => {
    const cookie = await session(users.dana);
    const cases: [string, Record<string, string>][] = [
      ["no Origin", cookie],
      ["another site's Origin", { ...cookie, origin: "https://evil.example" }],
      ["the same origin on another port", { ...cookie, origin: "http://localhost:8080" }],
      ["a cross-site fetch", { ...cookie, origin: ORIGIN, "sec-fetch-site": "cross-site" }],
    ];
    const before = ((await call(listKeys, "/api/v1/keys", { headers: cookie })).body as { data: Key[] }).data.length;
    for (const [label, headers] of cases) {
      const response = await newKey(headers, "csrf");
      expect(response.status, label).toBe(403);
      expect((response.body as Json).error, label).toBe("forbidden");
    }
    const installation = await register("csrf-site");
    const id = installation.installation_id;
    const evil = { ...cookie, origin: "https://evil.example" };
    expect((await call(patchInstallation, `/api/v1/installations/${id}`, { method: "PATCH", json: { enabled: false }, headers: evil }, { id })).status).toBe(403);
    expect((await call(rotate, `/api/v1/installations/${id}/rotate-secrets`, { method: "POST", headers: evil }, { id })).status).toBe(403);
    expect((await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: evil }, { id })).status).toBe(403);
    expect(((await call(listKeys, "/api/v1/keys", { headers: cookie })).body as { data: Key[] }).data.length).toBe(before);
    // The service's public origin (PUBLIC_BASE_URL, behind a proxy) is its own too.
    expect((await newKey({ ...cookie, origin: "https://stories.example.com", "sec-fetch-site": "same-origin" }, "via proxy")).status).toBe(201);
    expect((await call(listKeys, "/api/v1/keys", { headers: { ...cookie, ...bearer("ssk_wrong") } })).status).toBe(401);
  });

  it("a company login names the customer it acts for; one outside its company is a 404", async () => {
    const headers = await session(users.lead, { origin: ORIGIN });
    const ambiguous = await call(listKeys, "/api/v1/keys", { headers });
    expect(ambiguous.status).toBe(400);
    expect((ambiguous.body as { details: string[] }).details[0]).toContain("acme, acme-labs");
    expect((await call(listKeys, "/api/v1/keys?customer=acme-labs", { headers })).status).toBe(200);
    expect((await call(listKeys, "/api/v1/keys?customer=rival", { headers })).status).toBe(404);
    const created = await newKey(headers, "Labs key", "?customer=acme-labs");
    expect(created.status).toBe(201);
    expect((created.body as Key).created_by).toBe("lead@holding.example");
    // A customer login cannot reach a sibling customer of its company.
    expect((await call(listKeys, "/api/v1/keys?customer=acme-labs", { headers: await session(users.dana) })).status).toBe(404);
  });
});

describe("installations", () => {
  it("changes the callback URL, disables and enables, with reasons and an audit trail", async () => {
    const installation = await register("change-site");
    const id = installation.installation_id;
    const patch = (json: unknown, key = acmeKey) => call(patchInstallation, `/api/v1/installations/${id}`, { method: "PATCH", json, headers: bearer(key) }, { id });

    const moved = await patch({ callback_url: `${receiver.url}?v=2` });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ installation_id: id, callback_url: `${receiver.url}?v=2`, enabled: true, disabled_reason: null });
    expect((await patch({ callback_url: "ftp://example.com/hook" })).body).toMatchObject({ error: "validation_error" });
    expect((await patch({})).status).toBe(400);
    expect((await patch({ enabled: "no" })).status).toBe(400);

    const disabled = await call(deleteInstallation, `/api/v1/installations/${id}`, { method: "DELETE", headers: bearer(acmeKey) }, { id });
    expect(disabled.body).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/^disabled by API key ssk_/) });
    const issue = { cloudId: "change-site", issue: { key: "CH-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
    const refused = await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" });
    expect(refused.status).toBe(401);
    expect((await patch({ enabled: true })).body).toMatchObject({ enabled: true, disabled_reason: null });
    expect((await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" })).status).toBe(202);
    // Nothing changes, nothing is recorded.
    await patch({ enabled: true });

    const events = (await auditActions()).filter((event) => event.target === "installation jira/change-site");
    expect(events.map((event) => event.action)).toEqual(["installation.enabled", "installation.disabled", "installation.updated", "installation.registered"]);
    expect(events[2].details).toEqual({ callback_url: { from: receiver.url, to: `${receiver.url}?v=2` } });
    const listed = await call(listInstallationsRoute, "/api/v1/installations", { headers: bearer(acmeKey) });
    expect((listed.body as { installations: Json[] }).installations.find((entry) => entry.installation_id === id)).toMatchObject({ enabled: true, updated_at: expect.any(String) });
  });

  it("rotates both secrets: the old secret stops, the new one works, callbacks are signed with the new key", async () => {
    const receiver = await ownReceiver();
    const installation = await register("rotate-site", acmeKey, receiver.url);
    const id = installation.installation_id;
    const rotated = await call(rotate, `/api/v1/installations/${id}/rotate-secrets`, { method: "POST", headers: bearer(acmeKey) }, { id });
    expect(rotated.status).toBe(200);
    const body = rotated.body as { secret: string; webhook_secret: string };
    expect(body.secret).not.toBe(installation.secret);
    expect(body.webhook_secret).not.toBe(installation.webhook_secret);
    const issue = { cloudId: "rotate-site", issue: { key: "RO-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
    expect((await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" })).status).toBe(403);
    expect((await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": body.secret } }, { source: "jira" })).status).toBe(202);
    receiver.secret = body.webhook_secret;
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.verified).toBe(true);
    // Shown once: listing never returns a secret.
    const listed = await call(listInstallationsRoute, "/api/v1/installations", { headers: bearer(acmeKey) });
    expect(listed.text).not.toContain(body.secret);
    expect(listed.text).not.toContain(body.webhook_secret.slice(6));
  });

  it("answers 404 for another customer's installation on every operation", async () => {
    const { installation_id: id } = await register("private-site");
    const headers = bearer(otherKey);
    const responses = await Promise.all([
      call(patchInstallation, `/api/v1/installations/${id}`, { method: "PATCH", json: { enabled: false }, headers }, { id }),
      call(deleteInstallation, `/api/v1/installations/${id}`, { method: "DELETE", headers }, { id }),
      call(rotate, `/api/v1/installations/${id}/rotate-secrets`, { method: "POST", headers }, { id }),
      call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers }, { id }),
      call(listDeliveries, `/api/v1/installations/${id}/deliveries`, { headers }, { id }),
      call(redeliverRoute, `/api/v1/installations/${id}/deliveries/${id}/redeliver`, { method: "POST", headers }, { id, delivery_id: id }),
    ]);
    for (const response of responses) expect(response.body).toEqual({ error: "not_found", message: "No such installation.", details: [] });
    expect((await call(listDeliveries, "/api/v1/installations/nope/deliveries", { headers: bearer(acmeKey) }, { id: "nope" })).status).toBe(404);
  });
});

describe("deliveries", () => {
  const deliveriesOf = async (id: string, query = "") => {
    const response = await call(listDeliveries, `/api/v1/installations/${id}/deliveries${query}`, { headers: bearer(acmeKey) }, { id });
    expect(response.status).toBe(200);
    return response.body as { data: Delivery[]; next_cursor: string | null };
  };

  async function waitForDelivery(id: string, until: (delivery: Delivery) => boolean): Promise<Delivery> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = (await deliveriesOf(id)).data.find(until);
      if (found) return found;
      if (Date.now() > deadline) throw new Error("no such delivery");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("records every attempt of a job's callback with its status, duration and the receiver's answer", async () => {
    const receiver = await ownReceiver();
    const installation = await register("log-site", acmeKey, receiver.url);
    const id = installation.installation_id;
    receiver.replies = [{ status: 503, body: "upstream unavailable" }, { status: 200, body: '{"ok":true}' }];
    const issue = { cloudId: "log-site", issue: { key: "LOG-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
    const accepted = await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" });
    const jobId = (accepted.body as { job_id: string }).job_id;
    const delivery = await waitForDelivery(id, (entry) => entry.status === "delivered");
    expect(delivery).toEqual({
      delivery_id: jobId,
      job_id: jobId,
      event: "score.completed",
      issue_key: "LOG-1",
      webhook_id: `msg_${jobId}`,
      status: "delivered",
      created_at: expect.any(String),
      attempts: [
        { attempted_at: expect.any(String), status_code: 503, duration_ms: expect.any(Number), response_excerpt: "upstream unavailable", error: null },
        { attempted_at: expect.any(String), status_code: 200, duration_ms: expect.any(Number), response_excerpt: '{"ok":true}', error: null },
      ],
    });
    expect(receiver.deliveries.map((entry) => entry.headers["webhook-id"])).toEqual([`msg_${jobId}`, `msg_${jobId}`]);
  });

  it("records a refused connection as an attempt with its error, and the delivery as failed after the last attempt", async () => {
    const installation = await register("down-site", acmeKey, "http://127.0.0.1:9/hooks");
    const issue = { cloudId: "down-site", issue: { key: "DOWN-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
    await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" });
    const delivery = await waitForDelivery(installation.installation_id, (entry) => entry.status === "failed");
    expect(delivery.attempts).toHaveLength(3);
    for (const attempt of delivery.attempts) expect(attempt).toMatchObject({ status_code: null, response_excerpt: null, error: expect.stringContaining("refused the connection") });
    expect((await deliveriesOf(installation.installation_id, "?status=failed")).data.map((entry) => entry.issue_key)).toEqual(["DOWN-1"]);
    expect((await deliveriesOf(installation.installation_id, "?status=delivered")).data).toEqual([]);
  });

  it("sends a signed ping and shows the receiver's answer, failed or delivered", async () => {
    const receiver = await ownReceiver();
    const installation = await register("ping-site", acmeKey, receiver.url);
    const id = installation.installation_id;
    receiver.secret = installation.webhook_secret;
    receiver.replies = [{ status: 500, body: "boom" }];
    const failed = await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ event: "ping", job_id: null, status: "failed", attempts: [{ status_code: 500, response_excerpt: "boom", error: null }] });
    const [sent] = receiver.deliveries;
    expect(sent.verified).toBe(true);
    expect(sent.json).toEqual({ type: "ping", installation_id: id, cloudId: "ping-site", source: "jira", timestamp: expect.any(String) });
    expect(sent.headers["webhook-id"]).toBe((failed.body as Delivery).webhook_id);
    const delivered = await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id });
    expect(delivered.body).toMatchObject({ status: "delivered", attempts: [{ status_code: 200, response_excerpt: "ok" }] });
  });

  it("pages newest first with a cursor, filters by status, and refuses a bad cursor, status or limit", async () => {
    const receiver = await ownReceiver();
    const { installation_id: id } = await register("page-site", acmeKey, receiver.url);
    receiver.replies = [{ status: 200 }, { status: 500 }, { status: 200 }, { status: 200 }, { status: 500 }];
    const sent: string[] = [];
    for (let index = 0; index < 5; index++) {
      sent.push(((await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id })).body as Delivery).delivery_id);
    }
    const first = await deliveriesOf(id, "?limit=2");
    expect(first.data.map((entry) => entry.delivery_id)).toEqual([sent[4], sent[3]]);
    const second = await deliveriesOf(id, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((entry) => entry.delivery_id)).toEqual([sent[2], sent[1]]);
    const third = await deliveriesOf(id, `?limit=2&cursor=${second.next_cursor}`);
    expect(third).toEqual({ data: [expect.objectContaining({ delivery_id: sent[0] })], next_cursor: null });
    expect((await deliveriesOf(id, "?status=failed")).data.map((entry) => entry.delivery_id)).toEqual([sent[4], sent[1]]);
    expect((await deliveriesOf(id, "?limit=100")).data).toHaveLength(5);
    for (const query of ["?cursor=bm9wZQ", "?status=lost", "?limit=0", "?limit=101", "?limit=ten"]) {
      const response = await call(listDeliveries, `/api/v1/installations/${id}/deliveries${query}`, { headers: bearer(acmeKey) }, { id });
      expect(response.status, query).toBe(400);
      expect((response.body as Json).error, query).toBe("validation_error");
    }
  });

  it("redelivers a delivered job callback with the same webhook-id, and the job agrees", async () => {
    const receiver = await ownReceiver();
    const installation = await register("redeliver-site", acmeKey, receiver.url);
    const id = installation.installation_id;
    const issue = { cloudId: "redeliver-site", issue: { key: "RE-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
    const accepted = await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" });
    const jobId = (accepted.body as { job_id: string }).job_id;
    await waitForDelivery(id, (entry) => entry.status === "delivered");
    receiver.secret = installation.webhook_secret;
    const again = await call(redeliverRoute, `/api/v1/installations/${id}/deliveries/${jobId}/redeliver`, { method: "POST", headers: bearer(acmeKey) }, { id, delivery_id: jobId });
    expect(again.status).toBe(200);
    expect((again.body as Delivery).attempts).toHaveLength(2);
    expect(receiver.deliveries.map((entry) => entry.headers["webhook-id"])).toEqual([`msg_${jobId}`, `msg_${jobId}`]);
    expect(receiver.deliveries[1].body).toBe(receiver.deliveries[0].body);
    expect(receiver.deliveries[1].verified).toBe(true);
    const job = (await call(getJob, `/api/v1/jobs/${jobId}`, { headers: bearer(acmeKey) }, { job_id: jobId })).body as { delivery: Json };
    expect(job.delivery).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200 });
    const audit = (await auditActions())[0];
    expect(audit).toMatchObject({ action: "delivery.redelivered", target: "installation jira/redeliver-site", details: { delivery_id: jobId, webhook_id: `msg_${jobId}`, issue_key: "RE-1" } });
  });

  it("refuses to redeliver a pending delivery, one of a disabled installation, and an unknown one", async () => {
    const receiver = await ownReceiver();
    const installation = await register("pending-site", acmeKey, receiver.url);
    const id = installation.installation_id;
    receiver.defaultReply = { status: 503 };
    setEnv({ WEBHOOK_RETRY_BASE_MS: "600000" });
    try {
      const issue = { cloudId: "pending-site", issue: { key: "PE-1", fields: { summary: "As a buyer, I want receipts so that I can expense them" } } };
      const accepted = await call(evaluate, "/api/v1/evaluate/jira", { json: issue, headers: { "x-service-secret": installation.secret } }, { source: "jira" });
      const jobId = (accepted.body as { job_id: string }).job_id;
      const pending = await waitForDelivery(id, (entry) => entry.attempts.length === 1);
      expect(pending.status).toBe("pending");
      const redeliver = (deliveryId: string) =>
        call(redeliverRoute, `/api/v1/installations/${id}/deliveries/${deliveryId}/redeliver`, { method: "POST", headers: bearer(acmeKey) }, { id, delivery_id: deliveryId });
      expect((await redeliver(jobId)).body).toMatchObject({ error: "conflict", details: ["status: pending"] });
      expect((await redeliver("00000000-0000-4000-8000-000000000000")).body).toEqual({ error: "not_found", message: "No such delivery.", details: [] });
      receiver.defaultReply = undefined;
      const pinged = (await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id })).body as Delivery;
      await call(deleteInstallation, `/api/v1/installations/${id}`, { method: "DELETE", headers: bearer(acmeKey) }, { id });
      expect((await redeliver(pinged.delivery_id)).body).toMatchObject({ error: "conflict", message: "The installation is disabled; enable it before redelivering." });
    } finally {
      setEnv({ WEBHOOK_RETRY_BASE_MS: "100" });
    }
  });

  it(`allows ${SEND_NOW_LIMIT.limit} test events and redeliveries a minute per installation, then 429 with Retry-After`, async () => {
    const receiver = await ownReceiver();
    const { installation_id: id } = await register("busy-site", acmeKey, receiver.url);
    for (let index = 0; index < SEND_NOW_LIMIT.limit; index++) {
      expect((await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id })).status).toBe(200);
    }
    const limited = await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ error: "rate_limited" });
    expect(receiver.deliveries).toHaveLength(SEND_NOW_LIMIT.limit);
  });

  it("a 410 from the receiver disables the installation, and the audit trail says the service did it", async () => {
    const receiver = await ownReceiver();
    const { installation_id: id } = await register("gone-site", acmeKey, receiver.url);
    receiver.replies = [{ status: 410, body: "gone" }];
    const response = await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id });
    expect(response.body).toMatchObject({ status: "failed", attempts: [{ status_code: 410 }] });
    const listed = (await call(listInstallationsRoute, "/api/v1/installations", { headers: bearer(acmeKey) })).body as { installations: Json[] };
    expect(listed.installations.find((entry) => entry.installation_id === id)).toMatchObject({ enabled: false, disabled_reason: "callback answered 410 Gone" });
    expect((await auditActions())[0]).toMatchObject({ action: "installation.disabled", actor: "the service", target: "installation jira/gone-site" });
  });

  it("deletes deliveries past their retention, with their attempts, but never a pending one", async () => {
    const { installation_id: id } = await register("old-site");
    receiver.replies = [{ status: 200 }];
    const old = (await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id })).body as Delivery;
    const recent = (await call(ping, `/api/v1/installations/${id}/ping`, { method: "POST", headers: bearer(acmeKey) }, { id })).body as Delivery;
    const db = database().db;
    await db.update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(webhookDeliveries.id, old.delivery_id));
    expect(await purgeDeliveries(db, 30)).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(id)).data.map((entry) => entry.delivery_id)).toEqual([recent.delivery_id]);
    await db.update(webhookDeliveries).set({ createdAt: new Date(Date.now() - 31 * 86_400_000), status: "pending" }).where(eq(webhookDeliveries.id, recent.delivery_id));
    await purgeDeliveries(db, 30);
    expect((await deliveriesOf(id)).data).toHaveLength(1);
  });
});
