// Autovacuum where PostgreSQL's own does not run: always on the embedded database (PGlite runs PostgreSQL in
// single-user mode, where the autovacuum launcher never starts), and on a PostgreSQL server whose `autovacuum`
// setting is off. Without it, without this, dead row versions (every re-score rewrites its story row) pile up for
// ever, and the planner never learns how big the tables have grown. The second matters as much as the first:
// the hot statements are prepared once (db/pglite-hot.ts), and PostgreSQL caches the plans of its own
// foreign-key checks the same way, so a plan chosen while `stories` was nearly empty (a sequential scan, say)
// would stay in use as the table grows: measured, every foreign-key check of a new run then read the whole
// table, and a group of 16 runs went from 6 ms to 30 ms within 13,000 stories. ANALYZE refreshes the
// statistics and makes PostgreSQL re-plan every cached plan that reads the analyzed table.
//
// The rule is autovacuum's own, with its default settings: a table is analyzed once more than 50 rows + 10% of
// it changed since its last analyze, and vacuumed once it holds more than 50 + 20% dead rows.
import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";

/** What maintenance needs of a database: run a statement, read rows, and whether it is closed. */
export interface MaintenanceTarget {
  exec(statement: string): Promise<void>;
  rows<T>(statement: string): Promise<T[]>;
  closed(): boolean;
}

export function pgliteTarget(client: PGlite): MaintenanceTarget {
  return {
    exec: async (statement) => void (await client.exec(statement)),
    rows: async <T>(statement: string) => (await client.query<T>(statement)).rows,
    closed: () => client.closed,
  };
}

export function postgresTarget(client: Sql): MaintenanceTarget {
  return {
    exec: async (statement) => void (await client.unsafe(statement)),
    rows: async <T>(statement: string) => [...(await client.unsafe(statement))] as T[],
    closed: () => false,
  };
}

/** How often the tables are checked against the thresholds. */
export const MAINTENANCE_INTERVAL_MS = 10_000;

export interface MaintenanceRun {
  analyzed: string[];
  vacuumed: string[];
  durationMs: number;
}

interface TableActivity {
  schemaname: string;
  relname: string;
  live: number;
  dead: number;
  modified: number;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Vacuum and analyze the tables that are due. On PGlite it holds the single connection while it runs. */
export async function maintainDatabase(target: MaintenanceTarget): Promise<MaintenanceRun> {
  const started = performance.now();
  // A session's counters reach the statistics views when a transaction ends, at most once a second unless a
  // flush is asked for (PostgreSQL 15 and later; other sessions flush their own).
  await target.exec("select pg_stat_force_next_flush()").catch(() => {});
  const rows = await target.rows<TableActivity>(
    // Every user table: the service's own and the job queue's (pg-boss, schema pgboss), whose rows churn most.
    `select s.schemaname, s.relname, s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as modified
     from pg_stat_user_tables s`,
  );
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const table of rows) {
    const vacuum = table.dead > 50 + 0.2 * table.live;
    const analyze = table.modified > 50 + 0.1 * table.live;
    const name = table.schemaname === "public" ? table.relname : `${table.schemaname}.${table.relname}`;
    const qualified = `${quoteIdent(table.schemaname)}.${quoteIdent(table.relname)}`;
    if (vacuum) {
      await target.exec(`vacuum (analyze) ${qualified}`);
      vacuumed.push(name);
      analyzed.push(name);
    } else if (analyze) {
      await target.exec(`analyze ${qualified}`);
      analyzed.push(name);
    }
  }
  return { analyzed, vacuumed, durationMs: Math.round(performance.now() - started) };
}

/** Check the tables every `intervalMs` (10 s). The timer never keeps the process alive; `stop` ends it. */
export function startMaintenance(
  target: MaintenanceTarget,
  options: { intervalMs?: number; onRun?: (run: MaintenanceRun) => void; onError?: (error: unknown) => void } = {},
): { stop(): void } {
  let running = false;
  let stopped = false;
  const run = async () => {
    if (running || stopped || target.closed()) return;
    running = true;
    try {
      const result = await maintainDatabase(target);
      if (result.analyzed.length > 0) options.onRun?.(result);
    } catch (error) {
      if (!stopped && !target.closed()) options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
