// One process at a time on an embedded (PGlite) data directory. PGlite is PostgreSQL in single-user mode: it has
// no postmaster.pid of its own, and two processes opening one directory would each replay and write the same WAL
// and corrupt it. So whoever opens a directory (the server, `npm run db:migrate`, the backup and export CLIs)
// first writes `<dir>.lock` beside it with its pid; the CLIs read it to tell whether a server is running.
//
// A kill -9 leaves the file behind: a lock whose process is gone is stale and taken over. "Gone" means no
// process has that pid, or (Linux) one has but started at another time than the one recorded, since pids are
// reused, in containers especially (a restarted container's server often gets the very pid its dead
// predecessor wrote), or the process is a zombie: killed and not yet reaped by its parent, which in a
// container whose init reaps late (or has no init that reaps) keeps its pid for minutes while it holds nothing. The lock sits beside the directory, not in it, so a dump of the directory never carries one.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

export interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux's /proc/PID/stat), to tell a reused pid. */
  started?: string;
  hostname?: string;
  since?: string;
}

export class PgliteDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `the embedded database ${dir} is in use by ${holder.pid > 0 ? `process ${holder.pid}` : "a process that is opening it"}${holder.since ? ` (since ${holder.since})` : ""}: ` +
        "a PGlite data directory must never be opened by two processes at once",
    );
    this.name = "PgliteDirInUseError";
  }
}

/** The lock file of a data directory: `<dir>.lock`, next to it. */
export function pgliteLockPath(dir: string): string {
  return `${path.resolve(dir).replace(/\/+$/, "")}.lock`;
}

/** State and start time of a process (Linux's /proc/PID/stat), undefined elsewhere or when there is no such process. */
function processStat(pid: number): { state: string; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields 3 and 22, counted after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0], started: fields[19] };
  } catch {
    return undefined;
  }
}

/** Start time of a process (Linux), undefined elsewhere or when there is no such process. */
function processStart(pid: number): string | undefined {
  return processStat(pid)?.started;
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const stat = processStat(holder.pid);
  if (!stat) return true;
  // A zombie (Z: killed, not yet reaped by its parent) or a dying process (X) holds no file: the lock is stale.
  if (stat.state === "Z" || stat.state === "X") return false;
  return !holder.started || stat.started === holder.started;
}

/**
 * The live process holding a directory's lock, or undefined (no lock, or a stale one). A lock file still being
 * written (empty or partial, for a few seconds) counts as held.
 */
export function pgliteLockHolder(dir: string): LockHolder | undefined {
  const file = pgliteLockPath(dir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
    if (!Number.isInteger(holder.pid)) throw new Error("no pid");
  } catch {
    try {
      return Date.now() - statSync(file).mtimeMs < 5_000 ? { pid: -1 } : undefined;
    } catch {
      return undefined;
    }
  }
  // Our own pid with no open handle in this process: left by an earlier life of this pid (a restarted container).
  if (holder.pid === process.pid) return held.has(file) ? holder : undefined;
  return isAlive(holder) ? holder : undefined;
}

/** Open handles per lock file in this process (a process may open its directory more than once). */
const held = new Map<string, number>();
let exitHooked = false;

function release(file: string): void {
  const count = (held.get(file) ?? 1) - 1;
  if (count > 0) {
    held.set(file, count);
    return;
  }
  held.delete(file);
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as LockHolder;
    if (holder.pid === process.pid) unlinkSync(file);
  } catch {
    // already gone, or someone else's now: leave it
  }
}

/**
 * Take the lock of a data directory for this process, or throw PgliteDirInUseError when a live process holds
 * it. Answers the release function (also run at exit, so only a kill leaves the file behind).
 */
export function lockPgliteDir(dir: string): () => void {
  const file = pgliteLockPath(dir);
  const count = held.get(file);
  if (count) {
    held.set(file, count + 1);
    return () => release(file);
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      const holder: LockHolder = { pid: process.pid, started: processStart(process.pid), hostname: hostname(), since: new Date().toISOString() };
      writeSync(fd, `${JSON.stringify(holder)}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 5) throw error;
      const holder = pgliteLockHolder(dir);
      if (holder) throw new PgliteDirInUseError(path.resolve(dir), holder);
      // Stale (its process died without releasing it): take it over.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first; try again
      }
    }
  }
  held.set(file, 1);
  if (!exitHooked) {
    exitHooked = true;
    process.once("exit", () => {
      for (const lockFile of [...held.keys()]) {
        held.set(lockFile, 1);
        release(lockFile);
      }
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release(file);
  };
}
