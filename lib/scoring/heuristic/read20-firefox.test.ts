// Twenty-first pass, the twentieth writer's Firefox reports read (branch h-read20f): readings built from causes with
// members from at least three writers across the read sets, on sentences written for these tests (not copied from any
// report). Each describe holds at least as many controls that must not move as texts that must.
import { describe, expect, it } from "vitest";
import { expectedIn, observedIn, stepsIn } from "./bug-readers";

/** The kinds of what should happen read in a text (`expectedIn`), in order. */
const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
/** The words of each statement of what happens read in a text (`observedIn`). */
const seen = (text: string) => observedIn(text).map((r) => text.slice(r.start, r.end));

describe("twenty-first pass, read-20: a thing named by a noun or a gerund that 'used to' work, set against now", () => {
  it("reads the case that worked when the next sentence tells what happens now", () => {
    expect(kindsOf("The export button used to save a CSV file. Now it opens an empty dialog.")).toContain("working_case");
    expect(kindsOf("Pressing F5 in the calendar used to jump to today. Since version 3 it reloads the whole page.")).toContain("working_case");
    expect(kindsOf("Receipts from the kiosk used to print on one page. With 7.2 they run over two.")).toContain("working_case");
  });

  it("reads nothing in a participle, a person's habit, a failure of the past or an old behaviour with nothing after it", () => {
    expect(kindsOf("The token used to sign requests is stored in the vault. Now it expires after an hour.")).toEqual([]);
    expect(kindsOf("The key is used to sign requests. Now the signature is rejected.")).toEqual([]);
    expect(kindsOf("I used to export the ledger every week. Now I cannot.")).toEqual([]);
    expect(kindsOf("The importer used to crash on empty rows. Now it hangs.")).toEqual([]);
    expect(kindsOf("The queue used to drain at night and the reports were ready by six.")).toEqual([]);
    expect(kindsOf("Having got used to the old menu, the new one is confusing. Now I click the wrong item.")).toEqual([]);
  });
});

describe("twenty-first pass, read-20: the same input said to work in another named place, in the present", () => {
  it("reads 'Same X works in Y' as a case that works", () => {
    expect(kindsOf("The invoice total is rounded twice. Same invoice works in the desktop client.")).toContain("working_case");
    expect(kindsOf("Uploads over 2 GB stop at 99%. Same file loads fine in the mobile app.")).toContain("working_case");
  });

  it("reads nothing in the past, in a failure that is the same, or in a failure told of the same input", () => {
    expect(kindsOf("The invoice total is rounded twice. Same invoice worked on the old release.")).toEqual([]);
    expect(kindsOf("Uploads stop at 99%. Same error loads in every client: the popup says the total is bad.")).toEqual([]);
    expect(kindsOf("The same file fails in the desktop client.")).toEqual([]);
  });
});

describe("twenty-first pass, read-20: a case that works 'as it should' or 'as documented'", () => {
  it("reads the case told with what makes it that case", () => {
    expect(kindsOf("With the antivirus disabled the upload works as it should.")).toContain("working_case");
    expect(kindsOf("In the desktop app the export works as documented.")).toContain("working_case");
  });

  it("reads nothing in a failure said to be intended, a negation, or a sentence with no case", () => {
    expect(kindsOf("This is working as intended IMO, but our users complain.")).toEqual([]);
    expect(kindsOf("The scanner never works as it should with the new driver.")).not.toContain("working_case");
    expect(kindsOf("Nothing works as it should.")).not.toContain("working_case");
  });
});

describe("twenty-first pass, read-20: the failure not done in another version, told with 'do that'", () => {
  it("reads 'It didn't do that with <version>' as a case that worked", () => {
    expect(kindsOf("The reminder pops up twice. It didn't do that with 4.2.")).toContain("working_case");
  });

  it("reads nothing without a version, or with another object than the failure", () => {
    expect(kindsOf("The reminder pops up twice. It didn't do that with the old file.")).toEqual([]);
    expect(kindsOf("The reminder pops up twice. It didn't do anything with 4.2.")).toEqual([]);
  });
});

describe("twenty-first pass, read-20: what 'would be enough' is a wish", () => {
  it("reads the least change the reporter asks for", () => {
    expect(kindsOf("The sync banner covers the toolbar. A small icon in the status bar would be enough.")).toContain("wish");
    expect(kindsOf("A hidden setting would suffice for me.")).toContain("wish");
  });

  it("reads nothing in an amount that is enough to set the failure off", () => {
    expect(kindsOf("Two quick clicks would be enough to lose the draft.")).toEqual([]);
    expect(kindsOf("Ten rows would be enough to show the lag.")).toEqual([]);
    expect(kindsOf("That would be enough for one day, the clerk said.")).toEqual([]);
  });
});

describe("twenty-first pass, read-20: a line of the browser's own log is no sentence of the reporter's", () => {
  it("reads no expectation in a log line with a millisecond timestamp, a logger and a level", () => {
    expect(kindsOf("The sync never ends.\n\n1700000000123\tSync.Engine.Notes\tDEBUG\tIn apply: records should be merged.\n1700000000456\tSync.Engine.Notes\tINFO\tDone.")).toEqual([]);
  });

  it("still reads the reporter's own sentence, and a number that opens a sentence", () => {
    expect(kindsOf("The sync never ends. The log should say which record failed.")).toContain("modal");
    expect(kindsOf("1700000000123 records is too many.\nThe importer should split them.")).toContain("modal");
  });
});

describe("twenty-first pass, read-20: instructions after a 'Test:' label", () => {
  it("reads the acts told after the label as the way there", () => {
    const s = stepsIn("The date picker resets the month.\n\nTest: paste a date into the field and press Enter; the month jumps back.");
    expect(s.at).toBeTruthy();
  });

  it("reads no acts where the label names a test file or an attachment", () => {
    expect(stepsIn("Test: report_export.spec fails on CI.").at).toBeFalsy();
    expect(stepsIn("Testcase: attachment 1234.").at).toBeFalsy();
  });
});

describe("twenty-first pass, read-20: a thing named at its clause's head that is back", () => {
  it("reads what came back", () => {
    expect(seen("I hid the status bar. Log out and in again. Status bar is back.").join(" | ")).toContain("is back");
  });

  it("reads nothing in a clause of time or a wait", () => {
    expect(seen("After a reboot the printer came back.")).toEqual([]);
    expect(seen("Wait until the server is back.")).toEqual([]);
  });
});
