// Autovacuum for the embedded database. PGlite runs PostgreSQL in single-user mode, where the autovacuum
// launcher never starts: without this, dead row versions (every re-score rewrites its story row) pile up for
// ever, and the planner never learns the tables' sizes. The second matters as much as the first: the hot
// statements are prepared once (db/pglite-hot.ts), so a plan chosen while the tables were nearly empty (a
// sequential scan of `stories`, say) would stay in use as they grow. ANALYZE refreshes the statistics and
// makes PostgreSQL re-plan every cached statement that reads the analyzed tables.
import type { PGlite } from "@electric-sql/pglite";

/** How often the embedded database is vacuumed and analyzed. */
export const MAINTENANCE_INTERVAL_MS = 5 * 60_000;

export interface MaintenanceRun {
  durationMs: number;
}

/** VACUUM (ANALYZE) the whole database once. It holds PGlite's single connection while it runs. */
export async function maintainPglite(client: PGlite): Promise<MaintenanceRun> {
  const started = performance.now();
  await client.exec("vacuum (analyze)");
  return { durationMs: Math.round(performance.now() - started) };
}

/**
 * Analyze now (cheap on a small database, and it gives the first plans real statistics), then vacuum and
 * analyze every `intervalMs`. The timer never keeps the process alive; `stop` ends it.
 */
export function startPgliteMaintenance(
  client: PGlite,
  options: { intervalMs?: number; onRun?: (run: MaintenanceRun) => void; onError?: (error: unknown) => void } = {},
): { stop(): void } {
  let running = false;
  const run = async () => {
    if (running || client.closed) return;
    running = true;
    try {
      options.onRun?.(await maintainPglite(client));
    } catch (error) {
      if (!client.closed) options.onError?.(error);
    } finally {
      running = false;
    }
  };
  void client.exec("analyze").catch((error: unknown) => options.onError?.(error));
  const timer = setInterval(() => void run(), options.intervalMs ?? MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
