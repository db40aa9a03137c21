// `npm run db:export -- --to postgres://... [--from FILE]`: move everything in the embedded database (PGLITE_DIR,
// with the server stopped; or a backup FILE of `npm run db:backup`) into an EMPTY PostgreSQL database, which the
// server then runs on (DATABASE_URL=that URL). Nothing of the source is changed. See db/export.ts for how.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { dumpPglite, migratePglite, openDump } from "@/db/backup";
import { openDatabase } from "@/db/client";
import { exportToPostgres } from "@/db/export";
import { pgliteLockHolder } from "@/db/pglite-lock";
import { cliArgs, cliEnv, fail, mb, runCli } from "./db-cli";

const NAME = "db:export";
const USAGE = "usage: npm run db:export -- --to postgres://USER@HOST:PORT/DATABASE [--from BACKUP_FILE]";

async function main(): Promise<void> {
  const parsed = cliArgs(NAME, USAGE, { allowPositionals: false, options: { to: { type: "string" }, from: { type: "string" } } });
  const { to, from } = parsed.values;
  if (!to) fail(NAME, `--to is required (${USAGE})`);
  if (!/^postgres(ql)?:\/\//.test(to)) fail(NAME, `--to must be a postgres:// or postgresql:// URL (${USAGE})`);
  const started = performance.now();
  let bytes: Uint8Array;
  let name: string;
  if (from) {
    if (!existsSync(from)) fail(NAME, `${from}: no such file`);
    bytes = new Uint8Array(readFileSync(from));
    name = from;
  } else {
    const config = cliEnv(NAME);
    if (config.PGLITE_DIR.startsWith("memory://")) fail(NAME, "PGLITE_DIR is memory://: give a backup file with --from");
    const dir = path.resolve(config.PGLITE_DIR);
    const running = pgliteLockHolder(dir);
    if (running) {
      fail(NAME, `stop the server first (process ${running.pid} has ${dir} open; writes after the export would be lost), or export a backup: npm run db:backup -- FILE, then --from FILE`);
    }
    if (!existsSync(path.join(dir, "PG_VERSION"))) fail(NAME, `there is no embedded database in ${dir} (PGLITE_DIR) to export`);
    // A consistent copy of the directory, opened in memory: the directory is not changed (not even migrated).
    const handle = await openDatabase({ pgliteDir: dir });
    try {
      bytes = new Uint8Array(await (await dumpPglite(handle.raw as PGlite)).arrayBuffer());
    } finally {
      await handle.close();
    }
    name = dir;
  }
  const { client, info } = await openDump(bytes, name);
  try {
    await migratePglite(client);
    const report = await exportToPostgres(client, to, (table) => {
      if (process.stdout.isTTY) process.stdout.write(`  ${table.table}: ${table.rows} rows\n`);
    });
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const shown = ["customers", "stories", "score_runs", "async_jobs", "pgboss.job"].flatMap((name) => report.tables.filter((table) => table.table === name));
    console.log(
      `${NAME}: moved ${rows} rows of ${report.tables.length} tables (${mb(info.bytes)} dump) into ${redact(to)} in ${seconds} s ` +
        `(${shown.map((table) => `${table.rows} ${table.table}`).join(", ")}); start the server with DATABASE_URL set to it`,
    );
  } finally {
    await client.close();
  }
}

/** The URL without its password, for the output. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the target database";
  }
}

runCli(NAME, main);
