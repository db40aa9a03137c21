// The lock beside a PGlite data directory: a live holder refuses a second opener; a holder that is gone (its pid
// unused, reused by a process that started at another time, or a zombie not yet reaped) is stale and taken
// over; release removes it.
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

describe("a holder that is a zombie", () => {
  // A process killed and not yet reaped stays in the process table, state Z, until its parent waits for it: in
  // a container whose init reaps late, for minutes. It holds no file and no memory; its lock is stale. The
  // holder here is a grandchild whose parent (`sh`, blocked reading its stdin) does not wait for it until the
  // test closes that stdin, so SIGKILL leaves it a zombie meanwhile; closing it then has `sh` reap it.
  const LOCK_MODULE = path.resolve(import.meta.dirname, "pglite-lock.ts");
  const state = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    } catch {
      return undefined;
    }
  };
  const until = async (what: string, check: () => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it.skipIf(!existsSync("/proc/self/stat"))("is stale: the lock is taken at once", async () => {
    const dir = path.join(scratch, "zombie");
    const take = `import(${JSON.stringify(LOCK_MODULE)}).then((m) => { (m.lockPgliteDir ?? m.default.lockPgliteDir)(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000); })`;
    const script = `${JSON.stringify(process.execPath)} --import tsx -e ${JSON.stringify(take).replace(/\$/g, "\\$")} & read line; wait`;
    const parent = spawn("/bin/sh", ["-c", script], { cwd: path.resolve(import.meta.dirname, ".."), stdio: ["pipe", "pipe", "pipe"] });
    const exited = new Promise((resolve) => parent.once("exit", resolve));
    try {
      let output = "";
      let errors = "";
      parent.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      parent.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
      await until("the holder to take the lock", () => {
        if (/Error/.test(errors)) throw new Error(`the holder failed: ${errors}`);
        return output.includes("locked");
      }, 60_000);
      const holder = JSON.parse(readFileSync(`${dir}.lock`, "utf8")) as { pid: number };
      expect(holder.pid).not.toBe(parent.pid);
      expect(pgliteLockHolder(dir)?.pid).toBe(holder.pid);
      expect(() => lockPgliteDir(dir)).toThrow(PgliteDirInUseError);

      process.kill(holder.pid, "SIGKILL");
      await until("the holder to become a zombie", () => state(holder.pid) === "Z");
      // Still in the process table (a signal 0 reaches it) and with the start time its lock recorded.
      expect(() => process.kill(holder.pid, 0)).not.toThrow();
      expect(pgliteLockHolder(dir)).toBeUndefined();
      const release = lockPgliteDir(dir);
      expect(pgliteLockHolder(dir)?.pid).toBe(process.pid);
      expect(state(holder.pid)).toBe("Z");
      release();
      // The parent reads end of file, waits for (reaps) its child and exits.
      parent.stdin.end();
      await exited;
      expect(state(holder.pid)).toBeUndefined();
    } finally {
      parent.stdin.destroy();
      parent.kill("SIGKILL");
    }
  }, 90_000);
});
