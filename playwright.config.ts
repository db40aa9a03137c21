import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";
import { startFlags } from "./scripts/start-command";

const PORT = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
// A throw-away embedded database per run, so every run starts from the same seeded demo.
const pgliteDir = process.env.E2E_PGLITE_DIR || `.data/e2e-${process.pid}`;
// The demo logins' password for this run only (e2e/fixtures/demo.ts): set once here, in the runner, whose
// environment the workers inherit, and given to the server as DEMO_PASSWORD.
process.env.E2E_DEMO_PASSWORD ??= `e2e-${randomBytes(12).toString("base64url")}`;

export default defineConfig({
  testDir: "e2e",
  // Each shard of scripts/e2e.mjs has its own (Playwright empties this folder when a run starts).
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // Tests tagged @phone run once, on the phone (they ran in both projects, the desktop run adding a minute of CI
    // and checking nothing the desktop tests do not: the 1280 px checks are in their own tests).
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // `npm start`'s command (its Node flags included), without npm in between.
    command: ["node", ...startFlags(), "scripts/start.mjs"].join(" "),
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      PGLITE_DIR: pgliteDir,
      DATABASE_URL: "",
      ADMIN_TOKEN: "e2e-admin-token-0123456789",
      AUTH_SECRET: "e2e-auth-secret-0123456789abcdef",
      DEMO_PASSWORD: process.env.E2E_DEMO_PASSWORD,
      PUBLIC_BASE_URL: baseURL,
      LOG_LEVEL: "warn",
      // The settings spec registers an integration whose callback is a receiver on loopback.
      ALLOW_PRIVATE_CALLBACKS: "true",
      // Each e2e test sends its own client address in X-Forwarded-For (e2e/fixtures/client.ts); loopback is its proxy.
      TRUSTED_PROXIES: "127.0.0.1",
    },
  },
});
