import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
const FIXTURE = "lib/scoring/fixtures/backlog.csv";

function score(...args: string[]) {
  const { OPENAI_BASE_URL: _url, SCORING_MODEL: _model, OPENAI_API_KEY: _key, ...env } = process.env;
  const r = spawnSync(TSX, ["scripts/score.ts", ...args], { cwd: ROOT, encoding: "utf8", env });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("score CLI", () => {
  it("prints JSON results in input order with a summary", () => {
    const { code, stdout } = score(FIXTURE, "--format", "json");
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.results.map((r: { key: string }) => r.key)).toEqual(["SHOP-1", "SHOP-2", "SHOP-3"]);
    expect(Object.keys(out.results[0])).toEqual(["row", "key", "type", "work_item_type", "summary", "overall_score", "overall_reasoning", "individual_scores", "findings", "recommendations"]);
    // The overall explains itself: its percentage, then what pulls it down.
    expect(out.results[1].overall_reasoning).toMatch(new RegExp(`^${Math.round(out.results[1].overall_score * 10)}%: `));
    expect(out.results[0].overall_score).toBeGreaterThan(out.results[1].overall_score);
    expect(out.results[2].findings.map((f: { code: string }) => f.code)).toContain("independent.ticket_reference");
    expect(out.summary.count).toBe(3);
  });

  it("reads a backlog saved as Windows-1252 (Excel's plain CSV) with its curly quotes, not U+FFFD", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "ssc-cli-")), "backlog.txt");
    writeFileSync(file, Uint8Array.from([...Buffer.from("As a "), 0x93, ...Buffer.from("buyer"), 0x94,
      ...Buffer.from(", I want to pay in "), 0x80, ...Buffer.from(", so that I avoid fees\n")]));
    const { code, stdout } = score(file, "--format", "json");
    expect(code).toBe(0);
    expect(JSON.parse(stdout).results[0].summary).toBe("As a “buyer”, I want to pay in €, so that I avoid fees");
  });

  it("prints CSV and a table", () => {
    const csv = score(FIXTURE, "--format", "csv");
    expect(csv.stdout.split(/\r?\n/)[0]).toBe(
      "row,key,type,work_item_type,summary,overall (%),overall_reasoning,independent (%),negotiable (%),valuable (%),estimable (%),small (%),testable (%),findings,recommendations",
    );
    const table = score(FIXTURE);
    expect(table.stdout).toMatch(/SHOP-2: As a shopper/);
    // Each row is followed by why its overall is what it is.
    expect(table.stdout).toMatch(/SHOP-2: As a shopper.*\n {15}\d{1,3}%: /);
    expect(table.stdout).toMatch(/CSV: 3 stories, average/);
  });

  it("reads a tracker export's types as kinds, and --type story keeps the stories", () => {
    const all = JSON.parse(score("lib/backlog/fixtures/jira-export.csv", "--format", "json").stdout);
    expect(all.format).toBe("jira-csv");
    expect(all.results.map((r: { key: string; type: string; work_item_type: string }) => [r.key, r.type, r.work_item_type])).toEqual([
      ["SHOP-101", "Story", "story"],
      ["SHOP-102", "Story", "story"],
      ["SHOP-103", "Bug", "bug"],
      ["SHOP-104", "Sub-task", "task"],
    ]);
    expect(all.summary).toMatchObject({ count: 4, stories: 2, other_types: 2, by_work_item_type: { story: 2, bug: 1, task: 1 } });
    const stories = JSON.parse(score("lib/backlog/fixtures/jira-export.csv", "--format", "json", "--type", "story").stdout);
    expect(stories.results.map((r: { key: string }) => r.key)).toEqual(["SHOP-101", "SHOP-102"]);
    expect(stories.results[1].individual_scores.testable).toBe(10);
    const table = score("lib/backlog/fixtures/jira-export.csv").stdout;
    expect(table).toMatch(/Jira CSV export: 2 stories, 1 bug and 1 task, average/);
    expect(table).toMatch(/^\s+3\s+\d{1,3}%\s+bug\s+.*SHOP-103/m);
    const csv = score("lib/backlog/fixtures/jira-export.csv", "--format", "csv").stdout.split(/\r?\n/);
    expect(csv[4]).toMatch(/^4,SHOP-104,Sub-task,task,/);
  });

  it("--type takes any kind: only the rows of that kind are scored, untyped rows counting as stories", () => {
    const bugs = JSON.parse(score("lib/backlog/fixtures/jira-export.csv", "--format", "json", "--type", "bug").stdout);
    expect(bugs.results.map((r: { key: string; work_item_type: string }) => [r.key, r.work_item_type])).toEqual([["SHOP-103", "bug"]]);
    expect(bugs.summary).toMatchObject({ count: 1, stories: 0, by_work_item_type: { bug: 1 } });
    expect(score("lib/backlog/fixtures/jira-export.csv", "--type", "task").stdout).toMatch(/Jira CSV export: 1 task, average/);
    // A file without a type column: every row is a story.
    expect(JSON.parse(score(FIXTURE, "--format", "json", "--type", "story").stdout).summary.count).toBe(3);
    expect(JSON.parse(score(FIXTURE, "--format", "json", "--type", "bug").stdout).summary.count).toBe(0);
    const refused = score("lib/backlog/fixtures/jira-export.csv", "--type", "chore");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--type takes one of story, bug, task, spike, epic");
  });

  it("prints every score a person reads in percent, as --min-score takes it; JSON keeps the API's 0-10 fields", () => {
    const json = JSON.parse(score("lib/backlog/fixtures/jira-export.csv", "--format", "json").stdout);
    const percents = json.results.map((r: { overall_score: number }) => Math.round(r.overall_score * 10));
    expect(json.results[2].overall_score).toBeLessThanOrEqual(10);

    // The table: the overall and the six dimensions in percent, and the footer's averages too.
    const table = score("lib/backlog/fixtures/jira-export.csv", "--min-score", "60");
    expect(table.code).toBe(1);
    expect(table.stdout.split("\n")[0]).toMatch(/^ row {2}overall {2}kind {6}I {4}N {4}V {4}E {4}S {4}T {2}summary$/);
    const rows = table.stdout.split("\n").filter((line) => /^\s+\d+\s+\d/.test(line));
    expect(rows.map((line) => Number(/^\s+\d+\s+(\d{1,3})%/.exec(line)?.[1]))).toEqual(percents);
    for (const line of rows) expect(line).toMatch(/^\s+\d+\s+\d{1,3}%\s+[a-z]+\s+(?:\s*\d{1,3}%){6}\s/);
    expect(table.stdout).toMatch(new RegExp(`average ${Math.round(json.summary.average_overall * 10)}% \\(independent \\d{1,3}%, negotiable \\d{1,3}%`));
    expect(table.stdout).not.toMatch(/\/10\b/);
    expect(table.stdout).toContain(`${percents.filter((p: number) => p < 60).length} below 60%`);

    // The CSV: whole percentages under headers that say so.
    const csv = Papa.parse<Record<string, string>>(score("lib/backlog/fixtures/jira-export.csv", "--format", "csv").stdout.trim(), { header: true }).data;
    expect(csv.map((row) => Number(row["overall (%)"]))).toEqual(percents);
    expect(csv[2]["testable (%)"]).toBe(String(Math.round(json.results[2].individual_scores.testable * 10)));
    // Recommendations say what they gain in percent too.
    for (const row of csv) expect(row.recommendations).not.toMatch(/\(\+[\d.]+ overall\)/);
    expect(csv.some((row) => /\(\+\d+% overall\)/.test(row.recommendations))).toBe(true);
  });

  it("exits 1 when a story scores below --min-score and 0 when none does", () => {
    const fail = score(FIXTURE, "--format", "json", "--min-score", "95");
    expect(fail.code).toBe(1);
    expect(JSON.parse(fail.stdout).summary.below_min_score).toBeGreaterThan(0);
    expect(score(FIXTURE, "--format", "json", "--min-score", "10").code).toBe(0);
  });

  it("refuses the openai engine and bad arguments with exit 2", () => {
    const openai = score(FIXTURE, "--engine", "openai");
    expect(openai.code).toBe(2);
    expect(openai.stderr.trim()).toBe("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
    expect(score(FIXTURE, "--format", "xml").code).toBe(2);
    expect(score("lib/scoring/fixtures/missing.csv").code).toBe(2);
  });
});
