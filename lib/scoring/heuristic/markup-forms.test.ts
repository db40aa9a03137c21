// A bug report reads the same whether its tracker stores it as plain text, Markdown (GitHub, GitLab), Jira wiki or
// HTML, and whether it reaches the engine as written (a body pasted into POST /api/v1/score) or through a tracker
// import (lib/richtext's readRichText, which renders headings as bare lines and lists as "- " items). Measured on the
// written reports (docs/decisions.md, "A report in any tracker's markup reads as in plain text"); these are reports of
// our own in each form.
import { describe, expect, it } from "vitest";
import { readRichText } from "@/lib/richtext";
import { scoreTicket } from "./engine";

const PARTS = ["bug.no_actual_result", "bug.no_expected_result", "bug.no_steps"];

/** The three parts' findings (code and severity) of a bug report. */
function parts(summary: string, description: string): string[] {
  return scoreTicket({ summary, description, issue_type: "Bug" }).findings
    .filter((f) => PARTS.includes(f.code)).map((f) => `${f.code}:${f.severity}`).sort();
}

interface Forms {
  summary: string;
  plain: string;
  markdown: string;
  wiki: string;
  html: string;
}

/** Each form as written and as a tracker import renders it, beside the plain text's findings. */
function readsAlike(forms: Forms, expected: string[]) {
  const plain = parts(forms.summary, forms.plain);
  expect(plain).toEqual(expected);
  for (const form of ["markdown", "wiki", "html"] as const) {
    if (form !== "html") expect({ form, raw: parts(forms.summary, forms[form]) }).toEqual({ form, raw: plain });
    expect({ form, imported: parts(forms.summary, readRichText(forms[form]).text) }).toEqual({ form, imported: plain });
  }
}

describe("a report in any tracker's markup reads as in plain text", () => {
  it("an expected-results heading left empty at the end says nothing, also as a bare line from an import", () => {
    readsAlike({
      summary: "Pinned tabs come back unpinned after a restart",
      plain: "I pin two tabs, quit with Ctrl+Q and start the browser again: both tabs are back, but unpinned.\n\nSteps to Reproduce:\n1. Pin two tabs\n2. Quit with Ctrl+Q\n3. Start the browser again\n\nActual Results:\nBoth tabs are unpinned.\n\nExpected Results:\n",
      markdown: "I pin two tabs, quit with Ctrl+Q and start the browser again: both tabs are back, but unpinned.\n\n### Steps to Reproduce\n1. Pin two tabs\n2. Quit with Ctrl+Q\n3. Start the browser again\n\n### Actual Results\nBoth tabs are unpinned.\n\n### Expected Results\n",
      wiki: "I pin two tabs, quit with Ctrl+Q and start the browser again: both tabs are back, but unpinned.\n\nh3. Steps to Reproduce\n# Pin two tabs\n# Quit with Ctrl+Q\n# Start the browser again\n\nh3. Actual Results\nBoth tabs are unpinned.\n\nh3. Expected Results\n",
      html: "<p>I pin two tabs, quit with Ctrl+Q and start the browser again: both tabs are back, but unpinned.</p><h3>Steps to Reproduce</h3><ol><li>Pin two tabs</li><li>Quit with Ctrl+Q</li><li>Start the browser again</li></ol><h3>Actual Results</h3><p>Both tabs are unpinned.</p><h3>Expected Results</h3>",
    }, ["bug.no_expected_result:high"]);
  });

  it("a Jira list of one step under its heading is the steps, not a Markdown heading", () => {
    readsAlike({
      summary: "Spell checker underlines every word in text fields",
      plain: "Every word in every text field gets the red underline, even \"the\". The English dictionary is installed.\n\nSteps to Reproduce:\n1. Type a sentence into the comment box of any page\n\nActual Results:\nAll words are underlined.\n\nExpected Results:\nOnly misspelt words are underlined.",
      markdown: "Every word in every text field gets the red underline, even \"the\". The English dictionary is installed.\n\n### Steps to Reproduce\n1. Type a sentence into the comment box of any page\n\n### Actual Results\nAll words are underlined.\n\n### Expected Results\nOnly misspelt words are underlined.",
      wiki: "Every word in every text field gets the red underline, even \"the\". The English dictionary is installed.\n\nh3. Steps to Reproduce\n# Type a sentence into the comment box of any page\n\nh3. Actual Results\nAll words are underlined.\n\nh3. Expected Results\nOnly misspelt words are underlined.",
      html: "<p>Every word in every text field gets the red underline, even \"the\". The English dictionary is installed.</p><h3>Steps to Reproduce</h3><ol><li>Type a sentence into the comment box of any page</li></ol><h3>Actual Results</h3><p>All words are underlined.</p><h3>Expected Results</h3><p>Only misspelt words are underlined.</p>",
    }, []);
  });

  it("markup that opens the report in a code block is the test case, as it is unfenced", () => {
    const markup = "<input type=\"range\" value=\"70\" style=\"accent-color: red\">";
    const said = "The slider is drawn in the system blue; the accent colour is ignored. Chrome draws it red, as it should.";
    readsAlike({
      summary: "accent-color ignored on a range input",
      plain: `${markup}\n\n${said}`,
      markdown: `\`\`\`html\n${markup}\n\`\`\`\n\n${said}`,
      wiki: `{code:html}\n${markup}\n{code}\n\n${said}`,
      html: `<pre>${markup.replace(/</g, "&lt;").replace(/>/g, "&gt;")}</pre><p>${said}</p>`,
    }, []);
  });

  it("a log pasted in a code block is what the server wrote, no code to run", () => {
    const log = "[Mon Mar 02 10:41:07 2026] [notice] child pid 23014 exit signal Segmentation fault (11)\n[Mon Mar 02 10:41:09 2026] [notice] child pid 23101 exit signal Segmentation fault (11)";
    const said = "About 200 a day since the upgrade to 2.4.62, and visitors sometimes get an empty page.";
    readsAlike({
      summary: "children segfault after the upgrade",
      plain: `Our error_log since we moved to 2.4.62:\n\n${log}\n\n${said}`,
      markdown: `Our error_log since we moved to 2.4.62:\n\n\`\`\`\n${log}\n\`\`\`\n\n${said}`,
      wiki: `Our error_log since we moved to 2.4.62:\n\n{noformat}\n${log}\n{noformat}\n\n${said}`,
      html: `<p>Our error_log since we moved to 2.4.62:</p><pre>${log}</pre><p>${said}</p>`,
    }, ["bug.no_expected_result:high", "bug.no_steps:low"]);
  });
});

