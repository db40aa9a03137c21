import path from "node:path";
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import { createPgliteDirectory } from "./pglite-init";
import { isPgliteDatabase, runPgliteHot } from "./pglite-hot";
import { lockPgliteDir } from "./pglite-lock";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbDriver = "pglite" | "postgres";

export interface DbHandle {
  db: Db;
  driver: DbDriver;
  /** Run one raw SQL statement and return its rows, whatever the driver. */
  query<T extends Record<string, unknown>>(statement: SQL): Promise<T[]>;
  close(): Promise<void>;
  /** The underlying client (PGlite instance or postgres.js Sql), for libraries that need their own adapter. */
  raw: unknown;
  /** The connection URL (postgres driver only). */
  url?: string;
}

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** postgres.js pool size. */
  max?: number;
  /** Start PGlite from a dump of a data directory (tests clone a migrated template this way). */
  pgliteDump?: Blob;
  /**
   * Run PGlite on a thread of its own (db/pglite-thread.ts), as the server does; not with `pgliteDump`.
   * `onExit` hears of the thread stopping without a close.
   */
  pgliteThread?: { onExit?: (error: Error) => void };
}

/**
 * This process's name on PostgreSQL: the `application_name` of each of its connections (the app's pool and
 * the queue's), and its id as a queue worker. A claim of a queue job records the claiming connection's name
 * (db/migrations/0015_queue_leases.sql), so the claims of a process that died can be told apart and handed
 * back (lib/queue/index.ts, "leases").
 */
export const PROCESS_TAG = `ssc-${process.pid}-${randomBytes(4).toString("hex")}`;

/**
 * Bounded waits on PostgreSQL: a new connection that does not come up within this many seconds fails (the
 * request answers 503) instead of waiting for postgres.js's default 30 s while the server restarts.
 */
export const CONNECT_TIMEOUT_SECONDS = 5;

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");
const MIGRATION_LOCK_KEY = 804_114_2001;

/**
 * PGlite's own start parameters (its defaults, as of 0.5.16) plus memory settings sized for one embedded
 * process. PGlite runs PostgreSQL inside a WebAssembly memory that can only grow, never shrink, so whatever
 * PostgreSQL allocates once stays resident for the life of the process: the settings keep it from growing.
 * - shared_buffers: PostgreSQL's default 128 MB makes its shared memory 145 MB, more than the 128 MB the WASM
 *   module starts with (its minimum), so the memory grows to 189 MB at start; 16 MB makes it 24 MB and the
 *   memory stays at 128 MB. The data files are in the OS page cache anyway: a buffer miss is a copy, not a disk read.
 * - maintenance_work_mem: VACUUM (db/maintenance.ts) and index builds may take up to this once, for good.
 * - max_connections and the replication slots and senders size shared memory too; single-user mode uses none.
 * Passed on the command line (-c) rather than in the data directory's postgresql.conf, so an existing
 * directory gets them as well. The initdb run of a fresh directory inherits them (PGlite passes its options on).
 * See docs/operations.md#memory for the measurements.
 */
export const PGLITE_START_PARAMS = [
  ...["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false", "-c", "log_checkpoints=false"],
  ...["-c", "max_worker_processes=0", "-c", "max_parallel_workers=0", "-c", "max_parallel_workers_per_gather=0"],
  ...["-c", "io_method=sync", "-c", "max_parallel_maintenance_workers=0"],
  ...["-c", "shared_buffers=16MB", "-c", "maintenance_work_mem=16MB", "-c", "max_connections=10"],
  ...["-c", "max_wal_senders=0", "-c", "max_replication_slots=0"],
];

/** The embedded database's directory cannot be used (read-only, full, not ours): start-up stops with this. */
export class DatabaseStartError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DatabaseStartError";
  }
}

/**
 * Before PGlite opens a data directory: can we write there at all? PGlite reports a read-only or full
 * directory as "PGlite failed to initialize properly", or not at all until the first write; this says which
 * directory and why, at start. A megabyte written and synced (and removed): room for PGlite to start and
 * write its first records, not a promise of room for the day.
 */
