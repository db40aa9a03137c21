import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { plainSpaces, reflowed, unquoted } from "./reflow";

/** Hard-wraps each line longer than `width` at the last space before it, as Bugzilla stored comments. */
function wrap(text: string, width = 76): string {
  return text.split("\n").map((line) => {
    const out: string[] = [];
    let rest = line;
    while (rest.length > width) {
      const cut = rest.lastIndexOf(" ", width);
      if (cut <= 0) break;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut + 1);
    }
    return [...out, rest].join("\n");
  }).join("\n");
}

const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => `${f.code}:${f.severity}`).sort();

describe("reflowed: a text a tracker hard-wrapped, read whole again", () => {
  const paragraph = "Since the last update every download that completes is listed in the Downloads window as zero bytes, although the saved file opens fine in every program I tried.";

  it("turns the breaks a fixed-width wrap made into spaces, keeping the text's length", () => {
    const wrapped = wrap(paragraph);
    expect(wrapped).toContain("\n");
    expect(reflowed(wrapped)).toBe(paragraph);
    expect(reflowed(wrapped).length).toBe(wrapped.length);
  });

  it("leaves a text with a line of prose longer than a tracker wraps at as it is", () => {
    const text = `${paragraph}\nShort line after it.`;
    expect(reflowed(text)).toBe(text);
  });

  it("does not join a line to a list item, a label, a blank line or an indented line after it", () => {
    const text = wrap(`${paragraph}\n1. Open the downloads window.\nActual Results: zero bytes\n\n    at org.example.Main.run(Main.java:12)`);
    const out = reflowed(text);
    expect(out).toContain("\n1. Open");
    expect(out).toContain("\nActual Results:");
    expect(out).toContain("\n\n    at org.example");
  });

  it("does not join configuration, log or console lines, which hold no sentence", () => {
    const config = "Require ldap-group cn=staff,ou=groups,dc=example,dc=com,o=Example Corp\nAuthLDAPSubGroupDepth 5\n" + wrap(paragraph);
    expect(reflowed(config)).toContain("dc=com,o=Example Corp\nAuthLDAPSubGroupDepth 5\n");
    const session = "$ ./buildconf\nconfigure.in:123: error: possibly undefined macro: AC_PROG_LIBTOOL and the rest of it\nautoconf 2.62, libtool 2.2.\n\n" + wrap(paragraph);
    expect(reflowed(session)).toContain("AC_PROG_LIBTOOL and the rest of it\nautoconf 2.62");
  });

  it("joins a tracker's browser string cut after its ';'", () => {
    const form = "User-Agent:       Mozilla/5.0 (Windows NT 10.0; Win64; x64;\nrv:120.0) Gecko/20100101 Firefox/120.0\n" + wrap(paragraph);
    expect(reflowed(form).split("\n")[0]).toBe("User-Agent:       Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0");
  });

  it("gives a hard-wrapped report the findings of the same report unwrapped", () => {
    const reports: TicketData[] = [
      { summary: "Downloads listed as 0 bytes", issue_type: "Bug", description: `${paragraph}\n\nI would expect the real size of the file to be shown in the list, as it was in the previous release of the browser.` },
      { summary: "Reader view drops figure images", issue_type: "Bug",
        description: "When I open an article that wraps its images in figure and picture elements and switch to Reader View, the images are gone and only the caption text is left on the page.\n\nThe images should be shown in reader view like they were before version 60 of the browser." },
    ];
    for (const t of reports) expect(codes({ ...t, description: wrap(t.description ?? "") })).toEqual(codes(t));
  });
});

describe("plainSpaces: Windows line ends and pasted spaces, read as plain ones", () => {
  const report: TicketData = { summary: "Saved searches vanish after sign-out", issue_type: "Bug",
    description: "$ curl -s -c jar https://search.example.test/login -d user=ana\n$ curl -s -b jar https://search.example.test/saved\n[]\n\n" +
      "The saved searches list comes back empty after a new sign-in. It should list the searches saved before, as it did in 4.1.\n\n" +
      "Version 4.2 on Debian 12. About 300 users a day lose their searches." };

  it("keeps the text's length, so offsets still point at the same words", () => {
    const text = "a\r\nb\rc\u00a0d\u202fe";
    expect(plainSpaces(text)).toBe("a \nb\nc d e");
    expect(plainSpaces(text).length).toBe(text.length);
  });

  it("gives a report pasted with \\r\\n line ends or no-break spaces the findings and the kind it has with plain ones", () => {
    const crlf = { ...report, description: (report.description ?? "").replace(/\n/g, "\r\n") };
    const nbsp = { ...report, description: (report.description ?? "").replace(/ /g, "\u00a0") };
    expect(codes(crlf)).toEqual(codes(report));
    expect(codes(nbsp)).toEqual(codes(report));
    const untyped = { summary: report.summary, description: crlf.description };
    expect(scoreTicket(untyped).metadata.work_item_type).toBe(scoreTicket({ summary: report.summary, description: report.description }).metadata.work_item_type);
  });
});

describe("unquoted: a report quoted from a mail or in Markdown reads as the report", () => {
  const report: TicketData = { summary: "Invoice PDF shows last month's total", issue_type: "Bug",
    description: "Forwarded from a customer:\n\n" + [
      "Steps to Reproduce:",
      "1. Open Billing > Invoices",
      "2. Download the PDF of the November invoice",
      "",
      "Actual Results:",
      "The PDF total is 1,240.00, October's figure.",
      "",
      "Expected Results:",
      "",
    ].join("\n") };

  it("takes the marks off, nested ones too, keeping the text's length, and leaves a Python prompt alone", () => {
    const text = "> Steps:\n>> 1. Open it\n> > 2. Save\n>>> import json\nno mark";
    expect(unquoted(text)).toBe("  Steps:\n   1. Open it\n    2. Save\n>>> import json\nno mark");
    expect(unquoted(text).length).toBe(text.length);
  });

  it("gives a report quoted line by line the findings it has as written", () => {
    const lines = (report.description ?? "").split("\n");
    const quoted = { ...report, description: [lines[0], lines[1], ...lines.slice(2).map((l) => `> ${l}`)].join("\n") };
    expect(codes(report)).toContain("bug.no_expected_result:high");
    expect(codes(quoted)).toEqual(codes(report));
  });
});

describe("fifteenth pass (the Jira steps reading): a list item whose number runs into its first word", () => {
  it("keeps the line of '2.Build ...' apart from the line it follows", () => {
    const text = [
      "This has happened to me four or five times since the last update of the tool",
      "1.Start the version of the studio that is mentioned in the environment",
      "2.Build & run some apps",
      "3.Notice the performance of the studio after a while of working with it",
    ].join("\n");
    expect(reflowed(text)).toContain("\n2.Build");
    expect(reflowed(text)).toContain("\n3.Notice");
  });

  it("still joins a line cut before a version number", () => {
    const text = "The crash happens with every build of the studio since the release of version\n2.1 and it happens on every platform that we have tried it on so far today";
    expect(reflowed(text)).not.toContain("\n");
  });
});
