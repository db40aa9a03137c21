// `npm run db:restore -- FILE`: put a backup of `npm run db:backup` back as the embedded database (PGLITE_DIR).
// The server must be stopped: a running server has the directory open, and PGlite cannot swap it under it. The
// file is checked before anything is touched (a PGlite dump of this service, of this version or older); then it
// is unpacked beside the directory, opened and migrated there, and only then does the old directory move aside
// (`<dir>.before-restore-<time>`, never deleted) for the new one. On PostgreSQL: pg_restore (exit 2).
import { existsSync, readFileSync, statSync } from "node:fs";
import { restorePgliteDir } from "@/db/backup";
import { pgliteLockHolder } from "@/db/pglite-lock";
import { cliArgs, cliEnv, describeCounts, embeddedDir, fail, runCli } from "./db-cli";

const NAME = "db:restore";
const USAGE = "usage: npm run db:restore -- FILE";

async function main(): Promise<void> {
  const parsed = cliArgs(NAME, USAGE, { allowPositionals: true, options: {} });
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) fail(NAME, USAGE);
  const dir = embeddedDir(NAME, cliEnv(NAME), {
    postgres: 'restore it with pg_restore, e.g. pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE (docs/operations.md, Backups)',
    memory: "there is no directory to restore into",
  });
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
