// `npm run bench:bugs` says so and exits 0 when the labelled reports are not there (a clone has no shared data beside it), and
// scores a labelled file as bugs, each code against "labelled missing", beside flagging every report.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeArgs } from "@/testing/cli-bundles";

const REPO = path.resolve(__dirname, "..");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [...nodeArgs("scripts/bench-bugs.ts"), ...args], { cwd: REPO, encoding: "utf8" });

/** Four reports of our own, labelled the way the shared file is. */
const REPORTS = [
  { system: "shop", bug_id: "1", title: "Checkout total wrong", description: "1. Add two items to the cart\n2. Open checkout\nThe total shows 9.00 instead of 10.00; it should be 10.00.", has_ob: true, has_eb: true, has_sr: true },
  { system: "shop", bug_id: "2", title: "Coupon field does nothing", description: "Typing a coupon code does nothing.", has_ob: true, has_eb: false, has_sr: false },
  { system: "shop", bug_id: "3", title: "Add a dark mode", description: "It would be nice to have a dark theme for the evening.", has_ob: false, has_eb: true, has_sr: false },
  { system: "blog", bug_id: "4", title: "Comments vanish", description: "When I post a comment and reload the page, the comment is gone. Expected: it stays.", has_ob: true, has_eb: true, has_sr: true },
];

describe("bench:bugs", () => {
  it("says the data is not there and exits 0", () => {
    const r = run("--file", path.join(os.tmpdir(), "no-such-bug-reports.jsonl"));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/is not there .*nothing measured/);
  }, 60_000);

  it("prints each code per system and for all, with the trivial detector beside it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bugs-"));
    const file = path.join(dir, "reports.jsonl");
    fs.writeFileSync(file, REPORTS.map((r) => JSON.stringify(r)).join("\n"));
    try {
      const r = run("--file", file, "--list", "bug.no_expected_result");
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain("4 reports");
      for (const code of ["bug.no_expected_result", "bug.no_steps", "bug.no_actual_result"]) expect(r.stdout).toContain(code);
      // Missing expected behaviour: only report 2 lacks it, and only report 2 is flagged: P = R = F1 = kappa = 1.
      const all = r.stdout.split("\n").find((l) => /^\s+all\s/.test(l))!;
      expect(all).toMatch(/all\s+4\s+25%\s+25%\s+1\.000 1\.000 1\.000\s+1\.000/);
      expect(r.stdout).toMatch(/false positives\): 0/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("--forms prints the three figures per group for each form a tracker stores a report in", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bugs-"));
    const file = path.join(dir, "reports.jsonl");
    fs.writeFileSync(file, REPORTS.map((r) => JSON.stringify(r)).join("\n"));
    try {
      const r = run("--file", file, "--forms");
      expect(r.status, r.stderr).toBe(0);
      const rows = r.stdout.split("\n").filter((l) => /^\s{2}\S/.test(l));
      expect(rows[0]).toMatch(/form\s+blog\s+shop/);
      for (const form of ["plain", "markdown, pasted", "markdown, imported", "jira wiki, pasted", "jira wiki, imported", "html, imported", "no blank lines", "on one line", "quoted", "lower case", "upper case"]) {
        expect(rows.some((l) => l.trimStart().startsWith(form)), form).toBe(true);
      }
      // The shop's two reports as written: report 2 alone lacks an expected result and is flagged (F1 1.000).
      expect(rows.find((l) => l.trimStart().startsWith("plain"))).toMatch(/1\.000 \/ \S+ \/ \S+\s*$/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("--agreement sets the second reader's labels beside the writers' and the engine's, per tracker", () => {
    const r = run("--written", "--agreement");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/480 reports of read-10, read-11, read-9/);
    for (const tracker of ["firefox (240 reports)", "httpd (240 reports)"]) expect(r.stdout).toContain(tracker);
    const rows = r.stdout.split("\n").filter((l) => /^\s+missing /.test(l));
    expect(rows).toHaveLength(6);
    // Three comparisons a row, each an F1 and a kappa between 0 and 1.
    for (const row of rows) expect(row.match(/F1 [01]\.\d{3} kappa -?[01]\.\d{3}/g), row).toHaveLength(3);
  }, 120_000);

  it("counts an unread set's reports a code gets wrong without listing them", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-bugs-"));
    const file = path.join(dir, "reports.jsonl");
    // Report 2 labelled as stating its steps: bug.no_steps gets it wrong, once in a read set and once in an unread one.
    const wrong = { ...REPORTS[1], has_sr: true };
    fs.writeFileSync(file, [{ ...wrong, system: "shop", bug_id: "read-2" }, { ...wrong, system: "shop-unread", bug_id: "held-2" }].map((r) => JSON.stringify(r)).join("\n"));
    try {
      const r = run("--file", file, "--list", "bug.no_steps");
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/false positives\): 2/);
      expect(r.stdout).toContain("shop read-2: Coupon field does nothing");
      expect(r.stdout).not.toContain("held-2");
      expect(r.stdout).toContain("(1 of an unread set, not listed: they are measured, never read)");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
