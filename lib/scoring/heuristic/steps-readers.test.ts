// The nineteenth pass's steps reader, read across every read set: sentences written for these tests (none copied from
// a report). Each reading fires on the forms its rule names and stays silent on the ones that look alike.
import { describe, expect, it } from "vitest";
import { scoreTicket } from "./engine";

/** The severity of `bug.no_steps` a report gets, scored as a Bug, or null when it does not fire. */
const stepsFinding = (summary: string, description: string) =>
  scoreTicket({ summary, description, issue_type: "Bug" }).findings.find((f) => f.code === "bug.no_steps")?.severity ?? null;

describe("nineteenth pass, steps across writers: a steps section that holds one action done to a thing not named", () => {
  it("reads one action on a thing not named or on the program itself under the heading as the trigger, not as steps", () => {
    for (const section of ["1. scroll in a list\n2.\n3.", "Open a long spreadsheet", "launch firefox", "1. press a key", "Uploaded a photo."]) {
      const description = `Steps to reproduce:\n${section}\n\nActual results:\nthe window stutters\n\nExpected results:\nsmooth scrolling`;
      expect(stepsFinding("Window stutters", description)).toBe("low");
    }
  });

  it("still reads two actions, an action on a place of its own or on any, a named test case or an address as steps", () => {
    for (const section of [
      "1. Open a spreadsheet\n2. Scroll to the last row",
      "open any list and scroll it",
      "1. scroll in any list",
      "click the Export link on billing.example.org",
      "Open the inbox",
      "Open the attached sample sheet",
      "Open https://sheets.example.org/demo",
    ]) {
      const description = `Steps to reproduce:\n${section}\n\nActual results:\nthe window stutters\n\nExpected results:\nsmooth scrolling`;
      expect(stepsFinding("Window stutters", description)).toBe(null);
    }
  });
});

describe("nineteenth pass, steps across writers: what the reporter tried after the failure is no step", () => {
  it("reads an action told after the failure, with what came of it as a mend tried, as history: one trigger is left", () => {
    expect(stepsFinding("Toolbar disappears", "Every time I open the editor the toolbar disappears. I cleared the cache already, doesnt help.")).toBe("low");
    expect(stepsFinding("Margins cut", "When I print a page the margins are cut off. I restarted the printer many times, same thing.")).toBe("low");
  });

  it("still reads actions told in order with no mend's outcome, and a check repeated, as steps", () => {
    expect(stepsFinding("Toolbar disappears", "I opened the editor, then I cleared the cache. The toolbar disappears.")).toBe(null);
    expect(stepsFinding("Toolbar disappears", "Every time I open the editor the toolbar disappears. I checked 3 times.")).toBe(null);
  });
});

describe("nineteenth pass, steps across writers: a configure option named, not passed", () => {
  it("reads no command in an option a patch adds, configure checks for, or a should's condition names", () => {
    expect(stepsFinding("Remove the dead check", "Patch against trunk attached. Adds --with-foo-libdir.")).toBe("high");
    expect(stepsFinding("Remove the dead check", "The build should use the bundled zlib unless --with-zlib is given, but it picks the system headers.")).toBe("high");
    expect(stepsFinding("Remove the dead check", "configure still checks for --enable-oldvfs although the code was removed last year.")).not.toBe(null);
  });

  it("still reads an option passed to configure, or the build made with it, as the way there", () => {
    expect(stepsFinding("Build fails", "./configure --enable-foo fails with an error about missing headers.")).toBe(null);
    expect(stepsFinding("Module crashes", "Built with --enable-foo the module crashes at startup.")).toBe(null);
  });
});
