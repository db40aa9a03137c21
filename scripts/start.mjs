// `npm start`: build when there is no production build (or the sources are newer than it), then serve.
// In embedded mode without ADMIN_TOKEN it creates a local admin token in .data/admin-token, so
// `npm run provision` works on this machine out of the box.
// Node's heap limit is a command-line flag (V8 fixes it when the process starts), so it is in package.json's
// `start` script, not here: `node scripts/start.mjs` alone runs with Node's default (docs/operations.md#memory).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = process.cwd();
const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
const sourceRoots = ["app", "components", "lib", "db", "instrumentation.ts", "proxy.ts", "next.config.js", "package-lock.json", "tsconfig.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...sourceRoots.map((entry) => newestMtime(path.join(root, entry))));
if (!builtAt || sourcesAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build: building..." : "No production build yet: building (about a minute)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.env.ADMIN_TOKEN && !process.env.DATABASE_URL) {
  const tokenFile = path.join(root, ".data", "admin-token");
  if (!existsSync(tokenFile)) {
    mkdirSync(path.dirname(tokenFile), { recursive: true });
    writeFileSync(tokenFile, `adm_${randomBytes(24).toString("base64url")}\n`, { mode: 0o600 });
  }
  process.env.ADMIN_TOKEN = readFileSync(tokenFile, "utf8").trim();
  console.log(`Admin API enabled with the local token in ${path.relative(root, tokenFile)} (npm run provision reads it).`);
}

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
const { startServer } = await import("./server.mjs");
await startServer();
