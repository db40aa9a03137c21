#!/usr/bin/env node
// `npm run test:repeat -- <path> [N]`: runs `vitest run <path>` N times (default 20), stops at the first
// failure, prints "N passed, M failed" and the failing run's output. For timing-sensitive tests (queues,
// timers, sockets): run it on PGlite (DATABASE_URL unset) and on PostgreSQL (DATABASE_URL set).
import { spawnSync } from "node:child_process";

const [target, count = "20", ...rest] = process.argv.slice(2);
const runs = Number(count);
if (!target || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: npm run test:repeat -- <path> [N] [extra vitest arguments]");
  process.exit(2);
}
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
let passed = 0;
let failed = 0;
for (let run = 1; run <= runs; run++) {
  const started = Date.now();
  const result = spawnSync("npx", ["vitest", "run", target, ...rest], { encoding: "utf8", env: { ...process.env, FORCE_COLOR: "0" }, maxBuffer: 64 * 1024 * 1024 });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    console.log(`run ${run}/${runs}: passed (${seconds} s)`);
    continue;
  }
  failed++;
  console.log(`run ${run}/${runs}: FAILED (${seconds} s, exit ${result.status ?? result.signal})\n`);
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  break;
}
console.log(`\n${target} on ${database}: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
