// The precision samples of lib/scoring/precision: firings of each finding code on the shared backlogs, read and
// judged by the QUS criterion's definition (npm run quality:sample -- CODE draws them). Each judged story is
// scored again: a firing judged wrong that comes back counts against its code, so a rule change that brings
// back what was read as wrong shows here. The verdict follows the definition as the reviewers applied it (each
// file's `reading`); `strict` records the stricter reading of atomic, which this test does not hold. Batch codes (uniform., unique.) need the whole backlog and are
// measured by quality:sample, not here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreTicket } from "../heuristic/engine";

interface Judged {
  backlog: string;
  story: string;
  /** The finding's message as it was read, where the sample kept it: the firing judged is that one. */
  message?: string;
  verdict: "right" | "wrong" | "";
  strict?: "right" | "wrong" | "";
  reason: string;
}

const DIR = __dirname;
// advice*.json are the reading of splits and rewrites (advice.test.ts beside this file), not firings of a code.
const files = fs.readdirSync(DIR).filter((f) => f.endsWith(".json") && !f.includes("misses") && !f.startsWith("advice"));
describe("precision samples: firings judged wrong stay gone", () => {
  for (const file of files) {
    const sample = JSON.parse(fs.readFileSync(path.join(DIR, file), "utf8")) as { code: string; source?: string; sample: Judged[]; before?: Judged[]; retired: Judged[] };
    // Bug and task samples refer to shared reports by id (reports.test.ts checks them when the reports are there).
    if (/^(uniform|unique)\./.test(sample.code) || sample.source) continue;
    it(`${sample.code}: at most 3 in 20 judged wrong still fire`, () => {
      const byStory = new Map([...(sample.before ?? []), ...sample.retired, ...sample.sample].map((j) => [j.story, j]));
      const judged = [...byStory.values()].filter((j) => j.verdict);
      // The firing judged, by the words its message quotes where the sample kept it: another firing of the code on the same story (a
      // vague word of its own, "clear citation information" beside the benefit's "accurately") is not the one read.
      // Matched on the words the message quotes, so a change of the message's wording does not hide a firing come back.
      const quoted = (j: Judged) => /"[^"]+"/.exec(j.message ?? "")?.[0];
      const fires = (j: Judged) => scoreTicket({ summary: j.story }).findings.some((f) => f.code === sample.code && (!quoted(j) || f.message.includes(quoted(j)!)));
      const wrongNow = judged.filter((j) => j.verdict === "wrong" && fires(j));
      expect(wrongNow.length, wrongNow.map((j) => `${j.backlog}: ${j.story} (${j.reason})`).join("\n")).toBeLessThanOrEqual(3);
    });
  }
});
