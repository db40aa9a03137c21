// `npm run db:backup [-- FILE] [--url URL]`: a consistent copy of the embedded database (PGlite) in FILE, a .tar.gz
// that `npm run db:restore -- FILE` puts back (and `npm run db:export -- --from FILE` moves to PostgreSQL).
// Without FILE it goes to ~/story-scoring-backups/stories-<UTC time>.tar.gz: outside the checkout, where a
// `git add .` cannot pick up a copy of the customer data (a FILE inside a checkout that git does not ignore
// is written, with a warning).
// While the server runs, only it may open the data directory, so the copy comes from it (GET /api/admin/backup,
// with ADMIN_TOKEN); when it is stopped, this process opens the directory itself. Either way the file is written
// beside FILE first, checked by opening it, and only then renamed to FILE. On PostgreSQL: pg_dump (exit 2).
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync, createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { BACKUP_ROUTE, BackupError, dumpPglite, openDump } from "@/db/backup";
import { openDatabase } from "@/db/client";
import { pgliteLockHolder } from "@/db/pglite-lock";
import { adminToken, cliArgs, cliEnv, defaultBackupFile, describeCounts, embeddedDir, fail, mb, runCli, serverUrl, unignoredInCheckout } from "./db-cli";

const NAME = "db:backup";
const USAGE = "usage: npm run db:backup [-- FILE] [--url URL] (FILE defaults to ~/story-scoring-backups/stories-<UTC time>.tar.gz)";

async function fromServer(file: string, url: string, pid: number): Promise<void> {
  const endpoint = new URL(BACKUP_ROUTE, url).toString();
  let response: Response;
  try {
    response = await fetch(endpoint, { headers: { authorization: `Bearer ${adminToken(NAME)}` } });
  } catch (error) {
    const cause = (error as Error).cause ? String((error as Error).cause) : (error as Error).message;
    fail(NAME, `the server (process ${pid}) has the embedded database open but does not answer at ${url}: ${cause} (give its address with --url, or set PORT as for npm start)`);
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let reason = text;
    try {
      const parsed = JSON.parse(text) as { message?: string; details?: string[] };
      reason = [parsed.message, ...(parsed.details ?? [])].filter(Boolean).join(" ");
    } catch {
      // not JSON: print the text as it is
    }
    const hint = response.status === 404 ? " (the server's admin API is off: start it with ADMIN_TOKEN set, or stop it and back up again)" : "";
    fail(NAME, `${endpoint} answered ${response.status}: ${reason}${hint}`.trim());
  }
  await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), createWriteStream(file));
}

async function fromDirectory(file: string, dir: string): Promise<void> {
  // openDatabase takes the directory's lock: a server starting meanwhile waits its turn (it fails to start).
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    const dump = await dumpPglite(handle.raw as PGlite);
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}

async function main(): Promise<void> {
  const parsed = cliArgs(NAME, USAGE, { allowPositionals: true, options: { url: { type: "string" } } });
  const [given, ...extra] = parsed.positionals;
  if (extra.length > 0) fail(NAME, USAGE);
  const dir = embeddedDir(NAME, cliEnv(NAME), {
    postgres: 'back it up with pg_dump, e.g. pg_dump --format=custom --file=FILE "$DATABASE_URL" (docs/operations.md, Backups)',
    memory: "an in-memory database has nothing to back up",
  });
  const target = given ? path.resolve(given) : defaultBackupFile();
  const file = given ?? target;
  if (existsSync(target) && statSync(target).isDirectory()) fail(NAME, `${file} is a directory: give a file name, e.g. backup.tar.gz`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const checkout = unignoredInCheckout(target);
  if (checkout) {
    process.stderr.write(
      `${NAME}: warning: ${target} is inside the git checkout ${checkout} and git does not ignore it, so a \`git add\` would commit ` +
        "a copy of the customer data: keep backups outside the checkout (npm run db:backup with no FILE writes to ~/story-scoring-backups)\n",
    );
  }
  const partial = `${target}.partial`;
  const started = performance.now();
  const holder = pgliteLockHolder(dir);
  let how: string;
  try {
    if (holder) {
      const url = serverUrl(parsed.values.url);
      await fromServer(partial, url, holder.pid);
      how = `from the running server at ${url}`;
    } else {
      if (!existsSync(path.join(dir, "PG_VERSION"))) fail(NAME, `there is no embedded database in ${dir} (PGLITE_DIR) to back up`);
      await fromDirectory(partial, dir);
      how = `from the stopped database in ${dir}`;
    }
    // Check the copy before it replaces anything called FILE: it must open as a backup of this service.
    const { client, info } = await openDump(new Uint8Array(readFileSync(partial)), file);
    await client.close();
    renameSync(partial, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${NAME}: wrote ${target} (${mb(info.bytes)}, ${how}, ${seconds} s): ${describeCounts(info.counts)}`);
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof BackupError) throw new BackupError(`the copy failed its check, ${file} was not written: ${error.message}`);
    throw error;
  }
}

runCli(NAME, main);
