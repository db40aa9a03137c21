// `npm run db:export -- --to postgres://...`, run as the real CLI on a seeded embedded database (demo data, an
// installation, async jobs waiting in the queue) into fresh databases on the local PostgreSQL server: every
// table's count and a sample of rows equal; a server started on the result serves the same dashboard figures and
// scores the jobs the queue carried over; a non-empty target is refused. Runs only with DATABASE_URL (the server
// whose databases it may create: wt_backup_export_*, dropped at the end).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "@/db/client";
import { hasPostgres } from "@/testing/db";
import { seedEmbeddedDirectory, SEEDED_ASYNC_JOBS } from "@/testing/embedded-database";
import { nodeArgs } from "@/testing/cli-bundles";
import { runCli, snapshot } from "@/testing/database-copies";

let scratch: string;
let sourceDir: string;
let apiKey: string;
const created: string[] = [];

function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function freshDatabase(): Promise<string> {
  const name = `wt_backup_export_${randomBytes(4).toString("hex")}`;
  const admin = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  created.push(name);
  return databaseUrl(name);
}

/** The same session settings on both sides, so timestamps and numbers print alike. */
async function snapshotOfPostgres(url: string) {
  const client = postgres(url, { max: 1, onnotice: () => {}, connection: { TimeZone: "UTC" } });
  try {
    return await snapshot(client);
  } finally {
    await client.end();
  }
}

async function snapshotOfDir(dir: string) {
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    await (handle.raw as PGlite).exec("set timezone = 'UTC'");
    return await snapshot(handle.raw as PGlite);
  } finally {
    await handle.close();
  }
}

/** testing/backup-server.ts started as the production server starts (lib/startup), on `env`'s database. */
function startService(env: Record<string, string>): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  return new Promise((resolve, reject) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, RUN_SERVICE: "1", LOG_LEVEL: "warn", ALLOW_PRIVATE_CALLBACKS: "true", ...env };
    for (const name of ["DATABASE_URL", "PGLITE_DIR"]) if (!(name in env)) delete childEnv[name];
    const child = spawn(process.execPath, nodeArgs("testing/backup-server.ts"), { env: childEnv });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${output}`));
    });
    // Only while it starts: a timer left running killed the started server 60 s later, mid-test, when a loaded machine
    // made the test that long, and a second server then took over its stale lock (the CI failures of "backs up through
    // a running server": twenty-second session).
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in 60 s: ${output}`));
    }, 60_000);
    timer.unref();
  });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function summaryOf(url: string): Promise<unknown> {
  const response = await fetch(`${url}/stats/summary`, { headers: { authorization: `Bearer ${apiKey}` } });
  expect(response.status).toBe(200);
  return response.json();
}

