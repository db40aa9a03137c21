import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { llmCache } from "@/db/schema";
import { setClock } from "@/lib/clock";
import { scoreTicket } from "@/lib/scoring";
import { setupTestDatabase } from "@/testing/db";
import { createDatabaseLlmCache } from "./llm-cache";

const database = setupTestDatabase();
const answer = scoreTicket({ summary: "As a shopper, I want to save my cart so that I can check out later." });
const DAY = 86_400_000;

afterEach(() => setClock(undefined));

const keys = async () => (await database().db.select({ key: llmCache.key }).from(llmCache)).map((row) => row.key).sort();

describe("the LLM answer cache in the database", () => {
  it("serves a stored answer across processes (a fresh in-process cache) until it expires", async () => {
    const start = new Date("2026-11-01T00:00:00Z");
    setClock(() => start);
    await createDatabaseLlmCache({ db: async () => database().db, ttlDays: 30 }).set("key-expiring", answer);

    setClock(() => new Date(start.getTime() + 29 * DAY));
    expect(await createDatabaseLlmCache({ db: async () => database().db, ttlDays: 30 }).get("key-expiring")).toEqual(answer);

    setClock(() => new Date(start.getTime() + 31 * DAY));
    expect(await createDatabaseLlmCache({ db: async () => database().db, ttlDays: 30 }).get("key-expiring")).toBeUndefined();
  });

  it("deletes expired answers when it writes, keeping fresh ones", async () => {
    const start = new Date("2026-01-01T00:00:00Z");
    setClock(() => start);
    const old = createDatabaseLlmCache({ db: async () => database().db, ttlDays: 10 });
    await old.set("key-old", answer);

    setClock(() => new Date(start.getTime() + 11 * DAY));
    const later = createDatabaseLlmCache({ db: async () => database().db, ttlDays: 10 });
    await later.set("key-new", answer);
    const remaining = await keys();
    expect(remaining).toContain("key-new");
    expect(remaining).not.toContain("key-old");
  });

  it("keeps answers for ever with a TTL of 0, and re-storing an answer restarts its time", async () => {
    const start = new Date("2025-01-01T00:00:00Z");
    setClock(() => start);
    await createDatabaseLlmCache({ db: async () => database().db, ttlDays: 0 }).set("key-forever", answer);
    setClock(() => new Date(start.getTime() + 3000 * DAY));
    const forever = createDatabaseLlmCache({ db: async () => database().db, ttlDays: 0 });
    await forever.set("key-other", answer);
    expect(await forever.get("key-forever")).toEqual(answer);

    const [before] = await database().db.select().from(llmCache).where(eq(llmCache.key, "key-other"));
    setClock(() => new Date(start.getTime() + 3001 * DAY));
    await forever.set("key-other", answer);
    const [after] = await database().db.select().from(llmCache).where(eq(llmCache.key, "key-other"));
    expect(after.createdAt.getTime() - before.createdAt.getTime()).toBe(DAY);
  });
});
