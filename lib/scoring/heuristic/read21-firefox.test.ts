// Twenty-second pass, the twenty-first writer's reports read (branch h-read21): a reading built from a cause with members
// from at least three writers or authors, on sentences written for these tests (not copied from any report).
import { describe, expect, it } from "vitest";
import { stepsIn } from "./bug-readers";
import { scoreTicket } from "./engine";

/** Whether a report, scored as a Bug, is told its steps to reproduce are missing. */
const flagged = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === "bug.no_steps");

describe("twenty-second pass, read-21: acts told in the past with their subject left out", () => {
  it("reads two or more past acts with no subject, joined by commas, 'then' or a full stop", () => {
    expect(stepsIn("opened a new spreadsheet, pasted the column from the clipboard, sorted it by date. the totals row moved to the top.").at).not.toBeNull();
    expect(stepsIn("Uploaded a photo to the shared album, then deleted it on the phone. The album still shows it.").at).not.toBeNull();
    expect(stepsIn("Scanned the parcel at the depot. Printed the label. The label shows the old postcode.").at).not.toBeNull();
  });

  // Mended at the merge (read-15 u15f-065, found reading the reading's misses): the first act may be followed by a
  // preposition ("Installed to ...", "Went to ...", "Logged in as ..."); only a passive's agent ("by", "with") is excluded.
  it("reads a first act followed by a preposition", () => {
    expect(stepsIn("Installed to D:\\Tools\\Ledger as admin, started as a normal user. It asks for the admin password every time.").at).not.toBeNull();
    expect(stepsIn("Went to the booking page, picked the Friday slot. The slot shows as taken.").at).not.toBeNull();
  });

  it("takes the report for one with steps", () => {
    expect(flagged("Greenhouse vents stay shut after manual override", "switched the vents to manual, opened them from the panel, switched back to auto. the vents closed and stay shut at 31 degrees.")).toBe(false);
  });

  it("does not read one past act, a modifier before a noun with a verb of its own, an aspect or a passive's agent", () => {
    expect(stepsIn("Booked a table for four. The confirmation never arrives.").at).toBeNull();
    expect(stepsIn("Saved drafts are lost after a restart. Printed copies look fine.").at).toBeNull();
    expect(stepsIn("Stopped working, restarted it twice.").at).toBeNull();
    expect(stepsIn("Created by the nightly job, checked by nobody. The report is empty.").at).toBeNull();
  });

  it("does not read verbs that tell what was seen or what went wrong", () => {
    expect(stepsIn("Noticed the totals are off, reported it to finance. The ledger is wrong.").at).toBeNull();
    expect(stepsIn("Crashed twice, failed once more. The pump controller reboots.").at).toBeNull();
  });
});
