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
