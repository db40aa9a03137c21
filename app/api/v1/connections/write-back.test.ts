// Write-back end to end: connections made through the API with `write_back`, synced by the queue's workers with the
// real tracker clients and writers, against fake Jira, GitHub and Linear servers speaking each tracker's real read
// and write endpoints and auth (testing/fake-trackers.ts, fake-tracker-writes.ts). One comment per issue, edited
// in place when an edit changes the score, no write at all on an unchanged re-sync, the label on exactly the issues
// below the threshold and removed when an edit lifts one above it, Jira's issue property, a token that may only read
// (the import completes, last_sync says why nothing was written), pages of issues and a rate limit during the
// writes, turning write-back off, and the Jira webhook path editing the same comment within seconds.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets, trackerWebhookWrites } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { stopQueue } from "@/lib/queue";
import { runWorkers } from "@/lib/jobs/workers";
import { setupTestDatabase } from "@/testing/db";
import {
  criteriaToAdf,
  markdownToAdf,
  startFakeGitHub,
  startFakeJira,
  startFakeLinear,
  type FakeJira,
  type FakeServer,
  type LoggedRequest,
} from "@/testing/fake-trackers";
import { bearer, call, setEnv } from "@/testing/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { connectionSchema, type ConnectionView } from "@/lib/trackers/schemas";
import { COMMENT_MARKER, JIRA_PROPERTY_KEY } from "@/lib/trackers/write-back";
import { isOwnComment } from "@/lib/trackers/write-back/comment";
import { POST as evaluate } from "../evaluate/[source]/route";
import { POST as postInstallation } from "../installations/route";
import { PATCH } from "./[id]/route";
import { connect as connectTo, syncAndWait as syncUntilOver } from "./connection-tests";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true", PUBLIC_BASE_URL: "https://stories.example.com" });

const fakes: FakeServer[] = [];
let receiver: WebhookReceiver;
const keys: Record<string, string> = {};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  for (const customer of ["wb-jira", "wb-github", "wb-linear", "wb-hook"]) {
    keys[customer] = (await provisionCustomer(database().db, { customer_id: customer, plan: "team" })).body.api_key;
  }
  await runWorkers({ scoreWorkers: 1, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopQueue();
  await receiver.close();
  await Promise.all(fakes.map((fake) => fake.close()));
});

async function fake<T extends FakeServer>(started: Promise<T>): Promise<T> {
  const server = await started;
  fakes.push(server);
  return server;
}

const asCustomer = (customer: string) => bearer(keys[customer]);

const connect = (customer: string, body: Record<string, unknown>) => connectTo(asCustomer(customer), body);

async function patch(customer: string, id: string, json: unknown): Promise<ConnectionView> {
  const response = await call(PATCH, `/api/v1/connections/${id}`, { method: "PATCH", json, headers: asCustomer(customer) }, { id });
  expect(response.status, response.text).toBe(200);
  return connectionSchema.parse(response.body);
}

const syncAndWait = (customer: string, id: string, timeoutMs?: number) => syncUntilOver(asCustomer(customer), id, timeoutMs);

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The dashboard's latest percentage of each imported issue, by key. */
async function percents(customer: string): Promise<Map<string, number>> {
  const rows = await database().db.select({ ref: tickets.ticketRef, overall: tickets.latestOverallScore }).from(tickets).where(eq(tickets.customerId, customer));
  return new Map(rows.map((row) => [row.ref, Math.round((row.overall ?? 0) * 10)]));
}

const writesOf = (requests: LoggedRequest[]) => requests.filter((r) => r.method !== "GET");
/** Every request write-back made of a tracker: writes, and reads of comments to find its own. */
const writeBackRequests = (requests: LoggedRequest[]) => requests.filter((r) => r.method !== "GET" || /\/comments?$/.test(r.path));

const WEAK = { summary: "Improve checkout", description: null, criteria: null };
const STRONG = {
  summary: "As a shopper, I want to save my card at checkout, so that I can pay for repeat orders in one step",
  description: markdownToAdf("Saving the card lets repeat orders go through in one step."),
  criteria: criteriaToAdf(["Given a saved card, when I check out, then I am not asked for it again", "Given no saved card, when I check out, then I am asked for a card"]),
};

