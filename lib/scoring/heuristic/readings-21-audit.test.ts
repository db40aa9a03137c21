// Twenty-second pass, the twenty-first pass's readings audited on data they were not written from (branch h-audit21):
// the 665 shared Eclipse/Facebook reports, the 300 shared Jira issues, the backlog stories, read-21-* and
// bands-read-20.json. Each verdict is kept here on sentences written for these tests (not copied from any ticket): a
// reading that fires on the shape it fired on, a near shape it leaves, and, as `it.fails`, the wrong firings and the
// misses found and left (each such test fails today; when a later pass mends the reading, `it.fails` reports it, and the
// test is turned round).
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { expectedIn, KEPT_ON_RECORD, MAIL_SIGNATURE, observedIn, stepsIn } from "./bug-readers";
import { scoreTicket } from "./engine";

const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
const hasSteps = (text: string) => stepsIn(text).at !== null;
const lineRead = (re: RegExp, line: string) => new RegExp(re.source, re.flags.replace("g", "")).test(line);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);
/** The words a story's vague-term finding quotes, or "" when it has none. */
const vagueIn = (summary: string) =>
  scoreTicket({ summary, issue_type: "Story" }).findings.filter((f) => f.code === "unambiguous.vague_term").map((f) => f.message).join(" ");

describe("audit of usedToBefore (h-read20h): what a named thing, or a pronoun, used to do", () => {
  it("reads a named thing's 'used to' and a pronoun's", () => {
    expect(kindsOf("The tide widget used to list the next four tides.")).toContain("working_case");
    expect(kindsOf("It used to keep the sort order between visits.")).toContain("working_case");
  });
  it("leaves a participle followed by its own verb", () => {
    expect(kindsOf("The keys used to sign the export are rotated nightly.")).toEqual([]);
  });
  // A wrong firing found and left (shared Facebook): a participle in a bracketed aside with no finite verb of its own
  // ("(These fields used to build ...)") is read as what the fields once did. It changes nothing there (the report's
  // expected result is read elsewhere); one member.
  it.fails("wrong firing, left: a participle in a bracketed aside with no verb of its own", () => {
    expect(kindsOf("The badge count is off by one. (These three columns used to compute a row hash for each import.)")).toEqual([]);
  });
});

describe("audit of usedToBefore's misses, found and left (none decisive)", () => {
  // Shared Facebook and Jira: a named thing's "used to" is left when its sentence goes on with a finite verb or a colon
  // ("... used to say that you can ...", "... used to run queries such as:") or opens with one ("This is a regression,
  // since the old X used to ..."). In each report the expected result is read elsewhere (or the report is an unlabelled
  // Jira issue), so none is decisive; the guards keep a participle's own verb from being read ("The keys used to sign
  // the export are rotated"), and a fix would have to tell the two apart.
  it.fails("known miss: a named thing's 'used to' whose clause goes on with 'that you can'", () => {
    expect(kindsOf("The help page of the importer used to say that you can skip the header row.")).toContain("working_case");
  });
  it.fails("known miss: a named thing's 'used to' after a clause with 'is'", () => {
    expect(kindsOf("This is a regression, since the old planner used to keep the filters between visits.")).toContain("working_case");
  });
});

describe("audit of actAsked (h-read20h): 'Could <the program's part> <verb> ...?'", () => {
  it("reads a question that asks a named part to act", () => {
    expect(kindsOf("Could the scheduler skip public holidays?")).toContain("request");
  });
  it("leaves a guess at a cause, and people asked", () => {
    expect(kindsOf("Could the upgrade cause this?")).toEqual([]);
    expect(kindsOf("Could our proxy be what drops the header?")).toEqual([]);
    expect(kindsOf("Could someone look at the exporter?")).toEqual([]);
  });
});

describe("audit of PAST_PASSIVE in frontedVariantWorks (h-read20h): an earlier version's past passive", () => {
  it("reads what an earlier version did, told in the past passive, as the case that worked", () => {
    expect(kindsOf("The label printer leaves the lot field empty. In 5.1 the lot number was included.")).toContain("working_case");
  });
  it("leaves a failure told in the same shape", () => {
    expect(kindsOf("In 4.2 the batch number was dropped.")).toEqual([]);
  });
  // A wrong firing found and left (shared Jira): a change made in that version ("was changed to ...", the cause of the
  // failure) is read as what the version did well. Not decisive there (the title's "should not" is read); one member.
  // Mended at the merge (twenty-second pass): a verb of change after "was" tells what the version changed.
  it("does not read a change made in the version as the case that worked", () => {
    expect(kindsOf("In 3.2 the default port was changed to 8443, and now the agent cannot connect.")).toEqual([]);
  });
});

