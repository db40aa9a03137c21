// `npm run bench:async`: the asynchronous integration end to end on the production server. N new Jira issues
// (default 1,000; real stories from lib/scoring/fixtures/backlogs, varied so each is a new story) go through
// POST /api/v1/evaluate/jira on 16 connections, and a callback receiver in this process verifies every
// Standard Webhooks signature and answers 200. Printed: acceptance requests/s (first send to last 202) against
// POST /api/v1/score on the same connections over as many distinct stories, in the same run; end-to-end jobs/s
// (first send to the last job's first verified callback); p50/p99 from each 202 to its callback; duplicate,
// lost, wrongly signed and not-"score.completed" callbacks. On the embedded database by default; with
// BENCH_DATABASE_URL on PostgreSQL (a fresh database per phase when the server allows it), plus the end to end
// again with the web process's workers off and one, then two, `npm run worker` processes, and for each a drain:
// the workers stop, N more issues are accepted, and as many workers start on that backlog (first ready to last
// callback). Targets: acceptance >= 0.6x sync; end to end >= 0.3x sync (embedded database); two workers drain
// >= 1.6x as fast as one (PostgreSQL); no non-202, lost, duplicated or wrongly signed job. Exit code 1 when one
// is not met (after every figure). `--engine llm [--llm-latency-ms 200]` scores through the LLM engine against a
// local OpenAI-compatible server that answers after that long, where workers wait on a provider, not a core.
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import postgres from "postgres";
import os from "node:os";
import { startFakeOpenAI } from "@/testing/fake-openai";
import { startWorker as startHarnessWorker } from "@/testing/processes";
import { startWebhookReceiver } from "@/testing/webhook-receiver";
import { provisionBenchCustomer, startBenchServer } from "./bench-server";

const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "1000" },
    connections: { type: "string", default: "16" },
    "timeout-s": { type: "string", default: "900" },
    warmup: { type: "string", default: "16" },
    "grace-s": { type: "string", default: "3" },
    port: { type: "string", default: "3292" },
    engine: { type: "string", default: "heuristic" },
    "llm-latency-ms": { type: "string", default: "200" },
  },
});

function integerOption(name: string, value: string | undefined, min: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`--${name}: expected an integer >= ${min}, got '${value}'`);
  return parsed;
}

const issueCount = integerOption("issues", values.issues, 1);
const connections = integerOption("connections", values.connections, 1);
const timeoutMs = integerOption("timeout-s", values["timeout-s"], 1) * 1000;
const warmupCount = integerOption("warmup", values.warmup, 0);
const graceMs = integerOption("grace-s", values["grace-s"], 0) * 1000;
const port = integerOption("port", values.port, 1);
const postgresUrl = process.env.BENCH_DATABASE_URL || undefined;
if (values.engine !== "heuristic" && values.engine !== "llm") throw new Error(`--engine: expected heuristic or llm, got '${values.engine}'`);
const llmLatencyMs = integerOption("llm-latency-ms", values["llm-latency-ms"], 0);
/** With --engine llm: the server and workers score through a local OpenAI-compatible server (set in main). */
let engineEnv: Record<string, string> = {};
/** Fresh per run: every issue key, ticket id and cloudId is new, so every story is a new one. */
const runId = Date.now().toString(36);

const TARGET_ACCEPTANCE = 0.6;
const TARGET_END_TO_END = 0.3;
const TARGET_SCALE_OUT = 1.6;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------------------
// Clean-up: every server, worker, receiver and database registers how to stop it; a phase unwinds its own on
// the way out (errors and timeouts included), and SIGINT/SIGTERM unwind everything before exiting.

const cleanups: { label: string; run: () => Promise<void> }[] = [];

function onCleanup(label: string, run: () => Promise<void>): void {
  cleanups.push({ label, run });
}

const inFlight = new Set<Promise<void>>();

/** Run the clean-ups registered after `depth`, newest first. */
async function unwind(depth = 0): Promise<void> {
  while (cleanups.length > depth) {
    const cleanup = cleanups.pop();
    if (!cleanup) break;
    const running = cleanup.run().catch((error: unknown) => console.error(`clean-up (${cleanup.label}) failed: ${errorMessage(error)}`));
    inFlight.add(running);
    await running;
    inFlight.delete(running);
  }
}

