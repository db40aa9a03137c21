// The production build, made when there is none or the sources are newer than it. `npm start` runs it before
// serving; the browser tests (scripts/e2e.mjs) run it once before their servers start, so two servers never
// build side by side ("Another next build process is already running").
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCE_ROOTS = ["app", "components", "lib", "db", "instrumentation.ts", "proxy.ts", "next.config.js", "package-lock.json", "tsconfig.json"];

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

/** Builds when needed; answers the build's exit code (0 when no build was needed). */
export function buildIfStale(root = process.cwd()) {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCE_ROOTS.map((entry) => newestMtime(path.join(root, entry))));
  if (builtAt && sourcesAt <= builtAt) return 0;
  console.log(builtAt ? "Sources changed since the last build: building..." : "No production build yet: building (about a minute)...");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "next", "dist", "bin", "next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return result.status ?? 1;
}