describe("audit of h-read20f's readings: a case that works, a wish, a log line, a label, a thing back", () => {
  it("reads 'same X works in Y' and leaves a failure that is the same", () => {
    expect(kindsOf("The same playlist plays on the kitchen speaker.")).toContain("working_case");
    expect(kindsOf("The same error loads in the desktop viewer.")).toEqual([]);
  });
  it("reads 'works as it should' with what makes it that case, and leaves 'as intended' and a negation", () => {
    expect(kindsOf("With the ad blocker off, the seat map works as it should.")).toContain("working_case");
    expect(kindsOf("This is working as intended.")).toEqual([]);
    expect(kindsOf("The seat map does not work as it should with the ad blocker on.")).not.toContain("working_case");
  });
  it("reads 'it didn't do that with <version>', and leaves one with no version", () => {
    expect(kindsOf("The tooltip now covers the button. It did not do that in 7.0.3.")).toContain("working_case");
    expect(kindsOf("It didn't do that in the old app.")).toEqual([]);
  });
  it("reads 'would be enough' as a wish, and leaves it where a purpose follows", () => {
    expect(kindsOf("A plain 'Export CSV' button on the report page would be enough.")).toContain("wish");
    expect(kindsOf("Keeping only the first warning would be sufficient.")).toContain("wish");
    expect(kindsOf("One bad cable would be enough to stop the line.")).toEqual([]);
  });
  it("reads a 'Test:' label as opening the instructions, and leaves one that names a test file", () => {
    expect(hasSteps("The route planner drops the last stop.\n\nTest: drag a stop onto the map and press Save; the list loses it.")).toBe(true);
    expect(hasSteps("The route planner drops the last stop.\n\nTest: route_planner.spec fails on the nightly run.")).toBe(false);
  });
  it("reads no expectation in the browser's own log line, and still reads the reporter's", () => {
    expect(kindsOf("The upload never finishes.\n\n1700000000999\tUploads.Queue\tDEBUG\tItem should be retried.\n1700000001999\tUploads.Queue\tINFO\tIdle.")).toEqual([]);
    expect(kindsOf("The upload never finishes. The log should name the file.")).toContain("modal");
  });
  it("reads a named thing that is back at its clause's head", () => {
    expect(observedIn("The ticker is back.").length).toBeGreaterThan(0);
    expect(observedIn("Once the server is back, the queue drains.")).toEqual([]);
  });
});

describe("audit of h-bands6's readings: a mail program's lines, 'still happening', filing notes", () => {
  it("reads 'still happening' with nothing named as only judged, and leaves it with a place", () => {
    expect(observedIn("It's still happening.").map((r) => r.generic === true)).toEqual([true]);
    expect(observedIn("Still happening on the shopping list page.").map((r) => r.generic === true)).toEqual([false]);
  });
  it("reads a phone's signature alone on its line, and leaves a sentence that goes on", () => {
    expect(lineRead(MAIL_SIGNATURE, "Sent from my iPhone")).toBe(true);
    expect(lineRead(MAIL_SIGNATURE, "Sent from my iPhone the parking app logs me out")).toBe(false);
  });
  it("reads a filing note as no reason, and leaves a 'so' that names a goal", () => {
    expect(codes({ summary: "Shelf labels", description: "Printing new shelf labels for aisle 4, raising this so it's on record.", issue_type: "Task" })).toContain("task.no_reason");
    expect(codes({ summary: "Shelf labels", description: "Printing new shelf labels for aisle 4 so shoppers can find the gluten-free range.", issue_type: "Task" })).not.toContain("task.no_reason");
    expect(lineRead(KEPT_ON_RECORD, "so we don't forget to renew the certificate")).toBe(false);
  });
});

describe("audit of the story's vague word: 'clear', an action named in a verb's bare form, identifiers, 'for'", () => {
  it("reads 'clear' and 'clearly' as the quality asked for in a story's means", () => {
    expect(vagueIn("As a member I want clear labels on the lockers")).toContain('"clear"');
    expect(vagueIn("As a member I want to see clearly which slots are free")).toContain('"clearly"');
    expect(vagueIn("Clear pricing for monthly plans")).toContain('"Clear"');
  });
  it("leaves 'Clear' as a verb at a summary's start, and 'clear' in the benefit", () => {
    expect(vagueIn("Clear cache on logout")).toBe("");
    expect(vagueIn("As a member I want a list of rooms so that it is clear which are free")).toBe("");
  });
  it("reads an opening vague word before an action named in a verb's bare form, or a gerund, with 'for' after", () => {
    expect(vagueIn("Quick renew for library members")).toContain('"Quick"');
    expect(vagueIn("Easy booking for school groups")).toContain('"Easy"');
  });
  it("reads no vague word inside an identifier", () => {
    expect(vagueIn("Timeout in fast_path_lookup")).toBe("");
    expect(vagueIn("Crash in pool_clear_all on shutdown")).toBe("");
  });
});
