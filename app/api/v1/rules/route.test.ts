// GET/PUT /api/v1/rules (docs/rules.md): the account's rule settings with an API key or the settings page's session,
// validated and audited, and applied to every score the synchronous route makes afterwards, free for an unchanged story.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { quotaUsage, ruleSettings } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { listAuditEvents } from "@/lib/audit";
import { scoreResponseSchema } from "@/lib/pipeline/schemas";
import { sessionSecret } from "@/lib/auth/next-auth";
import { dismissFinding, forgetRules, scoringOptionsFor } from "@/lib/rules/settings";
import { RULES_VERSION } from "@/lib/scoring";
import { setupTestDatabase } from "@/testing/db";
import { call, setEnv } from "@/testing/http";
import { DELETE as restore, POST as dismiss } from "../dismissals/route";
import { POST as score } from "../score/route";
import { GET, PUT } from "./route";

const database = setupTestDatabase();
setEnv({ PUBLIC_BASE_URL: "https://stories.example.com" });

let key: string;
let otherKey: string;
let dana: string;
beforeAll(async () => {
  const db = database().db;
  key = (await provisionCustomer(db, { customer_id: "rules-co", plan: "free", quota: 10 })).body.api_key;
  otherKey = (await provisionCustomer(db, { customer_id: "rules-other", plan: "free" })).body.api_key;
  dana = (await createDashboardUser(db, { email: "dana@rules.example", password: "correct horse battery", customer_id: "rules-co" })).user_id;
});

const bearer = (k: string) => ({ authorization: `Bearer ${k}` });
const STORY = "As an administrator, I want to create and maintain venues, so that users find them.";
const scoreStory = (k: string, summary = STORY, description?: string) =>
  call(score, "/api/v1/score", { json: { ticket_id: "T-1", ticket_data: { summary, ...(description ? { description } : {}) } }, headers: bearer(k) });
type Scored = { metadata: { rules: { preset: string; version: string } }; findings: { code: string }[]; silenced_findings: { code: string; silenced_by: string; reason: string }[] };

