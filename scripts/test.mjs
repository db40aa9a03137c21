#!/usr/bin/env node
// `npm test`: type check and lint side by side, then the unit and integration tests (Vitest), the browser tests
// (Playwright, which builds the production app first when its build is missing or stale) and the fault tests.
// It stops at the first stage that fails and ends with each stage's time and the total on one line.
//
// Side by side because tsc and ESLint each keep one core busy and neither depends on the other. The tests are
// not run beside anything: many of them measure time (leases, retries, a process that must exit by itself), and
// a build next to them made them fail on a busy machine (docs/operations.md#tests). `.ci/run` reads the Vitest
// and Playwright summary lines of this output; the lines printed here start with "npm test:", which neither of
// its patterns matches.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** CPU time of this process's finished children (Linux: /proc/self/stat cutime + cstime), or null elsewhere. */
function childCpuSeconds() {
  if (!existsSync("/proc/self/stat")) return null;
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 (cutime, cstime), counted here from the state (field 3), in Linux's 1/100 s clock ticks.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** " (CPU n s)": the CPU time used since `before` (a reading of childCpuSeconds), or nothing where it cannot be read. */
function cpuSince(before) {
  const now = childCpuSeconds();
  return before === null || now === null ? "" : ` (CPU ${(now - before).toFixed(0)} s)`;
}

/** Commands running side by side: each in a process group of its own, stopped whole when npm test stops early. */
const groups = new Set();
function stopGroups() {
  for (const pid of groups) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}
process.on("SIGINT", () => {
  stopGroups();
  process.exit(130);
});
process.on("SIGTERM", () => {
  stopGroups();
  process.exit(143);
});

/**
 * Starts a command. `aside`: its output is kept until it ends (it runs beside another), and it gets a process
 * group of its own; otherwise its output goes straight through. Answers its exit code, time and kept output.
 */
function start(label, command, args, { aside = false } = {}) {
  const started = Date.now();
  const child = spawn(command, args, { stdio: aside ? ["ignore", "pipe", "pipe"] : "inherit", detached: aside });
  let output = "";
  if (aside) {
    groups.add(child.pid);
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
  }
  return new Promise((resolve) => {
    let ended = false;
    const end = (code) => {
      if (ended) return;
      ended = true;
      groups.delete(child.pid);
      resolve({ label, code, ms: Date.now() - started, output });
    };
    child.on("close", (code, signal) => end(code ?? (signal ? 1 : 0)));
    child.on("error", (error) => {
      output += `${error.message}\n`;
      end(1);
    });
  });
}

const outcome = (result) => `${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} in ${seconds(result.ms)}`;

/** A finished side-by-side command: its output under a heading, then its outcome. */
function report(result) {
  console.log(`\nnpm test: ${result.label}`);
  process.stdout.write(result.output);
  console.log(`npm test: ${result.label.split(" ")[0]} ${outcome(result)}`);
}

/** A stage on its own, its output as it comes. */
async function stage(name, script) {
  console.log(`\nnpm test: ${name} (npm run ${script})`);
  const result = await start(name, npm, ["run", "--silent", script]);
  console.log(`npm test: ${name} ${outcome(result)}`);
  return result;
}

const started = Date.now();
const cpuAtStart = childCpuSeconds();
const times = [];
let failed = null;

// 1. Type check and lint, side by side.
console.log("\nnpm test: typecheck and lint, side by side (the output of each follows when it ends)");
const checksStarted = Date.now();
const checksCpu = childCpuSeconds();
const checks = await Promise.all([
  start("typecheck (npm run typecheck)", npm, ["run", "--silent", "typecheck"], { aside: true }),
  start("lint (npm run lint)", npm, ["run", "--silent", "lint"], { aside: true }),
]);
checks.forEach(report);
times.push(`typecheck ${seconds(checks[0].ms)} and lint ${seconds(checks[1].ms)} side by side ${seconds(Date.now() - checksStarted)}${cpuSince(checksCpu)}`);
failed = checks.filter((check) => check.code !== 0).map((check) => check.label.split(" ")[0]).join(" and ") || null;

// 2. Unit and integration tests, browser tests, fault tests.
for (const [name, script] of [["unit", "test:unit"], ["e2e", "test:e2e"], ["faults", "test:faults"]]) {
  if (failed) break;
  const cpuBefore = childCpuSeconds();
  const result = await stage(name, script);
  times.push(`${name} ${seconds(result.ms)}${cpuSince(cpuBefore)}`);
  if (result.code !== 0) failed = name;
}

// The CPU times count the stages' processes once they have ended: a measure of the work, which a busy machine
// does not stretch as it stretches the clock.
console.log(`\nnpm test: ${times.join(", ")}; total ${seconds(Date.now() - started)}${cpuSince(cpuAtStart)}${failed ? `; stopped: ${failed} failed` : ""}`);
if (failed) process.exitCode = 1;
