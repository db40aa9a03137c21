// Twenty-first pass, the twentieth pass's readings audited on data they were not written from (branch h-misses): the
// shared Jira issues, Eclipse/Facebook reports and backlogs, read-20-* and bands-read-19.json. Each verdict is kept
// here on sentences written for these tests (not copied from any report): a reading that fires rightly on the shape it
// fired on, a near shape it rightly leaves, and, as `it.fails`, the one wrong firing and the misses found and left
// (each such test fails today; when a later pass mends the reading, `it.fails` reports it, and the test is turned round).
import { describe, expect, it } from "vitest";
import { expectedIn, stepsIn, VAGUE_FAILURE, withoutHeadLines } from "./bug-readers";
import { scoreTicket } from "./engine";

const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
const hasSteps = (text: string) => stepsIn(text).at !== null;
const flagged = (code: string, summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === code);

describe("audit of h-eb3's first reading: a program's diagnostic line is no expectation", () => {
  it("reads nothing in a tool's diagnostic line that says what an option must be", () => {
    expect(kindsOf("Building the plugin stops at once:\nsetup: error: the --prefix value is wrong. It must name a directory.\nI gave it /opt/tool.")).toEqual([]);
  });
  it("reads nothing in a debug build's failed assertion", () => {
    expect(kindsOf("Assertion failure: mBuffer (Must have buffer), at src/audio/Mixer.cpp:412\n\nFound with a fuzzer on a debug build.")).toEqual([]);
  });
  it("still reads the reporter's own line after it", () => {
    expect(kindsOf("setup: error: the --prefix value is wrong.\n\nThe manual says a bin directory is fine, so the tool should accept /opt/tool/bin.")).toContain("modal");
  });
  // Known miss, left (read-20 httpd): a diagnostic line longer than 120 characters is judged by the sentence the read
  // stands in, so the tool's second sentence ("It must ...") is read as the reporter's. Not decisive there: the
  // reporter's own "should" follows.
  it.fails("known miss: a diagnostic line over 120 characters, its 'must' in the tool's second sentence", () => {
    expect(kindsOf("looking for libpng... setup: error: the value given to --with-png-prefix is not usable here at all. It must name an install prefix or a png-config script.")).toEqual([]);
  });
  it("leaves the reporter's proposed message in a wish: the wish is read", () => {
    expect(kindsOf("It would be great if the buttons were greyed out while the search runs and a banner saying 'hold on' could be shown.")).toContain("wish");
  });
});

describe("audit of h-eb3's second reading: a text quoted as it stands and as it should read", () => {
  it("takes the corrected label as the expected result", () => {
    expect(flagged("bug.no_expected_result", "Typo on the checkout page", 'The checkout page shows "Shipping adress" - "Shipping address".')).toBe(false);
  });
  it("takes no two different labels for a correction", () => {
    expect(flagged("bug.no_expected_result", "Order status wrong", 'After paying, the order page shows "Order placed" and the mail says "Order shipped" on the same day.')).toBe(true);
  });
});

