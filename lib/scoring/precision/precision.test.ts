// The precision samples of lib/scoring/precision: firings of each finding code on the shared backlogs, read and
// judged by the QUS criterion's definition (npm run quality:sample -- CODE draws them). Each judged story is
// scored again: a firing judged wrong that comes back counts against its code, so a rule change that brings
// back what was read as wrong shows here. Batch codes (uniform., unique.) need the whole backlog and are
// measured by quality:sample, not here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreTicket } from "../heuristic/engine";

interface Judged {
  backlog: string;
  story: string;
  verdict: "right" | "wrong" | "";
  reason: string;
}

const DIR = __dirname;
const files = fs.readdirSync(DIR).filter((f) => f.endsWith(".json") && !f.includes("misses"));
// Codes whose judged-wrong firings still exceed three in twenty, and how many fire today: they may not grow.
// The pairs of things, details and qualities the SPR reviewers count as Atomic and the other experts do not
// (lib/scoring/README.md, "Precision on the shared backlogs").
const OVER_LIMIT: Record<string, number> = {
  "atomic.two_objects": 11, "atomic.several_features": 13, "atomic.list_detail": 8, "atomic.two_qualities": 9,
};

describe("precision samples: firings judged wrong stay gone", () => {
  for (const file of files) {
    const sample = JSON.parse(fs.readFileSync(path.join(DIR, file), "utf8")) as { code: string; sample: Judged[]; retired: Judged[] };
    if (/^(uniform|unique)\./.test(sample.code)) continue;
    it(`${sample.code}: at most 3 in 20 judged wrong still fire`, () => {
      const judged = [...sample.sample, ...sample.retired].filter((j) => j.verdict);
      const fires = (j: Judged) => scoreTicket({ summary: j.story }).findings.some((f) => f.code === sample.code);
      const wrongNow = judged.filter((j) => j.verdict === "wrong" && fires(j));
      const limit = OVER_LIMIT[sample.code] ?? 3;
      expect(wrongNow.map((j) => `${j.backlog}: ${j.story} (${j.reason})`).length, wrongNow.map((j) => j.story).join("\n")).toBeLessThanOrEqual(limit);
    });
  }
});
