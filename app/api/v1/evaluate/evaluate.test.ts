import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { asyncJobs, customers, installations, stories } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { forgetCachedInstallations } from "@/lib/integrations/installations";
import { stopQueue } from "@/lib/queue";
import { runWorkers } from "@/lib/jobs/workers";
import { createEngine, EngineUnavailable, type ScoringEngine } from "@/lib/scoring";
import { setScoringEngineOverride } from "@/lib/scoring-engine";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call, setEnv } from "@/testing/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { DELETE as deleteInstallation } from "../installations/[id]/route";
import { GET as listInstallations, POST as postInstallation } from "../installations/route";
import { GET as getJob } from "../jobs/[job_id]/route";
import { POST as evaluate } from "./[source]/route";

const database = setupTestDatabase();
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true", WEBHOOK_RETRY_BASE_MS: "100", WEBHOOK_MAX_ATTEMPTS: "4", PUBLIC_BASE_URL: "https://stories.example.com" });

let receiver: WebhookReceiver;
let apiKey: string;
let otherKey: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  apiKey = (await provisionCustomer(database().db, { customer_id: "jira-co", plan: "free", quota: 50 })).body.api_key;
  otherKey = (await provisionCustomer(database().db, { customer_id: "other-co", plan: "free" })).body.api_key;
  await runWorkers({ scoreWorkers: 1, pollingIntervalSeconds: 0.5 });
});

afterAll(async () => {
  await stopQueue();
  await receiver.close();
});

afterEach(() => {
  receiver.deliveries.length = 0;
  receiver.replies = [];
  setScoringEngineOverride(undefined);
});


async function register(cloudId: string, key = apiKey, callbackUrl = receiver.url, source = "jira") {
  const response = await call(postInstallation, "/api/v1/installations", { json: { cloudId, source, callback_url: callbackUrl }, headers: bearer(key) });
  return response as { status: number; body: { installation_id: string; secret: string; webhook_secret: string } & Record<string, unknown> };
}

const issue = (key: string | null, summary: string, description: unknown = null) => ({
  key,
  fields: { summary, description, issuetype: { name: "Story" } },
});

const send = (source: string, json: unknown, secret?: string) =>
  call(evaluate, `/api/v1/evaluate/${source}`, { json, headers: secret ? { "x-service-secret": secret } : {} }, { source });

