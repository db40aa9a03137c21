// The production server for benchmarks (testing/processes.ts, the fault suite's harness): `npm start` (which
// builds when needed) on its own port and a throw-away embedded database (or BENCH_DATABASE_URL), ready once
// /api/health answers, its warnings on this process's stderr; and the median the benchmarks report.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { ADMIN_TOKEN, startServer } from "@/testing/processes";

export const BENCH_ADMIN_TOKEN = ADMIN_TOKEN;

type OptionValues<D> = { [K in keyof D]: D[K] extends number ? number : D[K] extends boolean ? boolean : string };

/**
 * A bench script's command line (`--port 3300`, `--long`), each option with its default: a number comes back a
 * number (one that is not stops the run before anything starts), a switch a boolean, anything else text.
 */
export function benchOptions<D extends Record<string, number | boolean | string>>(defaults: D): OptionValues<D> {
  const { values } = parseArgs({
    options: Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [name, typeof value === "boolean" ? { type: "boolean" as const, default: value } : { type: "string" as const, default: String(value) }]),
    ),
  });
  const read = Object.entries(defaults).map(([name, fallback]) => {
    const given = values[name];
    if (typeof fallback !== "number") return [name, given];
    const number = Number(given);
    if (!Number.isFinite(number)) throw new Error(`--${name}: expected a number, got '${String(given)}'`);
    return [name, number];
  });
  return Object.fromEntries(read) as OptionValues<D>;
}

/** The middle value (the upper middle for an even count): benchmarks report it over repeated runs. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface BenchServer {
  base: string;
  /** The server's process (`node scripts/start.mjs`, which serves in-process): the root of its process tree. */
  pid: number;
  stop(): Promise<void>;
}

export async function startBenchServer(
  port: number,
  extraEnv: Record<string, string> = {},
  timeoutMs = 300_000,
  extraFlags: string[] = [],
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ssc-bench-"));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  const server = await startServer({
    port,
    pgliteDir: path.join(dataDir, "pglite"),
    databaseUrl: process.env.BENCH_DATABASE_URL ?? "",
    env: { LOG_LEVEL: "warn", ...extraEnv },
    timeoutMs,
    nodeFlags: extraFlags,
    echo: true,
  }).catch((error: unknown) => {
    removeData();
    throw error;
  });
  return {
    base: server.base,
    pid: server.child.pid as number,
    stop: async () => {
      await server.stop();
      removeData();
    },
  };
}

/** The n-th distinct story the benchmarks score (each a new story, so each is billed and written). */
export const distinctSummary = (n: number): string => `As a shopper, I want to save cart number ${n} so that I can check out later.`;

/** A `POST /api/v1/score` body as the benchmarks send it: `summary`, with the same description and criteria. */
export function benchStoryBody(ticketId: string, summary: string): string {
  return JSON.stringify({
    ticket_id: ticketId,
    ticket_data: {
      summary,
      description: "Shoppers lose their carts when the session expires.",
      acceptance_criteria: "Given a saved cart, when I return within 30 days, then my items are still there.",
    },
  });
}

/**
 * autocannon's `requests` for a body built anew for each request by `makeBody` (a new story each time, say): the
 * load generator then does the same work per request in every run it is compared across.
 */
export function bodyPerRequest(makeBody: () => string): autocannon.Request[] {
  return [{ setupRequest: (request) => ({ ...request, body: makeBody() }) }];
}

/** A customer on the enterprise plan with a quota no benchmark reaches, provisioned through the admin API: its API key. */
export async function provisionBenchCustomer(base: string, customerId: string): Promise<string> {
  const response = await fetch(`${base}/api/admin/customers`, {
    method: "POST",
    headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ customer_id: customerId, plan: "enterprise", quota: 100_000_000 }),
  });
  if (response.status !== 201) throw new Error(`provisioning the bench customer failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { api_key: string }).api_key;
}
