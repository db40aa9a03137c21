// `npm run bench:backup`: what a backup of the running server's embedded database (`GET /api/admin/backup`) does
// to the other requests. The production server on a fresh embedded database scores `--stories` distinct stories,
// then is backed up `--rounds` times while one client sends `GET /api/ping` one after another: prints each
// backup's size and duration, and the pings' median and slowest latency during it. Run it with
// PGLITE_THREAD=false to compare with the database on the main thread (docs/operations.md).
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { parseEnv } from "@/lib/env";
import { BENCH_ADMIN_TOKEN, benchStoryBody, bodyPerRequest, distinctSummary, median, provisionBenchCustomer, startBenchServer } from "./bench-server";

const { values } = parseArgs({
  options: {
    stories: { type: "string", default: "8000" },
    rounds: { type: "string", default: "2" },
    port: { type: "string", default: "3297" },
  },
});

async function main(): Promise<void> {
  const server = await startBenchServer(Number(values.port));
  try {
    const apiKey = await provisionBenchCustomer(server.base, "bench-backup");
    let counter = 0;
    const filled = await autocannon({
      url: `${server.base}/api/v1/score`,
      method: "POST",
      connections: 16,
      amount: Number(values.stories),
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      requests: bodyPerRequest(() => {
        const n = counter++;
        return benchStoryBody(`BACKUP-${n}`, distinctSummary(n));
      }),
    });
    const thread = parseEnv(process.env).PGLITE_THREAD;
    console.log(`bench:backup  embedded PGlite ${thread ? "on its own thread" : "on the main thread"}; ${filled.requests.total} stories scored (${filled.non2xx} non-2xx)`);
    for (let round = 1; round <= Number(values.rounds); round++) {
      const started = performance.now();
      let finished = false;
      const backup = fetch(`${server.base}/api/admin/backup`, { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } }).then(async (response) => {
        const bytes = (await response.arrayBuffer()).byteLength;
        finished = true;
        return { status: response.status, bytes, ms: performance.now() - started };
      });
      const pings: number[] = [];
      while (!finished) {
        const sent = performance.now();
        await fetch(`${server.base}/api/ping`);
        pings.push(performance.now() - sent);
      }
      const result = await backup;
      if (result.status !== 200) throw new Error(`the backup answered ${result.status}`);
      console.log(
        `round ${round}: backup of ${(result.bytes / 1e6).toFixed(1)} MB in ${result.ms.toFixed(0)} ms; ${pings.length} pings meanwhile, median ${median(pings).toFixed(1)} ms, slowest ${Math.max(...pings).toFixed(0)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