function assertWritableDirectory(dir: string): void {
  const probe = path.join(dir, `.ssc-write-probe-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    const fd = openSync(probe, "w");
    try {
      writeSync(fd, Buffer.alloc(1024 * 1024));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    const why =
      code === "EROFS" ? "is on a read-only file system"
      : code === "ENOSPC" || code === "EDQUOT" ? "is on a full disk (no room to write)"
      : code === "EACCES" || code === "EPERM" ? "is not writable by this user"
      : `cannot be written (${code || (error as Error).message})`;
    throw new DatabaseStartError(`the embedded database directory ${dir} ${why}; fix it, or set PGLITE_DIR to another directory`, { cause: error });
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Open a database: postgres.js when a URL is given, else PGlite (a directory, or `memory://`). */
export async function openDatabase(options: OpenOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const client = postgres(options.databaseUrl, {
      max: options.max ?? 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      // postgres.js waits before each new connection attempt after a failed one, growing to 20 s: queries
      // queued meanwhile wait too, and kept requests hanging past 12 s even after the server was back. A
      // short, capped wait: while the server is away each request fails within about a second (503), and the
      // first attempt after it is back succeeds.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connection: { application_name: PROCESS_TAG },
    });
    const db = drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      raw: client,
      url: options.databaseUrl,
      query: async <T extends Record<string, unknown>>(statement: SQL) =>
        (await db.execute(statement)) as unknown as T[],
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.startsWith("memory://")) assertWritableDirectory(dir);
  // One process per data directory (db/pglite-lock.ts): released when this handle closes or the process exits.
  const unlock = options.pgliteDump || dir.startsWith("memory://") ? () => {} : lockPgliteDir(dir);
  const client = options.pgliteDump
    ? await PGlite.create({ loadDataDir: options.pgliteDump, startParams: PGLITE_START_PARAMS })
    : await (async () => {
        if (!dir.startsWith("memory://")) await createPgliteDirectory(dir, PGLITE_START_PARAMS);
        if (options.pgliteThread) {
          const { openPgliteThread } = await import("./pglite-thread");
          return openPgliteThread(dir, { startParams: PGLITE_START_PARAMS, onExit: options.pgliteThread.onExit });
        }
        return PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
      })().catch((error: unknown) => {
        unlock();
        throw error;
      });
  // The config form: drizzle takes a bare first argument for a client only when it is a PGlite instance.
  const db = drizzle({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    raw: client,
    query: async <T extends Record<string, unknown>>(statement: SQL) =>
      ((await db.execute(statement)) as unknown as { rows: T[] }).rows,
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/** Rows of a raw `db.execute(sql)` result, whatever the driver (postgres.js: an array; PGlite: `{rows}`). */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/**
 * Run one raw statement on a hot path and return its rows. It is sent as a named prepared statement, so the
 * database parses and plans it once per connection instead of on every request (drizzle's `execute` sends an
 * unnamed one): postgres.js caches it per connection; on PGlite `runPgliteHot` does the same over PGlite's
 * protocol API (db/pglite-hot.ts). Inside a PGlite transaction it is a plain parameterised query.
 * `maxPlanAgeMs` (PGlite only: PostgreSQL's autoanalyze re-plans prepared statements as tables grow) marks a
 * statement whose plan depends on the tables' size: it is prepared again once older than that, and each time its
 * runs double (db/pglite-hot.ts).
 */
export async function executeHot<T>(db: Db | Tx, statement: SQL, options: { maxPlanAgeMs?: number } = {}): Promise<T[]> {
  const internals = db as unknown as { dialect: { sqlToQuery(value: SQL): { sql: string; params: unknown[] } }; $client?: unknown; session?: { client?: unknown } };
  const client = internals.$client ?? internals.session?.client;
  const { sql: text, params } = internals.dialect.sqlToQuery(statement);
  if (client && typeof (client as { unsafe?: unknown }).unsafe === "function") {
    const postgresClient = client as { unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<T[]> };
    return [...(await postgresClient.unsafe(text, params, { prepare: true }))];
  }
  if (isPgliteDatabase(client)) return runPgliteHot<T>(client, text, params, options.maxPlanAgeMs);
  return resultRows<T>(await db.execute(statement));
}

/** Apply pending migrations. On PostgreSQL an advisory lock keeps concurrent starters from racing. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migrate(handle.db as any, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // One dedicated connection so the advisory lock and the migration share a session.
  const client = postgres(handle.url as string, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    await client.end({ timeout: 5 });
  }
}

interface DbState {
  handle?: Promise<DbHandle>;
  signalsHooked?: boolean;
}
const state = globalThis as unknown as { __sscDb?: DbState };
const dbState = (): DbState => (state.__sscDb ??= {});

/**
 * The process-wide database, opened on first use (never at import time or during `next build`).
 * PGlite in PGLITE_DIR unless DATABASE_URL is set. Migrations run once, here, before anyone gets it.
 */
export function getDbHandle(): Promise<DbHandle> {
  const current = dbState();
  if (!current.handle) {
    current.handle = (async () => {
      const { env } = await import("@/lib/env");
      const config = env();
      const handle = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        pgliteDir: config.PGLITE_DIR.startsWith("memory://") ? config.PGLITE_DIR : path.resolve(config.PGLITE_DIR),
        ...(config.PGLITE_THREAD ? { pgliteThread: { onExit: databaseThreadStopped } } : {}),
      });
      await migrateDatabase(handle);
      await startAutovacuumWhereMissing(handle);
      hookShutdown();
      return handle;
    })();
    current.handle.catch(() => {
      current.handle = undefined;
    });
  }
  return current.handle;
}

/**
 * The embedded database's thread stopped without being closed (PostgreSQL aborted, out of memory): every
 * query from now on would fail, so the process stops, with the reason, for its supervisor to start it again
 * on the same directory (nothing committed is lost: docs/operations.md, "Crashes").
 */
function databaseThreadStopped(error: Error): void {
  void import("@/lib/log").then(({ logger }) => {
    logger().fatal({ err: error }, "the embedded database stopped; the server stops");
    process.exit(1);
  });
}

/**
 * PGlite never autovacuums, and a PostgreSQL server may have `autovacuum` off: then this process does its job
 * (db/maintenance.ts), stopping at shutdown. Upkeep is not worth failing start-up over: a failure to start it
 * is logged and the service runs without it.
 */
async function startAutovacuumWhereMissing(handle: DbHandle): Promise<void> {
  const { logger } = await import("@/lib/log");
  try {
    const maintenance = await import("./maintenance");
    let target: import("./maintenance").MaintenanceTarget;
    if (handle.driver === "pglite") target = maintenance.pgliteTarget(handle.raw as import("@electric-sql/pglite").PGlite);
    else {
      const [{ autovacuum }] = await handle.query<{ autovacuum: string }>(sql`show autovacuum`);
      if (autovacuum === "on") return;
      logger().warn("the PostgreSQL server runs with autovacuum off: this process vacuums and analyzes the service's tables itself");
      target = maintenance.postgresTarget(handle.raw as import("postgres").Sql);
    }
    logger().info({ interval_ms: maintenance.MAINTENANCE_INTERVAL_MS }, "vacuum and analyze scheduled in this process");
    const running = maintenance.startMaintenance(target, {
      onRun: ({ analyzed, vacuumed, durationMs }) => logger().debug({ analyzed, vacuumed, duration_ms: durationMs }, "database maintained"),
      onError: (error) => logger().warn({ err: error }, "database maintenance failed"),
    });
    onShutdown(async () => running.stop());
  } catch (error) {
    logger().warn({ err: error }, "database maintenance could not start");
  }
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests inject their own database (a fresh PGlite or a cloned PostgreSQL database). */
export function setDbHandle(handle: DbHandle | undefined): void {
  dbState().handle = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb(): Promise<void> {
  const current = dbState();
  const pending = current.handle;
  current.handle = undefined;
  if (pending) await (await pending).close();
}

const shutdownHooks: Array<() => Promise<void>> = [];
/** Work to finish before the database closes on SIGTERM/SIGINT (queue workers, for instance). */
export function onShutdown(hook: () => Promise<void>): void {
  shutdownHooks.push(hook);
}

function hookShutdown(): void {
  const current = dbState();
  if (current.signalsHooked) return;
  current.signalsHooked = true;
  const shutdown = (signal: NodeJS.Signals) => {
    void (async () => {
      for (const hook of shutdownHooks.splice(0)) await hook().catch(() => {});
      await closeDb().catch(() => {});
      process.exit(signal === "SIGINT" ? 130 : 0);
    })();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}

export { sql, schema };