async function waitForJob(jobId: string, key = apiKey, until: (body: Record<string, unknown>) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(getJob, `/api/v1/jobs/${jobId}`, { headers: bearer(key) }, { job_id: jobId });
    if (until(response.body as Record<string, unknown>)) return response.body as Record<string, unknown> & { delivery: Record<string, unknown> };
    if (Date.now() > deadline) throw new Error(`job did not settle: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("installations", () => {
  it("registers with secrets shown once, re-registers with rotated secrets, lists without secrets", async () => {
    const first = await register("site-a");
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      installation_id: expect.any(String),
      cloudId: "site-a",
      source: "jira",
      callback_url: receiver.url,
      secret: expect.stringMatching(/^sss_/),
      webhook_secret: expect.stringMatching(/^whsec_/),
      created_at: expect.any(String),
    });
    expect(Buffer.from(first.body.webhook_secret.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    const [stored] = await database().db.select().from(installations).where(eq(installations.id, first.body.installation_id));
    expect(JSON.stringify(stored)).not.toContain(first.body.secret);
    expect(JSON.stringify(stored)).not.toContain(first.body.webhook_secret.slice(6));

    const again = await register("site-a");
    expect(again.status).toBe(200);
    expect(again.body.installation_id).toBe(first.body.installation_id);
    expect(again.body.secret).not.toBe(first.body.secret);
    expect(again.body.webhook_secret).not.toBe(first.body.webhook_secret);

    const list = await call(listInstallations, "/api/v1/installations", { headers: bearer(apiKey) });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain("sss_");
    expect(list.text).not.toContain("whsec_");
    expect((list.body as { installations: unknown[] }).installations).toContainEqual(expect.objectContaining({ cloudId: "site-a", enabled: true }));
  });

  it("refuses another customer's cloudId + source, bad bodies, and callback URLs to private networks", async () => {
    expect((await register("site-a", otherKey)).status).toBe(409);
    expect((await call(postInstallation, "/api/v1/installations", { json: { cloudId: "x", source: "jira" }, headers: bearer(apiKey) })).status).toBe(400);
    expect((await call(postInstallation, "/api/v1/installations", { json: { cloudId: "x", source: "jira", callback_url: receiver.url } })).status).toBe(401);
    setEnv({ ALLOW_PRIVATE_CALLBACKS: "false" });
    try {
      for (const url of [receiver.url, "https://127.0.0.1/hook", "https://169.254.169.254/", "https://[::1]/hook", "https://2130706433/hook"]) {
        const response = await register("site-private", apiKey, url);
        expect(response.status, url).toBe(400);
        expect((response.body as unknown as { details: string[] }).details[0]).toMatch(/^callback_url: /);
      }
    } finally {
      setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
    }
  });

  it("disables an installation (the async endpoint then answers 401); others' ids are 404", async () => {
    const installed = await register("site-delete");
    expect((await call(deleteInstallation, "/x", { method: "DELETE", headers: bearer(otherKey) }, { id: installed.body.installation_id })).status).toBe(404);
    expect((await call(deleteInstallation, "/x", { method: "DELETE", headers: bearer(apiKey) }, { id: "not-a-uuid" })).status).toBe(404);
    const removed = await call(deleteInstallation, "/x", { method: "DELETE", headers: bearer(apiKey) }, { id: installed.body.installation_id });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ enabled: false });
    const response = await send("jira", { cloudId: "site-delete", issue: issue("D-1", "As a user, I want x.") }, installed.body.secret);
    expect(response.status).toBe(401);
  });
});

describe("POST /api/v1/evaluate/{source}: refusals", () => {
  let secret: string;
  beforeAll(async () => {
    secret = (await register("site-auth")).body.secret;
  });

  it.each([
    ["malformed JSON", "{nope", 400],
    ["a JSON array", "[]", 400],
  ])("answers %s with 400", async (_label, body, status) => {
    const response = await call(evaluate, "/api/v1/evaluate/jira", { body, headers: { "content-type": "application/json", "x-service-secret": secret } }, { source: "jira" });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ error: "invalid_json" });
  });

  it.each([
    [{ issue: issue("A-1", "As a user, I want x.") }, "cloudId: is required"],
    [{ cloudId: "site-auth" }, "issue: is required"],
    [{ cloudId: "site-auth", issue: { key: "A-1", fields: {} } }, "issue.fields.summary: is required"],
    [{ cloudId: "site-auth", issue: { key: "A-1", fields: { summary: "  " } } }, "issue.fields.summary: must be a non-empty string"],
    [{ cloudId: 7, issue: issue("A-1", "x") }, "cloudId:"],
  ])("answers missing fields %j with 400", async (json, detail) => {
    const response = await send("jira", json, secret);
    expect(response.status).toBe(400);
    expect((response.body as { details: string[] }).details.join(" | ")).toContain(detail);
  });

  it("answers 401 without a secret or for an unknown installation, 403 for a wrong secret", async () => {
    const body = { cloudId: "site-auth", issue: issue("A-1", "As a user, I want x.") };
    expect((await send("jira", body)).status).toBe(401);
    expect((await send("jira", { ...body, cloudId: "site-unknown" }, secret)).status).toBe(401);
    expect((await send("github", body, secret)).status).toBe(401);
    const wrong = await send("jira", body, `${secret}x`);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: "forbidden", message: expect.any(String), details: expect.any(Array) });
  });
});

describe("asynchronous scoring and signed callbacks", () => {
  let secret: string;
  let webhookSecret: string;
  beforeAll(async () => {
    const installed = await register("site-flow");
    secret = installed.body.secret;
    webhookSecret = installed.body.webhook_secret;
    receiver.secret = webhookSecret;
  });

  it("scores, then delivers a signed callback; retries keep the webhook-id, and nothing follows a 2xx", async () => {
    receiver.replies = [{ status: 500 }, { status: 500 }, { status: 200 }];
    const adf = { type: "doc", version: 1, content: [{ type: "paragraph", content: [{ type: "text", text: "Carts expire after 30 days." }] }] };
    const accepted = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-1", "As a shopper, I want to save my cart so that I can buy later.", adf) }, secret);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ job_id: expect.any(String), status: "accepted", message: expect.any(String), estimated_completion_time: expect.stringMatching(/^\d+-\d+$/) });
    // An idle queue: picked up at once, scored in milliseconds, delivered within seconds.
    expect((accepted.body as { estimated_completion_time: string }).estimated_completion_time).toBe("1-6");
    expect(accepted.headers.get("x-service-story-identity")).toBe("site-flow:SHOP-1");
    const jobId = (accepted.body as { job_id: string }).job_id;

    const deliveries = await receiver.waitFor(3);
    expect(deliveries.every((delivery) => delivery.verified)).toBe(true);
    expect(new Set(deliveries.map((delivery) => delivery.headers["webhook-id"])).size).toBe(1);
    expect(deliveries[0].headers["webhook-id"]).toBe(`msg_${jobId}`);
    const payload = deliveries[2].json;
    expect(payload).toMatchObject({
      type: "score.completed",
      job_id: jobId,
      cloudId: "site-flow",
      source: "jira",
      issue_key: "SHOP-1",
      story_identity: "site-flow:SHOP-1",
      identity_resolution: "external_id",
      timestamp: expect.any(String),
      score: { status: "completed", job_id: jobId, ticket_id: "SHOP-1", overall_score: expect.any(Number), split: [] },
    });
    expect(deliveries[0].body).toBe(deliveries[2].body);

    const job = await waitForJob(jobId, apiKey, (body) => (body.delivery as { status: string }).status === "delivered");
    expect(job).toMatchObject({ status: "completed", error: null, delivery: { status: "delivered", attempts: 3, last_status_code: 200, next_attempt_at: null } });
    expect((job.result as { ticket_id: string }).ticket_id).toBe("SHOP-1");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.deliveries).toHaveLength(3);

    // Only the owner sees the job.
    expect((await call(getJob, `/api/v1/jobs/${jobId}`, { headers: bearer(otherKey) }, { job_id: jobId })).status).toBe(404);

    // A job completed before results carried `split` still polls in the documented shape.
    const [row] = await database().db.select({ result: asyncJobs.result }).from(asyncJobs).where(eq(asyncJobs.id, jobId));
    const { split: _split, ...older } = row.result!;
    await database().db.update(asyncJobs).set({ result: older }).where(eq(asyncJobs.id, jobId));
    const polled = await call(getJob, `/api/v1/jobs/${jobId}`, { headers: bearer(apiKey) }, { job_id: jobId });
    expect(polled.status).toBe(200);
    expect((polled.body as { result: { split: string[] } }).result.split).toEqual([]);
  });

  it("honours Retry-After on 429 and retries a redirect without following it", async () => {
    receiver.replies = [{ status: 429, headers: { "retry-after": "2" } }, { status: 302, headers: { location: "http://127.0.0.1:1/elsewhere" } }, { status: 204 }];
    const accepted = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-2", "As a shopper, I want saved addresses so that checkout is quick.") }, secret);
    const deliveries = await receiver.waitFor(3, 30_000);
    expect(deliveries[1].at - deliveries[0].at).toBeGreaterThanOrEqual(1900);
    const jobId = (accepted.body as { job_id: string }).job_id;
    const job = await waitForJob(jobId, apiKey, (body) => (body.delivery as { status: string }).status === "delivered");
    expect(job.delivery).toMatchObject({ attempts: 3, last_status_code: 204 });
  });

  it("gives up after WEBHOOK_MAX_ATTEMPTS", async () => {
    receiver.replies = Array.from({ length: 10 }, () => ({ status: 503 }));
    const accepted = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-3", "As a shopper, I want gift wrapping so that presents look nice.") }, secret);
    const jobId = (accepted.body as { job_id: string }).job_id;
    const job = await waitForJob(jobId, apiKey, (body) => (body.delivery as { status: string }).status === "failed", 30_000);
    expect(job.delivery).toMatchObject({ attempts: 4, last_status_code: 503 });
    expect(receiver.deliveries).toHaveLength(4);
  });

  it("sends score.failed for a failed job and releases its quota reservation", async () => {
    const broken: ScoringEngine = { name: "broken", score: async () => Promise.reject(new Error("bug")), scoreBatch: async () => Promise.reject(new Error("bug")) };
    setScoringEngineOverride(broken);
    const accepted = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-4", "As a shopper, I want a wishlist so that I remember products.") }, secret);
    expect(accepted.status).toBe(202);
    const [delivery] = await receiver.waitFor(1);
    expect(delivery.verified).toBe(true);
    expect(delivery.json).toMatchObject({ type: "score.failed", job_id: (accepted.body as { job_id: string }).job_id, error: expect.any(String), issue_key: "SHOP-4" });
    const remaining = await database().db.select().from(stories).where(eq(stories.storyIdentity, "site-flow:SHOP-4"));
    expect(remaining).toHaveLength(0);
    setScoringEngineOverride(createEngine("heuristic"));
  });

  it("retries a job whose engine provider is unavailable, then completes it", async () => {
    let calls = 0;
    const flaky: ScoringEngine = {
      name: "flaky",
      cost: "expensive",
      score: async (ticket, context) => {
        calls++;
        if (calls === 1) throw new EngineUnavailable("provider answered 503");
        return createEngine("heuristic").score(ticket, context);
      },
      scoreBatch: async () => Promise.reject(new Error("unused")),
    };
    setScoringEngineOverride(flaky);
    const accepted = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-5", "As a shopper, I want order history so that I can reorder.") }, secret);
    const jobId = (accepted.body as { job_id: string }).job_id;
    const [delivery] = await receiver.waitFor(1, 30_000);
    expect(delivery.json).toMatchObject({ type: "score.completed", job_id: jobId });
    expect(calls).toBe(2);
    const [row] = await database().db.select().from(asyncJobs).where(eq(asyncJobs.id, jobId));
    expect(row).toMatchObject({ status: "completed", attempts: 2, error: null });
  }, 40_000);

  it("disables the installation when the callback answers 410 Gone", async () => {
    const installed = await register("site-gone");
    receiver.secret = installed.body.webhook_secret;
    receiver.replies = [{ status: 410 }];
    const accepted = await send("jira", { cloudId: "site-gone", issue: issue("G-1", "As a user, I want a thing so that it helps.") }, installed.body.secret);
    const jobId = (accepted.body as { job_id: string }).job_id;
    await waitForJob(jobId, apiKey, (body) => (body.delivery as { status: string }).status === "failed");
    const [row] = await database().db.select().from(installations).where(eq(installations.cloudId, "site-gone"));
    expect(row.enabled).toBe(0);
    expect((await send("jira", { cloudId: "site-gone", issue: issue("G-2", "As a user, I want y.") }, installed.body.secret)).status).toBe(401);
    receiver.secret = webhookSecret;
  });

  it("refuses a new issue over quota with the quota body, and admits re-scores of counted issues", async () => {
    // Shrink the quota to what is used: SHOP-1, 2, 3, 5 and G-1 are counted; SHOP-4's failed job was released.
    const counted = await database().db.select().from(stories).where(eq(stories.customerId, "jira-co"));
    expect(counted.map((story) => story.storyIdentity).sort()).toEqual(["site-flow:SHOP-1", "site-flow:SHOP-2", "site-flow:SHOP-3", "site-flow:SHOP-5", "site-gone:G-1"]);
    await database().db.update(customers).set({ quotaOverride: 5 }).where(eq(customers.id, "jira-co"));
    // Changed behind the service's back: drop the cached installation (provisioning does this itself).
    forgetCachedInstallations("jira-co");
    const refused = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-99", "As a shopper, I want something new.") }, secret);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "QUOTA_EXHAUSTED", plan: "free", quota: 5, used: 5, already_counted: false, upgrade_url: "https://stories.example.com/pricing" });
    const rescore = await send("jira", { cloudId: "site-flow", issue: issue("SHOP-1", "As a shopper, I want to save my cart (edited) so that I can buy later.") }, secret);
    expect(rescore.status).toBe(202);
    const jobs = await database().db.select().from(asyncJobs).where(eq(asyncJobs.issueKey, "SHOP-99"));
    expect(jobs).toHaveLength(0);
  });
});

describe("a Jira Cloud webhook as Jira sends it", () => {
  it("reads a whole webhook body: wiki markup as text, its Acceptance Criteria section as the criteria", async () => {
    const installed = await register("site-webhook", otherKey);
    receiver.secret = installed.body.webhook_secret;
    const webhook = JSON.parse(readFileSync(path.join(process.cwd(), "lib/integrations/fixtures/jira-issue-created.json"), "utf8"));
    const accepted = await send("jira", { cloudId: "site-webhook", ...webhook }, installed.body.secret);
    expect(accepted.status).toBe(202);
    const jobId = (accepted.body as { job_id: string }).job_id;
    const [job] = await database().db.select({ ticket: asyncJobs.ticket }).from(asyncJobs).where(eq(asyncJobs.id, jobId));
    const ticket = job.ticket as { description: string; acceptance_criteria: string };
    expect(ticket.acceptance_criteria).toContain("Given a guest with items in the cart, when they come back within 7 days");
    expect(ticket.description).toContain("Guests lose their cart when the tab closes (analytics).");
    expect(ticket.description).toContain("Notes");
    for (const text of [ticket.description, ticket.acceptance_criteria]) expect(text).not.toMatch(/h3\.|\{\{|\[[^\]|]+\||!\S+\.png|\r/);
    // Earlier tests' retries may still arrive; this job's callback is the one to read.
    const deadline = Date.now() + 20_000;
    const ours = () => receiver.deliveries.find((d) => (d.json as { job_id?: string }).job_id === jobId);
    while (!ours() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const delivery = ours()!;
    expect(delivery.verified).toBe(true);
    expect((delivery.json as { score: { individual_scores: { testable: number } } }).score.individual_scores.testable).toBe(10);
  });
});

describe("work item types on the async path", () => {
  it("judges issue.fields.issuetype.name as its kind: the callback, the polled job and the stored story say which", async () => {
    const key = (await provisionCustomer(database().db, { customer_id: "kind-async-co", plan: "free" })).body.api_key;
    const installed = await register("site-kinds", key);
    receiver.secret = installed.body.webhook_secret;
    const bug = {
      key: "SHOP-404",
      fields: {
        summary: "Checkout shows a blank page when the cart holds a discounted item",
        description: "Steps to reproduce: add a discounted item, open checkout. Expected: the payment form. Actual: a blank page.",
        issuetype: { name: "Defect" },
      },
    };
    const task = { key: "SHOP-405", fields: { summary: "Rotate the payment provider's API credentials", issuetype: { name: "Sub-task" } } };
    const jobIds: Record<string, string> = {};
    for (const [kind, sent] of [["bug", bug], ["task", task]] as const) {
      const accepted = await send("jira", { cloudId: "site-kinds", issue: sent }, installed.body.secret);
      expect(accepted.status).toBe(202);
      jobIds[kind] = (accepted.body as { job_id: string }).job_id;
    }
    for (const [kind, jobId] of Object.entries(jobIds)) {
      const deadline = Date.now() + 20_000;
      const ours = () => receiver.deliveries.find((d) => (d.json as { job_id?: string }).job_id === jobId);
      while (!ours() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const delivery = ours()!;
      expect(delivery.verified).toBe(true);
      expect(delivery.json).toMatchObject({ type: "score.completed", score: { metadata: { work_item_type: kind } } });
      const job = await waitForJob(jobId, key, (body) => body.status === "completed");
      expect((job.result as { metadata: { work_item_type: string } }).metadata.work_item_type).toBe(kind);
    }
    const stored = await database().db.select({ identity: stories.storyIdentity, kind: stories.workItemType }).from(stories).where(eq(stories.customerId, "kind-async-co"));
    expect(Object.fromEntries(stored.map((row) => [row.identity, row.kind]))).toEqual({ "site-kinds:SHOP-404": "bug", "site-kinds:SHOP-405": "task" });

    // A job completed before results named a kind still polls in the documented shape, as a story.
    const [row] = await database().db.select({ result: asyncJobs.result }).from(asyncJobs).where(eq(asyncJobs.id, jobIds.task));
    const { work_item_type: _kind, ...olderMetadata } = (row.result as { metadata: Record<string, unknown> }).metadata;
    await database().db.update(asyncJobs).set({ result: { ...row.result, metadata: olderMetadata } }).where(eq(asyncJobs.id, jobIds.task));
    const polled = await call(getJob, `/api/v1/jobs/${jobIds.task}`, { headers: bearer(key) }, { job_id: jobIds.task });
    expect(polled.status).toBe(200);
    expect((polled.body as { result: { metadata: { work_item_type: string } } }).result.metadata.work_item_type).toBe("story");
  });

  it("reads an issue sent without issuetype as a reader does: the kind its text shows, and how sure (issue 50)", async () => {
    const { REAL_TICKETS } = await import("@/lib/scoring/fixtures/real-tickets");
    const key = (await provisionCustomer(database().db, { customer_id: "kind-untyped-co", plan: "free" })).body.api_key;
    const installed = await register("site-untyped", key);
    receiver.secret = installed.body.webhook_secret;
    const sent = REAL_TICKETS.filter((t) => ["bug", "task"].includes(t.kind)).slice(0, 2);
    const jobIds: string[] = [];
    for (const [i, t] of sent.entries()) {
      const issue = { key: `RT-${i + 1}`, fields: { summary: t.ticket.summary, description: t.ticket.description } };
      const accepted = await send("jira", { cloudId: "site-untyped", issue }, installed.body.secret);
      expect(accepted.status).toBe(202);
      jobIds.push((accepted.body as { job_id: string }).job_id);
    }
    for (const [i, jobId] of jobIds.entries()) {
      const job = await waitForJob(jobId, key, (body) => body.status === "completed");
      const metadata = (job.result as { metadata: { work_item_type: string; work_item_type_source?: string } }).metadata;
      expect([metadata.work_item_type, metadata.work_item_type_source], sent[i].name).toEqual([sent[i].kind, "text"]);
      const codes = (job.result as { findings: { code: string }[] }).findings.map((f) => f.code);
      for (const c of sent[i].mustNotFire) expect(codes, c).not.toContain(c);
    }
  });

  it("names each issue's language in the callback and the polled job; a Jira language field wins", async () => {
    const key = (await provisionCustomer(database().db, { customer_id: "language-async-co", plan: "free" })).body.api_key;
    const installed = await register("site-languages", key);
    receiver.secret = installed.body.webhook_secret;
    const german = { key: "SHOP-501", fields: { summary: "Als Kundin möchte ich meinen Warenkorb speichern, damit ich den Kauf später abschließen kann." } };
    const named = { key: "SHOP-502", fields: { summary: "Settings page for the shop", language: { value: "fr" } } };
    for (const [language, sent] of [["de", german], ["fr", named]] as const) {
      const accepted = await send("jira", { cloudId: "site-languages", issue: sent }, installed.body.secret);
      expect(accepted.status).toBe(202);
      const jobId = (accepted.body as { job_id: string }).job_id;
      const deadline = Date.now() + 20_000;
      const ours = () => receiver.deliveries.find((d) => (d.json as { job_id?: string }).job_id === jobId);
      while (!ours() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ours()?.json).toMatchObject({ type: "score.completed", score: { metadata: { language } } });
      const job = await waitForJob(jobId, key, (body) => body.status === "completed");
      expect((job.result as { metadata: { language: string } }).metadata.language).toBe(language);
    }
  });

  it("refuses an issue type name that is not a string with 400 naming the field", async () => {
    const installed = await register("site-kinds-400");
    const response = await send("jira", { cloudId: "site-kinds-400", issue: { key: "X-1", fields: { summary: "Fix the login", issuetype: { name: 7 } } } }, installed.body.secret);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", details: [expect.stringContaining("issue.fields.issuetype.name")] });
  });
});