describe.runIf(hasPostgres)("npm run db:export", () => {
  beforeAll(async () => {
    scratch = mkdtempSync(path.join(tmpdir(), "ssc-export-"));
    sourceDir = path.join(scratch, "embedded");
    ({ apiKey } = await seedEmbeddedDirectory(sourceDir));
  }, 120_000);

  afterAll(async () => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    const admin = postgres(process.env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
    for (const name of created) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it("moves every row into an empty database, which a server then runs on with the same dashboard and the queue's jobs", async () => {
    const source = await snapshotOfDir(sourceDir);
    const target = await freshDatabase();
    const result = await runCli("db-export", ["--to", target], { PGLITE_DIR: sourceDir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^db:export: moved \d+ rows of \d+ tables .* \(2 customers, \d+ stories, \d+ score_runs, 12 async_jobs, \d+ pgboss\.job\); start the server/);
    expect(await snapshotOfPostgres(target)).toEqual(source);
    expect(await snapshotOfDir(sourceDir)).toEqual(source); // the source is not changed

    // The same figures from a server on each: the embedded one (no workers, so nothing moves) and PostgreSQL.
    const embedded = await startService({ PGLITE_DIR: sourceDir, EMBEDDED_WORKER: "false" });
    const before = await summaryOf(embedded.url).finally(() => stop(embedded.child));
    const moved = await startService({ DATABASE_URL: target, EMBEDDED_WORKER: "true" });
    try {
      expect(await summaryOf(moved.url)).toEqual(before);
      // The async jobs that were waiting in the embedded queue are scored on PostgreSQL.
      let statuses: Record<string, number> = {};
      for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
        statuses = (await (await fetch(`${moved.url}/async-jobs`)).json()) as Record<string, number>;
        if (statuses.completed === SEEDED_ASYNC_JOBS) break;
      }
      expect(statuses).toEqual({ completed: SEEDED_ASYNC_JOBS });
    } finally {
      await stop(moved.child);
    }
    // No demo data was seeded on top: the server saw a database with customers.
    const after = await snapshotOfPostgres(target);
    expect(after.counts["public.customers"]).toBe(2);

    // A second export into it is refused, in one line, and changes nothing.
    const again = await runCli("db-export", ["--to", target], { PGLITE_DIR: sourceDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^db:export: the target database is not empty \(.*customers has 2 rows.*\): export only into an empty database\n$/);
    expect((await snapshotOfPostgres(target)).counts).toEqual(after.counts);
  }, 240_000);

  it("exports from a backup file (--from) the same rows", async () => {
    const file = path.join(scratch, "backup.tar.gz");
    expect((await runCli("db-backup", [file], { PGLITE_DIR: sourceDir })).code).toBe(0);
    const target = await freshDatabase();
    const result = await runCli("db-export", ["--from", file, "--to", target], { PGLITE_DIR: path.join(scratch, "unused") });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(await snapshotOfPostgres(target)).toEqual(await snapshotOfDir(sourceDir));
  }, 120_000);

  it("leaves the target without a row when the copy fails halfway (one transaction)", async () => {
    const target = await freshDatabase();
    const handle = await openDatabase({ databaseUrl: target, max: 1 });
    await migrateDatabase(handle);
    await handle.close();
    // A fault the copy meets after customers, api keys and stories are in: score_runs refuses rows.
    const client = postgres(target, { max: 1, onnotice: () => {} });
    await client.unsafe(`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'disk full (simulated)'; end $$`);
    await client.unsafe(`create trigger refuse before insert on score_runs for each row execute function refuse()`);
    const result = await runCli("db-export", ["--to", target], { PGLITE_DIR: sourceDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^db:export: .*disk full \(simulated\)/);
    const counts = await client.unsafe<{ n: number }[]>(
      `select (select count(*) from customers) + (select count(*) from api_keys) + (select count(*) from stories) + (select count(*) from score_runs) + (select count(*) from pgboss.job) as n`,
    );
    expect(Number(counts[0].n)).toBe(0);
    await client.unsafe(`drop trigger refuse on score_runs`);
    await client.end();
    // And it is still an empty target: the export goes through now.
    const retry = await runCli("db-export", ["--to", target], { PGLITE_DIR: sourceDir });
    expect(retry.stderr).toBe("");
    expect(retry.code).toBe(0);
  }, 120_000);

  it("refuses a target with any row in the service's tables, and a bad --to, in one line", async () => {
    const target = await freshDatabase();
    const client = postgres(target, { max: 1, onnotice: () => {} });
    await client.unsafe(`create table audit_events (id uuid primary key)`);
    await client.unsafe(`insert into audit_events values (gen_random_uuid())`);
    await client.end();
    const result = await runCli("db-export", ["--to", target], { PGLITE_DIR: sourceDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("db:export: the target database is not empty (audit_events has 1 row): export only into an empty database\n");
    const bad = await runCli("db-export", ["--to", "mysql://x"], { PGLITE_DIR: sourceDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^db:export: --to must be a postgres:\/\/ or postgresql:\/\/ URL/);
  }, 60_000);
});
