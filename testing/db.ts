// Test databases: every test file gets its own copy of the migrated template (PGlite by default, the real
// PostgreSQL server when DATABASE_URL is set), injected as the process database the route handlers use.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, setDbHandle, type DbHandle, type DbDriver } from "@/db/client";
import { forgetRules } from "@/lib/rules/settings";

export interface TestDatabase {
  handle: DbHandle;
  drop(): Promise<void>;
}

/** A fresh database for one test file. `driver` forces one; by default PostgreSQL when DATABASE_URL is set. */
export async function createTestDatabase(driver: DbDriver = process.env.DATABASE_URL ? "postgres" : "pglite"): Promise<TestDatabase> {
  if (driver === "pglite") {
    const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
    const handle = await openDatabase({ pgliteDump: dump });
    return { handle, drop: () => handle.close() };
  }
  const databaseUrl = process.env.DATABASE_URL;
  const template = inject("postgresTemplate");
  if (!databaseUrl || !template) throw new Error("PostgreSQL tests need DATABASE_URL");
  const { default: postgres } = await import("postgres");
  const name = `ssc_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`create database "${name}" template "${template}"`);
      break;
    } catch (error) {
      // Two files cloning the template at the same instant can collide; try again shortly.
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), max: 30 });
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/** Give this test file its own database, installed as the one `getDb()` returns. */
export function setupTestDatabase(driver?: DbDriver): () => DbHandle {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    setDbHandle(database.handle);
    // A fresh database: no customer's rule settings kept from another file's (lib/rules/settings.ts).
    forgetRules();
  });
  afterAll(async () => {
    setDbHandle(undefined);
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("the test database is not ready yet");
    return database.handle;
  };
}

/** Whether the real PostgreSQL server is available to this run (concurrency tests need it). */
export const hasPostgres = Boolean(process.env.DATABASE_URL);
