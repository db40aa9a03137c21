// The registry of finding codes (codes.ts) against what names a code elsewhere: the precision samples, the codes
// the engine reports on the repository's fixtures (and on the shared backlogs when they are beside the checkout),
// and every code written in the sources and the documentation.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBacklog } from "@/lib/backlog";
import { backlogLines } from "@/lib/backlog/decode";
import { findingLabel } from "@/lib/csv-flow/finding-labels";
import { sharedDataFiles } from "@/testing/shared-data";
import { FINDING_CODE_LIST, FINDING_CODES, findingCode, isFindingCode, type FindingCode } from "./codes";
import { REAL_TICKETS } from "./fixtures/real-tickets";
import { costOf, COSTS, mainCauses, chargesOf } from "./heuristic/scoring";
import { findingsOf, scoreTickets } from "./heuristic/engine";
import { RULE_PRESETS } from "./rules";
import { DIMENSIONS, severitySchema, type ScoringItem, type TicketData } from "./types";

const REPO = path.resolve(__dirname, "../..");
const CRITERIA = new Set(FINDING_CODE_LIST.map((c) => c.split(".")[0]));

/** A code, or a sample of a code's or a criterion's misses, or of the pairs of `unique` (`atomic.misses`, `unique.pairs`). */
function namesRegistry(code: string): boolean {
  if (isFindingCode(code)) return true;
  const m = /^(.+)\.(misses|pairs)$/.exec(code);
  return !!m && (isFindingCode(m[1]) || CRITERIA.has(m[1]));
}

