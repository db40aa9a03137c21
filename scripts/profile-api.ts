// `npm run profile:api`: a CPU profile of the production server while it scores distinct stories at 16
// connections (the load of `bench:api`), summarised by where the main thread's time goes. The raw profile
// (`.cpuprofile`, open it in Chrome's DevTools) stays in the directory printed at the end.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchOptions, benchStoryBody, bodyPerRequest, distinctSummary, provisionBenchCustomer, startBenchServer } from "./bench-server";

const values = benchOptions({ duration: 20, connections: 16, port: 3291, route: "score", top: 25, warmup: 15 });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code comes from: a package, the service's own code, Node, WebAssembly or V8's own work. */
function origin(frame: ProfileNode["callFrame"]): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("wasm://")) return "WebAssembly";
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes("/.next/server/")) return "service (.next/server)";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

/**
 * Summarises the samples of the last `windowSeconds` of the profile (the load; the server's start, its
 * migrations and the warm-up come before it, its shutdown takes a few milliseconds after).
 */
function summarise(thread: string, profile: Profile, top: number, windowSeconds: number, rps: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const span = profile.timeDeltas.reduce((a, b) => a + b, 0);
  const from = span - windowSeconds * 1e6;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsed += delta;
    if (elapsed >= from) self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)").reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const pct = (t: number) => `${((100 * t) / busy).toFixed(1).padStart(5)}%`;

  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const from = origin(node.callFrame);
    byOrigin.set(from, (byOrigin.get(from) ?? 0) + time);
    const name = `${node.callFrame.functionName || "(anonymous)"}  ${from}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  }
  const perRequest = rps > 0 ? `, ${(busy / 1e3 / (rps * windowSeconds)).toFixed(2)} ms per request` : "";
  console.log(`\n${thread}: busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled${perRequest}\n\nself time by origin:`);
  for (const [name, time] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(time)}  ${name}`);
  console.log("\nself time by function:");
  for (const [name, time] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(time)}  ${name}`);
}

async function main(): Promise<void> {
  const profileDir = mkdtempSync(path.join(tmpdir(), "ssc-profile-"));
  const server = await startBenchServer(values.port, { NODE_OPTIONS: "" }, 300_000, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
  let rps = 0;
  try {
    const apiKey = await provisionBenchCustomer(server.base, "profile");
    let counter = 0;
    const load = (duration: number) =>
      autocannon({
        url: `${server.base}${values.route === "bare" ? "/api/ping" : "/api/v1/score"}`,
        method: "POST",
        connections: values.connections,
        duration,
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        requests: bodyPerRequest(() => benchStoryBody("PROFILE-1", distinctSummary(counter++))),
      });
    // A warm-up (JIT, caches, the first plans), outside the window the summary reads: V8 compiles the score
    // route's code for about half a minute of load (see bench-api.ts).
    await load(values.warmup);
    rps = (await load(values.duration)).requests.average;
  } finally {
    await server.stop();
  }
  // One profile per thread, named CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: the main thread's (0) first,
  // then the embedded database's thread (db/pglite-thread.ts) when the server runs one.
  const threadOf = (name: string) => Number(name.split(".")[4]);
  const files = readdirSync(profileDir)
    .filter((name) => name.endsWith(".cpuprofile"))
    .sort((a, b) => threadOf(a) - threadOf(b));
  if (files.length === 0) throw new Error(`no profile was written to ${profileDir}`);
  console.log(`profile:api  ${values.route} route, ${values.connections} connections, ${values.duration} s: ${rps.toFixed(0)} req/s`);
  for (const file of files) {
    const thread = threadOf(file) === 0 ? "main thread" : `thread ${threadOf(file)} (the embedded database's)`;
    summarise(thread, JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as Profile, values.top, values.duration, rps);
    console.log(`\nraw profile: ${path.join(profileDir, file)}\n`);
  }
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
