// The lock beside a PGlite data directory: a live holder refuses a second opener; a holder that is gone (its pid
// unused, or reused by a process that started at another time) is stale and taken over; release removes it.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockPgliteDir, pgliteLockHolder, pgliteLockPath, PgliteDirInUseError } from "./pglite-lock";

const scratch = mkdtempSync(path.join(tmpdir(), "ssc-lock-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A pid no process has: one that just exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((resolve) => child.on("exit", resolve));
  return child.pid as number;
}

describe("the PGlite directory lock", () => {
  it("is taken, seen, and removed at release", () => {
    const dir = path.join(scratch, "a");
    const release = lockPgliteDir(dir);
    expect(pgliteLockPath(dir)).toBe(`${dir}.lock`);
    expect(JSON.parse(readFileSync(`${dir}.lock`, "utf8"))).toMatchObject({ pid: process.pid });
    expect(pgliteLockHolder(dir)?.pid).toBe(process.pid);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it("refuses a directory a live process holds", async () => {
    const dir = path.join(scratch, "b");
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(`${dir}.lock`, JSON.stringify({ pid: holder.pid, since: "2026-11-24T19:00:00.000Z" }));
      expect(() => lockPgliteDir(dir)).toThrow(PgliteDirInUseError);
      expect(() => lockPgliteDir(dir)).toThrow(`is in use by process ${holder.pid} (since 2026-11-24T19:00:00.000Z)`);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("takes over a stale lock: its process is gone, or its pid now belongs to a process started at another time", async () => {
    const dir = path.join(scratch, "c");
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: await deadPid() }));
    expect(pgliteLockHolder(dir)).toBeUndefined();
    lockPgliteDir(dir)();
    // A live pid (this very test's parent) with a start time that is not its own: a reused pid.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, started: "1" }));
    if (existsSync(`/proc/${process.ppid}/stat`)) expect(pgliteLockHolder(dir)).toBeUndefined();
    // This process's own pid, left by an earlier life of it (a restarted container): not a lock either.
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid }));
    expect(pgliteLockHolder(dir)).toBeUndefined();
    const release = lockPgliteDir(dir);
    expect(pgliteLockHolder(dir)?.pid).toBe(process.pid);
    release();
  });

  it("counts a lock file still being written (empty, a few seconds old at most) as held", () => {
    const dir = path.join(scratch, "d");
    writeFileSync(`${dir}.lock`, "");
    expect(pgliteLockHolder(dir)).toEqual({ pid: -1 });
    expect(() => lockPgliteDir(dir)).toThrow(PgliteDirInUseError);
  });
});
