// Autovacuum for the embedded database. PGlite runs PostgreSQL in single-user mode, where the autovacuum
// launcher never starts: without this, dead row versions (every re-score rewrites its story row) pile up for
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

/** How often the embedded database's tables are checked against the thresholds. */
export const MAINTENANCE_INTERVAL_MS = 10_000;

export interface MaintenanceRun {
  analyzed: string[];
  vacuumed: string[];
  durationMs: number;
}

interface TableActivity {
  relname: string;
  live: number;
  dead: number;
  modified: number;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Vacuum and analyze the tables that are due. It holds PGlite's single connection while it runs. */
export async function maintainPglite(client: PGlite): Promise<MaintenanceRun> {
  const started = performance.now();
  // This session's counters reach the statistics views when a transaction ends, at most once a second unless
  // a flush is asked for.
  await client.exec("select pg_stat_force_next_flush()");
  const { rows } = await client.query<TableActivity>(
    `select s.relname, s.n_live_tup::float8 as live, s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as modified
     from pg_stat_user_tables s where s.schemaname = 'public'`,
  );
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  for (const table of rows) {
    const vacuum = table.dead > 50 + 0.2 * table.live;
    const analyze = table.modified > 50 + 0.1 * table.live;
    if (vacuum) {
      await client.exec(`vacuum (analyze) ${quoteIdent(table.relname)}`);
      vacuumed.push(table.relname);
      analyzed.push(table.relname);
    } else if (analyze) {
      await client.exec(`analyze ${quoteIdent(table.relname)}`);
      analyzed.push(table.relname);
    }
  }
  return { analyzed, vacuumed, durationMs: Math.round(performance.now() - started) };
}

/** Check the tables every `intervalMs` (10 s). The timer never keeps the process alive; `stop` ends it. */
export function startPgliteMaintenance(
  client: PGlite,
  options: { intervalMs?: number; onRun?: (run: MaintenanceRun) => void; onError?: (error: unknown) => void } = {},
): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running || client.closed) return;
    running = true;
    try {
      const result = await maintainPglite(client);
      if (result.analyzed.length > 0) options.onRun?.(result);
    } catch (error) {
      if (!client.closed) options.onError?.(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
