// `npm start`: build when there is no production build (or the sources are newer than it), then serve.
// In embedded mode without ADMIN_TOKEN it creates a local admin token in .data/admin-token, so
// `npm run provision` works on this machine out of the box.
// Node's heap limit is a command-line flag (V8 fixes it when the process starts), so it is in package.json's
// `start` script, not here: `node scripts/start.mjs` alone runs with Node's default (docs/operations.md#memory).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale } from "./build.mjs";

const root = process.cwd();
const built = buildIfStale(root);
if (built !== 0) process.exit(built);

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
