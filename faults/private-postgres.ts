// A private PostgreSQL server for the fault suite: its own data directory and port, started with the
// distribution's initdb and pg_ctl, so a test can stop it and start it again (a restart, as a hosted database
// restarts or fails over) without touching any server anyone else uses. Run as the `postgres` user when the
// suite runs as root (PostgreSQL refuses to run as root), as the current user otherwise.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

function findBinDir(): string | null {
  if (process.env.PG_BIN_DIR && existsSync(path.join(process.env.PG_BIN_DIR, "initdb"))) return process.env.PG_BIN_DIR;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((entry) => existsSync(path.join(root, entry, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], "bin") : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const result = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (result.status !== 0 || group.status !== 0) return null;
  return { uid: Number(result.stdout.trim()), gid: Number(group.stdout.trim()) };
}

const binDir = findBinDir();
const asRoot = process.getuid?.() === 0;
const pgUser = postgresUser();

/** Why a private server cannot run here (the tests that need one are skipped with this reason), or null. */
export const privatePostgresUnavailable: string | null = !binDir
  ? "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql or PG_BIN_DIR"
  : asRoot && !pgUser
    ? "running as root without a postgres user to run the server as"
    : null;

export interface PrivatePostgres {
  /** postgres://... of database `name` on this server. */
  url(name?: string): string;
  createDatabase(name: string): Promise<string>;
  /** Stop (fast: sessions are terminated with 57P01, as in a restart) and start again. */
  stop(): void;
  start(): void;
  destroy(): void;
}

function run(command: string, args: string[]): string {
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  if (privatePostgresUnavailable || !binDir) throw new Error(privatePostgresUnavailable ?? "unavailable");
  const dir = mkdtempSync(path.join(tmpdir(), "ssc-faults-pg-"));
  if (pgUser) chownSync(dir, pgUser.uid, pgUser.gid);
  const data = path.join(dir, "data");
  run(path.join(binDir, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => run(path.join(binDir, "pg_ctl"), ["-D", data, "-l", path.join(dir, "log"), ...args]);
  const server: PrivatePostgres = {
    url: (name = "postgres") => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async createDatabase(name) {
      const { default: postgres } = await import("postgres");
      const admin = postgres(server.url(), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`create database "${name}"`);
      } finally {
        await admin.end();
      }
      return server.url(name);
    },
    stop: () => void pgCtl("-m", "fast", "-w", "stop"),
    start: () => void pgCtl("-o", options, "-w", "start"),
    destroy() {
      try {
        pgCtl("-m", "immediate", "-w", "stop");
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
