import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dashboardUsers, scoreRuns, stories } from "@/db/schema";
import { setupTestDatabase } from "@/lib/testing/db";
import { DEMO_CUSTOMER_ID, seedDemoIfEmpty } from "./seed";

const database = setupTestDatabase();

describe("demo seed", () => {
  it("seeds an empty database once: a customer with a key, logins and weeks of scored history", async () => {
    const { db } = database();
    const now = new Date("2026-11-21T12:00:00Z");
    const first = await seedDemoIfEmpty(db, now, { announce: false });
    expect(first?.apiKey).toMatch(/^ssk_/);
    expect(await seedDemoIfEmpty(db, now, { announce: false })).toBeNull();

    const [{ value: storyCount }] = await db.select({ value: count() }).from(stories).where(eq(stories.customerId, DEMO_CUSTOMER_ID));
    expect(storyCount).toBeGreaterThanOrEqual(30);
    const runs = await db.select({ createdAt: scoreRuns.createdAt, storyId: scoreRuns.storyId }).from(scoreRuns).where(eq(scoreRuns.customerId, DEMO_CUSTOMER_ID));
    const days = (now.getTime() - Math.min(...runs.map((run) => run.createdAt.getTime()))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(35);
    expect(runs.every((run) => run.createdAt <= now)).toBe(true);

    // Some stories were scored several times as their authors improved them, and got better.
    const edited = await db.select().from(stories).where(eq(stories.storyIdentity, "SHOP-101"));
    expect(edited[0].runCount).toBe(3);
    const history = await db.select().from(scoreRuns).where(eq(scoreRuns.storyId, edited[0].id)).orderBy(scoreRuns.createdAt);
    expect(history.at(-1)!.overallScore).toBeGreaterThan(history[0].overallScore);

    // Bugs, tasks and a spike are there too, typed as a tracker types them and judged as what they are.
    const results = await db.select({ result: scoreRuns.result }).from(scoreRuns).where(eq(scoreRuns.customerId, DEMO_CUSTOMER_ID));
    const kinds = results.map(({ result }) => (result.metadata as { work_item_type?: string }).work_item_type);
    expect(kinds.filter((kind) => kind === "bug")).toHaveLength(3);
    expect(kinds.filter((kind) => kind === "task")).toHaveLength(3);
    expect(kinds.filter((kind) => kind === "spike")).toHaveLength(1);
    expect(kinds.filter((kind) => kind === "story").length).toBeGreaterThanOrEqual(30);

    expect(await db.select({ email: dashboardUsers.email }).from(dashboardUsers)).toHaveLength(2);
  });
});