describe("the registry of finding codes", () => {
  it("gives every code a dimension, severities, a cost for each, a label and a phrase", () => {
    expect(FINDING_CODE_LIST.length).toBe(70);
    for (const code of FINDING_CODE_LIST) {
      const e = FINDING_CODES[code];
      expect(code, code).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(DIMENSIONS, code).toContain(e.dimension);
      expect(e.severities.length, code).toBeGreaterThan(0);
      for (const severity of e.severities) {
        expect(severitySchema.options, code).toContain(severity);
        // Every severity the rules give a code has its own cost when the code's cost depends on severity.
        if (typeof e.cost !== "number") expect(Object.keys(e.cost), code).toContain(severity);
        const cost = costOf({ code, severity });
        expect(Number.isInteger(cost) && cost >= 0 && cost <= 10, `${code} ${severity}: ${cost}`).toBe(true);
      }
      if (typeof e.cost !== "number") expect(Object.keys(e.cost).sort(), code).toEqual([...e.severities].sort());
      expect(e.label.trim(), code).not.toBe("");
      expect(e.phrase.trim(), code).not.toBe("");
      expect(findingLabel(code), code).toBe(e.label);
      expect(COSTS[code], code).toEqual(e.cost);
    }
    // Only the note on a language not read is free: every defect costs something.
    expect(FINDING_CODE_LIST.filter((c) => FINDING_CODES[c].cost === 0)).toEqual(["language.not_read"]);
  });

  it("keeps labels apart where codes of one criterion would read alike", () => {
    // Two codes may share a short name only across kinds (a task's and a ticket's "No reason"), never within one.
    const byCriterionAndLabel = new Map<string, FindingCode[]>();
    for (const code of FINDING_CODE_LIST) {
      const key = `${code.split(".")[0]}:${FINDING_CODES[code].label}`;
      byCriterionAndLabel.set(key, [...(byCriterionAndLabel.get(key) ?? []), code]);
    }
    expect([...byCriterionAndLabel.values()].filter((codes) => codes.length > 1)).toEqual([]);
  });

  it("names every code of the precision samples", () => {
    const dir = path.join(__dirname, "precision");
    const named: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, v] of Object.entries(value)) {
          if (key === "code" && typeof v === "string") named.push(v);
          else if (key === "codes" && Array.isArray(v)) named.push(...v.filter((x): x is string => typeof x === "string"));
          else walk(v);
        }
      }
    };
    const files = fs.readdirSync(dir).filter((f) => f.endsWith(".json"));
    for (const file of files) walk(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")));
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((c) => !namesRegistry(c))).toEqual([]);
    // A sample file named after a code is that code's sample.
    const codeFiles = files.map((f) => f.replace(/\.json$/, "")).filter((f) => /^[a-z_]+\.[a-z_.]+$/.test(f));
    expect(codeFiles.length).toBeGreaterThan(40);
    expect(codeFiles.filter((f) => !namesRegistry(f))).toEqual([]);
  });

  it("names every code the engine reports on the repository's fixtures, with its dimension and a severity it lists", () => {
    const batches: { name: string; items: ScoringItem[] }[] = [];
    const lines = (file: string) => backlogLines(fs.readFileSync(file)).map((l) => l.trim()).filter(Boolean);
    const backlogs = path.join(__dirname, "fixtures/backlogs");
    for (const f of fs.readdirSync(backlogs).filter((f) => f.endsWith(".txt"))) {
      batches.push({ name: f, items: lines(path.join(backlogs, f)).map((summary) => ({ ticket: { summary } })) });
    }
    for (const file of sharedDataFiles("backlogs", ".txt")) {
      batches.push({ name: path.basename(file), items: lines(file).map((summary) => ({ ticket: { summary } })) });
    }
    batches.push({ name: "advice-stories.txt", items: lines(path.join(__dirname, "fixtures/advice-stories.txt")).map((summary) => ({ ticket: { summary } })) });
    const files = [
      path.join(__dirname, "fixtures/backlog.csv"),
      path.join(__dirname, "fixtures/backlog.json"),
      path.join(__dirname, "fixtures/qus-sample.csv"),
      ...fs.readdirSync(path.join(REPO, "lib/backlog/fixtures")).map((f) => path.join(REPO, "lib/backlog/fixtures", f)),
    ];
    for (const file of files) {
      const backlog = readBacklog(path.basename(file), fs.readFileSync(file, "utf8"));
      const cell = (row: Record<string, string>, column: string | null) => (column ? row[column] : undefined) || undefined;
      const items = backlog.rows.map((row): ScoringItem => {
        const ticket: TicketData = { summary: cell(row, backlog.mapping.summary) ?? "" };
        const description = cell(row, backlog.mapping.description);
        const criteria = cell(row, backlog.mapping.acceptance_criteria);
        const type = cell(row, backlog.mapping.type);
        if (description) ticket.description = description;
        if (criteria) ticket.acceptance_criteria = criteria;
        if (type) ticket.issue_type = type;
        return { ticket };
      });
      batches.push({ name: path.basename(file), items });
    }
    batches.push({ name: "real-tickets.ts", items: REAL_TICKETS.map((t) => ({ ticket: t.ticket })) });

    const seen = new Set<string>();
    const wrong: string[] = [];
    let findings = 0;
    for (const preset of RULE_PRESETS) {
      for (const batch of batches) {
        if (batch.items.length === 0) continue;
        for (const result of scoreTickets(batch.items, { rules: { preset } })) {
          for (const f of [...result.findings, ...(result.silenced_findings ?? [])]) {
            findings++;
            seen.add(f.code);
            if (!isFindingCode(f.code)) wrong.push(`${batch.name}: ${f.code} is not in the registry`);
            else if (FINDING_CODES[f.code].dimension !== f.dimension) wrong.push(`${batch.name}: ${f.code} on ${f.dimension}`);
            else if (!(FINDING_CODES[f.code].severities as readonly string[]).includes(f.severity)) wrong.push(`${batch.name}: ${f.code} ${f.severity}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(findings).toBeGreaterThan(1000);
    // The fixtures reach most of the registry (the rest: other languages, linked context, duplicates across a batch).
    expect(seen.size, [...seen].sort().join(" ")).toBeGreaterThanOrEqual(40);
  });

  it("gives the reasoning the registry's phrase for what costs a dimension most", () => {
    const found = findingsOf({ summary: "As a user, I want to add and delete items" });
    const causes = mainCauses(chargesOf(found));
    expect(causes.small).toBe(FINDING_CODES["atomic.two_actions"].phrase);
    expect(causes.testable).toBe(FINDING_CODES["testable.no_acceptance_criteria"].phrase);
  });

  it("finds every code written in the sources and the documentation in the registry", () => {
    // A quoted `criterion.name` of a criterion the registry knows: a typo (two_action for two_actions) is a silent
    // new code. File names ("language.ts") are not codes.
    const quoted = new RegExp(`["'\`](${[...CRITERIA].join("|")})\\.(?!(?:ts|tsx|js|mjs|md|json)["'\`])[a-z_]+(?:\\.[a-z_]+)?["'\`]`, "g");
    // Codes that are data, not the engine's: a stored result of the dashboard's fixture (the stats read a stored
    // finding's code as it was stored, whatever engine or version wrote it).
    const stored = new Set(["testing/stats-fixture.ts: testable.no_criteria", "lib/stats/stats.test.ts: testable.no_criteria"]);
    const roots = ["lib", "app", "components", "scripts", "docs", "e2e", "faults", "testing"].map((d) => path.join(REPO, d));
    const files: string[] = [path.join(REPO, "README.md")];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "node_modules") walk(full);
        } else if (/\.(tsx?|md)$/.test(entry.name) && full !== __filename) files.push(full);
      }
    };
    roots.forEach(walk);
    const unknown: string[] = [];
    let named = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(quoted)) {
        const where = `${path.relative(REPO, file)}: ${m[0].slice(1, -1)}`;
        named++;
        if (!isFindingCode(m[0].slice(1, -1)) && !stored.has(where)) unknown.push(where);
      }
    }
    expect(files.length).toBeGreaterThan(300);
    expect(named).toBeGreaterThan(500);
    expect(unknown).toEqual([]);
  });

  it("checks a code named where findings are plain strings", () => {
    expect(findingCode("atomic.two_actions")).toBe("atomic.two_actions");
    expect(isFindingCode("atomic.two_actions")).toBe(true);
    expect(isFindingCode(["atomic", "two_action"].join("."))).toBe(false);
    expect(isFindingCode("toString")).toBe(false);
  });
});
