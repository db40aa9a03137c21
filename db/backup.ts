// Backups of the embedded database (PGlite): a consistent dump of its data directory, the checks a file must
// pass before a restore touches anything, and the restore itself (docs/operations.md, "Backups").
//
// A backup is PGlite's own `dumpDataDir()`: a gzip'd tar of the data directory, loadable as it is with
// `PGlite.create({ loadDataDir })`. It is consistent because of how PGlite runs SQL: one statement at a time,
// every caller (queries, transactions, the hot path of db/pglite-hot.ts, pg-boss) queued on its transaction lock
// and then its query lock. `dumpPglite` takes the transaction lock itself (it opens a transaction), so while it
// runs no other transaction is open, no statement is half done and nothing else can start; inside, a CHECKPOINT
// writes every committed change to the data files, and the tar is made from the files under the query lock.
// The dump therefore holds every transaction committed before it began and nothing of any later one: what a
// clean shutdown at that instant would have left. Writers wait for it (about a second per 10 MB compressed).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "./client";
import { lockPgliteDir, pgliteLockHolder } from "./pglite-lock";

/** The admin route that streams a backup of a running server's embedded database. */
export const BACKUP_ROUTE = "/api/admin/backup";

/** A refusal or a failure the CLIs print as one line. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** A consistent dump of a PGlite database (see the top of this file), gzip'd. */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  return client.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    return client.dumpDataDir("gzip");
  });
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** This version's migrations, in order (drizzle's journal). */
export function knownMigrations(): Journal["entries"] {
  const file = path.join(process.cwd(), "db", "migrations", "meta", "_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")) as Journal).entries;
}

export interface DumpInfo {
  /** PostgreSQL major version of the data directory (its PG_VERSION file). */
  pgVersion: string;
  /** Migrations applied in the dump, of the `known` this version of the service has. */
  migrations: number;
  known: number;
  /** Rows of the main tables, to show what is in it. */
  counts: Record<string, number>;
  bytes: number;
}

const COUNTED_TABLES = ["customers", "stories", "score_runs", "tickets", "async_jobs", "webhook_deliveries", "audit_events"] as const;
const REQUIRED_TABLES = ["public.customers", "public.stories", "public.score_runs", "public.app_settings", "drizzle.__drizzle_migrations"];

/** The tar inside a file (gunzipped when it is gzip), or a refusal when it is neither. */
function tarOf(bytes: Uint8Array, name: string): Buffer {
  let tar = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (tar[0] === 0x1f && tar[1] === 0x8b) {
    try {
      tar = gunzipSync(tar);
    } catch {
      throw new BackupError(`${name} is not a backup of this service: its gzip data is damaged or cut short`);
    }
  }
  if (tar.length < 1024 || tar.subarray(257, 262).toString("latin1") !== "ustar") {
    throw new BackupError(`${name} is not a backup of this service: not a PGlite dump (a .tar.gz of a data directory)`);
  }
  return tar;
}

/** The PG_VERSION of a data directory's tar, or undefined when it has none. */
function pgVersionOf(tar: Buffer): string | undefined {
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    const entry = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
    if (!entry) return undefined;
    const size = parseInt(header.subarray(124, 136).toString("latin1").replace(/\0.*$/s, "").trim() || "0", 8);
    if (!Number.isFinite(size) || size < 0) return undefined;
    if (/^(\.?\/)?PG_VERSION$/.test(entry)) return tar.subarray(offset + 512, offset + 512 + size).toString("utf8").trim();
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return undefined;
}

/**
 * Check that a file is a PGlite dump of this service, of this version or an older one, by its structure and then
 * by opening it in memory (nothing on disk is touched). Answers the opened copy (close it) and what is in it.
 */
