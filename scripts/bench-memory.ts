// `npm run bench:memory`: the production server's resident memory on a fresh embedded database, idle, under a
// load of distinct stories on POST /api/v1/score, and after it; then the same on PostgreSQL when
// BENCH_DATABASE_URL is set. Resident memory is VmRSS from /proc summed over the server's process tree (the
// benchmark spawns `node scripts/start.mjs` itself, so no npm launcher is in it; on PostgreSQL the database
// server's own memory is not counted, it is a separate service). The server is started with
// scripts/memory-probe.mjs preloaded, which reports from inside where the memory is (V8 heap, array buffers,
// PGlite's WebAssembly heap): those figures are printed beside each checkpoint.
//
//   npm run bench:memory                 idle 30 s, 60 s of load at 16 connections, 30 s after
//   npm run bench:memory -- --long       100,000 distinct stories instead, memory printed every 10,000, and
//                                        how much it grew from the third checkpoint to the last
//   npm run bench:memory -- --long --live   the same with --expose-gc: the probe collects garbage before each
//                                        reading, so the heaps are what is live (a leak shows as a slope;
//                                        slower, a diagnosis)
//
// The production build must exist or be buildable: scripts/start.mjs builds when the sources are newer.
import { readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { benchOptions, benchStoryBody, bodyPerRequest, distinctSummary, provisionBenchCustomer, startBenchServer, type BenchServer } from "./bench-server";

const values = benchOptions({ long: false, live: false, idle: 30, duration: 60, after: 30, connections: 16, stories: 100000, step: 10000, port: 3510 });
const { idle: idleSeconds, duration: durationSeconds, after: afterSeconds, connections, port } = values;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pids of `root` and all its descendants, from each process's parent in /proc/<pid>/stat. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (2nd field) is in parentheses and may hold spaces: the parent pid follows its close.
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), parent);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index++) {
    for (const [pid, parent] of parents) if (parent === tree[index]) tree.push(pid);
  }
  return tree;
}

/** Resident memory of the process tree in MB (VmRSS of each process, summed). */
function residentMb(root: number): number {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) kb += Number(match[1]);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}

interface Probe {
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  external_mb: number;
  array_buffers_mb: number;
  database?: { driver: string; wasm_memory_mb?: number; wasm_resident_mb?: number };
}

function readProbe(file: string): Probe | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Probe;
  } catch {
    return undefined;
  }
}

const fmt = (value: number) => value.toFixed(0).padStart(6);

function inside(probe: Probe): string {
  return (
    `V8 heap ${fmt(probe.heap_used_mb)} used / ${fmt(probe.heap_total_mb)} total, external ${fmt(probe.external_mb)}, array buffers ${fmt(probe.array_buffers_mb)}` +
    (probe.database?.wasm_memory_mb !== undefined
      ? `, PGlite WASM memory ${fmt(probe.database.wasm_memory_mb)} (resident ${probe.database.wasm_resident_mb === undefined ? "?" : fmt(probe.database.wasm_resident_mb)})`
      : "")
  );
}

/** The server's resident memory and, when read with the probe's file, what the probe last saw in each thread. */
interface Reading {
  rss: number;
  main?: Probe;
  /** The embedded database's own thread, when it has one. */
  thread?: Probe;
}

function reading(pid: number, probeFile: string): Reading {
  return { rss: residentMb(pid), main: readProbe(probeFile), thread: readProbe(`${probeFile}.db-thread`) };
}

/**
 * One line of figures: the process's resident memory, and what the probe saw inside the main thread; when the
 * embedded database runs on its own thread, a second line with that thread's (its V8 heap, PGlite's memory).
 */
function checkpoint(label: string, { rss, main, thread }: Reading): string {
  return (
    `  ${label.padEnd(26)} ${fmt(rss)} MB${main ? `   ${inside(main)}` : ""}` +
    (thread ? `\n  ${"".padEnd(26)} ${"".padEnd(9)}   database thread: ${inside(thread)}` : "")
  );
}

