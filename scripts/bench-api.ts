// `npm run bench:api`: throughput and latency of POST /api/v1/score (distinct and repeated stories) against a
// bare route of the same app (POST /api/ping with the same bodies, answering constant JSON), measured in one run
// on the production server.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { benchOptions, benchStoryBody, bodyPerRequest, distinctSummary, median, provisionBenchCustomer, startBenchServer } from "./bench-server";

const { duration, rounds: roundCount, connections, port, warmup } = benchOptions({ duration: 4, rounds: 5, connections: 16, port: 3290, warmup: 15 });
interface Figures {
  label: string;
  rps: number;
  /** CPU time the server process spent per answered request (user + system, all its threads), in ms. */
  cpuMs: number;
  /** The same, of its main thread alone (requests, routes, the engine; the embedded database has its own). */
  mainMs: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * CPU time the server has used so far, in ms (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms), or
 * with `mainThread` that of its main thread alone (/proc/<pid>/task/<pid>/stat).
 * On a machine shared with other work, requests/s moves with everyone else's load; the server's own CPU time
 * per request moves much less, so both are printed.
 */
function cpuTimeMs(pid: number, mainThread = false): number {
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

let serverPid = 0;

async function measure(label: string, options: autocannon.Options): Promise<Figures> {
  const cpuBefore = cpuTimeMs(serverPid);
  const mainBefore = cpuTimeMs(serverPid, true);
  const result = await autocannon({ connections, duration, ...options });
  const answered = Math.max(1, result.requests.total);
  return {
    label,
    rps: result.requests.average,
    cpuMs: (cpuTimeMs(serverPid) - cpuBefore) / answered,
    mainMs: (cpuTimeMs(serverPid, true) - mainBefore) / answered,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const server = await startBenchServer(port);
  const { base } = server;
  serverPid = server.pid;
  try {
    const apiKey = await provisionBenchCustomer(base, "bench");
    const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
    const body = (summary: string) => benchStoryBody("BENCH-1", summary);

    let counter = 0;
    // Warm up every route (JIT, connection pools, first-request compilation). The score route runs far more
    // code than the bare one, and V8 keeps compiling it for about half a minute: `perf record` of a fresh server
    // under score load (2026-11-25) found V8's optimizing compiler in 16% of the process's CPU samples 4-14 s
    // into the load, 5% at 12-22 s and 2% at 40-50 s. So the score route is warmed up for `--warmup` seconds
    // (0 measures a cold server) and the rounds see what a server that has been up for a while does.
    await measure("warm-up", { url: `${base}/api/ping`, method: "POST", headers, body: body("warm up story"), duration: 2 });
    if (warmup > 0) {
      await measure("warm-up", {
        url: `${base}/api/v1/score`,
        method: "POST",
        headers,
        requests: bodyPerRequest(() => body(`${distinctSummary(counter++)} (warm-up)`)),
        duration: warmup,
      });
    }

    // Every run builds its request per call (the bare run a new body each time too, which the route ignores),
    // so the load generator, which shares the machine, does the same work for all three: building a request
    // per call cost it 240-310 µs of CPU against about 200 µs for a body built once (2026-11-25).
    let bareCounter = 0;
    const run = (label: string, route: string, summary: () => string) => () =>
      measure(label, { url: `${base}${route}`, method: "POST", headers, requests: bodyPerRequest(() => body(summary())) });
    const bare = run("POST /api/ping (bare route)", "/api/ping", () => distinctSummary(bareCounter++));
    const distinct = run("POST /api/v1/score, distinct stories", "/api/v1/score", () => distinctSummary(counter++));
    // Built per request like the others' bodies (see the bare run), the same one each time.
    const repeated = run("POST /api/v1/score, repeated story", "/api/v1/score", () => "As a shopper, I want to save my cart so that I can check out later.");

    // Rounds interleave the three runs, so a slow moment of a shared machine lands on all of them alike; the
    // ratios are taken per round (each score run against the bare run just before it) and their median printed.
    // The bare route gets the same method and bodies as a score request, so the ratio isolates scoring's cost.
    const rounds: Figures[][] = [];
    for (let round = 0; round < roundCount; round++) rounds.push([await bare(), await distinct(), await repeated()]);

    console.log(
      `\nbench:api  ${connections} connections, ${roundCount} rounds of ${duration} s per run after ${warmup} s of warm-up, ${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "embedded PGlite"}\n`,
    );
    console.log("round  route                                   req/s     p50 ms   p99 ms   non-2xx  errors   CPU ms/req   main thread");
    rounds.forEach((figures, round) => {
      for (const figure of figures) {
        console.log(
          `${String(round + 1).padEnd(6)} ${figure.label.padEnd(38)} ${figure.rps.toFixed(0).padStart(7)} ${figure.p50.toFixed(1).padStart(9)} ${figure.p99.toFixed(1).padStart(8)} ${String(figure.non2xx).padStart(9)} ${String(figure.errors).padStart(7)} ${figure.cpuMs.toFixed(2).padStart(12)} ${figure.mainMs.toFixed(2).padStart(13)}`,
        );
      }
    });
    const ratios = (index: number) => rounds.map((figures) => figures[index].rps / figures[0].rps);
    const show = (values: number[]) => `${median(values).toFixed(2)} (rounds: ${values.map((v) => v.toFixed(2)).join(", ")})`;
    console.log(`\nscore throughput / bare route, median of rounds: distinct ${show(ratios(1))}; repeated ${show(ratios(2))} (target >= 0.70)`);
    // The same comparison in the server's CPU time per request (bare / score): what the ratio would be on an
    // otherwise idle machine where the server is CPU-bound, less moved by other processes' load.
    const cpuRatios = (index: number) => rounds.map((figures) => figures[0].cpuMs / figures[index].cpuMs);
    console.log(`CPU time per request, bare / score, median of rounds: distinct ${show(cpuRatios(1))}; repeated ${show(cpuRatios(2))}`);
    // The main thread's time alone: what bounds throughput on a host with a core to spare for the database's
    // thread and for the load (on two cores shared with the load generator, the CPU as a whole is the bound).
    const mainRatios = (index: number) => rounds.map((figures) => figures[0].mainMs / figures[index].mainMs);
    console.log(`main thread's time per request, bare / score, median of rounds: distinct ${show(mainRatios(1))}; repeated ${show(mainRatios(2))}`);
  } finally {
    await server.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