describe("a report whose line breaks an export took out reads as the report", () => {
  // An export (Jira's CSV, a mail gateway) that drops line breaks keeps two spaces or more where each was; the readers
  // read the text with the breaks put back (brokenAgain), so a list's steps and its sections are read as written.
  it("reads a numbered step and the sections of a template run onto one line", () => {
    const text = "The new build crashes on install.    Steps to Reproduce:    1. Either run 3.0 from the installer or update from 2.1.    Actual Result:    Crash.    Expected Result:    It runs.";
    expect(parts("Studio 3.0 crashes on launch", text)).toEqual([]);
    expect(parts("Studio 3.0 crashes on launch", text.replace(/ {2,}/g, "\n"))).toEqual([]);
  });

  it("reads a Jira numbered list run onto one line as its steps", () => {
    const text = "# Created an empty folder in a bucket with another client.  # Browsing the bucket in the app, that folder appears as a file.";
    expect(parts("Empty folder listed as a file", text)).not.toContain("bug.no_steps:low");
  });

  it("does not join the lines put back as a hard-wrapped sentence's ('create an analysis  right click ...')", () => {
    const text = "create an analysis  right click on the analysis to create a report  right click it a second time to create another report    message : the folder already exists";
    expect(parts("cannot create a second report", text)).not.toContain("bug.no_steps:low");
  });
});

describe("what the reporter did is no second defect", () => {
  it("reads 'Also I added a comment ...' as the reporter's note, 'Also the export fails' as a second defect", () => {
    const base = "Scenario:\n- create a data service with password security\n- export it as a bundle and deploy it\n\nExpected: the service starts with no errors.\nActual: it starts after 21 s, with a SAXParseException in the log.\n\n";
    const codes = (text: string) => scoreTicket({ summary: "SAXParseException when deploying a secured service", description: text, issue_type: "Bug" }).findings.map((f) => f.code);
    expect(codes(`${base}Also I added a comment about this issue on the mailing list, where it was discussed.`)).not.toContain("bug.several_defects");
    expect(codes(`${base}Also the export to a zip file fails with an error.`)).toContain("bug.several_defects");
  });
});

describe("a '*' list item is the reporter's words", () => {
  it("reads an expectation in Jira's and Markdown's '*' bullet, and none in a block comment's line", () => {
    const found = parts("Optimized run keeps running one test", "Steps:\n* rebuild the project and clear the snapshot\n* press Run optimized twice: the second run runs one test (and should run none)");
    expect(found.filter((f) => f.startsWith("bug.no_expected_result"))).toEqual([]);
    expect(parts("Total wrong after a refund", "/**\n * Returns the order total. It should never be negative.\n */\nThe total shows -12.00 after a partial refund.\n\n1. Refund one item\n2. Open the order"))
      .toContain("bug.no_expected_result:high");
  });
});

describe("a scenario whose lines a rich-text editor stored as paragraphs", () => {
  it("reads Given / When / Then with a blank line between them as the steps, as it reads them line under line", () => {
    const lines = [
      "**Given** an order flagged 'frozen'",
      "**And** only ambient vans have room on the route",
      "**When** the planner assigns the next day's orders",
      "**Then** the order goes on an ambient van",
      "**But** it should stay unassigned with the warning 'no cold capacity'",
    ];
    const around = (body: string) => `Planner 4.18.2, production.\n\n${body}\n\nSeen on 12 orders last week; 3 pallets were refused on arrival.`;
    const summary = "Planner puts frozen orders on ambient vans";
    expect(parts(summary, around(lines.join("\n")))).toEqual([]);
    expect(parts(summary, around(lines.join("\n\n")))).toEqual([]);
    expect(parts(summary, readRichText(`<p>Planner 4.18.2, production.</p>${lines.map((l) => `<p>${l.replace(/\*\*(\w+)\*\*/, "<strong>$1</strong>")}</p>`).join("")}<p>Seen on 12 orders last week; 3 pallets were refused on arrival.</p>`).text)).toEqual([]);
  });
});
