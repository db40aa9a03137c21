// The embedded database in a data directory: created by a child process (db/pglite-init.ts), then opened in
// this one with the memory settings of db/client.ts, and opened again as an existing directory.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, PGLITE_START_PARAMS, sql } from "./client";
import { createPgliteDirectory } from "./pglite-init";

const root = mkdtempSync(path.join(tmpdir(), "ssc-pglite-init-"));
const dir = path.join(root, "data");
// One creation (initdb, several seconds of CPU) for both tests. The child alone creates it (openDatabase would
// fall back to creating it in-process).
beforeAll(() => createPgliteDirectory(dir, PGLITE_START_PARAMS), 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("an embedded database in a data directory", () => {
  it("is created by a child process and opened with the embedded memory settings, then reopened as it is", async () => {
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    const first = await openDatabase({ pgliteDir: dir });
    try {
      const [buffers] = await first.query<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(buffers.shared_buffers).toBe("16MB");
      const [work] = await first.query<{ maintenance_work_mem: string }>(sql`show maintenance_work_mem`);
      expect(work.maintenance_work_mem).toBe("16MB");
      await first.query(sql`create table kept (id int primary key)`);
      await first.query(sql`insert into kept values (1)`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ pgliteDir: dir });
    try {
      expect(await again.query<{ id: number }>(sql`select id from kept`)).toEqual([{ id: 1 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it("leaves an existing directory to its owner", async () => {
    // A second creation is a no-op (these parameters would not even start PostgreSQL): it holds a database.
    await createPgliteDirectory(dir, ["--no-such-option"]);
    const reopened = await openDatabase({ pgliteDir: dir });
    try {
      expect(await reopened.query<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
