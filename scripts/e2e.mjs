// `npm run test:e2e`: find a Chromium (CHROMIUM_PATH, then /usr/bin/chromium), install Debian's when we can
// (root with apt-get), else stop with one line saying how to get one; then run Playwright with it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

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

const pgliteDir = `.data/e2e-${process.pid}`;
const result = spawnSync(process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PGLITE_DIR: pgliteDir },
});
rmSync(pgliteDir, { recursive: true, force: true });
rmSync(`${pgliteDir}.lock`, { force: true }); // left behind when the test server was killed rather than stopped
rmSync(`${pgliteDir}.key`, { force: true }); // the run's encryption key, beside its database (lib/secrets/encryption-key.ts)
process.exit(result.status ?? 1);
