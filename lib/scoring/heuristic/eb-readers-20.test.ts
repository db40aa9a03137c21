// Twentieth pass, expected results across writers (third pass): readings built from causes with members from at least
// three writers, on sentences written for these tests (not copied from any report).
import { describe, expect, it } from "vitest";
import { expectedIn } from "./bug-readers";
import { scoreTicket } from "./engine";

/** The kinds of what should happen read in a text (`expectedIn`), in order. */
const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
/** Whether a report, scored as a Bug, is told its expected result is missing. */
const flagged = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === "bug.no_expected_result");

describe("twentieth pass, expected results across writers: a program's diagnostic line is no expectation", () => {
  it("reads nothing in a line a tool, a debug build or a test harness printed", () => {
    expect(kindsOf("./configure --with-foo\nbuild: error: libfoo could not be found. Please use the --with-foo option.\nconfigure stopped there.")).toEqual([]);
    expect(kindsOf("Opening the attached file in a debug build prints\n\n###!!! ASSERTION: Node should be attached: 'mParent', file dom/Node.cpp, line 88\n\nabout ten times.")).toEqual([]);
    expect(kindsOf("ASSERTION: List should be sorted: 'IsSorted()' when pasting a table")).toEqual([]);
    expect(kindsOf("TEST-UNEXPECTED-FAIL | /tests/widget/test_drag.html | got 3, expected 4\nSeen twice on the Mac debug builders.")).toEqual([]);
    expect(kindsOf("Assertion failure: count should be positive, at widget/List.cpp:40")).toEqual([]);
  });

  it("flags the report whose only expectation stood in the program's line", () => {
    expect(flagged("Build stops on Solaris", "./configure --prefix=/opt/x\n...\nmake: error: zlib not found. Please install zlib or use --without-zlib.\nThe headers are in /opt/zlib/include.")).toBe(true);
    expect(flagged("ASSERTION: Frame should be clean: 'IsClean()' with grid and floats", "Opening the attached page in a debug build hits it 20 times, then the page draws.")).toBe(true);
  });

  it("still reads the reporter's own words after the program's line, and a line the reporter opens", () => {
    expect(kindsOf("build: error: libfoo could not be found.\nIt should find the copy in srclib instead of asking for an option.")).toContain("modal");
    expect(kindsOf("The test reports TEST-UNEXPECTED-FAIL every night. The harness should retry once before failing.")).toContain("modal");
    expect(kindsOf("Note: the setting should be kept after a restart.")).toContain("modal");
    expect(kindsOf("Error handling: the form should keep what was typed.")).toContain("modal");
    expect(kindsOf("The assertion the docs describe says the count should never be negative, and here it is -1.")).toContain("modal");
    expect(kindsOf("The build log shows no errors, but I expected the installer to copy the icons too.")).toContain("expect");
    expect(flagged("Build stops on Solaris", "make: error: zlib not found.\nI expected configure to find the zlib in /opt, as the docs say it does.")).toBe(false);
  });
});

describe("twentieth pass, expected results across writers: a request quoted from the program's message", () => {
  it("reads no request in a message in single marks the program fails with, gives or returns", () => {
    expect(kindsOf("The import fails with 'Import could not be completed. Please close other windows and try again.' even with nothing else open.")).not.toContain("request");
    expect(kindsOf("Saving gives 'Disk is full. Please free some space.' although 40 GB are free.")).not.toContain("request");
    expect(kindsOf("The call returns 'Token expired, please sign in again' one minute after signing in.")).not.toContain("request");
    expect(flagged("Import could not be completed", "The import fails with 'Import could not be completed. Please close other windows and try again.' I checked, none are open.")).toBe(true);
  });

  it("still reads the reporter's request after the quote closes, and one in words with apostrophes", () => {
    expect(kindsOf("The import fails with 'Import could not be completed.' Please make the message say which file is wrong.")).toContain("request");
    expect(kindsOf("The export fails with the plugin's default settings. Please add an option to keep the old format.")).toContain("request");
    expect(kindsOf("It doesn't save the draft and it isn't shown anywhere. Please add an autosave.")).toContain("request");
    expect(kindsOf("The 'Save' button fails with large files. Please make it save in parts.")).toContain("request");
    expect(kindsOf("I get 'file too large' on every upload. Please add an option to raise the limit.")).toContain("request");
  });
});

describe("twentieth pass, expected results across writers: a text quoted as it stands and as it should read", () => {
  it("reads the corrected text, a letter or two apart, in any language", () => {
    expect(flagged("Typo in the save dialog", 'The button reads "Save as templete" in the export dialog; "Save as template" is meant.')).toBe(false);
    expect(flagged("[fr] Faute dans le menu", 'Dans le menu Outils, l\'entrée "Préférrences avancées" a un r de trop. Il faudrait "Préférences avancées".')).toBe(false);
    expect(flagged("Wrong plural in the Czech cart", 'Košík ukazuje "Máte 5 položka" - správně "Máte 5 položek".')).toBe(false);
  });

  it("reads no correction in paths, in texts apart only by case, spaces, marks or digits, in short or far-apart texts", () => {
    expect(flagged("Include fails", 'Requesting "/pages/alpha.shtml" includes "/pages/alpha.shtm" and the include fails with a 404.')).toBe(true);
    expect(flagged("Menu label", 'The menu shows "Open Recent Files" and the toolbar "open recent files"; clicking either does nothing.')).toBe(true);
    expect(flagged("Label run together", 'The header shows "Order History" on one page and "OrderHistory" on the next, and the list is empty.')).toBe(true);
    expect(flagged("Counts shown", 'The panel says "Uploaded 3 of 10" and then "Uploaded 4 of 10" and stops there for ever.')).toBe(true);
    expect(flagged("Short labels", 'The tabs read "Inbox" and "Inbux" after the update and neither opens.')).toBe(true);
    expect(flagged("Two messages", 'First it shows "Connecting to server" and then "Connected to servers", then the window closes.')).toBe(true);
    expect(flagged("Same message twice", 'It shows "Could not save the file" and again "Could not save the file" when retrying.')).toBe(true);
  });
});
