// `npm run screenshots [-- --port P]`: the pictures of the README and docs/pages.md, taken from the real app so they stay current.
// Starts the production server (`node scripts/start.mjs`, which builds when the sources changed) on a free port
// with a throw-away embedded database (.data/screenshots-<pid>, seeded with the demo), then drives Chromium
// through the pages as a user would and writes docs/screenshots/*.png:
//   evaluator-results.png  a backlog uploaded on the home page, scored, on its results page (1280×800)
//   dashboard.png          the demo login's dashboard (1280×800)
//   dashboard-phone.png    the same dashboard on a phone (390×844 at device scale 2)
//   story.png              the first story of the dashboard's stories table (1280×800)
//   settings.png           the demo login's settings: API keys, integrations, audit trail (1280×800)
// The server and its database are removed afterwards, also on errors and on Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";

const ROOT = path.resolve(__dirname, "..");
const OUT_DIR = path.join(ROOT, "docs", "screenshots");
const DEFAULT_PORT = 3296;
/** The demo login of the throw-away server: its password is this run's own, given to the server as DEMO_PASSWORD. */
const DEMO = { email: "demo@example.com", password: `shots-${randomBytes(12).toString("base64url")}` };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** The upload: the first 40 stories of a real backlog, as a one-column CSV. */
const BACKLOG_SOURCE = path.join(ROOT, "lib", "scoring", "fixtures", "backlogs", "g09.txt");
const BACKLOG_STORIES = 40;
/** Still pictures: no animation or transition is caught half-way, so reruns give the same pixels. */
const NO_MOTION = "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}";
const STEP_TIMEOUT = 30_000;
const SERVER_TIMEOUT = 600_000; // a first build on a small machine takes minutes

class StepError extends Error {}

/** Runs one step; a failure names the step. */
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new StepError(`${label} failed: ${reason}`);
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "0.0.0.0", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function choosePort(requested: string | undefined): Promise<number> {
  if (requested !== undefined) {
    const port = Number(requested);
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new StepError(`--port must be a port number, not "${requested}"`);
    if (!(await portIsFree(port))) throw new StepError(`port ${port} is in use; pass another with --port`);
    return port;
  }
  for (let port = DEFAULT_PORT; port < DEFAULT_PORT + 20; port++) if (await portIsFree(port)) return port;
  throw new StepError(`ports ${DEFAULT_PORT}-${DEFAULT_PORT + 19} are all in use; pass a free one with --port`);
}

function findChromium(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new StepError(
      `no Chromium at ${candidate}; install one (Debian: \`sudo apt-get install chromium\`) or set CHROMIUM_PATH to its binary.`,
    );
  }
  return candidate;
}

// ---- the server -------------------------------------------------------------------------------------------

interface Server {
  base: string;
  stop(): Promise<void>;
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/** Stops the server's whole process group (a build included) and removes its database. Safe to call twice. */
async function cleanUp(): Promise<void> {
  const child = server;
  server = undefined;
  if (child?.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    const killer = setTimeout(() => signal("SIGKILL"), 10_000);
    await exited;
    clearTimeout(killer);
  }
  if (dataDir) {
    rmSync(dataDir, { recursive: true, force: true });
    // The lock and the encryption key sit beside the directory (db/pglite-lock.ts, lib/secrets/encryption-key.ts).
    for (const beside of [".lock", ".key"]) rmSync(`${dataDir}${beside}`, { force: true });
  }
  dataDir = undefined;
}

/** Prefixes each line the server prints, so its build output is told apart from this script's. */
function relay(stream: NodeJS.ReadableStream | null, to: NodeJS.WriteStream, until: () => boolean = () => false) {
  let pending = "";
  stream?.setEncoding("utf8");
  stream?.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    if (!until()) for (const line of lines) to.write(`  [server] ${line}\n`);
  });
}

