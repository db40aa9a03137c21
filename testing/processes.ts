// The one harness of the processes the fault suite (`npm run test:faults`) and the benchmarks (`npm run bench:*`)
// run: the production server and `npm run worker` as child processes that can be stopped or killed with SIGKILL,
// and the provisioning calls every scenario starts with. Nothing here is mocked: the server is the production
// build (scripts/start.mjs builds it when missing), the databases are real. The callback receiver is
// testing/webhook-receiver.ts.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { startFlags } from "../scripts/start-command";

/** The admin token every server started here gets (the admin API provisions customers with it). */
export const ADMIN_TOKEN = "harness-admin-token-0123456789";
const ROOT = path.resolve(import.meta.dirname, "..");

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything it wrote to stderr (start-up errors are checked by some tests). */
  stderr(): string;
  /** Everything it wrote to stdout (the first start's demo banner, with its passwords). */
  stdout(): string;
  exited: Promise<number | null>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every process started here is killed when the test process exits, however it exits (a timed-out test, an
 * interrupted run): a worker left running would reconnect to the next run's database and take its jobs.
 */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** The environment of a child process: this one's, without what marks a Vitest process. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "TEST") delete env[name];
  return { ...env, ...extra };
}

function track(child: ChildProcess, echo = false): { stderr: () => string; stdout: () => string; exited: Promise<number | null> } {
  children.add(child);
  child.once("exit", () => children.delete(child));
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    if (echo) process.stderr.write(chunk);
    // Kept up to 1 MB (start-up errors come first; a benchmark's server runs for minutes).
    if (stderr.length < 1_000_000) stderr += chunk.toString();
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    // Kept up to 1 MB (the banner is at the start); read so that the child never blocks on a full pipe.
    if (stdout.length < 1_000_000) stdout += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { stderr: () => stderr, stdout: () => stdout, exited };
}

async function killAndWait(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await exited;
}

/**
 * The production server (`npm start`'s command: node, its flags and `scripts/start.mjs`, one process: SIGKILL
 * ends the server itself) on `port`, with its embedded database in `pgliteDir` or on `databaseUrl`. Resolves
 * once /api/health answers 200; rejects if it exits first (with its stderr) or is not healthy within `timeoutMs`.
 */
export interface ServerOptions {
  port: number;
  pgliteDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Node flags after `npm start`'s own (a CPU profile, say). */
  nodeFlags?: string[];
  /** Also write what it writes to stderr to this process's stderr (benchmarks show the server's warnings). */
  echo?: boolean;
}

