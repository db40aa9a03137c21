import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quotaUsage, stories } from "@/db/schema";
import { scoreTicket } from "@/lib/scoring";
import { freeCustomer } from "@/testing/customers";
import { setupTestDatabase } from "@/testing/db";
import { billAndRecord } from "./billing";
import { resolveStoryIdentity } from "./identity";

const database = setupTestDatabase();
const at = new Date("2026-11-10T10:00:00Z");

const customer = (id: string, quota: number) => freeCustomer(database().db, id, quota);

const ticket = (summary: string) => ({ summary });
const run = (summary: string) => ({
  runId: randomUUID(),
  ticketId: "T-1",
  ticket: ticket(summary),
  source: "async" as const,
  engine: "heuristic",
  result: scoreTicket(ticket(summary)),
  processingTimeMs: 1,
  at,
});

describe("the usage ledger", () => {
  it("keeps the usage ledger equal to the stories counted in each month", async () => {
    const acme = await customer("ledger-co", 10);
    for (const summary of ["a", "b", "a", "c"]) {
      await billAndRecord(database().db, { customer: acme, identity: resolveStoryIdentity(ticket(summary)), ticket: ticket(summary), at }, run(summary));
    }
    const counted = await database().db.select().from(stories).where(and(eq(stories.customerId, "ledger-co"), eq(stories.countedMonth, "2026-11")));
    const [usage] = await database().db.select().from(quotaUsage).where(eq(quotaUsage.customerId, "ledger-co"));
    expect(counted).toHaveLength(3);
    expect(usage.used).toBe(3);
  });

  it("refuses every new story when the quota is 0 but still admits nothing", async () => {
    const none = await customer("zero-co", 0);
    await expect(
      billAndRecord(database().db, { customer: none, identity: resolveStoryIdentity(ticket("x")), ticket: ticket("x"), at }, run("x")),
    ).rejects.toMatchObject({ state: { quota: 0, used: 0 } });
    expect(await database().db.select().from(stories).where(eq(stories.customerId, "zero-co"))).toHaveLength(0);
  });
});
