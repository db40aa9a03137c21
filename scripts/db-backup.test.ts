// `npm run db:backup` and `npm run db:restore`, run as the real CLIs (separate processes, bundled: testing/cli-bundles.ts) on real PGlite data
// directories seeded with the demo data, async jobs and their queue: a backup of a stopped database and of a
// running server that keeps writing, restores that keep the old directory, and the refusals (a running server,
// a file that is not a dump, a kill -9's stale lock is no lock).
import { execFileSync, spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { pgliteLockHolder, pgliteLockPath } from "@/db/pglite-lock";
import { nodeArgs } from "@/testing/cli-bundles";
import { childEnv, runCli, snapshot } from "@/testing/database-copies";
import { seedEmbeddedDirectory, SEEDED_ASYNC_JOBS } from "@/testing/embedded-database";
import { defaultBackupFile, unignoredInCheckout } from "./db-cli";

const ADMIN_TOKEN = "backup-test-admin-token-0123456789";
let scratch: string;
let seededDir: string;

/** The stand-in server (testing/backup-server.ts) on `dir`; resolves once it listens. */
function startServer(dir: string, writePairs: boolean): Promise<{ child: ChildProcessWithoutNullStreams; port: number; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, nodeArgs("testing/backup-server.ts"), {
      env: childEnv({ PGLITE_DIR: dir, ADMIN_TOKEN, WRITE_PAIRS: writePairs ? "1" : "0", EMBEDDED_WORKER: "false" }),
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), output: () => output });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the test server exited (${code}): ${output}`));
    });
    // Only while it starts: a timer left running killed the started server 60 s later, mid-test, when a loaded machine
    // made the test that long, and a second server then took over its stale lock (the CI failures of "backs up through
    // a running server": twenty-second session).
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the test server did not start in 60 s: ${output}`));
    }, 60_000);
    timer.unref();
  });
}

