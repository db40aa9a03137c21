// Tickets as teams file them in a tracker (bugs and tasks without the story template, Jira wiki markup, pasted
// logs, component tags): each rule fixed after reading its firings on real Jira issues (lib/scoring/precision/
// jira-reading.json, "all_codes"), with tickets of our own that must and must not set it off.
import { describe, expect, it } from "vitest";
import type { ScoringResult, TicketData } from "../types";
import { scoreTicket } from "./engine";

const codes = (r: ScoringResult) => r.findings.map((f) => f.code);
const score = (ticket: TicketData) => scoreTicket(ticket);
const task = (summary: string, description = ""): TicketData => ({ summary, description, issue_type: "Task" });

describe("small.long_text: only the author's words make a ticket long", () => {
  const frames = Array.from({ length: 160 }, (_, i) => `at com.acme.billing.InvoiceRenderer${i}.render(InvoiceRenderer${i}.java:${i + 10})`).join("    ");

  it("does not count a stack trace pasted in a {code} block or inline", () => {
    const inBlock = score({ summary: "Invoice preview crashes on an empty order", description: `Open an empty order and click Preview.  {code}  java.lang.NullPointerException    ${frames}  {code}` });
    const inline = score({ summary: "Invoice preview crashes on an empty order", description: `Open an empty order and click Preview. java.lang.NullPointerException    ${frames}` });
    expect(codes(inBlock)).not.toContain("small.long_text");
    expect(codes(inline)).not.toContain("small.long_text");
  });

  it("still counts 600 words and more of the author's own", () => {
    const prose = Array.from({ length: 70 }, (_, i) => `Then the clerk opens form ${i} and checks each total against the ledger.`).join(" ");
    expect(codes(score({ summary: "As a clerk, I want to reconcile the ledger, so that the books close", description: prose }))).toContain("small.long_text");
  });
});

describe("minimal.brackets: a leading [tag] is the team's label", () => {
  it("does not report a component tag before the story", () => {
    const r = score({ summary: "[Billing] As a clerk, I want the VAT total on the invoice, so that I can file the return" });
    expect(codes(r)).not.toContain("minimal.brackets");
  });

  it("reports a bracket inside the story", () => {
    const r = score({ summary: "As a clerk, I want the VAT total (rounded) on the invoice, so that I can file the return" });
    expect(codes(r)).toContain("minimal.brackets");
  });
});

describe("work_item.no_reason: a problem or a benefit is a reason", () => {
  // Neither a bug, a task nor a story by its words: the ticket is judged on what every kind needs.
  const neutral = (description: string) => score({ summary: "Column layout of the report preview", description });

  it("reads a benefit and a problem stated as what happens now", () => {
    const benefit = neutral("It would look a lot cleaner if the columns lined up with the header. The columns should line up with the header.");
    const problem = neutral("The preview recognizes only the first header row, so the columns drift. The columns should line up with the header.");
    expect(benefit.metadata.work_item_type_source).toBe("default");
    expect(codes(benefit)).not.toContain("work_item.no_reason");
    expect(codes(problem)).not.toContain("work_item.no_reason");
  });

  it("still asks when the ticket only says what to do", () => {
    const r = neutral("Line the columns up with the header of the preview.");
    expect(r.metadata.work_item_type_source).toBe("default");
    expect(codes(r)).toContain("work_item.no_reason");
  });
});

describe("work_item.no_done_condition: a summary can state the end state", () => {
  it("takes 'should be' in the summary as what must hold", () => {
    const r = score({ summary: "Sidebar sections should be aligned to the left edge", description: "See the attached screenshot." });
    expect(r.metadata.work_item_type_source).toBe("default");
    expect(codes(r)).not.toContain("work_item.no_done_condition");
  });

  it("takes a 'When ..., ...' sentence as how it must behave", () => {
    const r = score({ summary: "Optional output of the matching step", description: "Add a checkbox \"Keep rows\" to the step. When unchecked, the step works as it does today." });
    expect(r.metadata.work_item_type_source).toBe("default");
    expect(codes(r)).not.toContain("work_item.no_done_condition");
  });

  it("still asks when nothing says when it is done", () => {
    const r = score({ summary: "Sidebar sections alignment", description: "See the attached screenshot." });
    expect(r.metadata.work_item_type_source).toBe("default");
    expect(codes(r)).toContain("work_item.no_done_condition");
  });
});

describe("task.no_done_condition: a to-do list or a target says when a task is done", () => {
  it("reads a list whose line breaks an export took out, a target version and a test that has to pass", () => {
    expect(codes(score(task("Tidy the PDF helpers", "Needed:  * Move the helpers into one module  * Add a test for each helper")))).not.toContain("task.no_done_condition");
    expect(codes(score(task("Update the PDF library to 4.2.1")))).not.toContain("task.no_done_condition");
    expect(codes(score(task("Make the invoice plugin compatible with Eclipse 4")))).not.toContain("task.no_done_condition");
    expect(codes(score(task("Let the InvoiceRenderTest test case run successfully")))).not.toContain("task.no_done_condition");
  });

  it("still asks when the work has no end: a title alone, or a list of ticket keys", () => {
    expect(codes(score(task("Tidy the PDF helpers")))).toContain("task.no_done_condition");
    expect(codes(score(task("Support for the documentation team", "The writers need help.  - DOC-12  - DOC-14")))).toContain("task.no_done_condition");
  });
});