export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [...startFlags(ROOT), ...(options.nodeFlags ?? []), path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env: childEnv({
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PGLITE_DIR: options.pgliteDir ?? "",
      DATABASE_URL: options.databaseUrl ?? "",
      ADMIN_TOKEN,
      ALLOW_PRIVATE_CALLBACKS: "true",
      LOG_LEVEL: "error",
      ...options.env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { stderr, stdout, exited } = track(child, options.echo);
  const server: ServerProcess = {
    base,
    child,
    stderr,
    stdout,
    exited,
    kill9: () => killAndWait(child, exited, "SIGKILL"),
    stop: () => killAndWait(child, exited, "SIGTERM"),
  };
  const deadline = Date.now() + (options.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${stderr().trim().slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return server;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await server.kill9();
      throw new Error(`the server was not healthy within the time allowed: ${stderr().trim().slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A start that is expected to fail: resolves with the exit code and stderr (or null if still running after `timeoutMs`). */
export async function startExpectingExit(options: { port: number; pgliteDir: string; env?: Record<string, string>; timeoutMs?: number }): Promise<{ code: number | null; stderr: string; server?: ServerProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
    cwd: ROOT,
    env: childEnv({ PORT: String(options.port), HOST: "127.0.0.1", PGLITE_DIR: options.pgliteDir, DATABASE_URL: "", ADMIN_TOKEN, LOG_LEVEL: "error", ...options.env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { stderr, stdout, exited } = track(child);
  const timer = new Promise<"running">((resolve) => setTimeout(() => resolve("running"), options.timeoutMs ?? 30_000));
  const outcome = await Promise.race([exited, timer]);
  if (outcome === "running") {
    const server: ServerProcess = { base: `http://127.0.0.1:${options.port}`, child, stderr, stdout, exited, kill9: () => killAndWait(child, exited, "SIGKILL"), stop: () => killAndWait(child, exited, "SIGTERM") };
    return { code: null, stderr: stderr(), server };
  }
  return { code: outcome, stderr: stderr() };
}

/**
 * `npm run worker` as one process (tsx as a loader), on PostgreSQL; resolves once it prints "worker: ready"
 * (within `timeoutMs`). Its other stdout lines go to `onLine` when given; its stderr is kept, and echoed with `echo`.
 */
export async function startWorker(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { timeoutMs?: number; onLine?: (line: string) => void; echo?: boolean } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "worker.ts")], {
    cwd: ROOT,
    env: childEnv({ DATABASE_URL: databaseUrl, ALLOW_PRIVATE_CALLBACKS: "true", LOG_LEVEL: "error", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { stderr, stdout, exited } = track(child, options.echo);
  const timeoutMs = options.timeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => reject(new Error(`the worker was not ready within ${timeoutMs} ms: ${stderr()}`)), timeoutMs);
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (!ready && line.trim() === "worker: ready") {
        ready = true;
        clearTimeout(timer);
        resolve();
      } else {
        options.onLine?.(line);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code} before it was ready: ${stderr()}`));
    });
  });
  return { base: "", child, stderr: () => `${stderr()}${stdout()}`, stdout, exited, kill9: () => killAndWait(child, exited, "SIGKILL"), stop: () => killAndWait(child, exited, "SIGTERM") };
}

/** JSON over HTTP with a deadline: a request that does not answer within `timeoutMs` is reported as hung. */
export async function api(base: string, route: string, init: { method?: string; json?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {}) {
  const started = Date.now();
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers: { ...(init.json === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, headers: response.headers, body: body as Record<string, unknown>, ms: Date.now() - started };
}

export interface Tenant {
  apiKey: string;
  installationId: string;
  secret: string;
  webhookSecret: string;
  cloudId: string;
}

/** A customer (admin API) with one Jira installation whose callbacks go to `callbackUrl`. */
export async function provision(base: string, customerId: string, callbackUrl: string, quota = 100_000): Promise<Tenant> {
  const customer = await api(base, "/api/admin/customers", { json: { customer_id: customerId, plan: "team", quota }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  if (customer.status >= 300) throw new Error(`provisioning failed: ${customer.status} ${JSON.stringify(customer.body)}`);
  const apiKey = String(customer.body.api_key);
  const cloudId = `site-${customerId}`;
  const installed = await api(base, "/api/v1/installations", { json: { cloudId, source: "jira", callback_url: callbackUrl }, headers: { authorization: `Bearer ${apiKey}` } });
  if (installed.status >= 300) throw new Error(`installation failed: ${installed.status} ${JSON.stringify(installed.body)}`);
  return {
    apiKey,
    cloudId,
    installationId: String(installed.body.installation_id),
    secret: String(installed.body.secret),
    webhookSecret: String(installed.body.webhook_secret),
  };
}

/** Accept one issue for asynchronous scoring; answers the job id. */
export async function evaluate(base: string, tenant: Tenant, key: string, summary: string): Promise<string> {
  const accepted = await api(base, "/api/v1/evaluate/jira", { json: { cloudId: tenant.cloudId, issue: { key, fields: { summary } } }, headers: { "x-service-secret": tenant.secret } });
  if (accepted.status !== 202) throw new Error(`evaluate answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return String(accepted.body.job_id);
}

export const webhookIdOf = (jobId: string) => `msg_${jobId}`;

/** Poll until `check` answers true (or throw after `timeoutMs`). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}