async function provision(base: string): Promise<Record<string, string>> {
  const apiKey = await provisionBenchCustomer(base, `bench-memory-${Date.now()}`);
  return { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
}

let counter = 0;
const storyBody = () => {
  const n = counter++;
  return benchStoryBody(`MEM-${n}`, distinctSummary(n));
};

async function load(server: BenchServer, headers: Record<string, string>, options: { duration?: number; amount?: number }) {
  const result = await autocannon({
    url: `${server.base}/api/v1/score`,
    method: "POST",
    headers,
    connections,
    ...options,
    requests: bodyPerRequest(storyBody),
  });
  return { rps: result.requests.average, total: result.requests.total, non2xx: result.non2xx, errors: result.errors, p99: result.latency.p99 };
}

async function run(label: string, databaseUrl: string): Promise<void> {
  const probeFile = path.join(tmpdir(), `ssc-memory-probe-${process.pid}-${Date.now()}.json`);
  const probeScript = pathToFileURL(path.resolve("scripts", "memory-probe.mjs")).href;
  const server = await startBenchServer(port, {
    DATABASE_URL: databaseUrl,
    SSC_MEMORY_PROBE_FILE: probeFile,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""}${values.live ? " --expose-gc" : ""} --import ${probeScript}`.trim(),
  });
  const lines: string[] = [];
  const note = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  try {
    note(`\n${label}: server pid ${server.pid}`);
    await sleep(idleSeconds * 1000);
    note(checkpoint(`idle ${idleSeconds} s after start`, reading(server.pid, probeFile)));
    const headers = await provision(server.base);

    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 1000);
    try {
      if (values.long) {
        const total = values.stories;
        const step = values.step;
        const samples: Sample[] = [];
        for (let done = 0; done < total; done += step) {
          const figures = await load(server, headers, { amount: step });
          const sample = { stories: done + step, ...reading(server.pid, probeFile) };
          samples.push(sample);
          note(
            checkpoint(`after ${sample.stories.toLocaleString("en")} stories`, sample) +
              `   (${figures.rps.toFixed(0)} req/s, ${figures.non2xx} non-2xx, ${figures.errors} errors)`,
          );
        }
        const growth = growthLine(samples, step);
        if (growth) note(growth);
      } else {
        const figures = await load(server, headers, { duration: durationSeconds });
        const end = reading(server.pid, probeFile);
        peak = Math.max(peak, end.rss);
        note(checkpoint(`peak during ${durationSeconds} s load`, { rss: peak }));
        note(checkpoint(`end of the load`, end));
        note(
          `  load: ${connections} connections, ${figures.total} requests, ${figures.rps.toFixed(0)} req/s, p99 ${figures.p99} ms, ${figures.non2xx} non-2xx, ${figures.errors} errors`,
        );
      }
    } finally {
      clearInterval(sampler);
    }
    if (values.long) note(checkpoint("peak during the load", { rss: peak }));
    await sleep(afterSeconds * 1000);
    note(checkpoint(`${afterSeconds} s after the load`, reading(server.pid, probeFile)));
  } finally {
    await server.stop();
    rmSync(probeFile, { force: true });
    rmSync(`${probeFile}.db-thread`, { force: true });
  }
}

interface Sample extends Reading {
  stories: number;
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs: number[], ys: number[]): number {
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const spread = xs.reduce((sum, x) => sum + (x - mx) ** 2, 0);
  return spread === 0 ? 0 : xs.reduce((sum, x, index) => sum + (x - mx) * (ys[index] - my), 0) / spread;
}

/**
 * How much the memory grew over the long run, leaving out the first two checkpoints (the heaps, caches and the
 * database's buffers filling): the change from the third checkpoint to the last, and the least-squares slope per
 * `step` stories, of the resident memory and of each thread's V8 heap. Flat is a slope within a few MB, the
 * sawtooth of garbage collection; with --live the heaps' slopes are what is kept.
 */
function growthLine(samples: Sample[], step: number): string | undefined {
  const kept = samples.slice(2);
  if (kept.length < 2) return undefined;
  const part = (name: string, pick: (sample: Sample) => number | undefined): string | undefined => {
    const series = kept.map(pick);
    if (series.some((value) => value === undefined)) return undefined;
    const numbers = series as number[];
    const change = numbers[numbers.length - 1] - numbers[0];
    const perStep = slope(kept.map((sample) => sample.stories), numbers) * step;
    const signed = (value: number, digits: number) => `${value >= 0 ? "+" : ""}${value.toFixed(digits)}`;
    return `${name} ${signed(change, 0)} MB (${signed(perStep, 1)} per ${step.toLocaleString("en")})`;
  };
  const parts = [
    part("resident", (sample) => sample.rss),
    part(`V8 heap${values.live ? " live" : " used"}, main thread`, (sample) => sample.main?.heap_used_mb),
    part("database thread", (sample) => sample.thread?.heap_used_mb),
  ].filter(Boolean);
  return `  growth from ${kept[0].stories.toLocaleString("en")} to ${kept[kept.length - 1].stories.toLocaleString("en")} stories: ${parts.join(", ")}`;
}

async function main(): Promise<void> {
  console.log(
    `bench:memory  resident memory (VmRSS of the server's process tree), ${values.long ? `${values.stories.toLocaleString("en")} distinct stories` : `${durationSeconds} s of distinct stories`} at ${connections} connections` +
      (values.live ? " (--live: garbage collected before each reading, the heaps are live memory)" : ""),
  );
  await run("embedded PGlite (fresh data directory)", "");
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) await run("PostgreSQL (BENCH_DATABASE_URL)", postgresUrl);
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
