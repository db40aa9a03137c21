// `npm run db:restore -- FILE`: put a backup of `npm run db:backup` back as the embedded database (PGLITE_DIR).
// The server must be stopped: a running server has the directory open, and PGlite cannot swap it under it. The
// file is checked before anything is touched (a PGlite dump of this service, of this version or older); then it
// is unpacked beside the directory, opened and migrated there, and only then does the old directory move aside
// (`<dir>.before-restore-<time>`, never deleted) for the new one. On PostgreSQL: pg_restore (exit 2).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { restorePgliteDir } from "@/db/backup";
import { pgliteLockHolder } from "@/db/pglite-lock";
import { cliEnv, describeCounts, fail, runCli } from "./db-cli";

const NAME = "db:restore";
const USAGE = "usage: npm run db:restore -- FILE";

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: {} });
  } catch (error) {
    fail(NAME, `${(error as Error).message} (${USAGE})`);
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) fail(NAME, USAGE);
  const config = cliEnv(NAME);
  if (config.DATABASE_URL) {
    fail(NAME, 'this installation runs on PostgreSQL (DATABASE_URL is set): restore it with pg_restore, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE (docs/operations.md, Backups)', 2);
  }
  if (config.PGLITE_DIR.startsWith("memory://")) fail(NAME, "PGLITE_DIR is memory://: there is no directory to restore into", 2);
  const dir = path.resolve(config.PGLITE_DIR);
  const running = pgliteLockHolder(dir);
  if (running) fail(NAME, `stop the server first (process ${running.pid} has ${dir} open)`);
  if (!existsSync(file) || !statSync(file).isFile()) fail(NAME, `${file}: no such file`);
  const started = performance.now();
  const { info, movedAside } = await restorePgliteDir(dir, new Uint8Array(readFileSync(file)), file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${NAME}: restored ${file} into ${dir} (${seconds} s): ${describeCounts(info.counts)}; ` +
      (movedAside ? `the previous database is kept in ${movedAside}` : "there was no database there before"),
  );
}

runCli(NAME, main);
