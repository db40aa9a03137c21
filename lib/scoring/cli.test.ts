// The score CLI run as a user runs it: a process of its own per call, each about 0.8 s of CPU (bundled; the tagger's
// model). A test's calls are independent: two run at a time. More at once (every call of the file, 20, in a
// full run beside the other Vitest worker) kept a busy 2-core machine's calls past 30 s each.
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { nodeArgs } from "@/testing/cli-bundles";

const ROOT = path.resolve(__dirname, "../..");
const FIXTURE = "lib/scoring/fixtures/backlog.csv";

type Run = { code: number | null; stdout: string; stderr: string };

let running = 0;
const waiting: (() => void)[] = [];

/** `npm run score -- ARGS` as `node` on the CLI's bundle (testing/cli-bundles.ts), at most two at a time. */
async function score(...args: string[]): Promise<Run> {
  if (running >= 2) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  const { OPENAI_BASE_URL: _url, SCORING_MODEL: _model, OPENAI_API_KEY: _key, ...env } = process.env;
  try {
    return await new Promise<Run>((resolve) => {
      execFile(process.execPath, [...nodeArgs("scripts/score.ts"), ...args], { cwd: ROOT, encoding: "utf8", env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      });
    });
  } finally {
    running--;
    waiting.shift()?.();
  }
}