describe("unambiguous: what is quoted, negated or stated as now asks for nothing vague", () => {
  it("does not report a word inside quotes, under a negation, in a statement of now, or in an open compound", () => {
    expect(codes(score({ summary: "As a clerk, I want a \"quick add\" button on the invoice page, so that I can add lines" }))).not.toContain("unambiguous.vague_term");
    expect(codes(score({ summary: "Totals are not properly rounded on the invoice" }))).not.toContain("unambiguous.vague_term");
    expect(codes(score({ summary: "Currently the exporter writes easily hundreds of warnings to the log" }))).not.toContain("unambiguous.vague_term");
    expect(codes(score(task("Update the ledger functions to be null safe")))).not.toContain("unambiguous.vague_term");
  });

  it("reports the same words where they set the scope", () => {
    expect(codes(score({ summary: "As a clerk, I want a quick add button on the invoice page, so that I can add lines" }))).toContain("unambiguous.vague_term");
    expect(codes(score({ summary: "As a clerk, I want totals properly rounded on the invoice, so that they match the ledger" }))).toContain("unambiguous.vague_term");
  });

  it("reads a general word and a broad verb against a list of changes in the description, and 'not anything' as exact", () => {
    const list = "- Empty fields should not be exported  - The total column should be wider  - Remove the base attribute from the feed";
    expect(codes(score(task("Usability improvements for the invoice editor", list)))).not.toContain("unambiguous.general_term");
    expect(codes(score(task("Usability improvements for the invoice editor", "The editor is hard to use.")))).toContain("unambiguous.general_term");
    expect(codes(score(task("Improve the invoice API", list)))).not.toContain("estimable.broad_goal");
    expect(codes(score(task("Improve the invoice API", "It is slow to use.")))).toContain("estimable.broad_goal");
    expect(codes(score({ summary: "The exporter should not print anything by default", description: "It prints a test line." }))).not.toContain("unambiguous.general_term");
  });
});

describe("atomic on tracker titles", () => {
  const atomic = (r: ScoringResult) => codes(r).filter((c) => c.startsWith("atomic."));

  it("reads a path, a pair before its verb and 'from X to A and B' as one thing", () => {
    expect(atomic(score({ summary: "Build plugin should handle target/generated-test-sources" }))).toEqual([]);
    expect(atomic(score({ summary: "Invoice editor and PDF preview disagree on the total" }))).toEqual([]);
    expect(atomic(score(task("Merge the billing repo from development to release and master")))).toEqual([]);
  });

  it("reads the verbs after 'to' as what the thing asked for does, and the same verbs asked for as two", () => {
    expect(atomic(score({ summary: "Add a toggle button in the toolbar to enable/disable the invoice preview" }))).toEqual([]);
    expect(atomic(score({ summary: "Enable and disable the invoice preview from the toolbar" }))).toContain("atomic.two_actions");
  });

  it("reads a task's two things as one piece of work, and keeps its two actions", () => {
    expect(atomic(score(task("Prepare documentation on tax rules and currency rounding")))).toEqual([]);
    expect(atomic(score(task("Upgrade the PDF library and remove the old font cache")))).toContain("atomic.two_actions");
  });

  it("still reports two things and two actions a story asks for", () => {
    expect(atomic(score({ summary: "As a clerk, I want to see the invoices and the receipts, so that I can reconcile them" }))).toContain("atomic.two_objects");
    expect(atomic(score({ summary: "Show the tax rules and the currency rounding on the invoice" }))).toContain("atomic.two_objects");
    expect(atomic(score({ summary: "As a clerk, I want to export and print the invoice, so that I can send it" }))).toContain("atomic.two_actions");
  });
});

describe("advice a bug's or a task's author can act on", () => {
  it("tells a bug waiting on another ticket to link it, and a story to merge or cut the dependency", () => {
    const bug = score({ summary: "Invoice icons are blurry on the dashboard", description: "When BILL-120 is done, fix the icons to match.", issue_type: "Bug", key: "BILL-121" });
    const story = score({ summary: "As a clerk, I want sharp invoice icons, so that I can tell them apart", description: "Blocked by BILL-120.", key: "BILL-122" });
    const advice = (r: ScoringResult) => r.recommendations.find((a) => a.includes("BILL-120") || a.includes("Merge")) ?? "";
    expect(advice(bug)).toMatch(/link to BILL-120/);
    expect(advice(bug)).not.toMatch(/stories/);
    expect(advice(story)).toMatch(/Merge the two stories/);
  });

  it("asks a task with no description what it touches, not for an expected result", () => {
    const r = score(task("Move the invoice templates into the shared module"));
    expect(codes(r)).toContain("estimable.no_detail");
    expect(r.recommendations.join("\n")).toMatch(/what changes and where/);
    expect(r.recommendations.join("\n")).not.toMatch(/expected result/);
  });
});

describe("spike: 'investigate if' asks, 'if so, ...' names what comes of it", () => {
  const spike = (summary: string, description = ""): TicketData => ({ summary, description, issue_type: "Spike" });

  it("reads the question and the output of a spike that says what follows from its answer", () => {
    const r = score(spike("Investigate and if necessary, speed up the report page", "Investigate if the report page needs to load faster, and if so, move the query off the UI thread."));
    expect(codes(r)).not.toContain("spike.no_question");
    expect(codes(r)).not.toContain("spike.no_output");
  });

  it("still asks a spike that names a topic for its question and its output", () => {
    const r = score(spike("Invoice page caching research", "Look into caching for the invoice page."));
    expect(codes(r)).toContain("spike.no_question");
    expect(codes(r)).toContain("spike.no_output");
  });
});
