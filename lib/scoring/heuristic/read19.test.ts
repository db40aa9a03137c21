// Twentieth pass, the nineteenth writer's reports read (branch h-read19): readings built from causes with members from
// at least three writers, on sentences written for these tests (not copied from any report).
import { describe, expect, it } from "vitest";
import { expectedIn } from "./bug-readers";
import { scoreTicket } from "./engine";

/** The kinds of what should happen read in a text (`expectedIn`), in order. */
const kindsOf = (text: string) => expectedIn(text).map((r) => r.kind);
/** Whether a report, scored as a Bug, is told its expected result is missing. */
const flagged = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.some((f) => f.code === "bug.no_expected_result");

describe("twentieth pass, read-19: a person's own task told with 'need to' is no expectation", () => {
  it("reads nothing in the team's or the reporter's deliberation", () => {
    expect(kindsOf("The old parser is still in the tree; we need to decide whether to keep it or drop it.")).toEqual([]);
    expect(kindsOf("We run 40 hosts on the old branch and our plugins are not ported, need to plan the upgrade.")).toEqual([]);
    expect(kindsOf("The licence of libfoo is unclear. Need to figure out if we can ship it.")).toEqual([]);
  });

  it("reads nothing in the reporter's act that mends the failure, its subject left out", () => {
    expect(kindsOf("After a reload the old worker keeps the port and new requests hang. Need to kill the old process to fix.")).toEqual([]);
    expect(kindsOf("The panel stays blank after resume; need to toggle the sidebar twice to get it working.")).toEqual([]);
  });

  it("flags the report whose only expectation was the reporter's own task", () => {
    expect(flagged("Listener left open after graceful restart on AIX", "After a graceful restart the old listener still answers and some requests hang. Need to stop the whole service to fix.")).toBe(true);
  });

  it("still reads what the program should do, and the team's request to change it", () => {
    expect(kindsOf("The listener needs to be closed on a graceful restart.")).toContain("modal");
    expect(kindsOf("The cache needs to decide per request whether to store the reply.")).toContain("modal");
    expect(kindsOf("The probe is dead code now. We need to either renew the probe or remove it.")).toContain("modal");
    expect(kindsOf("Our proxy sits in front of the server; we need to pass the client certificate on to the backend.")).toContain("modal");
    expect(kindsOf("The module needs to release the port when the old process exits.")).toContain("modal");
    expect(kindsOf("Old listener stays open. It should be closed on restart, need to unload the module to fix.")).toContain("modal");
  });
});

describe("twentieth pass, read-19: a report that closes on a bare imperative of change asks for it", () => {
  it("reads a request in the closing imperative addressed to whoever fixes it", () => {
    expect(kindsOf("The log only names the file, not the directory.\nAdd the directory to the message.")).toContain("request");
    expect(kindsOf("Seven themes ship by default and I use one. Remove the others or ask on first run.")).toContain("request");
    expect(kindsOf("The notes say to set X on some systems. Is this still needed on 2022? If not needed, remove it from the docs.")).toContain("request");
  });

  it("reads no request in a step, a workaround or a plea", () => {
    expect(kindsOf("1. Open the page\n2. Remove the cookie.")).toEqual([]);
    expect(kindsOf("Steps:\n- Add a bookmark\n- Remove the bookmark")).toEqual([]);
    expect(kindsOf("Open the Library window. Remove the bookmark.")).toEqual([]);
    expect(kindsOf("The cache keeps stale entries. Remove the lock file and it works.")).toEqual([]);
    expect(kindsOf("The cache keeps stale entries. Fix it.")).toEqual([]);
    expect(kindsOf("Add the directory to the message. The log then shows the full path.")).toEqual([]);
    expect(kindsOf("Checkout is down. Revenue is hit. Drop everything.")).toEqual([]);
    expect(kindsOf("See the screenshot of the sidebar:\nAdd to cart button in the Lanes app")).toEqual([]);
  });
});
