// Twenty-first pass, the twentieth writer's httpd reports read (branch h-read20h): readings built from causes with
// members from at least three writers, on sentences written for these tests (not copied from any report).
import { describe, expect, it } from "vitest";
import { expectedIn } from "./bug-readers";
import { scoreTicket } from "./engine";

/** The kinds of what should happen read in a text (`expectedIn`), in order. */
const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
/** Whether a report, scored as a Bug, is told its expected result is missing. */
const flagged = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === "bug.no_expected_result");

describe("twenty-first pass, read-20 httpd: what a named thing did before, told with 'used to'", () => {
  it("reads the earlier behaviour of a thing named as the subject", () => {
    expect(kindsOf("The scanner gives an empty batch now. The Export key used to write every page to one PDF.")).toContain("working_case");
    expect(kindsOf("Since the firmware update the thermostat ignores the schedule. The night setting used to drop it to 16 degrees.")).toContain("working_case");
    expect(kindsOf("Pressing Esc in the editor now closes the whole window. Esc used to close only the search bar.")).toContain("working_case");
  });

  it("reads a value the setting used to have, and a sentence with no subject at its start", () => {
    expect(kindsOf("Uploads above 5 MB are cut off since 3.1. The limit used to be 50 MB.")).toContain("working_case");
    expect(kindsOf("In 3.1 the invoice totals are rounded to whole euros. Used to work with 3.0.")).toContain("working_case");
  });

  it("flags nothing in a report whose expectation is the earlier behaviour", () => {
    expect(flagged("Payroll export drops the cost centre column since 7.2", "Since 7.2 the CSV export has no cost centre column. The export wizard used to add it after the employee number.")).toBe(false);
  });

  it("does not read a participle, a passive or a habit", () => {
    expect(kindsOf("The export is empty. The query used to fetch the rows is a plain SELECT on the view.")).toEqual([]);
    expect(kindsOf("The form shows an error. The page contains two widgets used to pick the date.")).toEqual([]);
    expect(kindsOf("The job fails at start.\nScript used to start the job:\n./run.sh --all")).toEqual([]);
    expect(kindsOf("The key is rejected. It is a key that is used to sign the packages.")).toEqual([]);
    expect(kindsOf("The new layout is hard to read. We got used to the old menu after a week.")).toEqual([]);
  });

  it("does not read people's habit, a relative subject, a question or a failure of the past", () => {
    expect(kindsOf("The sync fails every night. We used to copy the files by hand.")).toEqual([]);
    expect(kindsOf("The sync fails every night. Most customers used to print the report on Mondays.")).toEqual([]);
    expect(kindsOf("The folder is empty now, and what used to be the archive folder is gone.")).toEqual([]);
    expect(kindsOf("The import stops half way. The old importer used to crash on the same files too.")).toEqual([]);
    expect(kindsOf("Which version of the importer used to handle this file?")).toEqual([]);
  });
});

describe("twenty-first pass, read-20 httpd: a question asking the program or its part to act", () => {
  it("reads 'Could' before a named subject and a bare verb, with its question mark", () => {
    expect(kindsOf("The badge reader logs every swipe twice. Could the reader skip a swipe it saw in the last second?")).toContain("request");
    expect(kindsOf("The report is hard to scan. Could the summary page list the overdue loans first, or could the mail show them?")).toContain("request");
    expect(kindsOf("Not really a bug. Could the welcome screen have a short note on where the settings live?")).toContain("request");
  });

  it("flags nothing in a request told as such a question", () => {
    expect(flagged("Greenhouse controller: vents stay shut above 30 degrees", "The vents stay shut when the sensor reads 31 degrees. Could the controller open them at a set temperature?")).toBe(false);
  });

  it("does not read a guess at a cause, a passive, people, 'there' or a pronoun", () => {
    expect(kindsOf("The printer jams on every second sheet. Could the new driver cause this?")).toEqual([]);
    expect(kindsOf("The printer jams on every second sheet. Could the new tray be the problem?")).toEqual([]);
    expect(kindsOf("The totals are wrong. Could the rounding be applied per line?")).toEqual([]);
    expect(kindsOf("The totals are wrong. Could there be anything I set up wrong on my side?")).toEqual([]);
    expect(kindsOf("The totals are wrong. Could this be related to the new tax table?")).toEqual([]);
  });

  it("does not read 'Can' or 'Will' (what the program can or will do), nor a sentence that is no question", () => {
    expect(kindsOf("The meter shows kWh only. Can the meter report the reading in joules?")).toEqual([]);
    expect(kindsOf("Will the old terminal still get updates next year?")).toEqual([]);
    expect(kindsOf("I told the clerk the machine could handle the load.")).toEqual([]);
    expect(kindsOf("Could the upgrade break the old reports? Nobody knows.")).toEqual([]);
  });
});

describe("twenty-first pass, read-20 httpd: what an earlier version did, told in the past passive", () => {
  it("reads the version's passive of the past as the case that worked, with no other version named", () => {
    expect(kindsOf("The label printer leaves the batch field empty. In 4.2 the batch number was included.")).toContain("working_case");
    expect(kindsOf("The booking form drops the promo code.\n\nWith 3.1 the code was kept on the summary page.")).toContain("working_case");
    expect(kindsOf("The welcome mail has no reply address. In 2.8 it was set to the desk's mailbox.")).toContain("working_case");
    expect(kindsOf("The import opens a blank sheet. With 5.0 the report.csv was opened in the viewer.")).toContain("working_case");
  });

  it("flags nothing in a report whose expectation is that version's passive", () => {
    expect(flagged("Label printer: batch number missing on pallet labels", "The pallet labels come out without the batch number. In 4.2 the batch number was included.")).toBe(false);
  });

  it("does not read a failure, a negation, a noun or an adjective after 'was', or a version named twice", () => {
    expect(kindsOf("In 4.2 the batch number was dropped.")).toEqual([]);
    expect(kindsOf("In 4.2 the batch number was printed twice.")).toEqual([]);
    expect(kindsOf("In 4.2 the batch number was not printed either.")).toEqual([]);
    expect(kindsOf("The export is slow. In 4.2 it was a single file.")).toEqual([]);
    expect(kindsOf("The export is slow. In 4.2 it was normal speed.")).toEqual([]);
    expect(kindsOf("I run 4.2 on the depot PCs. In 4.2 the batch number was printed on the wrong line.")).toEqual([]);
  });
});