describe("Jira", () => {
  let jira: FakeJira;
  let connection: ConnectionView;

  beforeAll(async () => {
    jira = await fake(startFakeJira({ count: 9, pageSize: 4 }));
    jira.addIssue({ ...WEAK, issueType: "Story" });
    connection = await connect("wb-jira", {
      kind: "jira",
      base_url: jira.url,
      credentials: { email: jira.email, token: jira.token },
      query: "project = ACME ORDER BY key",
      write_back: { comment: true, label: "not-ready" },
    });
  });

  it("comments every issue once, labels exactly those below 80%, sets the property, and counts the writes", async () => {
    const state = await syncAndWait("wb-jira", connection.id);
    expect(state).toMatchObject({ status: "completed", fetched: 10, scored: 10, written: 10, write_failed: 0 });
    expect(state.write_error).toBeUndefined();
    const scores = await percents("wb-jira");
    const below = [...scores].filter(([, percent]) => percent < 80).map(([key]) => key);
    expect(below).toContain("ACME-10");
    expect(below.length).toBeLessThan(10);
    for (const issue of jira.issues) {
      const percent = scores.get(issue.key)!;
      expect(issue.comments, issue.key).toHaveLength(1);
      const text = JSON.stringify(issue.comments![0]!.body);
      expect(text).toContain(`INVEST score: ${percent}%`);
      expect(text).toContain(`https://stories.example.com/dashboard/stories/${issue.key}?customer=wb-jira#${COMMENT_MARKER}`);
      expect(issue.labels ?? [], issue.key).toEqual(percent < 80 ? ["not-ready"] : []);
      expect(issue.properties?.[JIRA_PROPERTY_KEY]).toMatchObject({ overall: percent, ready: percent >= 80, below: 80 });
    }
  });

  it("writes nothing at all on an unchanged re-sync", async () => {
    const mark = jira.requests.length;
    const state = await syncAndWait("wb-jira", connection.id);
    expect(state).toMatchObject({ status: "completed", scored: 0, skipped: 10, written: 0, write_failed: 0 });
    expect(writeBackRequests(jira.requests.slice(mark))).toEqual([]);
  });

  it("edits the comment in place and takes the label off when an edit lifts an issue over the threshold", async () => {
    const weak = jira.issues.find((i) => i.key === "ACME-10")!;
    const commentId = weak.comments![0]!.id;
    jira.updateIssue("ACME-10", STRONG);
    const mark = jira.requests.length;
    const state = await syncAndWait("wb-jira", connection.id);
    expect(state).toMatchObject({ status: "completed", scored: 1, written: 1, write_failed: 0 });
    expect((await percents("wb-jira")).get("ACME-10")).toBe(100);
    expect(weak.comments).toHaveLength(1);
    expect(weak.comments![0]!.id).toBe(commentId);
    expect(JSON.stringify(weak.comments![0]!.body)).toContain("INVEST score: 100%");
    expect(weak.labels).toEqual([]);
    expect(weak.properties?.[JIRA_PROPERTY_KEY]).toMatchObject({ overall: 100, ready: true });
    const sent = writesOf(jira.requests.slice(mark)).map((r) => `${r.method} ${r.path}`);
    expect(sent).toEqual([`PUT /rest/api/3/issue/ACME-10/comment/${commentId}`, "PUT /rest/api/3/issue/ACME-10", `PUT /rest/api/3/issue/ACME-10/properties/${JIRA_PROPERTY_KEY}`]);

    // And back under it: the label returns, the comment is edited again.
    jira.updateIssue("ACME-10", WEAK);
    expect(await syncAndWait("wb-jira", connection.id)).toMatchObject({ scored: 1, written: 1 });
    expect(weak.comments).toHaveLength(1);
    expect(weak.labels).toEqual(["not-ready"]);
  });

  it("moves the label with a new threshold, and once turned off writes nothing and leaves what was written", async () => {
    const scores = await percents("wb-jira");
    const labelled = () => jira.issues.filter((i) => (i.labels ?? []).includes("not-ready")).length;
    const before = labelled();
    const mark0 = jira.requests.length;
    await patch("wb-jira", connection.id, { write_back: { below: 100 } });
    const state = await syncAndWait("wb-jira", connection.id);
    // Nothing was scored again: each issue's label follows its stored score and the new threshold.
    expect(state).toMatchObject({ status: "completed", scored: 0, write_failed: 0 });
    for (const issue of jira.issues) expect(issue.labels ?? [], issue.key).toEqual(scores.get(issue.key)! < 100 ? ["not-ready"] : []);
    expect(labelled()).toBeGreaterThan(before);
    // Every issue's property names the threshold (and says "ready" by it), so each was written once.
    expect(state.written).toBe(jira.issues.length);
    expect(writesOf(jira.requests.slice(mark0)).filter((r) => r.path.endsWith(JIRA_PROPERTY_KEY))).toHaveLength(jira.issues.length);
    expect(writesOf(jira.requests.slice(mark0)).filter((r) => /ACME-\d+$/.test(r.path))).toHaveLength(labelled() - before);
    expect(jira.issues.every((i) => i.comments?.length === 1)).toBe(true);
    expect(writesOf(jira.requests.slice(mark0)).filter((r) => r.method === "POST")).toEqual([]);

    const off = await patch("wb-jira", connection.id, { write_back: { comment: false, label: null } });
    expect(off.write_back).toMatchObject({ comment: false, label: null });
    jira.updateIssue("ACME-1", STRONG);
    const mark = jira.requests.length;
    const quiet = await syncAndWait("wb-jira", connection.id);
    expect(quiet).toMatchObject({ status: "completed", scored: 1 });
    expect(quiet.written).toBeUndefined();
    expect(writeBackRequests(jira.requests.slice(mark))).toEqual([]);
    expect(jira.issues.every((i) => i.comments?.length === 1 && isOwnComment(i.comments[0]!.body))).toBe(true);
  });
});

