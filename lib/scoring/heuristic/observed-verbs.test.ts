// What happens told by a verb of losing or mishandling and what it acts on (bug-readers.ts, `MISHANDLES`;
// docs/decisions.md, "Bug readers, nineteenth pass").
import { describe, expect, it } from "vitest";
import { observedIn } from "./bug-readers";

const reads = (t: string) => observedIn(t).filter((r) => !r.generic).map((r) => t.slice(r.start, r.end));

describe("a thing of the program that loses, leaves out or mishandles what it names", () => {
  it("is what happens", () => {
    for (const t of [
      "Playlist export drops tracks with an emoji in the title",
      "Quote PDF omits the discount line",
      "Timesheet rounds 7 h 45 min down to 7 h",
      "Stock report counts reserved items as available",
      "Calendar shows all-day events as starting at midnight",
      "Label printer skips every second label after a paper change",
      "Mail merge leaves out the last row of the sheet",
    ]) expect(reads(t), t).not.toEqual([]);
  });

  it("is not a plea, a plan, a person's act or a patch's", () => {
    for (const t of [
      "We should drop support for the old API.",
      "Please drop the legacy flag in the next release.",
      "I saved the file as report.pdf and opened it again.",
      "The attached patch drops the unused helper.",
      "Drop the old column from the table.",
    ]) expect(reads(t), t).toEqual([]);
  });
});

describe("a value shown or returned, told of a plural subject", () => {
  it("is what happens", () => {
    for (const t of ["Night shifts show 00:00 total hours in the weekly report.", "Both mirrors return 404 for the file.", "The exported rows read \"N/A\" in every cell."]) expect(reads(t), t).not.toEqual([]);
  });

  it("is not an instruction, an expectation or a person's act", () => {
    for (const t of ["Show 5 rows per page.", "It should return 200.", "Then we print 3 copies."]) expect(reads(t), t).toEqual([]);
  });
});