let interrupted = false;
/** Nothing new is started once interrupted (the clean-up may already have run). */
function checkInterrupted(): void {
  if (interrupted) throw new Error("interrupted");
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping the servers and workers (again to quit at once)...`);
    // A phase may be unwinding its own clean-ups at the same moment: wait for those too.
    void unwind()
      .then(() => Promise.all(inFlight))
      .finally(() => process.exit(130));
  });
}

async function withTimeout(label: string, work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`${label} did not finish within ${ms / 1000} s`);
      resolve();
    }, ms);
  });
  await Promise.race([work, timedOut]);
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------
// Stories: the real backlogs, round robin over the files; past the first round each gets " in release k".

interface Story {
  summary: string;
  description: string | null;
}

function loadBacklogs(): string[] {
  const directory = path.join(process.cwd(), "lib", "scoring", "fixtures", "backlogs");
  const backlogs = readdirSync(directory)
    .filter((file) => file.endsWith(".txt"))
    .sort()
    .map((file) =>
      readFileSync(path.join(directory, file), "utf8")
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    );
  const longest = Math.max(...backlogs.map((lines) => lines.length));
  const stories: string[] = [];
  for (let line = 0; line < longest; line++) for (const lines of backlogs) if (line < lines.length) stories.push(lines[line]);
  return stories;
}

const backlog = loadBacklogs();

/** Story i (distinct for distinct i); `variant` makes another distinct set (the warm-up's). */
function story(i: number, variant = ""): Story {
  const base = backlog[i % backlog.length];
  const release = Math.floor(i / backlog.length) + 1;
  const summary = release === 1 && !variant ? base : `${base.replace(/[.\s]+$/, "")} in release ${release}${variant}.`;
  const description = [
    null,
    `Raised in backlog refinement for release ${release}; the current behaviour is described on the team's wiki page.`,
    `h3. Background\nSupport asked for this *${(i % 7) + 2} times* last month (see the release ${release} notes).\n\n` +
      "h3. Acceptance criteria\n* Given a signed-in user, when they use it, then the result shows within 2 seconds\n" +
      "* Given a failure, when it happens, then a message says what to do next",
  ][i % 3];
  return { summary, description };
}

// ---------------------------------------------------------------------------------------------------------
// The load: exactly `count` requests over `connections` keep-alive connections, each answer timed.

interface Answer {
  status: number;
  body: string;
  at: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function post(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const fail = (error: Error) => resolve({ status: 0, body: error.message, at: performance.now() });
    const request = http.request(
      url,
      { method: "POST", agent, headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), at: performance.now() }));
        response.on("error", fail);
      },
    );
    request.on("error", fail);
    request.end(body);
  });
}

interface Load {
  started: number;
  answers: Answer[];
}

async function drive(count: number, send: (i: number) => Promise<Answer>): Promise<Load> {
  const answers = new Array<Answer>(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(connections, count) }, async () => {
      while (next < count) {
        const i = next++;
        answers[i] = await send(i);
      }
    }),
  );
  return { started, answers };
}

/** Statuses other than `expected`, as "status x count" (0 = no answer: connection error). */
function otherStatuses(answers: Answer[], expected: number): { count: number; text: string } {
  const counts = new Map<number, number>();
  for (const answer of answers) if (answer.status !== expected) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  const count = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const sample = answers.find((answer) => answer.status !== expected);
  const text = [...counts].map(([status, n]) => `${status || "no answer"} x${n}`).join(", ");
  return { count, text: sample ? `${text}; first: ${sample.body.slice(0, 200)}` : "" };
}

// ---------------------------------------------------------------------------------------------------------
// The callback receiver (testing/webhook-receiver.ts, the tests' own, keeping no deliveries): verifies every
// signature, answers 200, keeps each job's first verified delivery.

interface Receiver {
  url: string;
  /** The installation's webhook secret, once known: callbacks are verified with it. */
  setSecret(secret: string): void;
  /** job_id -> arrival (performance.now()) of its first verified callback. */
  firstDelivery: Map<string, number>;
  received: number;
  signatureFailures: number;
  duplicates: number;
  /** Verified callbacks whose type is not score.completed, by type. */
  otherTypes: Map<string, number>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    setSecret: (secret) => {
      webhooks.secret = secret;
    },
    firstDelivery: new Map(),
    received: 0,
    signatureFailures: 0,
    duplicates: 0,
    otherTypes: new Map(),
    close: () => webhooks.close(),
  };
  const webhooks = await startWebhookReceiver({
    path: "/hooks/bench",
    keep: false,
    onDelivery: (delivery) => {
      const at = performance.now();
      receiver.received++;
      if (!delivery.verified) {
        receiver.signatureFailures++;
        return;
      }
      const type = String(delivery.json.type);
      if (type !== "score.completed") receiver.otherTypes.set(type, (receiver.otherTypes.get(type) ?? 0) + 1);
      if (receiver.firstDelivery.has(delivery.jobId)) receiver.duplicates++;
      else receiver.firstDelivery.set(delivery.jobId, at);
    },
  });
  receiver.url = webhooks.url;
  return receiver;
}

