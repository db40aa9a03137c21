// A new embedded database is created (initdb) in a child process, not in the server's.
//
// PGlite creates a data directory by starting a second PGlite instance, running PostgreSQL's initdb (a third
// WebAssembly module) in it and copying the result over as a tarball. Measured in a bare Node process: the
// first start peaks at 660 MB resident, and after a full collection still sits 130 MB above a start on an
// existing directory (310 MB against 183 MB), because the freed buffers stay in the C allocator's heap rather
// than going back to the system; and a server at rest does not even collect them (no allocation, no GC), so a
// fresh `npm start` idled at 490 MB. A child process gives all of it back when it exits. It costs a second or
// two, once per data directory.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const CREATE = `
import { PGlite } from "@electric-sql/pglite";
const [dir, startParams] = JSON.parse(process.argv[1]);
const client = await PGlite.create(dir, { startParams });
await client.close();
`;

/**
 * Create the PGlite data directory `dir` in a short-lived child process when it holds no database yet. If the
 * child cannot run (no way to resolve the package from the working directory, say), this returns quietly
 * and the caller's own `PGlite.create` runs initdb in-process, as PGlite always does: slower to give memory
 * back, the same database.
 */
export async function createPgliteDirectory(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  // NODE_OPTIONS is left out: flags meant for the server (a preloaded probe, heap sizes) are not the child's.
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  try {
    await run(process.execPath, ["--input-type=module", "-e", CREATE, JSON.stringify([dir, startParams])], { cwd: process.cwd(), env, timeout: 120_000 });
  } catch {
    // Fall back to initdb in this process (see above).
  }
}