function stopServer(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

async function snapshotOfDir(dir: string) {
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    return await snapshot(handle.raw as PGlite);
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "ssc-backup-"));
  seededDir = path.join(scratch, "seeded");
  await seedEmbeddedDirectory(seededDir);
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("npm run db:backup and db:restore", () => {
  it("copies a stopped database, and restores it into a new directory: every table's count and a sample of rows equal", async () => {
    const before = await snapshotOfDir(seededDir);
    expect(before.counts["public.customers"]).toBe(2);
    expect(before.counts["public.async_jobs"]).toBe(SEEDED_ASYNC_JOBS);
    expect(before.counts["pgboss.job"]).toBeGreaterThanOrEqual(SEEDED_ASYNC_JOBS);
    const file = path.join(scratch, "stopped.tar.gz");
    const backup = await runCli("db-backup", [file], { PGLITE_DIR: seededDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^db:backup: wrote .*stopped\.tar\.gz \(\d+\.\d MB, from the stopped database in .*\): 2 customers, \d+ stories/);
    expect(existsSync(pgliteLockPath(seededDir))).toBe(false); // released

    const restoredDir = path.join(scratch, "restored-new");
    const restore = await runCli("db-restore", [file], { PGLITE_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("there was no database there before");
    expect(await snapshotOfDir(restoredDir)).toEqual(before);
  }, 120_000);

  it("restores over an existing database by moving it aside, never deleting it", async () => {
    // Written into a git checkout that does not ignore it: written, with a warning that `git add` would take it.
    const checkout = path.join(scratch, "checkout");
    mkdirSync(checkout);
    execFileSync("git", ["init", "-q", checkout]);
    const file = path.join(checkout, "over.tar.gz");
    const backup = await runCli("db-backup", [file], { PGLITE_DIR: seededDir });
    expect(backup.code).toBe(0);
    expect(backup.stderr).toBe(
      `db:backup: warning: ${file} is inside the git checkout ${realpathSync(checkout)} and git does not ignore it, so a \`git add\` would commit ` +
        "a copy of the customer data: keep backups outside the checkout (npm run db:backup with no FILE writes to ~/story-scoring-backups)\n",
    );
    const before = await snapshotOfDir(seededDir);
    // The live directory changes after the backup: the restore must bring back the backup's state.
    const handle = await openDatabase({ pgliteDir: seededDir });
    await (handle.raw as PGlite).query("delete from score_runs where id in (select id from score_runs order by id limit 5)");
    await handle.close();
    const changed = await snapshotOfDir(seededDir);
    expect(changed.counts["public.score_runs"]).toBe(before.counts["public.score_runs"] - 5);

    const restore = await runCli("db-restore", [file], { PGLITE_DIR: seededDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    const aside = /the previous database is kept in (\S+)$/.exec(restore.stdout.trim())?.[1];
    expect(aside).toMatch(/seeded\.before-restore-\d{8}T\d{6}Z$/);
    expect(await snapshotOfDir(seededDir)).toEqual(before);
    expect(await snapshotOfDir(aside as string)).toEqual(changed);
    expect(readdirSync(scratch).filter((entry) => entry.includes(".restoring-"))).toEqual([]);
  }, 120_000);

  it("backs up through a running server that keeps writing: every transaction is in the copy whole or not at all", async () => {
    // A copy of the seeded directory (closed, so a file copy is a faithful one): two CLI runs fewer on a busy machine.
    const dir = path.join(scratch, "running");
    cpSync(seededDir, dir, { recursive: true });
    const { child, port, output } = await startServer(dir, true);
    try {
      const committed = async () => ((await (await fetch(`http://127.0.0.1:${port}/committed`)).json()) as { committed: number }).committed;
      while ((await committed()) < 50) await new Promise((resolve) => setTimeout(resolve, 20));
      const before = await committed();
      const file = path.join(scratch, "running.tar.gz");
      const env = { PGLITE_DIR: dir, PORT: String(port), ADMIN_TOKEN };
      const backup = await runCli("db-backup", [file], env);
      const after = await committed();
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain(`from the running server at http://localhost:${port}`);
      expect(after).toBeGreaterThan(before); // the server kept writing around the backup

      // The restore refuses while the server has the directory open, in one line, and touches nothing.
      const refused = await runCli("db-restore", [file], { PGLITE_DIR: dir });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^db:restore: stop the server first \(process \d+ has .*running open\)\n$/);

      // A second server on the same directory does not start: one process per PGlite directory. (The first must still
      // hold it: one CI run, under a load of about 10, saw the second start; if the first has died, say how.)
      expect(child.exitCode ?? child.signalCode, `the first server stopped: ${output()}`).toBeNull();
      expect(pgliteLockHolder(dir)?.pid, `the lock of ${dir}`).toBe(child.pid);
      // If the second does start, say what the first was doing then: alive or not (exit code, signal, a signal-0 probe),
      // who holds the lock now, and both servers' output. Two CI runs under load have seen it start (the race is not found).
      const outcome = await startServer(dir, false).then((started) => ({ started }), (error: Error) => ({ error }));
      if ("started" in outcome) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        let probe = "alive";
        try {
          process.kill(child.pid!, 0);
        } catch (error) {
          probe = (error as NodeJS.ErrnoException).code ?? "gone";
        }
        const report = [
          `the first server (pid ${child.pid}): exit ${child.exitCode} signal ${child.signalCode} probe ${probe}`,
          `the lock now: ${JSON.stringify(pgliteLockHolder(dir) ?? null)}`,
          `the first server's output: ${output().slice(-3000)}`,
          `the second server's (pid ${outcome.started.child.pid}) output: ${outcome.started.output().slice(-3000)}`,
        ].join("\n");
        await stopServer(outcome.started.child);
        expect.fail(`a second server started on a directory in use:\n${report}`);
      }
      expect(outcome.error.message).toMatch(/is in use by process \d+/);

      // So does the export of a running server's directory.
      const exported = await runCli("db-export", ["--to", "postgres://nobody@127.0.0.1:1/none"], { PGLITE_DIR: dir });
      expect(exported.code).toBe(1);
      expect(exported.stderr).toMatch(/^db:export: stop the server first .*--from FILE\n$/);

      // The copy: each pair whole, and every pair committed before the backup was asked for.
      const copyDir = path.join(scratch, "running-copy");
      expect((await runCli("db-restore", [file], { PGLITE_DIR: copyDir })).code).toBe(0);
      const handle = await openDatabase({ pgliteDir: copyDir });
      const { rows } = await (handle.raw as PGlite).query<{ a: number; b: number; last: number }>(
        `select count(*) filter (where key like 'probe:%:a')::int as a, count(*) filter (where key like 'probe:%:b')::int as b,
                max(value::int) filter (where key like 'probe:%')::int as last from app_settings`,
      );
      await handle.close();
      expect(rows[0].a).toBe(rows[0].b);
      expect(rows[0].last).toBe(rows[0].a); // no gap: pairs 1..last
      expect(rows[0].a).toBeGreaterThanOrEqual(before);
      expect(rows[0].a).toBeLessThanOrEqual(after);
    } finally {
      await stopServer(child);
    }
    expect(pgliteLockHolder(dir)).toBeUndefined();
  }, 300_000); // up to eight process starts (PGlite), 5-30 s each on a loaded 2-core machine

  it("a server killed with -9 leaves a stale lock, which is no lock: backup and restore proceed", async () => {
    const dir = path.join(scratch, "killed");
    cpSync(seededDir, dir, { recursive: true });
    const { child } = await startServer(dir, true);
    expect(pgliteLockHolder(dir)?.pid).toBe(child.pid);
    await stopServer(child, "SIGKILL");
    expect(existsSync(pgliteLockPath(dir))).toBe(true);
    expect(pgliteLockHolder(dir)).toBeUndefined();
    // With no FILE: a file of its own under ~/story-scoring-backups, outside the checkout, named in the output.
    const home = path.join(scratch, "home");
    const backup = await runCli("db-backup", [], { PGLITE_DIR: dir, HOME: home });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain("from the stopped database");
    const written = readdirSync(path.join(home, "story-scoring-backups"));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^stories-\d{8}T\d{6}Z\.tar\.gz$/);
    const file = path.join(home, "story-scoring-backups", written[0]);
    expect(backup.stdout).toContain(`db:backup: wrote ${file} (`);
    const restore = await runCli("db-restore", [file], { PGLITE_DIR: dir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
  }, 120_000);

  it.each([
    ["a text file", () => Buffer.from("these are not the bytes you are looking for\n".repeat(100)), /not a PGlite dump/],
    ["a gzip'd text file", () => gzipSync(Buffer.from("hello\n".repeat(1000))), /not a PGlite dump/],
    ["a cut-short backup", (full: Buffer) => full.subarray(0, Math.floor(full.length / 2)), /damaged or cut short/],
    ["a PGlite dump of another database", async () => {
      const { PGlite } = await import("@electric-sql/pglite");
      const other = await PGlite.create();
      await other.exec("create table customers (id text)");
      const dump = Buffer.from(await (await other.dumpDataDir("gzip")).arrayBuffer());
      await other.close();
      return dump;
    }, /is a PGlite dump but not of this service \(it has no public\.stories/],
  ] as [string, (full: Buffer) => Buffer | Promise<Buffer>, RegExp][])("restore refuses %s in one line and leaves the directory as it was", async (_label, make, reason) => {
    // The backup of the first test when it ran (one CLI run fewer), else one of its own.
    const good = path.join(scratch, "stopped.tar.gz");
    if (!existsSync(good)) expect((await runCli("db-backup", [good], { PGLITE_DIR: seededDir })).code).toBe(0);
    const bad = path.join(scratch, "bad.tar.gz");
    writeFileSync(bad, await make(readFileSync(good)));
    const entries = readdirSync(scratch).sort();
    const before = await snapshotOfDir(seededDir);
    const result = await runCli("db-restore", [bad], { PGLITE_DIR: seededDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(reason);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(scratch).sort()).toEqual(entries);
    expect(await snapshotOfDir(seededDir)).toEqual(before);
  }, 60_000);

  it("keeps backups out of what git commits: backups/ is ignored, the default is outside the checkout", () => {
    const root = path.resolve(import.meta.dirname, "..");
    expect(path.relative(root, defaultBackupFile(new Date("2026-11-26T09:30:05.123Z")))).toMatch(/^\.\.\/.*story-scoring-backups\/stories-20261126T093005Z\.tar\.gz$/);
    // In this checkout (when it is one: CI's clean clone is): backups/ is ignored, the top of the checkout is not.
    if (spawnSync("git", ["-C", root, "rev-parse", "--show-toplevel"]).status === 0) {
      expect(unignoredInCheckout(path.join(root, "backups/stories-20261126T093005Z.tar.gz"))).toBeNull();
      expect(unignoredInCheckout(path.join(root, "stories.tar.gz"))).toBe(realpathSync(root));
    }
    expect(unignoredInCheckout(path.join(scratch, "outside.tar.gz"))).toBeNull();
  });

  it("says to use pg_dump and pg_restore on a PostgreSQL installation (exit 2)", async () => {
    const env = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/none" };
    const backup = await runCli("db-backup", [path.join(scratch, "pg.tar.gz")], env);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toMatch(/^db:backup: this installation runs on PostgreSQL .*pg_dump/);
    const restore = await runCli("db-restore", [path.join(scratch, "pg.tar.gz")], env);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toMatch(/^db:restore: this installation runs on PostgreSQL .*pg_restore/);
  }, 60_000);
});