/** Wait until every job has a verified callback, or the deadline; true when all arrived. */
async function waitForDeliveries(receiver: Receiver, jobIds: string[], deadline: number, label: string): Promise<boolean> {
  let lastReport = performance.now();
  for (;;) {
    const delivered = jobIds.filter((id) => receiver.firstDelivery.has(id)).length;
    if (delivered === jobIds.length) return true;
    if (performance.now() > deadline) return false;
    if (performance.now() - lastReport > 30_000) {
      lastReport = performance.now();
      console.log(`  ${label}: ${delivered} of ${jobIds.length} delivered so far...`);
    }
    await sleep(50);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Processes and databases.

async function startServer(extraEnv: Record<string, string>): Promise<string> {
  checkInterrupted();
  const starting = startBenchServer(port, { LOG_LEVEL: "warn", ALLOW_PRIVATE_CALLBACKS: "true", ...engineEnv, ...extraEnv });
  // Registered before it is up, so an interrupted start is waited for and stopped too (before its database is dropped).
  onCleanup("server", async () => {
    const server = await starting.catch(() => undefined);
    if (server) await withTimeout("stopping the server", server.stop(), 60_000);
  });
  return (await starting).base;
}

interface WorkerProcess {
  /** When it printed "worker: ready" (performance.now()). */
  readyAt: number;
  /** Stop it (SIGTERM: it finishes what it holds); also done by the phase's clean-up. */
  stop(): Promise<void>;
}

/** One `npm run worker` process (testing/processes.ts), ready when it prints "worker: ready"; its other lines shown. */
async function startWorker(index: number, databaseUrl: string): Promise<WorkerProcess> {
  checkInterrupted();
  const starting = startHarnessWorker(databaseUrl, { ...engineEnv, LOG_LEVEL: "warn" }, { timeoutMs: 120_000, echo: true, onLine: (line) => console.log(`  [worker ${index}] ${line}`) });
  const stop = async () => {
    const worker = await starting.catch(() => undefined);
    if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return;
    const stopped = await Promise.race([worker.stop().then(() => true), sleep(30_000).then(() => false)]);
    if (!stopped) {
      console.error(`worker ${index} did not stop within 30 s: killing it`);
      await worker.kill9();
    }
  };
  // Registered before it is ready, so an interrupted start is stopped too.
  onCleanup(`worker ${index}`, stop);
  await starting;
  return { readyAt: performance.now(), stop };
}

let pgAdmin: postgres.Sql | undefined;

/** A fresh database on the BENCH_DATABASE_URL server, dropped when the phase ends; that URL itself if not allowed. */
async function freshDatabase(url: string, tag: string): Promise<string> {
  pgAdmin ??= postgres(url, { max: 1, onnotice: () => {} });
  const admin = pgAdmin;
  const name = `ssc_bench_${process.pid}_${tag}`;
  checkInterrupted();
  // Registered first, so a database whose creation is interrupted is dropped too.
  onCleanup(`database ${name}`, async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  });
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    console.log(`  (could not create database ${name}: ${errorMessage(error)}; using BENCH_DATABASE_URL with fresh customers)`);
    return url;
  }
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

// ---------------------------------------------------------------------------------------------------------
// One phase: a server (and workers), a customer, an installation; warm-up, sync run, async run.

interface PhaseOptions {
  key: string;
  label: string;
  /** Run the server on PostgreSQL (a fresh database) instead of the embedded one. */
  postgres: boolean;
  /** `npm run worker` processes; with any, the web process runs no workers of its own. */
  workers: number;
  /** Also measure POST /api/v1/score. */
  sync: boolean;
}

interface PhaseFigures {
  options: PhaseOptions;
  error?: string;
  syncRps?: number;
  syncNon200?: { count: number; text: string };
  acceptanceRps?: number;
  non202?: { count: number; text: string };
  accepted?: number;
  delivered?: number;
  endToEndSeconds?: number;
  endToEndRps?: number;
  timedOut?: boolean;
  p50?: number;
  p99?: number;
  lost?: number;
  duplicates?: number;
  signatureFailures?: number;
  otherTypes?: string;
  received?: number;
  unexpected?: number;
  /** Worker phases: a queued backlog drained by workers started on it, from the first ready to the last callback. */
  drainSeconds?: number;
  drainRps?: number;
  /** Share of the machine's CPU time in use while draining (every process: workers, database, this one). */
  drainCpuBusy?: number;
}

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle, irq } = cpu.times;
    busy += user + nice + sys + irq;
    total += user + nice + sys + idle + irq;
  }
  return { busy, total };
}

