import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { nodeArgs } from "@/testing/cli-bundles";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";

const ROOT = path.resolve(__dirname, "../../..");
const FIXTURE = "lib/scoring/fixtures/backlog.csv";
const QUS_FIXTURE = "lib/scoring/fixtures/qus-sample.csv";

// The CLI runs of the test under way. A test that times out leaves its run going, and that run goes on taking the fake's
// queued answers from the next test (which then saw exit 0 where it enqueued broken answers for exit 2): each test's
// runs are killed, and waited for, when it ends.
const running = new Set<ChildProcess>();
afterEach(async () => {
  const left = [...running];
  running.clear();
  await Promise.all(left.map((child) => new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("close", () => done());
    child.kill("SIGKILL");
  })));
});

// Asynchronous on purpose: the fake provider runs in this process and must keep answering.
function run(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const clean = { ...process.env, OPENAI_BASE_URL: "", SCORING_MODEL: "", OPENAI_API_KEY: "", SCORING_CONCURRENCY: "", SCORING_RESPONSE_FORMAT: "", ...env };
    const child = spawn(process.execPath, [...nodeArgs(script), ...args], { cwd: ROOT, env: clean });
    running.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}

const fake = setupFakeOpenAI();

describe("CLI and quality benchmark with --engine openai", () => {
  it("scores a backlog through the endpoint given by flags, one call per story", async () => {
    fake().reset();
    const { code, stdout } = await run("scripts/score.ts", [FIXTURE, "--format", "json", "--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model", "--api-key", "sk-test"]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.results.map((r: { key: string }) => r.key)).toEqual(["SHOP-1", "SHOP-2", "SHOP-3"]);
    expect(fake().requests).toHaveLength(3);
    expect(fake().requests[0].authorization).toBe("Bearer sk-test");
    expect(fake().requests[0].body.model).toBe("fake-model");
  });

  it("reads the endpoint from OPENAI_BASE_URL and SCORING_MODEL", async () => {
    const { code, stdout } = await run("scripts/score.ts", [FIXTURE, "--engine", "openai"], { OPENAI_BASE_URL: fake().baseURL, SCORING_MODEL: "fake-model" });
    expect(code).toBe(0);
    expect(stdout).toMatch(/3 stories, average/);
  });

  it("asks with the response format of --response-format or SCORING_RESPONSE_FORMAT, and refuses an unknown one", async () => {
    const flag = await run("scripts/score.ts", [FIXTURE, "--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model", "--response-format", "none"]);
    expect(flag.code).toBe(0);
    expect(fake().requests.map((r) => r.body.response_format)).toEqual([undefined, undefined, undefined]);
    fake().reset();
    const variable = await run("scripts/score.ts", [FIXTURE, "--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model"], { SCORING_RESPONSE_FORMAT: "json_object" });
    expect(variable.code).toBe(0);
    expect(fake().requests[0].body.response_format).toEqual({ type: "json_object" });
    const wrong = await run("scripts/score.ts", [FIXTURE, "--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model", "--response-format", "grammar"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.trim()).toBe('--response-format (or SCORING_RESPONSE_FORMAT) must be one of json_schema, json_object, none, got "grammar"');
  });

  it("fails the run naming the story whose answers broke the schema twice, printing nothing", async () => {
    fake().reset();
    fake().enqueue({ kind: "partial" }, { kind: "out_of_range" });
    const { code, stdout, stderr } = await run("scripts/score.ts", [FIXTURE, "--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model", "--concurrency", "1"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim()).toMatch(/^score failed: the model's answer for SHOP-1 did not follow the schema \(after 1 retry with the errors\): scores\.small\.score was 42; .*Nothing was printed/);
  });

  it("exits 2 with a clear message without an endpoint", async () => {
    const { code, stderr } = await run("scripts/score.ts", [FIXTURE, "--engine", "openai"]);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
  });

  it("runs the quality benchmark with the openai engine", async () => {
    const { code, stdout } = await run("scripts/bench-quality.ts", ["--engine", "openai", "--base-url", fake().baseURL, "--model", "fake-model",
      "--qus", QUS_FIXTURE, "--backlog", "lib/scoring/fixtures/backlogs/g14.txt"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/engine openai, model fake-model, \d+ tokens/);
    expect(stdout).toMatch(/kappa engine \d\.\d{3}, literal rule \d\.\d{3}/);
    expect(stdout).toMatch(/g14\.txt +67 +mean \d+\.\d\d/);
  });
});
