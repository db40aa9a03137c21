// testing/exit-with-parent.mjs, from the side of a run stopped from outside: a process a test started, whose parent is
// killed with -9, stops by itself, also when its parent died before it had loaded the watch and when a shell stands
// between them; one whose parent lives goes on.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";

/** Whether a process runs (a zombie, dead and not yet reaped by whoever adopted it, does not). */
function running(pid: number): boolean {
  try {
    return !/\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

const FOREVER = "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000); console.log(process.pid);";

/**
 * A parent (a stand-in for a test worker's child that starts others) that starts a node process which would run for
 * ever, directly or through a shell; answers the parent and the pid of the node process.
 */
async function family(through: "node" | "shell"): Promise<{ parent: ReturnType<typeof spawn>; child: number }> {
  const start = through === "node"
    ? `spawn(process.execPath, ["-e", ${JSON.stringify(FOREVER)}], { stdio: ["ignore", "pipe", "inherit"] })`
    : `spawn("sh", ["-c", 'exec "$0" -e "$1" & wait', process.execPath, ${JSON.stringify(FOREVER)}], { stdio: ["ignore", "pipe", "inherit"] })`;
  const script = `const { spawn } = require("node:child_process"); const child = ${start}; child.stdout.pipe(process.stdout); setInterval(() => {}, 1000);`;
  // The test's own environment: NODE_OPTIONS as vitest.config.mts sets it, which the parent and the child inherit.
  const parent = spawn(process.execPath, ["-e", script], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve) => createInterface({ input: parent.stdout! }).once("line", resolve));
  return { parent, child: Number(line) };
}

async function until(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) if (condition()) return true;
  return condition();
}

async function cleanUp(parent: ReturnType<typeof spawn>, child: number) {
  parent.kill("SIGKILL");
  try {
    process.kill(child, "SIGKILL");
  } catch {
    // gone, as it should be
  }
}

describe("a process a test started", () => {
  it("is loaded with the watch (vitest.config.mts puts it in NODE_OPTIONS)", () => {
    expect(process.env.NODE_OPTIONS).toMatch(/--import "[^"]*testing\/exit-with-parent\.mjs"/);
  });

  it.each(["node", "shell"] as const)("stops when its parent is killed with -9, and goes on while the parent lives (started through %s)", async (through) => {
    const { parent, child } = await family(through);
    try {
      expect(child).toBeGreaterThan(0);
      // Three of the watch's one-second looks: the parent is there, so the child runs on.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(running(child)).toBe(true);
      parent.kill("SIGKILL");
      // Asked to stop at the first look after the parent is gone (a second), made to ten seconds later at the latest.
      expect(await until(() => !running(child), 20_000)).toBe(true);
    } finally {
      await cleanUp(parent, child);
    }
  }, 40_000);

  it("stops when its parent died before it had loaded the watch (its parent pid is init's from the start)", async () => {
    // The parent prints the child's pid as soon as it is spawned and is killed at once: the child's preload runs after.
    const script = `const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify("setInterval(() => {}, 1000)")}], { stdio: "ignore" }); console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", script], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    const child = Number(await new Promise<string>((resolve) => createInterface({ input: parent.stdout! }).once("line", resolve)));
    parent.kill("SIGKILL");
    try {
      expect(await until(() => !running(child), 20_000)).toBe(true);
    } finally {
      await cleanUp(parent, child);
    }
  }, 40_000);
});