export async function openDump(bytes: Uint8Array, name: string): Promise<{ client: PGlite; info: DumpInfo }> {
  const tar = tarOf(bytes, name);
  const pgVersion = pgVersionOf(tar);
  if (!pgVersion) throw new BackupError(`${name} is not a backup of this service: it holds no PostgreSQL data directory (no PG_VERSION)`);
  const { PGlite } = await import("@electric-sql/pglite");
  let client: PGlite;
  try {
    client = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(tar)]) });
  } catch (error) {
    throw new BackupError(`${name} cannot be opened by this version's PGlite (the dump is of PostgreSQL ${pgVersion}): ${(error as Error).message}`);
  }
  try {
    const missing: string[] = [];
    for (const table of REQUIRED_TABLES) {
      const [row] = (await client.query<{ found: string | null }>("select to_regclass($1)::text as found", [table])).rows;
      if (!row.found) missing.push(table);
    }
    if (missing.length > 0) throw new BackupError(`${name} is a PGlite dump but not of this service (it has no ${missing.join(", ")})`);
    const known = knownMigrations();
    const [applied] = (
      await client.query<{ count: number; newest: string | null }>("select count(*)::int as count, max(created_at)::text as newest from drizzle.__drizzle_migrations")
    ).rows;
    const newestKnown = known.at(-1)?.when ?? 0;
    if (applied.newest !== null && Number(applied.newest) > newestKnown) {
      throw new BackupError(
        `${name} comes from a newer version of the service (${applied.count} migrations; this one knows ${known.length}): restore it with that version or a later one`,
      );
    }
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const [{ found }] = (await client.query<{ found: string | null }>("select to_regclass($1)::text as found", [`public.${table}`])).rows;
      if (found) counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0].n;
    }
    return { client, info: { pgVersion, migrations: applied.count, known: known.length, counts, bytes: bytes.byteLength } };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/** A timestamp for the names of moved-aside directories: 20261124T190612Z. */
export function stamp(at = new Date()): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

export interface RestoreResult {
  info: DumpInfo;
  /** Where the directory that was there before went (never deleted), when there was one. */
  movedAside?: string;
}

/**
 * Restore a dump into an embedded data directory whose server is stopped. The file is checked first (openDump);
 * then it is unpacked into a new directory beside the target, opened and migrated there; only when that worked
 * is the old directory renamed aside (`<dir>.before-restore-<time>`) and the new one renamed into its place.
 * The directory's lock is held throughout, so no server can start on it halfway.
 */
export async function restorePgliteDir(dir: string, bytes: Uint8Array, name: string, at = new Date()): Promise<RestoreResult> {
  const target = path.resolve(dir);
  const running = pgliteLockHolder(target);
  if (running) throw new BackupError(`stop the server first: process ${running.pid} has the embedded database ${target} open`);
  const { client, info } = await openDump(bytes, name);
  await client.close();
  const unlock = lockPgliteDir(target);
  const staging = `${target}.restoring-${stamp(at)}`;
  try {
    if (existsSync(staging)) throw new BackupError(`${staging} already exists: a restore is under way or was interrupted; remove it first`);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      const { PGlite } = await import("@electric-sql/pglite");
      const unpacked = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([new Uint8Array(bytes)]) });
      await unpacked.close();
      const handle = await openDatabase({ pgliteDir: staging });
      try {
        await migrateDatabase(handle);
        await handle.query(migrationCheck);
      } finally {
        await handle.close();
      }
    } catch (error) {
      // Only the directory this restore created is removed; the target is untouched so far.
      rmSync(staging, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(`the restored database did not open or migrate, nothing was changed: ${(error as Error).message}`);
    }
    let movedAside: string | undefined;
    if (existsSync(target) && readdirSync(target).length > 0) {
      movedAside = `${target}.before-restore-${stamp(at)}`;
      // turbopackIgnore: a path built at run time; without it the build traces the whole project into the output.
      for (let n = 2; existsSync(/*turbopackIgnore: true*/ movedAside); n++) movedAside = `${target}.before-restore-${stamp(at)}-${n}`;
      renameSync(target, movedAside);
    } else if (existsSync(target)) {
      rmSync(target, { recursive: true }); // an empty directory: nothing to keep
    }
    renameSync(staging, target);
    return { info, movedAside };
  } finally {
    unlock();
  }
}

/** A statement that needs the migrated schema: the restored database answers it or the restore stops. */
const migrationCheck = sql`select (select count(*) from customers) + (select count(*) from stories) + (select count(*) from score_runs) as n`;

/** Migrate an opened dump to this version (in memory: the file itself is never changed). */
export async function migratePglite(client: PGlite): Promise<void> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
}
