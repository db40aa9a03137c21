// The pipeline's steps on a real (test) database: one ticket through identity, kind and language, rule settings,
// quota, engine and record, and the steps the other paths take on their own.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotaUsage, scoreRuns, stories } from "@/db/schema";
import { utcMonth } from "@/lib/clock";
import { putRuleSettings } from "@/lib/rules/settings";
import { createEngine, type ScoringEngine } from "@/lib/scoring";
import { freeCustomer } from "@/testing/customers";
import { setupTestDatabase } from "@/testing/db";
import { admissible, identify, isKnown, presetSettings, scoreAndRecord, scoreBatch, settingsFor, ticketOf } from "./index";

const database = setupTestDatabase();
const heuristic = createEngine("heuristic");
const CRISP = "As a shopper, I want to save my cart so that I can finish checkout later.";

async function used(customerId: string): Promise<number> {
  const [row] = await database().db.select().from(quotaUsage).where(and(eq(quotaUsage.customerId, customerId), eq(quotaUsage.month, utcMonth(new Date()))));
  return row?.used ?? 0;
}

describe("the pipeline's steps", () => {
  it("kind and language: drops empty fields and keeps what the caller named", () => {
    expect(ticketOf({ summary: "Fix it", key: "", description: null, acceptance_criteria: undefined, issue_type: "Bug", language: "de" })).toEqual({
      summary: "Fix it",
      issue_type: "Bug",
      language: "de",
    });
    expect(ticketOf({ summary: "S", key: "K-1", description: "d", acceptance_criteria: "c" })).toEqual({ summary: "S", key: "K-1", description: "d", acceptance_criteria: "c" });
  });

  it("identity: the external id when given, else the text's fingerprint, whatever the type or language", () => {
    expect(identify({ summary: CRISP }, "site:A-1")).toEqual({ storyIdentity: "site:A-1", identityResolution: "external_id" });
    const plain = identify({ summary: CRISP });
    expect(plain.identityResolution).toBe("content_hash");
    expect(identify({ summary: CRISP, issue_type: "Bug", language: "fr", key: "X-9" })).toEqual(plain);
  });

  it("rule settings: the customer's preset reaches the engine's result", async () => {
    const customer = await freeCustomer(database().db, "pipe-rules", 5);
    expect((await settingsFor(database().db, customer.customerId, { summary: CRISP })).rules?.preset).toBe("default");
    await putRuleSettings(database().db, customer.customerId, { preset: "strict" }, "test");
    const outcome = await scoreAndRecord(database(), { customer, ticket: { summary: CRISP }, ticketId: "T-1", source: "api", engine: heuristic });
    expect(outcome.status).toBe("scored");
    if (outcome.status === "scored") expect(outcome.result.metadata.rules?.preset).toBe("strict");
  });

  it("quota: admits every known story and new ones while there is room, in order", async () => {
    const customer = await freeCustomer(database().db, "pipe-room", 2);
    const known = identify({ summary: CRISP }, "k-1");
    await scoreAndRecord(database(), { customer, ticket: { summary: CRISP }, externalId: "k-1", ticketId: "T-1", source: "api", engine: heuristic });
    expect(await isKnown(database().db, customer.customerId, known)).toBe(true);
    const items = ["k-1", "n-1", "n-2", "n-3"].map((id) => ({ id, identity: identify({ summary: id }, id) }));
    const { admitted, refused } = await admissible(database().db, customer, items, (item) => item.id === "k-1", new Date());
    expect(admitted.map((item) => item.id)).toEqual(["k-1", "n-1"]);
    expect(refused).toBe(2);
  });

  it("the whole pipeline: a new story is counted once, re-scoring it is free, a new one over quota is refused and nothing stored", async () => {
    const customer = await freeCustomer(database().db, "pipe-bill", 1);
    const first = await scoreAndRecord(database(), { customer, ticket: { summary: CRISP, issue_type: "Story" }, ticketId: "T-1", source: "api", engine: heuristic });
    expect(first).toMatchObject({ status: "scored", newlyCounted: true });
    const again = await scoreAndRecord(database(), { customer, ticket: { summary: CRISP, issue_type: "Bug" }, ticketId: "T-2", source: "api", engine: heuristic });
    expect(again).toMatchObject({ status: "scored", newlyCounted: false });
    if (again.status === "scored") expect(again.result.metadata.work_item_type).toBe("bug");
    const refused = await scoreAndRecord(database(), { customer, ticket: { summary: "As a user, I want another thing so that I can test." }, ticketId: "T-3", source: "api", engine: heuristic });
    expect(refused.status).toBe("refused");
    if (refused.status === "refused") expect(refused.refusal.state).toMatchObject({ quota: 1, used: 1 });
    expect(await used(customer.customerId)).toBe(1);
    const runs = await database().db.select().from(scoreRuns).where(eq(scoreRuns.customerId, customer.customerId));
    expect(runs.map((run) => run.ticketId).sort()).toEqual(["T-1", "T-2"]);
    const [story] = await database().db.select().from(stories).where(eq(stories.customerId, customer.customerId));
    expect(story).toMatchObject({ runCount: 2, workItemType: "bug" });
  });

  it("quota before an expensive engine: a new story over quota is refused before the engine is paid", async () => {
    const customer = await freeCustomer(database().db, "pipe-expensive", 0);
    let calls = 0;
    const expensive: ScoringEngine = {
      name: "counting",
      cost: "expensive",
      score: (...args) => {
        calls++;
        return heuristic.score(...args);
      },
      scoreBatch: (...args) => heuristic.scoreBatch(...args),
    };
    const outcome = await scoreAndRecord(database(), { customer, ticket: { summary: CRISP }, ticketId: "T-1", source: "api", engine: expensive });
    expect(outcome.status).toBe("refused");
    expect(calls).toBe(0);
  });

  it("engine, as a batch (the evaluator): the preset is the reading, nothing is stored", async () => {
    const results = await scoreBatch(heuristic, [{ ticket: ticketOf({ summary: CRISP }) }, { ticket: ticketOf({ summary: "Fix the login", issue_type: "Bug" }) }], presetSettings("lenient"));
    expect(results.map((r) => r.metadata.rules?.preset)).toEqual(["lenient", "lenient"]);
    expect(results[1].metadata.work_item_type).toBe("bug");
  });
});