describe("GET/PUT /api/v1/rules", () => {
  it("answers the default preset before anything is saved", async () => {
    const got = await call(GET, "/api/v1/rules", { headers: bearer(otherKey) });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ preset: "default", codes: {}, version: RULES_VERSION, updated_by: null, updated_at: null });
  });

  it("refuses what is not a setting with 400 in the error shape, and a caller without a key with 401", async () => {
    for (const json of [{ preset: "loose" }, { codes: { "atomic.two_actions": { cost: 11 } } }, { codes: { "atomic.two_actions": { cost: 0 } } },
      { codes: { atomic: { enabled: false } } }, { codes: { "atomic.two_actions": { enabled: "no" } } }, { preset: "strict", extra: 1 }]) {
      const res = await call(PUT, "/api/v1/rules", { method: "PUT", json, headers: bearer(key) });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_error", message: expect.any(String), details: expect.any(Array) });
    }
    expect((await call(GET, "/api/v1/rules")).status).toBe(401);
  });

  it("saves the settings, audited; every later score runs under them and says so; re-scoring the unchanged story is free", async () => {
    const db = database().db;
    const before = (await scoreStory(key)).body as Scored;
    expect(before.metadata.rules).toEqual({ preset: "default", version: RULES_VERSION });
    expect(before.findings.map((f) => f.code)).toContain("atomic.two_actions");

    const put = await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "lenient", codes: { "valuable.no_benefit": { cost: 5 }, "testable.no_acceptance_criteria": { enabled: false } } }, headers: bearer(key) });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ preset: "lenient", codes: { "valuable.no_benefit": { cost: 5 }, "testable.no_acceptance_criteria": { enabled: false } }, updated_by: expect.stringMatching(/^API key /) });
    expect((await call(GET, "/api/v1/rules", { headers: bearer(key) })).body).toEqual(put.body);
    const [event] = (await listAuditEvents(db, "rules-co", { limit: 1 })).data;
    expect(event).toMatchObject({ action: "rules.updated", target: "rules", details: { preset: { from: "default", to: "lenient" } } });

    const after = await scoreStory(key);
    expect(after.status).toBe(200);
    expect(scoreResponseSchema.safeParse(after.body).success).toBe(true);
    const body = after.body as Scored;
    expect(body.metadata.rules).toEqual({ preset: "lenient", version: (put.body as { version: string }).version });
    expect(body.metadata.rules.version).not.toBe(RULES_VERSION);
    expect(body.findings.map((f) => f.code)).not.toContain("atomic.two_actions");
    expect(body.findings.map((f) => f.code)).not.toContain("testable.no_acceptance_criteria");
    const [usage] = await db.select().from(quotaUsage).where(eq(quotaUsage.customerId, "rules-co"));
    expect(usage.used).toBe(1);
  });

  it("silences with an invest-ignore line and keeps a dismissal while the text is unchanged", async () => {
    const summary = "As an editor, I want to create articles and approve comments, so that the site stays current.";
    await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "default" }, headers: bearer(key) });
    const ignored = (await scoreStory(key, summary, "invest-ignore: atomic -- one editorial workflow")).body as Scored;
    expect(ignored.silenced_findings).toEqual([expect.objectContaining({ code: "atomic.two_actions", silenced_by: "ticket", reason: "one editorial workflow" })]);
    expect(ignored.findings.map((f) => f.code)).not.toContain("atomic.two_actions");

    await dismissFinding(database().db, "rules-co", { summary }, "atomic.two_actions", "agreed in refinement", "dana@rules.example", "T-2");
    const dismissed = (await scoreStory(key, summary)).body as Scored;
    expect(dismissed.silenced_findings).toEqual([expect.objectContaining({ code: "atomic.two_actions", silenced_by: "dismissal", reason: "agreed in refinement" })]);
    // Another text is another story: the dismissal does not follow it.
    const changed = (await scoreStory(key, `${summary} Now with tags.`)).body as Scored;
    expect(changed.silenced_findings).toEqual([]);
    // Another customer's scores are their own.
    expect(((await scoreStory(otherKey, summary)).body as Scored).silenced_findings).toEqual([]);
  });

  it("dismisses a finding of a story's latest text through the API with a reason, audited, and takes it back", async () => {
    const summary = "As a librarian, I want to add books and lend them to members, so that the shelves get used.";
    const first = (await call(score, "/api/v1/score", { json: { ticket_id: "LIB-1", ticket_data: { key: "LIB-1", summary } }, headers: bearer(key) })).body as Scored;
    expect(first.findings.map((f) => f.code)).toContain("atomic.two_actions");
    const missing = await call(dismiss, "/api/v1/dismissals", { json: { ticket_ref: "LIB-1", code: "atomic.two_actions", reason: " " }, headers: bearer(key) });
    expect(missing.status).toBe(400);
    expect((await call(dismiss, "/api/v1/dismissals", { json: { ticket_ref: "LIB-1", code: "atomic.two_actions", reason: "x" }, headers: bearer(otherKey) })).status).toBe(404);
    const done = await call(dismiss, "/api/v1/dismissals", { json: { ticket_ref: "LIB-1", code: "atomic.two_actions", reason: "one lending workflow" }, headers: bearer(key) });
    expect(done.status, done.text).toBe(201);
    expect(done.body).toEqual({ ticket_ref: "LIB-1", dismissals: [{ code: "atomic.two_actions", reason: "one lending workflow" }] });
    const [event] = (await listAuditEvents(database().db, "rules-co", { limit: 1 })).data;
    expect(event).toMatchObject({ action: "finding.dismissed", target: "LIB-1", details: { code: "atomic.two_actions", reason: "one lending workflow" } });
    const again = (await call(score, "/api/v1/score", { json: { ticket_id: "LIB-1", ticket_data: { key: "LIB-1", summary } }, headers: bearer(key) })).body as Scored;
    expect(again.silenced_findings).toEqual([expect.objectContaining({ code: "atomic.two_actions", silenced_by: "dismissal", reason: "one lending workflow" })]);
    const back = await call(restore, "/api/v1/dismissals", { method: "DELETE", json: { ticket_ref: "LIB-1", code: "atomic.two_actions" }, headers: bearer(key) });
    expect(back.status).toBe(200);
    expect((await listAuditEvents(database().db, "rules-co", { limit: 1 })).data[0]).toMatchObject({ action: "finding.restored" });
    expect((await call(restore, "/api/v1/dismissals", { method: "DELETE", json: { ticket_ref: "LIB-1", code: "atomic.two_actions" }, headers: bearer(key) })).status).toBe(404);
  });

  it("keeps the settings in the process: a change made by another process shows within the cache's time, one made here at once", async () => {
    const db = database().db;
    await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "default" }, headers: bearer(otherKey) });
    expect((await scoringOptionsFor(db, "rules-other", { summary: "x" })).rules.preset).toBe("default");
    // Another process's save: the row changes under this process's cache.
    await db.update(ruleSettings).set({ preset: "strict" }).where(eq(ruleSettings.customerId, "rules-other"));
    expect((await scoringOptionsFor(db, "rules-other", { summary: "x" })).rules.preset).toBe("default");
    forgetRules("rules-other"); // as the cache's time running out does
    expect((await scoringOptionsFor(db, "rules-other", { summary: "x" })).rules.preset).toBe("strict");
    await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "lenient" }, headers: bearer(otherKey) });
    expect((await scoringOptionsFor(db, "rules-other", { summary: "x" })).rules.preset).toBe("lenient");
  });

  it("takes the settings page's session, same origin only, the user recorded as the actor", async () => {
    const token = await encode({ token: { sub: dana, sid: randomUUID() }, secret: await sessionSecret(database().db) });
    const cookie = `next-auth.session-token=${token}`;
    const refused = await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "strict" }, headers: { cookie, origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    const res = await call(PUT, "/api/v1/rules", { method: "PUT", json: { preset: "strict" }, headers: { cookie, origin: "http://localhost" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ preset: "strict", codes: {}, version: RULES_VERSION, updated_by: "dana@rules.example" });
  });
});