// Up to five calls a test, two at a time.
describe("score CLI", { timeout: 120_000 }, () => {
  it("prints JSON results in input order with a summary", async () => {
    const { code, stdout } = await score(FIXTURE, "--format", "json");
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.results.map((r: { key: string }) => r.key)).toEqual(["SHOP-1", "SHOP-2", "SHOP-3"]);
    expect(Object.keys(out.results[0])).toEqual(["row", "key", "type", "work_item_type", "work_item_type_source", "language", "summary", "overall_score", "overall_reasoning", "individual_scores", "findings", "recommendations", "rewrite", "split"]);
    // The overall explains itself: its percentage, then what pulls it down.
    expect(out.results[1].overall_reasoning).toMatch(new RegExp(`^${Math.round(out.results[1].overall_score * 10)}%: `));
    expect(out.results[0].overall_score).toBeGreaterThan(out.results[1].overall_score);
    expect(out.results[2].findings.map((f: { code: string }) => f.code)).toContain("independent.ticket_reference");
    expect(out.summary.count).toBe(3);
  });

  it("--rules takes a preset or a settings file (the API's JSON), and refuses anything else with exit 2", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ssc-cli-"));
    const file = path.join(dir, "rules.txt");
    writeFileSync(file, "As an administrator, I want to create and maintain venues, so that users find them.\n");
    const settings = path.join(dir, "rules.json");
    writeFileSync(settings, JSON.stringify({ preset: "strict", codes: { "testable.no_acceptance_criteria": { enabled: false } } }));
    const bad = path.join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ preset: "strict", codes: { "atomic.two_actions": { cost: 40 } } }));
    const [plain, lenient, fromFile] = await Promise.all([score(file, "--format", "json"), score(file, "--format", "json", "--rules", "lenient"),
      score(file, "--format", "json", "--rules", settings)]);
    const codes = (run: Run) => (JSON.parse(run.stdout).results[0].findings as { code: string }[]).map((f) => f.code);
    expect(codes(plain)).toContain("atomic.two_actions");
    expect(JSON.parse(plain.stdout).summary.rules).toEqual({ preset: "default", version: "rules-1" });
    expect(codes(lenient).some((c) => c.startsWith("atomic."))).toBe(false);
    expect(JSON.parse(lenient.stdout).summary.rules.preset).toBe("lenient");
    expect(codes(fromFile)).toContain("atomic.two_actions");
    expect(codes(fromFile)).not.toContain("testable.no_acceptance_criteria");
    expect(JSON.parse(fromFile.stdout).summary.rules.version).toMatch(/^rules-1\+[0-9a-f]{8}$/);
    const [loose, invalid] = await Promise.all([score(file, "--rules", "loose"), score(file, "--rules", bad)]);
    expect(loose.code).toBe(2);
    expect(loose.stderr).toMatch(/--rules takes default, strict, lenient or a JSON file/);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/codes\.atomic\.two_actions\.cost/);
  });

  it("prints the split, the rewrite, or the features a compound holds when it cannot be cut", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ssc-cli-")), "advice.txt");
    writeFileSync(file, "As a shopper, I want to view and download invoices (PDF), so that I can file my expenses.\n" +
      "As a trainer, I want to list my classes in my profile and include a link to a page about each, so that attendees find them.\n");
    const [jsonRun, tableRun] = await Promise.all([score(file, "--format", "json"), score(file)]);
    const json = JSON.parse(jsonRun.stdout);
    expect(json.results[0].split).toHaveLength(2);
    expect(json.results[0].rewrite).toBe("As a shopper, I want to view and download invoices, so that I can file my expenses.");
    expect(json.results[1].split).toEqual([]);
    const table = tableRun.stdout;
    expect(table).toMatch(/\n {15}split 1: As a shopper, I want to view invoices \(PDF\)/);
    expect(table).toMatch(/\n {15}rewrite: As a shopper, I want to view and download invoices, so that/);
    expect(table).toMatch(/\n {15}2 features: "list my classes in my profile"/);
  });

  it("reads a backlog saved as Windows-1252 (Excel's plain CSV) with its curly quotes, not U+FFFD", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ssc-cli-")), "backlog.txt");
    writeFileSync(file, Uint8Array.from([...Buffer.from("As a "), 0x93, ...Buffer.from("buyer"), 0x94,
      ...Buffer.from(", I want to pay in "), 0x80, ...Buffer.from(", so that I avoid fees\n")]));
    const { code, stdout } = await score(file, "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).results[0].summary).toBe("As a “buyer”, I want to pay in €, so that I avoid fees");
  });

  it("never cuts a row with more fields than the header: a one-column file's are read whole, others named on stderr", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ssc-cli-"));
    const file = path.join(dir, "ragged.csv");
    writeFileSync(file, "Key,Summary\nK-1,As a guest, I want to book a room\nK-2,As a host I want to list my flat\n");
    const { code, stdout, stderr } = await score(file, "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).results.map((r: { key: string }) => r.key)).toEqual(["K-1", "K-2"]);
    expect(stderr).toBe(`${file}: Row 1 has 3 fields where the header has 2 columns (a comma in a cell without quotes): “ I want to book a room” was left out, and the other cells may be in the wrong columns. Put each cell that holds a comma in double quotes.\n`);
  });

  it("prints CSV and a table", async () => {
    const [csv, table] = await Promise.all([score(FIXTURE, "--format", "csv"), score(FIXTURE)]);
    expect(csv.stdout.split(/\r?\n/)[0]).toBe("row,key,type,work_item_type,language,summary,overall (%),overall_reasoning,independent (%),negotiable (%),valuable (%),estimable (%),small (%),testable (%),findings,recommendations,rewrite,split");
    expect(table.stdout).toMatch(/SHOP-2: As a shopper/);
    // Each row is followed by why its overall is what it is.
    expect(table.stdout).toMatch(/SHOP-2: As a shopper.*\n {15}\d{1,3}%: /);
    expect(table.stdout).toMatch(/CSV: 3 stories, average/);
  });

  it("reads a tracker export's types as kinds, and --type story keeps the stories", async () => {
    const JIRA = "lib/backlog/fixtures/jira-export.csv";
    const [json, storiesJson, table, csvOut] = await Promise.all([
      score(JIRA, "--format", "json"),
      score(JIRA, "--format", "json", "--type", "story"),
      score(JIRA),
      score(JIRA, "--format", "csv"),
    ]);
    const all = JSON.parse(json.stdout);
    expect(all.format).toBe("jira-csv");
    expect(all.results.map((r: { key: string; type: string; work_item_type: string }) => [r.key, r.type, r.work_item_type])).toEqual([
      ["SHOP-101", "Story", "story"],
      ["SHOP-102", "Story", "story"],
      ["SHOP-103", "Bug", "bug"],
      ["SHOP-104", "Sub-task", "task"],
    ]);
    expect(all.summary).toMatchObject({ count: 4, stories: 2, other_types: 2, by_work_item_type: { story: 2, bug: 1, task: 1 } });
    const stories = JSON.parse(storiesJson.stdout);
    expect(stories.results.map((r: { key: string }) => r.key)).toEqual(["SHOP-101", "SHOP-102"]);
    expect(stories.results[1].individual_scores.testable).toBe(10);
    expect(table.stdout).toMatch(/Jira CSV export: 2 stories, 1 bug and 1 task, average/);
    expect(table.stdout).toMatch(/^\s+3\s+\d{1,3}%\s+bug\s+.*SHOP-103/m);
    const csv = csvOut.stdout.split(/\r?\n/);
    expect(csv[4]).toMatch(/^4,SHOP-104,Sub-task,task,/);
  });

  it("--type takes any kind: only the rows of that kind are scored, untyped rows counting as stories", async () => {
    const JIRA = "lib/backlog/fixtures/jira-export.csv";
    const [bugsJson, tasks, untypedStories, untypedBugs, refused] = await Promise.all([
      score(JIRA, "--format", "json", "--type", "bug"),
      score(JIRA, "--type", "task"),
      // A file without a type column: every row is a story.
      score(FIXTURE, "--format", "json", "--type", "story"),
      score(FIXTURE, "--format", "json", "--type", "bug"),
      score(JIRA, "--type", "chore"),
    ]);
    const bugs = JSON.parse(bugsJson.stdout);
    expect(bugs.results.map((r: { key: string; work_item_type: string }) => [r.key, r.work_item_type])).toEqual([["SHOP-103", "bug"]]);
    expect(bugs.summary).toMatchObject({ count: 1, stories: 0, by_work_item_type: { bug: 1 } });
    expect(tasks.stdout).toMatch(/Jira CSV export: 1 task, average/);
    expect(JSON.parse(untypedStories.stdout).summary.count).toBe(3);
    expect(JSON.parse(untypedBugs.stdout).summary.count).toBe(0);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--type takes one of story, bug, task, spike, epic");
  });

  it("prints every score a person reads in percent, as --min-score takes it; JSON keeps the API's 0-10 fields", async () => {
    const [jsonRun, table, csvRun] = await Promise.all([
      score("lib/backlog/fixtures/jira-export.csv", "--format", "json"),
      score("lib/backlog/fixtures/jira-export.csv", "--min-score", "60"),
      score("lib/backlog/fixtures/jira-export.csv", "--format", "csv"),
    ]);
    const json = JSON.parse(jsonRun.stdout);
    const percents = json.results.map((r: { overall_score: number }) => Math.round(r.overall_score * 10));
    expect(json.results[2].overall_score).toBeLessThanOrEqual(10);

    // The table: the overall and the six dimensions in percent, and the footer's averages too.
    expect(table.code).toBe(1);
    expect(table.stdout.split("\n")[0]).toMatch(/^ row {2}overall {2}kind {3}lang {5}I {4}N {4}V {4}E {4}S {4}T {2}summary$/);
    const rows = table.stdout.split("\n").filter((line) => /^\s+\d+\s+\d/.test(line));
    expect(rows.map((line) => Number(/^\s+\d+\s+(\d{1,3})%/.exec(line)?.[1]))).toEqual(percents);
    for (const line of rows) expect(line).toMatch(/^\s+\d+\s+\d{1,3}%\s+[a-z]+\s+[a-z]{2}\s+(?:\s*\d{1,3}%){6}\s/);
    expect(table.stdout).toMatch(new RegExp(`average ${Math.round(json.summary.average_overall * 10)}% \\(independent \\d{1,3}%, negotiable \\d{1,3}%`));
    expect(table.stdout).not.toMatch(/\/10\b/);
    expect(table.stdout).toContain(`${percents.filter((p: number) => p < 60).length} below 60%`);

    // The CSV: whole percentages under headers that say so.
    const csv = Papa.parse<Record<string, string>>(csvRun.stdout.trim(), { header: true }).data;
    expect(csv.map((row) => Number(row["overall (%)"]))).toEqual(percents);
    expect(csv[2]["testable (%)"]).toBe(String(Math.round(json.results[2].individual_scores.testable * 10)));
    // Recommendations say what they gain in percent too.
    for (const row of csv) expect(row.recommendations).not.toMatch(/\(\+[\d.]+ overall\)/);
    expect(csv.some((row) => /\(\+\d+% overall\)/.test(row.recommendations))).toBe(true);
  });

  it("reads untyped tickets of real trackers as a reader does: kind, how sure, findings that fit (issue 50)", async () => {
    const { REAL_TICKETS } = await import("./fixtures/real-tickets");
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ssc-cli-")), "real.json");
    writeFileSync(file, JSON.stringify(REAL_TICKETS.map((t) => t.ticket)));
    const { code, stdout } = await score(file, "--format", "json");
    expect(code).toBe(0);
    const out = JSON.parse(stdout) as { results: { work_item_type: string; work_item_type_source: string; overall_score: number; findings: { code: string }[] }[] };
    REAL_TICKETS.forEach((t, i) => {
      const r = out.results[i];
      expect([r.work_item_type, r.work_item_type_source], t.name).toEqual([t.kind, t.source]);
      const codes = r.findings.map((f) => f.code);
      for (const c of t.mustFire ?? []) expect(codes, `${t.name}: ${c}`).toContain(c);
      for (const c of t.mustNotFire) expect(codes, `${t.name}: ${c}`).not.toContain(c);
      if (t.band === "ready") expect(r.overall_score, t.name).toBeGreaterThanOrEqual(7);
      if (t.band === "unplannable") expect(r.overall_score, t.name).toBeLessThanOrEqual(4);
    });
  });

  it("exits 1 when a story scores below --min-score and 0 when none does", async () => {
    const [fail, pass] = await Promise.all([score(FIXTURE, "--format", "json", "--min-score", "95"), score(FIXTURE, "--format", "json", "--min-score", "10")]);
    expect(fail.code).toBe(1);
    expect(JSON.parse(fail.stdout).summary.below_min_score).toBeGreaterThan(0);
    expect(pass.code).toBe(0);
  });

  it("refuses the openai engine and bad arguments with exit 2", async () => {
    const [openai, xml, missing] = await Promise.all([score(FIXTURE, "--engine", "openai"), score(FIXTURE, "--format", "xml"), score("lib/scoring/fixtures/missing.csv")]);
    expect(openai.code).toBe(2);
    expect(openai.stderr.trim()).toBe("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
    expect(xml.code).toBe(2);
    expect(missing.code).toBe(2);
  });
});
