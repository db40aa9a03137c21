// What the database CLIs (db:backup, db:restore, db:export) share: one-line failures, the environment, and the
// running server's address and admin token, found as `npm run provision` finds them.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { BackupError } from "@/db/backup";
import { PgliteDirInUseError } from "@/db/pglite-lock";
import { env, EnvError, type Env } from "@/lib/env";

/** Print `name: message` on one line and exit (1: failed or refused; 2: not for this kind of installation). */
export function fail(name: string, message: string, code = 1): never {
  process.stderr.write(`${name}: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  process.exit(code);
}

/** The validated environment, or a one-line failure naming the bad variable. */
export function cliEnv(name: string): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) fail(name, error.message);
    throw error;
  }
}

/** The command line parsed, or a one-line failure with the usage. */
export function cliArgs<T extends ParseArgsConfig>(name: string, usage: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    fail(name, `${(error as Error).message} (${usage})`);
  }
}

/**
 * The embedded database's directory (absolute), for a command that works on it: on PostgreSQL, or on an
 * in-memory database, a one-line refusal with exit 2 (`refusals` says what to do instead).
 */
export function embeddedDir(name: string, config: Env, refusals: { postgres: string; memory: string }): string {
  if (config.DATABASE_URL) fail(name, `this installation runs on PostgreSQL (DATABASE_URL is set): ${refusals.postgres}`, 2);
  if (config.PGLITE_DIR.startsWith("memory://")) fail(name, `PGLITE_DIR is memory://: ${refusals.memory}`, 2);
  return path.resolve(config.PGLITE_DIR);
}

/** ADMIN_TOKEN, else the local token `npm start` keeps in .data/admin-token. */
export function adminToken(name: string): string {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = path.join(process.cwd(), ".data", "admin-token");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  fail(name, "the server is running, and a backup must go through it, but ADMIN_TOKEN is not set (and no .data/admin-token from `npm start` was found)");
}

/** The server `npm start` runs in this shell: --url, else PUBLIC_BASE_URL, else localhost on PORT (3000 by default). */
export function serverUrl(explicit?: string): string {
  if (explicit) return explicit;
  if (process.env.PUBLIC_BASE_URL) return process.env.PUBLIC_BASE_URL;
  return `http://localhost:${process.env.PORT || "3000"}`;
}

/** Run a CLI's main: refusals (BackupError, a directory in use) as one line, anything else with its message. */
export function runCli(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof BackupError) fail(name, error.message);
      if (error instanceof PgliteDirInUseError) fail(name, `stop the server first: ${error.message}`);
      fail(name, (error as Error).message ?? String(error));
    },
  );
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(", ");
}

/** Where `npm run db:backup` writes without a FILE: ~/story-scoring-backups/stories-<UTC time>.tar.gz, outside any checkout. */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return path.join(homedir(), "story-scoring-backups", `stories-${stamp}.tar.gz`);
}

/**
 * The root of the git checkout `file` would sit in when git does not ignore it there (a `git add .` would commit
 * it); null outside a checkout, for an ignored path, or where git is not installed.
 */
export function unignoredInCheckout(file: string): string | null {
  const dir = path.dirname(path.resolve(file));
  const root = spawnSync("git", ["-C", dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
  if (root.status !== 0 || !root.stdout.trim()) return null;
  const ignored = spawnSync("git", ["-C", dir, "check-ignore", "-q", "--", path.resolve(file)]);
  return ignored.status === 1 ? root.stdout.trim() : null;
}