async function startServer(port: number): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  dataDir = path.join(ROOT, ".data", `screenshots-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  console.log(`Starting the production server on ${base} (it builds first when the sources changed)...`);
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    // Its own process group, so stopping it also stops a build in progress.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      PGLITE_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_TOKEN: "screenshots-admin-token-0123456789",
      AUTH_SECRET: "screenshots-auth-secret-0123456789abcdef",
      DEMO_PASSWORD: DEMO.password,
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: "warn",
    },
  });
  server = child;
  // Its build output while it starts; once it answers, only its warnings and errors (not the demo banner).
  let ready = false;
  relay(child.stdout, process.stdout, () => ready);
  relay(child.stderr, process.stderr);
  const deadline = Date.now() + SERVER_TIMEOUT;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new StepError(`the server exited (${child.exitCode ?? child.signalCode}) before it was ready; its output (a failed build?) is above`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok) {
        ready = true;
        return { base, stop: cleanUp };
      }
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new StepError(`the server did not answer ${base}/api/health within ${SERVER_TIMEOUT / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// ---- the pictures -----------------------------------------------------------------------------------------

function backlogCsv(): Buffer {
  const stories = readFileSync(BACKLOG_SOURCE, "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, BACKLOG_STORIES);
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  return Buffer.from(["summary", ...stories.map(quote)].join("\n") + "\n", "utf8");
}

async function newPage(browser: Browser, base: string, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: phone ? PHONE : DESKTOP,
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: "en-US",
    timezoneId: "UTC",
    colorScheme: "light",
    reducedMotion: "reduce",
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  const page = await context.newPage();
  // Before any page script runs, on every navigation (full loads after sign-in included).
  await page.addInitScript((css: string) => {
    const add = () => {
      const style = document.createElement("style");
      style.setAttribute("data-screenshots", "");
      style.textContent = css;
      document.head.appendChild(style);
    };
    if (document.head) add();
    else document.addEventListener("DOMContentLoaded", add, { once: true });
  }, NO_MOTION);
  return { context, page };
}

/** Waits until the page is quiet: no requests in flight, every chart drawn, no loading text, fonts ready. */
async function settle(page: Page, { charts }: { charts: "required" | "if-any" }) {
  await page.waitForLoadState("networkidle");
  if (charts === "required") await page.locator(".recharts-responsive-container").first().waitFor({ state: "visible" });
  await page.waitForFunction(() => {
    const containers = [...document.querySelectorAll(".recharts-responsive-container")];
    return containers.every((container) => container.querySelector("svg.recharts-surface"));
  });
  await page.waitForFunction(() => !document.body.innerText.includes("Loading…"));
  await page.addStyleTag({ content: NO_MOTION });
  await page.evaluate(async () => {
    await document.fonts.ready;
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(250); // let the last layout (charts measuring their boxes) paint
}

/** Fails when the page shows an error instead of the content the picture is meant to show. */
async function expectNoError(page: Page, what: string) {
  const alert = page.locator(".alert.error").filter({ hasText: /\S/ });
  if (await alert.count()) throw new Error(`${what} shows an error: ${(await alert.first().innerText()).trim()}`);
  const text = await page.locator("body").innerText();
  const failure = /not found|application error|something went wrong|internal server error/i;
  const heading = (await page.locator("h1").first().innerText().catch(() => "")).trim();
  if (failure.test(heading) || /could not be found|application error: a (client|server)-side exception/i.test(text)) {
    throw new Error(`${what} is an error page (${heading || text.slice(0, 80)})`);
  }
}

const written: string[] = [];

/**
 * A full-page capture clipped to the top `height` CSS pixels (the viewport's by default): it starts at the top
 * of the document whatever the scroll position, and a taller clip shows more of a long page.
 */
async function capture(page: Page, file: string, height?: number) {
  const target = path.join(OUT_DIR, file);
  const viewport = page.viewportSize() ?? DESKTOP;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: target,
    fullPage: true,
    clip: { x: 0, y: 0, width: viewport.width, height: Math.min(pageHeight, height ?? viewport.height) },
    animations: "disabled",
    caret: "hide",
  });
  written.push(target);
}

async function evaluatorResults(browser: Browser, base: string) {
  const { context, page } = await newPage(browser, base);
  try {
    await step("opening the evaluator (/)", async () => {
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).waitFor();
    });
    await step("uploading the backlog", async () => {
      await page.getByLabel("Choose a file").setInputFiles({ name: "backlog.csv", mimeType: "text/csv", buffer: backlogCsv() });
      const score = page.getByRole("button", { name: /^Score \d+ stor/ });
      const problem = page.locator(".alert[role=alert]");
      await Promise.race([score.waitFor(), problem.waitFor()]);
      if (await problem.isVisible()) throw new Error((await problem.innerText()).trim());
      if (!(await score.isEnabled())) throw new Error(`"${(await score.innerText()).trim()}" is disabled`);
    });
    await step("scoring the backlog", async () => {
      await page.getByRole("button", { name: /^Score \d+ stor/ }).click();
      await page.waitForURL(/\/results\/[0-9a-f-]{36}$/, { timeout: 60_000 });
      await page.getByRole("heading", { level: 1, name: "backlog.csv" }).waitFor();
      await page.getByText(/^\d+(-\d+)? of \d+ (stories|story)/).first().waitFor();
    });
    await step("capturing evaluator-results.png", async () => {
      await settle(page, { charts: "required" });
      await expectNoError(page, "the results page");
      await capture(page, "evaluator-results.png", 1180); // the cards, the chart and the first stories
    });
  } finally {
    await context.close();
  }
}

async function signIn(page: Page) {
  await step("signing in as the demo user (/login)", async () => {
    await page.goto("/login?callbackUrl=%2Fdashboard");
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/dashboard(\?|$)/);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });
}

async function dashboardAndStory(browser: Browser, base: string) {
  const { context, page } = await newPage(browser, base);
  try {
    await signIn(page);
    await step("loading the dashboard", async () => {
      await page.locator(".stories-table tbody tr a").first().waitFor();
    });
    await step("capturing dashboard.png", async () => {
      await settle(page, { charts: "required" });
      await expectNoError(page, "the dashboard");
      await capture(page, "dashboard.png");
    });
    await step("opening the first story of the stories table", async () => {
      const first = page.locator(".stories-table tbody tr a").first();
      await first.scrollIntoViewIfNeeded();
      await first.click();
      await page.waitForURL(/\/dashboard\/stories\//);
      await page.getByRole("heading", { level: 1 }).waitFor();
    });
    await step("capturing story.png", async () => {
      await settle(page, { charts: "if-any" });
      await expectNoError(page, "the story page");
      await capture(page, "story.png");
    });
    await step("opening the settings page (/dashboard/settings)", async () => {
      await page.goto("/dashboard/settings");
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      await page.locator(".settings-table tbody tr").first().waitFor();
    });
    await step("capturing settings.png", async () => {
      await settle(page, { charts: "if-any" });
      await expectNoError(page, "the settings page");
      await capture(page, "settings.png");
    });
  } finally {
    await context.close();
  }

  const phone = await newPage(browser, base, true);
  try {
    await signIn(phone.page);
    await step("capturing dashboard-phone.png", async () => {
      await phone.page.locator(".stories-table tbody tr a").first().waitFor();
      await settle(phone.page, { charts: "required" });
      await expectNoError(phone.page, "the dashboard on a phone");
      await capture(phone.page, "dashboard-phone.png");
    });
  } finally {
    await phone.context.close();
  }
}

// ---- main -------------------------------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({ options: { port: { type: "string" } } });
  const executablePath = findChromium();
  const port = await choosePort(values.port);
  const { base, stop } = await startServer(port);
  let browser: Browser | undefined;
  try {
    browser = await step("launching Chromium", () =>
      chromium.launch({
        executablePath,
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
      }),
    );
    mkdirSync(OUT_DIR, { recursive: true });
    await evaluatorResults(browser, base);
    await dashboardAndStory(browser, base);
  } finally {
    await browser?.close().catch(() => undefined);
    await stop();
  }
  console.log(`Wrote ${written.length} screenshots:`);
  for (const file of written) {
    const kb = statSync(file).size / 1024;
    console.log(`  ${path.relative(ROOT, file)}  ${kb.toFixed(0)} KB${kb > 400 ? "  (over 400 KB)" : ""}`);
  }
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nscreenshots: interrupted; stopping the server and removing its database...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

main().catch(async (error: unknown) => {
  await cleanUp();
  if (interrupted) return;
  console.error(`screenshots: ${error instanceof StepError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
