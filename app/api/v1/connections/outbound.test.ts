// A tracker connection from the attacker's side: its base URL passed the check when the connection was made, and
// then its host turned against the service. A redirect to an internal address, a name that now resolves to
// loopback, an internal answer that must not come back in `last_sync.error`, a `javascript:` issue link. Syncs run
// end to end (the API, the queue's workers, the real tracker clients, the guarded client).
// The "public" tracker is a fake on 127.0.0.2, which ALLOW_PRIVATE_ADDRESSES allows as an operator would allow an
// on-premises Jira; the service's own network is 127.0.0.1.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { tickets } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { stopQueue } from "@/lib/queue";
import { runWorkers } from "@/lib/jobs/workers";
import { setOutboundResolver } from "@/lib/outbound/client";
import { setupTestDatabase } from "@/testing/db";
import { generateGitHubIssue, startFakeGitHub, startFakeJira, type FakeGitHub, type FakeJira } from "@/testing/fake-trackers";
import { call, setEnv } from "@/testing/http";
import { connectionSchema, type ConnectionView } from "@/lib/trackers/schemas";
import { GET as getOne } from "./[id]/route";
import { POST as syncRoute } from "./[id]/sync/route";
import { POST as create } from "./route";

const database = setupTestDatabase();
const DEFAULTS = { ALLOW_PRIVATE_CALLBACKS: "false", ALLOW_PRIVATE_ADDRESSES: "127.0.0.2" };
const SECRET = "internal admin console: db password hunter2";

let jira: FakeJira; // the attacker's "public" Jira
let internal: http.Server; // something on the service's own network
let internalUrl: string;
const internalHits: string[] = [];
let key: string;

beforeAll(async () => {
  jira = await startFakeJira({ count: 3, host: "127.0.0.2" });
  internal = http.createServer((req, res) => {
    internalHits.push(req.url ?? "/");
    res.writeHead(404, { "content-type": "text/plain" });
    res.end(SECRET);
  });
  await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  key = (await provisionCustomer(database().db, { customer_id: "acme", plan: "team" })).body.api_key;
  await runWorkers({ scoreWorkers: 1, pollingIntervalSeconds: 0.5 });
});

afterEach(() => {
  setOutboundResolver(undefined);
  jira.faults.splice(0);
});

afterAll(async () => {
  await stopQueue();
  await jira?.close();
  internal?.closeAllConnections();
  await new Promise((resolve) => internal?.close(resolve));
});

const bearer = { authorization: "" };

/** A connection made while its base URL passed the check (plain http on loopback needs ALLOW_PRIVATE_CALLBACKS then). */
async function connect(body: Record<string, unknown>): Promise<ConnectionView> {
  bearer.authorization = `Bearer ${key}`;
  setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
  const response = await call(create, "/api/v1/connections", { json: { name: `${body.kind} ${Math.random()}`, ...body }, headers: bearer });
  setEnv(DEFAULTS);
  expect(response.status, response.text).toBe(201);
  return connectionSchema.parse(response.body);
}

