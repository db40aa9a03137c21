// `npm run test:e2e`: find a Chromium (CHROMIUM_PATH, then /usr/bin/chromium), install Debian's when we can
// (root with apt-get), else stop with one line saying how to get one; build the production app once when it is
// missing or stale; then run Playwright with it.
//
// In shards, side by side (E2E_SHARDS, by default 2 on a machine with 2 cores or more, 1 when files or options are
// named on the command line): each shard is a Playwright run of its own over its share of the spec files, with its
// own server, port, embedded database and output folder, so no test sees another shard's data. The browser tests mostly wait (a page, the
// server, axe), so two shards on two cores take about 60% of one run's time (docs/operations.md#tests). Each
// shard's output is printed whole when it ends, under a heading, in Playwright's own words (.ci/run sums the
// "N passed" lines of every shard).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { buildIfStale } from "./build.mjs";

function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, "/usr/bin/chromium"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

let chromium = findChromium();
if (!chromium && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
  console.log("No Chromium found: installing Debian's chromium with apt-get...");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  } catch {
    // reported below
  }
  chromium = findChromium();
}
if (!chromium) {
  console.error("e2e: no Chromium found; install one (Debian: `sudo apt-get install chromium`) or set CHROMIUM_PATH to its binary.");
  process.exit(1);
}

const built = buildIfStale();
if (built !== 0) {
  console.error("e2e: the production build failed");
  process.exit(built);
}

const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS || (args.length === 0 && availableParallelism() >= 2 ? 2 : 1)));
const basePort = Number(process.env.E2E_PORT || 3210);

// Seconds each spec file's tests took in a run (both projects), to share the files out evenly: Playwright's own
// --shard cuts the list in file order and gave one shard the five slowest files (7.2 minutes against 4.2).
// A file missing here counts as 20 s. Measured again in a CI run of 2026-11-26 (the shards had drifted to 240 and 279 s).
const WEIGHTS = {
  "docs.spec.ts": 81,
  "evaluator.spec.ts": 77,
  "dashboard.spec.ts": 72,
  "kinds.spec.ts": 55,
  "settings.spec.ts": 55,
  "layout.spec.ts": 51,
  "trackers.spec.ts": 29,
  "rules.spec.ts": 24,
  "tables.spec.ts": 19,
  "results.spec.ts": 12,
  "smoke.spec.ts": 3,
  "security.spec.ts": 3,
};

/** The spec files in `shards` groups: heaviest first, each to the group with the least so far. */
function shareFiles() {
  const files = readdirSync("e2e").filter((name) => name.endsWith(".spec.ts"));
  const weight = (name) => WEIGHTS[name] ?? 20;
  const groups = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }));
  for (const name of files.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, group) => (group.seconds < min.seconds ? group : min));
    lightest.files.push(`e2e/${name}`);
    lightest.seconds += weight(name);
  }
  return groups.map((group) => group.files);
}
const groups = shards > 1 ? shareFiles() : [];

/** One Playwright run (shard `index` of `shards`); answers its exit code and, when `keep`, its output. */
function runShard(index, keep) {
  const pgliteDir = `.data/e2e-${process.pid}-${index}`;
  const child = spawn(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...(shards > 1 ? groups[index - 1] : []), ...args], {
    stdio: keep ? ["ignore", "pipe", "pipe"] : "inherit",
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_PGLITE_DIR: pgliteDir,
      E2E_PORT: String(basePort + index - 1),
      ...(shards > 1 ? { E2E_OUTPUT_DIR: `test-results/shard-${index}`, PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/shard-${index}` } : {}),
    },
  });
  let output = "";
  if (keep) {
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      rmSync(pgliteDir, { recursive: true, force: true });
      rmSync(`${pgliteDir}.lock`, { force: true }); // left behind when the test server was killed rather than stopped
      rmSync(`${pgliteDir}.key`, { force: true }); // the run's encryption key, beside its database (lib/secrets/encryption-key.ts)
      resolve({ index, code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const started = Date.now();
const results = await Promise.all(
  Array.from({ length: shards }, (_, i) =>
    runShard(i + 1, shards > 1).then((result) => {
      if (shards > 1) {
        console.log(`\ne2e: shard ${result.index} of ${shards} (port ${basePort + result.index - 1}), ${((Date.now() - started) / 1000).toFixed(1)} s`);
        process.stdout.write(result.output);
      }
      return result;
    }),
  ),
);
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
