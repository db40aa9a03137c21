import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotaUsage, scoreRuns, stories } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { scoreTicket, type TicketData } from "@/lib/scoring";
import { freeCustomer } from "@/testing/customers";
import { setupTestDatabase } from "@/testing/db";
import { billAndRecord, QuotaExhaustedError } from "./billing";
import { billAndRecordGroup, recordScore } from "./billing-group";
import { resolveStoryIdentity } from "./identity";

const database = setupTestDatabase();
const at = new Date("2026-11-10T10:00:00Z");

const customer = (id: string, quota: number) => freeCustomer(database().db, id, quota);

function item(who: CustomerContext, ticket: TicketData, when = at) {
  return {
    admit: { customer: who, identity: resolveStoryIdentity(ticket), ticket, at: when },
    run: { runId: randomUUID(), ticketId: ticket.key ?? "T-1", ticket, source: "api" as const, engine: "heuristic", result: scoreTicket(ticket), processingTimeMs: 1, at: when },
  };
}

async function customerState(customerId: string) {
  const db = database().db;
  const rows = await db.select().from(stories).where(eq(stories.customerId, customerId));
  const [{ runs }] = await db.select({ runs: count() }).from(scoreRuns).where(eq(scoreRuns.customerId, customerId));
  const [usage] = await db.select().from(quotaUsage).where(eq(quotaUsage.customerId, customerId));
  return { stories: rows, runs, used: usage?.used ?? 0 };
}

describe("billAndRecordGroup: one statement for a group of runs", () => {
  it("refreshes known stories, counts each new story once and records every run", async () => {
    const acme = await customer("group-co", 10);
    await billAndRecord(database().db, item(acme, { summary: "Known story" }).admit, item(acme, { summary: "Known story" }).run);

    const group = [
      item(acme, { summary: "New story A", key: "A-1" }),
      item(acme, { summary: "Known story", key: "K-1" }),
      item(acme, { summary: "New story A" }, new Date("2026-11-10T10:00:05Z")),
      item(acme, { summary: "New story B" }),
    ];
    const billed = await billAndRecordGroup(database().db, group);

    expect(billed.map((b) => b.newlyCounted)).toEqual([true, false, false, true]);
    expect(billed[0].storyId).toBe(billed[2].storyId);
    const state = await customerState("group-co");
    expect(state.runs).toBe(5);
    expect(state.used).toBe(3);
    const bySummary = Object.fromEntries(state.stories.map((s) => [s.summary, s]));
    expect(bySummary["Known story"]).toMatchObject({ runCount: 2, ticketKey: "K-1" });
    // A story sent twice in one group: counted once, both runs, the key kept from the run that had one.
    expect(bySummary["New story A"]).toMatchObject({ runCount: 2, ticketKey: "A-1", countedMonth: "2026-11" });
    expect(bySummary["New story A"].lastScoredAt.toISOString()).toBe("2026-11-10T10:00:05.000Z");
    expect(bySummary["New story B"]).toMatchObject({ runCount: 1 });
  });

  it("writes nothing and throws when one new story of the group does not fit in the quota", async () => {
    const small = await customer("group-small-co", 2);
    await billAndRecord(database().db, item(small, { summary: "Existing" }).admit, item(small, { summary: "Existing" }).run);
    const before = await customerState("group-small-co");

    await expect(
      billAndRecordGroup(database().db, [item(small, { summary: "Existing" }), item(small, { summary: "Fits" }), item(small, { summary: "Does not fit" })]),
    ).rejects.toThrow();

    const after = await customerState("group-small-co");
    expect(after).toEqual(before);
  });

  it("checks each customer's quota separately inside one group", async () => {
    const roomy = await customer("group-roomy-co", 5);
    const full = await customer("group-full-co", 0);
    await expect(billAndRecordGroup(database().db, [item(roomy, { summary: "Fine" }), item(full, { summary: "Refused" })])).rejects.toThrow();
    expect((await customerState("group-roomy-co")).runs).toBe(0);
    const billed = await billAndRecordGroup(database().db, [item(roomy, { summary: "Fine" }), item(roomy, { summary: "Also fine" })]);
    expect(billed.every((b) => b.newlyCounted)).toBe(true);
    expect((await customerState("group-roomy-co")).used).toBe(2);
  });
});

describe("recordScore: runs that arrive together are grouped, with the same outcome as one by one", () => {
  it("admits exactly the quota of concurrent new stories and refuses the rest, each with QuotaExhaustedError", async () => {
    const acme = await customer("record-quota-co", 5);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => recordScore(database(), item(acme, { summary: `Concurrent story ${i}` }).admit, item(acme, { summary: `Concurrent story ${i}` }).run)),
    );
    const admitted = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(admitted).toHaveLength(5);
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof QuotaExhaustedError)).toBe(true);
    const state = await customerState("record-quota-co");
    expect({ stories: state.stories.length, runs: state.runs, used: state.used }).toEqual({ stories: 5, runs: 5, used: 5 });
  });

  it("counts one story sent many times at once exactly once and records every run", async () => {
    const acme = await customer("record-same-co", 3);
    const same = { summary: "As a shopper, I want to save my cart so that I can check out later." };
    const billed = await Promise.all(Array.from({ length: 20 }, () => recordScore(database(), item(acme, same).admit, item(acme, same).run)));
    expect(new Set(billed.map((b) => b.storyId)).size).toBe(1);
    expect(billed.filter((b) => b.newlyCounted)).toHaveLength(1);
    const state = await customerState("record-same-co");
    expect({ stories: state.stories.length, runs: state.runs, used: state.used, runCount: state.stories[0].runCount }).toEqual({ stories: 1, runs: 20, used: 1, runCount: 20 });
  });

  it("admits re-scores of known stories when the quota is used up", async () => {
    const acme = await customer("record-full-co", 1);
    const known = { summary: "Known before the quota ran out" };
    await recordScore(database(), item(acme, known).admit, item(acme, known).run);
    const outcomes = await Promise.allSettled([
      recordScore(database(), item(acme, known).admit, item(acme, known).run),
      recordScore(database(), item(acme, { summary: "Brand new" }).admit, item(acme, { summary: "Brand new" }).run),
      recordScore(database(), item(acme, known).admit, item(acme, known).run),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const state = await customerState("record-full-co");
    expect({ runs: state.runs, used: state.used }).toEqual({ runs: 3, used: 1 });
  });
});