async function syncAndWait(id: string): Promise<NonNullable<ConnectionView["last_sync"]>> {
  const requested = await call(syncRoute, `/api/v1/connections/${id}/sync`, { method: "POST", headers: bearer }, { id });
  expect(requested.status, requested.text).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await call(getOne, `/api/v1/connections/${id}`, { headers: bearer }, { id });
    const state = connectionSchema.parse(body).last_sync;
    if (state && state.status !== "running") return state;
    if (Date.now() > deadline) throw new Error(`the sync did not finish: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jiraConnection = (baseUrl: string) => ({ kind: "jira", base_url: baseUrl, credentials: { email: jira.email, token: jira.token }, query: "project = ACME" });

describe("a tracker host that turns against the service", () => {
  it("syncs from the allowed host as usual", async () => {
    const connection = await connect(jiraConnection(jira.url));
    const state = await syncAndWait(connection.id);
    expect(state).toMatchObject({ status: "completed", scored: 3 });
  });

  it("refuses its redirect to an internal address: nothing reaches it, and the sync says why", async () => {
    const connection = await connect(jiraConnection(jira.url));
    jira.faults.push({ status: 302, headers: { location: `${internalUrl}/admin` } });
    const state = await syncAndWait(connection.id);
    expect(state.status).toBe("failed");
    expect(state.error).toBe(
      `Jira could not be reached: 127.0.0.2 redirected to ${internalUrl}, and 127.0.0.1 is a loopback address: ` +
        "requests to private, loopback, link-local and reserved addresses are refused: check the site URL.",
    );
    expect(internalHits).toHaveLength(0);
  });

  it("refuses a name that resolves to loopback now, at the connection, without retrying", async () => {
    const connection = await connect(jiraConnection(`http://jira.attacker.test:${new URL(internalUrl).port}`));
    let lookups = 0;
    setOutboundResolver(async (hostname) => {
      lookups++;
      if (hostname !== "jira.attacker.test") throw Object.assign(new Error("not in this test's hosts"), { code: "ENOTFOUND" });
      return [{ address: "127.0.0.1", family: 4 }];
    });
    const state = await syncAndWait(connection.id);
    expect(state.error).toBe(
      "Jira could not be reached: jira.attacker.test resolves to 127.0.0.1, a loopback address: requests to private, loopback, link-local and reserved addresses are refused: check the site URL.",
    );
    expect(lookups).toBe(1);
    expect(internalHits).toHaveLength(0);
  });

  it("says once, in words, that a site's name does not resolve", async () => {
    const connection = await connect(jiraConnection(jira.url));
    // The name was registered, then the site was deleted: its name no longer resolves.
    await database().db.execute(`update tracker_connections set base_url = 'https://acme.atlassian.net' where id = '${connection.id}'`);
    setOutboundResolver(async (hostname) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    });
    const state = await syncAndWait(connection.id);
    expect(state.error).toBe("Jira could not be reached: the name acme.atlassian.net does not resolve: check the site URL.");
  });

  it("never returns what an internal address answered, even when the operator allows private addresses", async () => {
    // The issue's reproduction: with ALLOW_PRIVATE_CALLBACKS=true the redirect is followed (the operator allowed it),
    // and the 404 body of whatever answered used to come back in last_sync.error.
    const connection = await connect(jiraConnection(jira.url));
    setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
    jira.faults.push({ status: 302, headers: { location: `${internalUrl}/admin` } });
    const state = await syncAndWait(connection.id);
    setEnv(DEFAULTS);
    expect(state.error).toBe("Not found: Jira: not found at this site (404); check the site URL");
    expect(state.error).not.toContain("hunter2");
    expect(internalHits).toEqual(["/admin"]);
    internalHits.splice(0);
  });
});

describe("a tracker's issue links", () => {
  let github: FakeGitHub;
  afterAll(() => github?.close());

  it("are stored and shown only when they are http or https", async () => {
    github = await startFakeGitHub({ host: "127.0.0.2" });
    github.issues.push(
      { ...generateGitHubIssue(0), htmlUrl: "javascript:fetch('/api/v1/keys',{method:'POST'})" },
      { ...generateGitHubIssue(1), htmlUrl: "data:text/html,<script>alert(1)</script>" },
      { ...generateGitHubIssue(2), htmlUrl: "https://github.com/acme/shop/issues/3" },
    );
    const connection = await connect({ kind: "github", base_url: github.url, credentials: { token: github.token }, query: "acme/shop" });
    const state = await syncAndWait(connection.id);
    expect(state).toMatchObject({ status: "completed", scored: 3 });
    const links = await database().db.select({ key: tickets.ticketKey, url: tickets.url }).from(tickets).where(eq(tickets.customerId, "acme"));
    const byKey = Object.fromEntries(links.filter((row) => row.key?.startsWith("acme/shop#")).map((row) => [row.key, row.url]));
    expect(byKey).toEqual({ "acme/shop#1": "", "acme/shop#2": "", "acme/shop#3": "https://github.com/acme/shop/issues/3" });
  });
});
