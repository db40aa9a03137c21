import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { scoreTicket } from "@/lib/scoring";
import { billAndRecordGroup } from "@/lib/stories/billing-group";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import { migrateDatabase, openDatabase, type DbHandle } from "./client";
import type { Sql } from "postgres";
import { createTestDatabase, hasPostgres, type TestDatabase } from "@/testing/db";
import { maintainDatabase, pgliteTarget, postgresTarget, startMaintenance } from "./maintenance";

describe("maintenance of the embedded database", () => {
  let handle: DbHandle;
  let client: PGlite;
  beforeAll(async () => {
    handle = await openDatabase({ pgliteDir: "memory://" });
    await migrateDatabase(handle);
    client = handle.raw as PGlite;
    await client.exec(`insert into plans (id, display_name, monthly_quota) values ('m', 'm', 10) on conflict do nothing;
      insert into customers (id, plan_id) values ('maint-co', 'm');`);
  });
  afterAll(async () => {
    await handle.close();
  });

  const deadTuples = async (table: string) => {
    // Statistics reach the shared view at most once a second unless a flush is forced.
    await client.exec("select pg_stat_force_next_flush()");
    await client.exec("select 1");
    return Number((await client.query<{ n: number }>(`select n_dead_tup as n from pg_stat_user_tables where relname = $1`, [table])).rows[0]?.n ?? 0);
  };

  it("removes the dead row versions that re-scores leave behind and records the run", async () => {
    await client.exec(`
      insert into stories (customer_id, story_identity, identity_resolution, counted_month, summary, first_scored_at, last_scored_at, run_count)
        select 'maint-co', 'sha256:' || g, 'content_hash', '2026-11', 'story ' || g, now(), now(), 1 from generate_series(1, 200) g;`);
    for (let i = 0; i < 5; i++) await client.exec(`update stories set run_count = run_count + 1 where customer_id = 'maint-co'`);
    expect(await deadTuples("stories")).toBeGreaterThan(0);

    const run = await maintainDatabase(pgliteTarget(client));
    expect(run.vacuumed).toContain("stories");
    expect(await deadTuples("stories")).toBe(0);
    const [stats] = (await client.query<{ vacuumed: boolean; analyzed: boolean }>(
      `select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'stories'`,
    )).rows;
    expect(stats).toEqual({ vacuumed: true, analyzed: true });

    // Nothing changed since: nothing is due.
    expect(await maintainDatabase(pgliteTarget(client))).toMatchObject({ analyzed: [], vacuumed: [] });
  });

  it("re-plans the grouped scoring statement once the stories table has grown", async () => {
    const customer = { customerId: "maint-co", companyId: null, planId: "m", quota: 1_000_000 };
    const group = (tag: string) =>
      ["a", "b"].map((suffix) => {
        const ticket = { summary: `Grouped story ${tag}${suffix}` };
        const at = new Date();
        return {
          admit: { customer, identity: resolveStoryIdentity(ticket), ticket, at },
          run: { runId: randomUUID(), ticketId: "T-1", ticket, source: "api" as const, engine: "heuristic", result: scoreTicket(ticket), processingTimeMs: 1, at },
        };
      });
    // Enough executions for PostgreSQL to settle on a generic plan while `stories` is small.
    for (let i = 0; i < 8; i++) await billAndRecordGroup(handle.db, group(String(i)));
    await client.exec(`insert into stories (customer_id, story_identity, identity_resolution, counted_month, summary, first_scored_at, last_scored_at, run_count)
      select 'maint-co', 'sha256:grown' || g, 'content_hash', '2026-11', 'grown ' || g, now(), now(), 1 from generate_series(1, 20000) g`);

    // The plan the prepared statement itself runs, for a group of two new stories.
    const { rows: prepared } = await client.query<{ name: string }>(`select name from pg_prepared_statements where statement like '%jsonb_to_recordset%'`);
    expect(prepared).toHaveLength(1);
    const input = JSON.stringify(JSON.stringify([{ idx: 0, customer_id: "maint-co", quota: 10, story_identity: "x", month: "2026-11", summary: "x", at: new Date().toISOString() }])).slice(1, -1);
    const plan = async () =>
      (await client.query<{ "QUERY PLAN": string }>(`explain execute ${prepared[0].name}('${input.replace(/\\"/g, '"')}')`)).rows.map((row) => row["QUERY PLAN"]).join("\n");
    // Planned while the table was small, the lookup of known stories may use any index that starts with the
    // customer (here it took the summary index, reading every story of the customer). Once analyzed, the
    // statement is re-planned: the unique (customer, identity) index, and no scan of the table.
    await maintainDatabase(pgliteTarget(client));
    const after = await plan();
    expect(after).toMatch(/stories_customer_identity_idx/);
    expect(after).not.toMatch(/Seq Scan on stories|stories_customer_summary_idx/);
    expect(await billAndRecordGroup(handle.db, group("after"))).toHaveLength(2);
  });

  it("checks on its interval until stopped, reporting the runs that did something", async () => {
    const runs: string[][] = [];
    const maintenance = startMaintenance(pgliteTarget(client), { intervalMs: 50, onRun: (run) => runs.push(run.analyzed) });
    await client.exec(`update stories set run_count = run_count + 1 where customer_id = 'maint-co'`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    maintenance.stop();
    expect(runs.flat()).toContain("stories");
    const count = runs.length;
    await client.exec(`update stories set run_count = run_count + 1 where customer_id = 'maint-co'`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs.length).toBe(count);
  });
});

describe.runIf(hasPostgres)("maintenance on a PostgreSQL server without autovacuum", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("vacuums and analyzes the tables that are due, outside any transaction", async () => {
    const client = database.handle.raw as Sql;
    await client.unsafe(`create table churn (id int primary key, n int not null default 0)`);
    await client.unsafe(`insert into churn (id) select g from generate_series(1, 500) g`);
    for (let i = 0; i < 3; i++) await client.unsafe(`update churn set n = n + 1`);
    // Other sessions' counters reach the views within a second.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const run = await maintainDatabase(postgresTarget(client));
    expect(run.vacuumed).toContain("churn");
    const [stats] = await client.unsafe(`select last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = 'churn'`);
    expect(stats).toEqual({ vacuumed: true, analyzed: true });
  });
});
