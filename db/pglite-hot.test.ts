import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeHot, openDatabase, type DbHandle } from "./client";

// The prepared-statement path of the embedded database (PostgreSQL's is postgres.js's own), on PGlite in this
// thread and on PGlite in a thread of its own (db/pglite-thread.ts), as the server runs it.
describe.each([
  { where: "in this thread", thread: undefined },
  { where: "on its own thread", thread: {} },
])("executeHot on PGlite $where", ({ thread }) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: "memory://", ...(thread ? { pgliteThread: thread } : {}) });
  });
  afterAll(async () => {
    await handle.close();
  });

  const divide = (numerator: number, denominator: number) =>
    executeHot<{ quotient: number; ok: boolean; doc: unknown; at: Date; label: string | null }>(
      handle.db,
      sql`select ${numerator}::int / ${denominator}::int as quotient, true as ok, ${JSON.stringify({ a: [1, 2] })}::jsonb as doc,
        ${"2026-11-10T10:00:00.000Z"}::timestamptz as at, ${null}::text as label`,
    );

  it("returns rows with PGlite's type parsing", async () => {
    expect(await divide(6, 3)).toEqual([{ quotient: 2, ok: true, doc: { a: [1, 2] }, at: new Date("2026-11-10T10:00:00.000Z"), label: null }]);
  });

  it("raises the database's error and keeps working after it, on the same prepared statement", async () => {
    await expect(divide(1, 0)).rejects.toThrow(/division by zero/);
    expect((await divide(9, 3))[0].quotient).toBe(3);
  });

  it("sends values byte for byte, whatever their characters (the Bind message is built here)", async () => {
    const text = "naïve café, 日本語, emoji 🧪🚀, and a null byte-free \u00a0 space";
    const [row] = await executeHot<{ echoed: string; bytes: number; missing: string | null; empty: string; doc: unknown }>(
      handle.db,
      sql`select ${text}::text as echoed, octet_length(${text}::text) as bytes, ${null}::text as missing, ${""}::text as empty,
        ${JSON.stringify({ label: text })}::jsonb as doc`,
    );
    expect(row).toEqual({ echoed: text, bytes: Buffer.byteLength(text), missing: null, empty: "", doc: { label: text } });
  });

  it("keeps a statement whose first execution failed", async () => {
    const fresh = (denominator: number) => executeHot<{ q: number }>(handle.db, sql`select 10 / ${denominator}::int as q`);
    await expect(fresh(0)).rejects.toThrow(/division by zero/);
    expect(await fresh(5)).toEqual([{ q: 2 }]);
  });

  it("prepares a statement again once it is older than maxPlanAgeMs, under the same name", async () => {
    const twice = (n: number) => executeHot<{ doubled: number }>(handle.db, sql`select ${n}::int * 2 as doubled`, { maxPlanAgeMs: 0 });
    expect(await twice(2)).toEqual([{ doubled: 4 }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await twice(5)).toEqual([{ doubled: 10 }]);
    const { rows } = await (handle.raw as PGlite).query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement like 'select $1::int * 2%'`);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("prepares a size-sensitive statement again each time its runs double (16, 32...), others never", async () => {
    // How many times PostgreSQL has executed the statement since it was last prepared.
    const executions = async (pattern: string) => {
      const { rows } = await (handle.raw as PGlite).query<{ n: number }>(
        `select (generic_plans + custom_plans)::int as n from pg_prepared_statements where statement like $1`,
        [pattern],
      );
      return rows.map((row) => row.n);
    };
    const sensitive = (n: number) => executeHot(handle.db, sql`select ${n}::int + 1 as grown`, { maxPlanAgeMs: 3_600_000 });
    const steady = (n: number) => executeHot(handle.db, sql`select ${n}::int + 2 as kept`);
    const seen: number[] = [];
    for (let run = 1; run <= 40; run++) {
      await sensitive(run);
      await steady(run);
      seen.push((await executions("select $1::int + 1 as grown%"))[0]);
    }
    // Prepared at runs 1, 16 and 32: the counts start again there.
    expect(seen.slice(13, 18)).toEqual([14, 15, 1, 2, 3]);
    expect(seen.slice(29, 34)).toEqual([15, 16, 1, 2, 3]);
    expect(seen.at(-1)).toBe(9);
    expect(await executions("select $1::int + 1 as grown%")).toHaveLength(1);
    expect(await executions("select $1::int + 2 as kept%")).toEqual([40]);
  });

  it("never runs inside another caller's transaction", async () => {
    await handle.db.execute(sql`create table hot_probe (n int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into hot_probe values (1)`);
      await held;
      tx.rollback();
    });
    // Queued behind the open transaction: it must not see (or join) the uncommitted row.
    const counted = executeHot<{ n: number }>(handle.db, sql`select count(*)::int as n from hot_probe where n = ${1}::int`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await expect(transaction).rejects.toThrow();
    expect(await counted).toEqual([{ n: 0 }]);
  });
});
