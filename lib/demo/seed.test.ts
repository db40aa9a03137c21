import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { customers, dashboardUsers, scoreRuns, stories } from "@/db/schema";
import { authorizeCredentials } from "@/lib/auth/next-auth";
import { hashPassword } from "@/lib/auth/passwords";
import { parseEnv } from "@/lib/env";
import { createTestDatabase, setupTestDatabase } from "@/testing/db";
import { setEnv } from "@/testing/http";
import { DEMO_COMPANY_EMAIL, DEMO_CUSTOMER_ID, DEMO_EMAIL, PUBLISHED_DEMO_PASSWORD, retirePublishedDemoPassword, seedDemoIfEmpty } from "./seed";

const database = setupTestDatabase();

afterEach(() => setEnv({ SEED_DEMO: undefined, DEMO_PASSWORD: undefined }));

describe("demo seed", () => {
  it("seeds nothing with SEED_DEMO=false, for a production install", async () => {
    setEnv({ SEED_DEMO: "false" });
    expect(await seedDemoIfEmpty(database().db, new Date(), { announce: false })).toBeNull();
    const [{ value }] = await database().db.select({ value: count() }).from(customers);
    expect(value).toBe(0);
  });

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

    // The logins have random passwords, given once: the password earlier versions published opens nothing.
    const { demo, lead } = first!.passwords;
    expect(demo).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(lead).not.toBe(demo);
    expect(await authorizeCredentials(db, { email: DEMO_EMAIL, password: demo })).toMatchObject({ customerId: DEMO_CUSTOMER_ID });
    expect(await authorizeCredentials(db, { email: DEMO_COMPANY_EMAIL, password: lead })).toMatchObject({ companyId: "demo-company" });
    for (const email of [DEMO_EMAIL, DEMO_COMPANY_EMAIL]) expect(await authorizeCredentials(db, { email, password: PUBLISHED_DEMO_PASSWORD })).toBeNull();
  });

  it("gives a database seeded by an earlier version new demo passwords: the published one stops working", async () => {
    const { db } = database();
    await db.update(dashboardUsers).set({ passwordHash: await hashPassword(PUBLISHED_DEMO_PASSWORD) });
    expect(await authorizeCredentials(db, { email: DEMO_EMAIL, password: PUBLISHED_DEMO_PASSWORD })).not.toBeNull();
    expect((await retirePublishedDemoPassword(db, { announce: false })).sort()).toEqual([DEMO_EMAIL, DEMO_COMPANY_EMAIL].sort());
    for (const email of [DEMO_EMAIL, DEMO_COMPANY_EMAIL]) expect(await authorizeCredentials(db, { email, password: PUBLISHED_DEMO_PASSWORD })).toBeNull();
    expect(await retirePublishedDemoPassword(db, { announce: false })).toEqual([]);
  });

  it("takes the demo logins' password from DEMO_PASSWORD for test runs, never the published one", async () => {
    expect(() => parseEnv({ DEMO_PASSWORD: PUBLISHED_DEMO_PASSWORD })).toThrow(/DEMO_PASSWORD must not be the password earlier versions published/);
    expect(() => parseEnv({ DEMO_PASSWORD: "short" })).toThrow(/DEMO_PASSWORD must be at least 12 characters/);
    const other = await createTestDatabase();
    try {
      setEnv({ DEMO_PASSWORD: "e2e-run-password-4821" });
      const seeded = await seedDemoIfEmpty(other.handle.db, new Date(), { announce: false });
      expect(seeded?.passwords).toEqual({ demo: "e2e-run-password-4821", lead: "e2e-run-password-4821" });
      expect(await authorizeCredentials(other.handle.db, { email: DEMO_EMAIL, password: "e2e-run-password-4821" })).not.toBeNull();
    } finally {
      await other.drop();
    }
  });
});