describe("audit of h-sr3's readings: two joined actions, a later moment, a context menu's item", () => {
  it("reads two joined gerunds as the subject of what the program does", () => {
    expect(hasSteps("On the tablet (Android 12, app 4.1) dragging the blue marker from the map and dropping it on the list of saved places does nothing.")).toBe(true);
  });
  it("leaves two gerunds with no object", () => {
    expect(hasSteps("Compressing and uploading are both slow.")).toBe(false);
  });
  it("reads a restart after an action told", () => {
    expect(hasSteps("I hide the sidebar from the View menu. After restart it is back.")).toBe(true);
  });
  it("leaves a restart after a crash of the program's, and a restart that mends it", () => {
    expect(hasSteps("The game crashed and when I restarted there was no saved slot.")).toBe(false);
    expect(hasSteps("The badge stays on the icon. After a restart of the print service everything works again.")).toBe(false);
  });
  // A wrong firing found and left (Eclipse): "when I go back to ..." told in a complaint's reason, after numbered steps,
  // is counted as a later step. It changes nothing there (the steps were read already, and the count is the same), so
  // it has no test of its own; its shape alone, with no act before it, is not read:
  it("leaves a habit told in a complaint's reason with no act told before it", () => {
    expect(hasSteps("This is pretty annoying since even though I may once have disabled the rule, when I go back to the Add rule dialog, it is offered as new.")).toBe(false);
  });
  it("reads a right click with no thing and its item", () => {
    expect(hasSteps("In the sheet view, right click > Insert Row does nothing.")).toBe(true);
  });
  it("leaves a right click the reporter can use, the way round a change asked for", () => {
    expect(hasSteps("I know I can right click > Hide Column but a button would be quicker.")).toBe(false);
  });
  // Known miss, left (read-20 Firefox, Jira): an item in lower case that is a verb outside the list ("uncheck",
  // "publish"). Not decisive in the audited data: each stood among other steps.
  it.fails("known miss: a lower-case item outside the list", () => {
    expect(hasSteps("Right click the ruler > untick Snap to Grid.")).toBe(true);
  });
});

describe("audit of h-sr4's reading: several acts in one sentence", () => {
  it("reads a gerund joined by a comma to a gerund condition, each with its object", () => {
    expect(hasSteps("When browsing a shared drive, renaming a folder in the properties dialog does not rename it on the server.")).toBe(true);
  });
  it("leaves two calls given as alternatives", () => {
    expect(hasSteps("When calling saveDraft() or loadDraft(), nothing happens any more.")).toBe(false);
  });
});

describe("audit of h-vague's and h-bands5's reading: a failure told with nothing named", () => {
  it("reads an unnamed thing doing it again", () => {
    expect(VAGUE_FAILURE.test("so the roster thing, it's doing it again, or something like it")).toBe(true);
  });
  it("leaves a named failure that comes back on a date", () => {
    expect(VAGUE_FAILURE.test("The redirect loop is now happening again as of 3 March.")).toBe(false);
  });
  // Known misses, left (bands-read-19, useless tickets above 40%): the subject left out ("did it again"), a thing of an
  // earlier time named as a ticket or a weekend, a behaviour pointed at as "Is this expected?".
  it.fails("known miss: 'did it again' with its subject left out", () => {
    expect(VAGUE_FAILURE.test("Same here, did it again last night.")).toBe(true);
  });
  it.fails("known miss: the same as the ticket from last week", () => {
    expect(VAGUE_FAILURE.test("Same as the ticket from last week. Still happening.")).toBe(true);
  });
  it.fails("known miss: a behaviour pointed at with 'Is this expected?'", () => {
    expect(VAGUE_FAILURE.test("Is this expected?")).toBe(true);
  });
});

describe("audit of h-bands4's first reading: a chat app's heads on lines of their own", () => {
  it("leaves heads inline with their message (the bracketed speaker's form, read elsewhere)", () => {
    const chat = "[10:02] dana: anyone seeing this\n[10:03] omar: seeing what\n[10:03] dana: the thing on the rota";
    expect(withoutHeadLines(chat)).toBe(chat);
  });
});

describe("audit of h-read19's readings: a person's own 'need to', a closing imperative request", () => {
  it("reads a closing 'Add ...' with its stop as a request", () => {
    expect(kindsOf("Add a 'Skip intro' button to the episode player.")).toContain("request");
  });
  it("leaves a closing 'Make it ...' and an 'Add ...' line with no stop", () => {
    expect(kindsOf("The whole screen feels old. Less scrolling. Make it shine.")).not.toContain("request");
    expect(kindsOf("Add a tab to the finder that searches across lines")).not.toContain("request");
  });
  it("reads nothing in a workaround told with 'need to' alone", () => {
    expect(kindsOf("After a few hours under load the broker stops answering. Need to restart the broker.")).toEqual([]);
  });
});