const cpuBusy = (before: { busy: number; total: number }, after: { busy: number; total: number }) =>
  after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function runPhase(options: PhaseOptions): Promise<PhaseFigures> {
  const figures: PhaseFigures = { options };
  const depth = cleanups.length;
  console.log(`\n== ${options.label} ==`);
  try {
    checkInterrupted();
    const databaseUrl = options.postgres && postgresUrl ? await freshDatabase(postgresUrl, options.key) : "";
    const receiver = await startReceiver();
    onCleanup("callback receiver", () => receiver.close());
    console.log("  starting the production server (builds first when the sources changed)...");
    const base = await startServer({ DATABASE_URL: databaseUrl, EMBEDDED_WORKER: options.workers > 0 ? "false" : "true" });
    const workerProcesses: WorkerProcess[] = [];
    for (let index = 1; index <= options.workers; index++) workerProcesses.push(await startWorker(index, databaseUrl));

    const apiKey = await provisionBenchCustomer(base, `bench-async-${runId}-${options.key}`);
    const cloudId = `bench-${runId}-${options.key}.atlassian.net`;
    const registered = await fetch(`${base}/api/v1/installations`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ cloudId, source: "jira", callback_url: receiver.url }),
    });
    if (registered.status !== 201) throw new Error(`installation: ${registered.status} ${await registered.text()}`);
    const installation = (await registered.json()) as { secret: string; webhook_secret: string };
    receiver.setSecret(installation.webhook_secret);

    const scoreUrl = `${base}/api/v1/score`;
    const scoreHeaders = { authorization: `Bearer ${apiKey}` };
    const score = (ticketId: string, { summary, description }: Story) =>
      post(scoreUrl, scoreHeaders, JSON.stringify({ ticket_id: ticketId, ticket_data: { summary, ...(description ? { description } : {}) } }));
    const evaluateUrl = `${base}/api/v1/evaluate/jira`;
    const evaluateHeaders = { "x-service-secret": installation.secret };
    const evaluate = (key: string, { summary, description }: Story) =>
      post(evaluateUrl, evaluateHeaders, JSON.stringify({ cloudId, issue: { key, fields: { summary, description, issuetype: { name: "Story" } } } }));
    const jobIdOf = (answer: Answer) => (JSON.parse(answer.body) as { job_id: string }).job_id;

    // Warm-up (first-request compilation, JIT, pools) on stories of their own, and a check that callbacks
    // arrive at all: the warm-up jobs must all be delivered before the measurement starts.
    const warmJobs = new Set<string>();
    if (warmupCount > 0) {
      console.log(`  warming up: ${options.sync ? `${warmupCount} synchronous and ` : ""}${warmupCount} asynchronous requests (waiting for their callbacks)...`);
      if (options.sync) await drive(warmupCount, (i) => score(`WARM-${runId}-${i}`, story(i, " (warm-up)")));
      const warm = await drive(warmupCount, (i) => evaluate(`WARM-${runId}-${i}`, story(i, " (warm-up)")));
      const refused = otherStatuses(warm.answers, 202);
      if (refused.count > 0) throw new Error(`warm-up: non-202 answers from POST /api/v1/evaluate/jira: ${refused.text}`);
      for (const answer of warm.answers) warmJobs.add(jobIdOf(answer));
      const warmDeadline = performance.now() + Math.max(120_000, warmupCount * 5_000);
      if (!(await waitForDeliveries(receiver, [...warmJobs], warmDeadline, "warm-up"))) {
        const arrived = [...warmJobs].filter((id) => receiver.firstDelivery.has(id)).length;
        throw new Error(
          `warm-up: ${arrived} of ${warmupCount} callbacks arrived in ${Math.round((warmDeadline - warm.started) / 1000)} s ` +
            `(${receiver.received} received, ${receiver.signatureFailures} with a bad signature)`,
        );
      }
    }

    if (options.sync) {
      const sync = await drive(issueCount, (i) => score(`SYNC-${runId}-${i}`, story(i)));
      const ok = sync.answers.filter((answer) => answer.status === 200);
      const last = Math.max(...ok.map((answer) => answer.at));
      figures.syncRps = ok.length > 0 ? ok.length / ((last - sync.started) / 1000) : 0;
      figures.syncNon200 = otherStatuses(sync.answers, 200);
      console.log(
        `  synchronous  POST /api/v1/score          ${issueCount} requests: ${figures.syncRps.toFixed(1)} req/s; non-200: ${figures.syncNon200.count}${figures.syncNon200.count ? ` (${figures.syncNon200.text})` : ""}`,
      );
    }

    const acceptance = await drive(issueCount, (i) => evaluate(`BENCH-${runId}-${options.key}-${i}`, story(i)));
    const acceptedAt = new Map<string, number>();
    for (const answer of acceptance.answers) if (answer.status === 202) acceptedAt.set(jobIdOf(answer), answer.at);
    const lastAccepted = Math.max(...acceptedAt.values());
    figures.accepted = acceptedAt.size;
    figures.acceptanceRps = acceptedAt.size > 0 ? acceptedAt.size / ((lastAccepted - acceptance.started) / 1000) : 0;
    figures.non202 = otherStatuses(acceptance.answers, 202);
    console.log(
      `  acceptance   POST /api/v1/evaluate/jira  ${issueCount} requests: ${figures.acceptanceRps.toFixed(1)} req/s; non-202: ${figures.non202.count}${figures.non202.count ? ` (${figures.non202.text})` : ""}` +
        (figures.syncRps ? `; ${(figures.acceptanceRps / figures.syncRps).toFixed(2)}x synchronous` : ""),
    );

    const jobIds = [...acceptedAt.keys()];
    const deadline = acceptance.started + timeoutMs;
    const complete = await waitForDeliveries(receiver, jobIds, deadline, "end to end");
    const waitedUntil = performance.now();
    // A little longer, for duplicates that would follow the last first delivery.
    await sleep(graceMs);
    // Deliveries count up to the end of the wait (after a timeout, the grace period only looks for duplicates).
    const deliveredAt = new Map<string, number>();
    for (const id of jobIds) {
      const at = receiver.firstDelivery.get(id);
      if (at !== undefined && at <= waitedUntil) deliveredAt.set(id, at);
    }
    const arrivals = [...deliveredAt.values()];
    figures.delivered = arrivals.length;
    figures.timedOut = !complete;
    figures.endToEndSeconds = ((complete && arrivals.length > 0 ? Math.max(...arrivals) : waitedUntil) - acceptance.started) / 1000;
    figures.endToEndRps = figures.delivered / figures.endToEndSeconds;
    const latencies = [...deliveredAt].map(([id, at]) => (at - (acceptedAt.get(id) ?? 0)) / 1000).sort((a, b) => a - b);
    figures.p50 = latencies.length ? percentile(latencies, 50) : undefined;
    figures.p99 = latencies.length ? percentile(latencies, 99) : undefined;
    figures.lost = jobIds.length - arrivals.length;
    figures.duplicates = receiver.duplicates;
    figures.signatureFailures = receiver.signatureFailures;
    figures.otherTypes = [...receiver.otherTypes].map(([type, n]) => `${type} x${n}`).join(", ");
    figures.received = receiver.received;
    figures.unexpected = [...receiver.firstDelivery.keys()].filter((id) => !acceptedAt.has(id) && !warmJobs.has(id)).length;
    console.log(
      `  end to end   ${figures.delivered} of ${jobIds.length} jobs delivered in ${figures.endToEndSeconds.toFixed(1)} s: ${figures.endToEndRps.toFixed(2)} jobs/s` +
        (complete ? "" : ` (TIMED OUT after ${timeoutMs / 1000} s)`) +
        (figures.syncRps ? `; ${(figures.endToEndRps / figures.syncRps).toFixed(3)}x synchronous` : ""),
    );
    if (figures.p50 !== undefined && figures.p99 !== undefined) {
      console.log(`  202 -> callback per job: p50 ${figures.p50.toFixed(2)} s, p99 ${figures.p99.toFixed(2)} s`);
    }
    console.log(
      `  callbacks    ${figures.received} received (warm-up included); duplicates ${figures.duplicates}; ${complete ? "lost" : "undelivered at the timeout"} ${figures.lost}; ` +
        `signature failures ${figures.signatureFailures}; type other than score.completed ${figures.otherTypes || "0"}` +
        (figures.unexpected > 0 ? `; for unknown job_ids ${figures.unexpected}` : ""),
    );

    if (options.workers > 0) {
      // Scaling out: the workers stop, a backlog is accepted with nothing to take it, then the same number of
      // workers start on it together. Timed from the first one ready to the backlog's last callback, so it
      // measures how fast the workers drain a queue, not how fast the web process accepts.
      for (const worker of workerProcesses) await worker.stop();
      const backlogLoad = await drive(issueCount, (i) => evaluate(`DRAIN-${runId}-${options.key}-${i}`, story(i, " (backlog)")));
      const refused = otherStatuses(backlogLoad.answers, 202);
      if (refused.count > 0) throw new Error(`backlog: non-202 answers from POST /api/v1/evaluate/jira: ${refused.text}`);
      const backlogIds = backlogLoad.answers.map(jobIdOf);
      const started = await Promise.all(Array.from({ length: options.workers }, (_, i) => startWorker(options.workers + i + 1, databaseUrl)));
      const firstReady = Math.min(...started.map((worker) => worker.readyAt));
      const cpuBefore = cpuTimes();
      const drained = await waitForDeliveries(receiver, backlogIds, firstReady + timeoutMs, "drain");
      figures.drainCpuBusy = cpuBusy(cpuBefore, cpuTimes());
      const arrivals = backlogIds.map((id) => receiver.firstDelivery.get(id)).filter((at): at is number => at !== undefined);
      const early = arrivals.filter((at) => at < firstReady).length;
      figures.drainSeconds = ((drained ? Math.max(...arrivals) : performance.now()) - firstReady) / 1000;
      figures.drainRps = arrivals.length / figures.drainSeconds;
      figures.lost = (figures.lost ?? 0) + (backlogIds.length - arrivals.length);
      figures.duplicates = receiver.duplicates;
      figures.signatureFailures = receiver.signatureFailures;
      console.log(
        `  drain        ${arrivals.length} of ${backlogIds.length} queued jobs delivered by ${options.workers} worker${options.workers > 1 ? "s" : ""} started on them: ` +
          `${figures.drainSeconds.toFixed(1)} s, ${figures.drainRps.toFixed(2)} jobs/s` +
          (drained ? "" : ` (TIMED OUT after ${timeoutMs / 1000} s)`) +
          (early > 0 ? `; ${early} delivered before the first worker was ready` : "") +
          `; the machine's ${os.cpus().length} cores ${Math.round(figures.drainCpuBusy * 100)}% busy`,
      );
    }
  } catch (error) {
    figures.error = interrupted ? "interrupted" : errorMessage(error);
    console.log(`  FAILED: ${figures.error}`);
  } finally {
    await unwind(depth);
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const database = postgresUrl ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite";
  console.log(
    `bench:async  ${issueCount} new issues, ${connections} connections, ${database}; stories from ${backlog.length} backlog lines; ` +
      `timeout ${timeoutMs / 1000} s; run ${runId}`,
  );
  if (values.engine === "llm") {
    const fake = await startFakeOpenAI({ latencyMs: llmLatencyMs });
    onCleanup("fake LLM provider", () => fake.close());
    engineEnv = { SCORING_ENGINE: "openai", OPENAI_BASE_URL: fake.baseURL, SCORING_MODEL: "fake-model", OPENAI_API_KEY: "bench" };
    console.log(`  engine: the LLM engine against a local OpenAI-compatible server answering in ${llmLatencyMs} ms (${fake.baseURL})`);
  }
  const phases: PhaseFigures[] = [await runPhase({ key: "web", label: `${database}, web process workers`, postgres: Boolean(postgresUrl), workers: 0, sync: true })];
  if (postgresUrl) {
    for (const workers of [1, 2]) {
      if (interrupted) break;
      phases.push(
        await runPhase({ key: `w${workers}`, label: `PostgreSQL, ${workers} worker process${workers > 1 ? "es" : ""} (EMBEDDED_WORKER=false)`, postgres: true, workers, sync: false }),
      );
    }
  }
  await pgAdmin?.end();
  pgAdmin = undefined;

  console.log("\ntargets");
  let allMet = true;
  const report = (label: string, figure: string, met: boolean) => {
    allMet &&= met;
    console.log(`  ${label.padEnd(64)} ${figure.padEnd(26)} ${met ? "met" : "NOT met"}`);
  };
  const [first, one, two] = phases;
  for (const phase of phases) if (phase.error) report(`${phase.options.label}: ran to the end`, phase.error.slice(0, 60), false);
  const sync = first.syncRps;
  if (sync && first.acceptanceRps !== undefined) {
    report(`acceptance >= ${TARGET_ACCEPTANCE}x synchronous req/s`, `${(first.acceptanceRps / sync).toFixed(2)}x`, first.acceptanceRps >= TARGET_ACCEPTANCE * sync);
  }
  if (sync && first.endToEndRps !== undefined) {
    const ratio = first.endToEndRps / sync;
    if (postgresUrl) console.log(`  ${"end to end / synchronous (target only on the embedded database)".padEnd(64)} ${ratio.toFixed(3)}x`);
    else report(`end to end >= ${TARGET_END_TO_END}x synchronous req/s (embedded)`, `${ratio.toFixed(3)}x`, ratio >= TARGET_END_TO_END);
  }
  if (postgresUrl && one?.drainRps !== undefined && two?.drainRps !== undefined) {
    const ratio = two.drainRps / one.drainRps;
    report(
      `two workers >= ${TARGET_SCALE_OUT}x one (PostgreSQL, draining a backlog)`,
      `${ratio.toFixed(2)}x (${two.drainRps.toFixed(1)}/${one.drainRps.toFixed(1)} jobs/s)`,
      ratio >= TARGET_SCALE_OUT,
    );
    if ((one.drainCpuBusy ?? 0) >= 0.85) {
      console.log(
        `  ${"".padEnd(64)} (one worker already kept the machine's ${os.cpus().length} cores ${Math.round((one.drainCpuBusy ?? 0) * 100)}% busy, ` +
          "with the database and this receiver: a second worker has no core to run on; see --engine llm)",
      );
    }
  }
  if (postgresUrl && one?.endToEndRps !== undefined && two?.endToEndRps !== undefined) {
    // Accepting and draining at once, the web process's acceptance is the limit once one worker keeps up.
    console.log(`  ${"end to end with one / two workers (jobs/s)".padEnd(64)} ${one.endToEndRps.toFixed(1)} / ${two.endToEndRps.toFixed(1)}`);
    if (sync) console.log(`  ${"one / two workers against synchronous req/s".padEnd(64)} ${(one.endToEndRps / sync).toFixed(3)}x / ${(two.endToEndRps / sync).toFixed(3)}x`);
  }
  const measured = phases.filter((phase) => phase.lost !== undefined);
  const total = (pick: (phase: PhaseFigures) => number | undefined) => measured.reduce((sum, phase) => sum + (pick(phase) ?? 0), 0);
  report("non-202 answers = 0", String(total((phase) => phase.non202?.count)), total((phase) => phase.non202?.count) === 0);
  const timedOut = measured.some((phase) => phase.timedOut);
  report(`lost jobs = 0 (accepted, ${timedOut ? "not delivered before a timeout" : "never delivered"})`, String(total((phase) => phase.lost)), total((phase) => phase.lost) === 0);
  report("duplicate deliveries = 0", String(total((phase) => phase.duplicates)), total((phase) => phase.duplicates) === 0);
  report("signature failures = 0", String(total((phase) => phase.signatureFailures)), total((phase) => phase.signatureFailures) === 0);
  const otherTypes = measured.map((phase) => phase.otherTypes).filter(Boolean);
  console.log(`  ${"callbacks with type other than score.completed".padEnd(64)} ${otherTypes.join("; ") || "0"}`);
  process.exitCode = allMet ? 0 : 1;
}

main()
  .catch((error) => {
    console.error(errorMessage(error));
    process.exitCode = 1;
  })
  .finally(async () => {
    await unwind();
    await pgAdmin?.end();
    agent.destroy();
  });