describe("GitHub", () => {
  it("imports with a read-only token and says why nothing was written; with a token that may write, writes each issue once", async () => {
    const github = await fake(startFakeGitHub({ count: 10, pageSize: 4, readOnlyTokens: ["github_pat_read_only_0000"] }));
    const connection = await connect("wb-github", {
      kind: "github",
      base_url: github.url,
      credentials: { token: "github_pat_read_only_0000" },
      query: "acme/shop",
      write_back: { comment: true, label: "needs-refinement", below: 70 },
    });
    const refused = await syncAndWait("wb-github", connection.id);
    expect(refused).toMatchObject({ status: "completed", scored: 8, skipped: 2, written: 0, write_failed: 8 });
    expect(refused.error).toBeUndefined();
    expect(refused.write_error).toMatch(/^Write-back refused: GitHub answered 403 when adding the comment to acme\/shop#\d+: Resource not accessible by personal access token\. The token needs Issues: Read and write/);
    // The first refusal stops the writes: GitHub gets one write at a time, so exactly one was sent.
    expect(writesOf(github.requests)).toHaveLength(1);
    expect(github.issues.every((i) => (i.comments ?? []).length === 0)).toBe(true);

    await patch("wb-github", connection.id, { credentials: { token: github.token } });
    const written = await syncAndWait("wb-github", connection.id);
    // The issues are unchanged (not scored again), but nothing was written to them yet: now it is.
    expect(written).toMatchObject({ status: "completed", scored: 0, skipped: 10, written: 8, write_failed: 0 });
    expect(written.write_error).toBeUndefined();
    const scores = await percents("wb-github");
    for (const issue of github.issues.filter((i) => !i.pullRequest)) {
      const key = `acme/shop#${issue.number}`;
      expect(issue.comments, key).toHaveLength(1);
      expect(issue.labels.includes("needs-refinement"), key).toBe(scores.get(key)! < 70);
    }
    expect(github.issues.filter((i) => i.pullRequest).every((i) => (i.comments ?? []).length === 0 && !i.labels.includes("needs-refinement"))).toBe(true);

    const mark = github.requests.length;
    expect(await syncAndWait("wb-github", connection.id)).toMatchObject({ status: "completed", written: 0, write_failed: 0 });
    expect(writeBackRequests(github.requests.slice(mark))).toEqual([]);
  });
});

describe("Linear", () => {
  it("writes every page's issues through a RATELIMITED answer during the writes", async () => {
    const linear = await fake(startFakeLinear({ count: 5, pageSize: 2 }));
    // The first comment mutation is refused as over the rate limit (reset a second ahead): it is waited out and sent again.
    linear.faults.push({
      status: 400,
      headers: { "x-ratelimit-requests-remaining": "0", "x-ratelimit-requests-reset": String(Date.now() + 1000) },
      body: { errors: [{ message: "Rate limit exceeded", extensions: { code: "RATELIMITED" } }] },
      when: (r) => r.body.includes("commentCreate"),
    });
    const connection = await connect("wb-linear", {
      kind: "linear",
      base_url: linear.url,
      credentials: { token: linear.apiKey },
      query: "ENG",
      write_back: { comment: true, label: "not-ready", below: 90 },
    });
    const state = await syncAndWait("wb-linear", connection.id);
    expect(state).toMatchObject({ status: "completed", fetched: 5, scored: 5, written: 5, write_failed: 0 });
    expect(linear.requests.filter((r) => r.status === 400 && r.body.includes("commentCreate"))).toHaveLength(1);
    const scores = await percents("wb-linear");
    for (const issue of linear.issues) {
      expect(issue.comments, issue.identifier).toHaveLength(1);
      expect(issue.labels.includes("not-ready"), issue.identifier).toBe(scores.get(issue.identifier)! < 90);
    }
    const mark = linear.requests.length;
    expect(await syncAndWait("wb-linear", connection.id)).toMatchObject({ written: 0, write_failed: 0 });
    expect(linear.requests.slice(mark).filter((r) => /mutation|comments\(/.test(r.body))).toEqual([]);
  });
});

describe("the Jira webhook path", () => {
  it("writes a webhook's issue back within seconds, edits the same comment after an edit, and a sync keeps it", async () => {
    const jira = await fake(startFakeJira({ count: 0, firstId: 30_000 }));
    const issue = jira.addIssue({ ...WEAK, issueType: "Story" });
    const connection = await connect("wb-hook", {
      kind: "jira",
      base_url: jira.url,
      credentials: { email: jira.email, token: jira.token },
      query: "project = ACME",
      write_back: { comment: true, label: "not-ready" },
    });
    const installed = await call(postInstallation, "/api/v1/installations", { json: { cloudId: "wb-hook-cloud", source: "jira", callback_url: receiver.url }, headers: asCustomer("wb-hook") });
    expect(installed.status, installed.text).toBe(201);
    const secret = (installed.body as { secret: string }).secret;
    const webhook = (fields: Record<string, unknown>) =>
      call(evaluate, "/api/v1/evaluate/jira", {
        json: { cloudId: "wb-hook-cloud", issue: { id: issue.id, self: `${jira.url}/rest/api/2/issue/${issue.id}`, key: issue.key, fields: { issuetype: { name: "Story" }, labels: issue.labels ?? [], ...fields } } },
        headers: { "x-service-secret": secret },
      }, { source: "jira" });

    const started = Date.now();
    expect((await webhook({ summary: "Improve checkout" })).status).toBe(202);
    await until(() => (issue.comments ?? []).length === 1 && (issue.labels ?? []).includes("not-ready"));
    expect(Date.now() - started).toBeLessThan(15_000);
    const first = issue.comments![0]!;
    expect(JSON.stringify(first.body)).toMatch(/INVEST score: \d+%/);
    expect(JSON.stringify(first.body)).toContain(`/dashboard/stories/${issue.key}?customer=wb-hook#${COMMENT_MARKER}`);

    // Edited in Jira: the next webhook edits the same comment and lifts the label.
    jira.updateIssue(issue.key, STRONG);
    expect(
      (
        await webhook({
          summary: STRONG.summary,
          description: "Saving the card lets repeat orders go through in one step.\n\nh3. Acceptance criteria\n* Given a saved card, when I check out, then I am not asked for it again\n* Given no saved card, when I check out, then I am asked for a card",
        })
      ).status,
    ).toBe(202);
    await until(() => JSON.stringify(issue.comments![0]!.body).includes("INVEST score: 100%") && !(issue.labels ?? []).includes("not-ready"));
    expect(issue.comments).toHaveLength(1);
    expect(issue.comments![0]!.id).toBe(first.id);
    expect(jira.requests.filter((r) => r.method === "POST" && r.path.endsWith("/comment"))).toHaveLength(1);

    // A sync of the connection finds the same comment (its id is known): no second comment.
    const state = await syncAndWait("wb-hook", connection.id);
    expect(state).toMatchObject({ status: "completed", scored: 1, write_failed: 0 });
    expect(issue.comments).toHaveLength(1);
    expect(jira.requests.filter((r) => r.method === "POST" && r.path.endsWith("/comment"))).toHaveLength(1);

    // A webhook of a site no connection writes back to is scored, and nothing is written anywhere.
    const other = await call(evaluate, "/api/v1/evaluate/jira", {
      json: { cloudId: "wb-hook-cloud", issue: { id: "77", self: "https://elsewhere.atlassian.net/rest/api/2/issue/77", key: "OTHER-1", fields: { summary: "Improve search" } } },
      headers: { "x-service-secret": secret },
    }, { source: "jira" });
    expect(other.status).toBe(202);
    expect(await database().db.select().from(trackerWebhookWrites).where(and(eq(trackerWebhookWrites.customerId, "wb-hook"), eq(trackerWebhookWrites.issueKey, "OTHER-1")))).toEqual([]);
  });
});
