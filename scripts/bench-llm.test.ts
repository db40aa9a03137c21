// bench:llm's second part at a small size: the same broken first answers meet both engines, each broken first
// answer costs exactly one more request with the retry, and the retry leaves fewer failures for the caller.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeArgs } from "@/testing/cli-bundles";

const ROOT = path.resolve(import.meta.dirname, "..");

function bench(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs("scripts/bench-llm.ts"), ...args], { cwd: ROOT, env: process.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A result row: stories/s, requests/s, requests, failed, (share), broken answers, tokens/story, p50, p95, p99. */
function row(stdout: string, label: string) {
  const line = stdout.split("\n").find((l) => l.includes(label));
  const match = line && /\s([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+) \(([\d.]+)%\)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$/.exec(line);
  if (!match) throw new Error(`no row "${label}" in:\n${stdout}`);
  const [requests, failed, broken, tokens] = [match[3], match[4], match[6], match[7]].map(Number);
  return { requests, failed, broken, tokens };
}

describe("npm run bench:llm, answers like a small model", () => {
  it("scores the same stories without and with the retry, and the retry leaves fewer failures", async () => {
    const { code, stdout, stderr } = await bench(["--only", "reliability", "--reliability-stories", "300", "--broken", "0.2", "--median", "2", "--rounds", "1", "--seed", "3"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^answers like a small model: 300 stories, 20\.0% of first answers and 20\.0% of retry answers broken/);
    const without = row(stdout, "1. without the retry");
    const withRetry = row(stdout, "1. with one retry");
    // About a fifth of the first answers break (a binomial draw: 60 expected).
    expect(without.failed).toBeGreaterThan(30);
    expect(without.failed).toBeLessThan(95);
    expect(without.requests).toBe(300);
    expect(without.broken).toBe(without.failed);
    // The same first answers break with the retry on: each is asked once more, and some of those break again.
    expect(withRetry.requests).toBe(300 + without.failed);
    expect(withRetry.broken).toBe(without.failed + withRetry.failed);
    expect(withRetry.failed).toBeLessThan(without.failed / 2);
    expect(withRetry.tokens).toBeGreaterThan(without.tokens);
    expect(stdout).toMatch(new RegExp(`failures seen by the caller: ${without.failed} of 300 without the retry, ${withRetry.failed} with it`));
    expect(stdout.trim().endsWith("targets met")).toBe(true);
  }, 60_000);

  it("refuses a share outside 0-1 and an unknown format", async () => {
    expect(await bench(["--broken", "5"])).toMatchObject({ code: 2, stderr: "--broken must be a share between 0 and 1 (0.05 is 5%)\n" });
    expect(await bench(["--format", "grammar"])).toMatchObject({ code: 2, stderr: "--format must be one of json_schema, json_object, none\n" });
  });
});
