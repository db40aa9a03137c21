// The precision samples of the bug and task codes (lib/scoring/precision/bug.*.json, task.*.json): firings on the
// shared bug reports and Jira issues, kept by file and id with a verdict and a reason in our own words (the texts
// are not ours to copy). When the shared reports are there, each judged report is scored again as it was drawn (as
// a Bug or a Task): a firing judged wrong that comes back counts against its code, as for the story codes. A clone
// without the shared data checks that every sample is judged and refers to reports by id only.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreTicket } from "../heuristic/engine";

interface JudgedReport {
  file: string;
  group: string;
  id: string;
  verdict: "right" | "wrong" | "";
  reason: string;
}

interface ReportSample {
  code: string;
  kind: "firings" | "silences";
  source: string;
  scoredAs: "Bug" | "Task";
  sample: JudgedReport[];
  retired: JudgedReport[];
}

const DIR = __dirname;
const REPO = path.resolve(DIR, "../../..");
const samples = fs.readdirSync(DIR).filter((f) => /^(?:bug|task)\..*\.json$/.test(f))
  .map((f) => JSON.parse(fs.readFileSync(path.join(DIR, f), "utf8")) as ReportSample);

/** The shared reports by file and id, or null when the file is not there. */
function reportsOf(file: string): Map<string, { summary: string; description: string }> | null {
  const full = path.resolve(REPO, file);
  if (!fs.existsSync(full)) return null;
  const out = new Map<string, { summary: string; description: string }>();
  for (const line of fs.readFileSync(full, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as Record<string, string>;
    if (r.bug_id) out.set(`${r.system}\n${r.bug_id}`, { summary: r.title, description: r.description ?? "" });
    else out.set(`${r.project}\n${r.key}`, { summary: r.summary, description: r.description ?? "" });
  }
  return out;
}

describe("precision samples of the bug and task codes", () => {
  it("cover every bug and task code, judged, by reference only", () => {
    const codes = new Set(samples.filter((s) => s.kind === "firings").map((s) => s.code));
    for (const code of ["bug.no_expected_result", "bug.vague_expected_result", "bug.no_actual_result", "bug.no_steps", "bug.no_environment",
      "bug.no_impact", "bug.several_defects", "bug.prescribes_fix", "task.no_reason", "task.no_done_condition", "task.vague_done_condition"]) {
      expect(codes.has(code), code).toBe(true);
    }
    for (const s of samples) {
      for (const j of [...s.sample, ...s.retired]) {
        expect(Object.keys(j).sort(), `${s.code} ${j.id}`).toEqual(["file", "group", "id", "reason", "verdict"]);
        expect(j.verdict, `${s.code} ${j.group} ${j.id} is not judged`).toMatch(/^(?:right|wrong)$/);
        expect(j.reason.length, `${s.code} ${j.id}`).toBeGreaterThan(5);
      }
    }
  });

  for (const s of samples.filter((x) => x.kind === "firings")) {
    const judged = [...s.sample, ...s.retired];
    const files = [...new Set(judged.map((j) => j.file))];
    const reports = files.map(reportsOf);
    const present = reports.every((r) => r !== null);
    it.skipIf(!present || judged.length === 0)(`${s.code}: at most 3 judged wrong still fire`, () => {
      const byKey = new Map<string, { summary: string; description: string }>();
      for (const r of reports) for (const [k, v] of r ?? []) byKey.set(k, v);
      const fires = (j: JudgedReport) => {
        const r = byKey.get(`${j.group}\n${j.id}`);
        return !!r && scoreTicket({ summary: r.summary, description: r.description, issue_type: s.scoredAs }).findings.some((f) => f.code === s.code);
      };
      const wrongNow = judged.filter((j) => j.verdict === "wrong" && fires(j));
      expect(wrongNow.length, wrongNow.map((j) => `${j.group} ${j.id}: ${j.reason}`).join("\n")).toBeLessThanOrEqual(3);
    });
  }
});
