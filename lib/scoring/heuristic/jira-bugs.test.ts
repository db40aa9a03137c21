// Bug reports as teams file them in Jira, written for these tests after the forms read on the shared Jira issues
// (lib/scoring/precision/jira-reading.json, `bug_codes`): line breaks an export dropped, a fix or a workaround
// beside the failure, a consequence instead of a count, a log in a {code} block, an expectation left to the
// failure's opposite. Each finding must fire where the report lacks the part and stay away where it has it.
import { describe, expect, it } from "vitest";
import { scoreTicket } from "./engine";

const findings = (summary: string, description: string) => scoreTicket({ summary, description, issue_type: "Bug" }).findings;
const finding = (summary: string, description: string, code: string) => findings(summary, description).find((f) => f.code === code);

describe("Jira bug reports whose line breaks an export dropped", () => {
  const report = (steps: string) => "*Details:* Creating a project with cloud services on the staging server marks it as owned by another team.    " +
    "*Note:*  * The problem is not reproducible with Node 0.12 and lower.    " + steps +
    "*Actual:* the settings page says the project belongs to another team.    *Expected:* the project opens as ours, with no warning.";

  it("reads a bold label after a run of spaces as a section: the steps, the actual and the expected result", () => {
    const found = findings("Staging: new projects with services belong to another team",
      report("*Steps to reproduce:*  # Point the IDE at staging  # Create a project with services enabled  # Open its settings    "));
    for (const code of ["bug.no_steps", "bug.no_expected_result", "bug.no_actual_result"]) expect(found.map((f) => f.code), code).not.toContain(code);
  });

  it("still asks for steps when the report has none, and a version it does not happen with cancels none", () => {
    const steps = finding("Staging: new projects with services belong to another team", report(""), "bug.no_steps");
    expect(steps).toBeDefined();
    expect(finding("Import fails", "Steps to reproduce: not reproducible, it happens randomly after a while.", "bug.no_steps")).toBeDefined();
  });

  it("keeps emphasis inside a sentence where it is", () => {
    const found = findings("Export writes an empty file",
      "When I export the *draft* report, the file is empty. It should hold the rows of the report. Steps: open the report, click Export, open the file.");
    expect(found.map((f) => f.code)).not.toContain("bug.no_steps");
    expect(found.map((f) => f.code)).not.toContain("bug.no_expected_result");
  });
});

describe("a fix or a workaround beside the failure", () => {
  it("does not take the actions of a proposed fix or a workaround for steps or for what sets the failure off", () => {
    const f = finding("Plugin jar missing from the class path after the build tool upgrade",
      "Since the upgrade, when the plugin is installed for the first time its jar is not resolved and the build fails.    " +
      "Workaround: declare the jar in the build file by hand.    Fix:    1) reconfigure the dependency file ?    2) roll back - i.e. merge the old branch into default, produce one plugin version",
      "bug.no_steps");
    expect(f).toBeDefined();
    expect(f!.message).not.toMatch(/merge|declare|update the dependency/);
  });

  it("quotes a condition told in the passive as what sets the failure off, and takes it for no step", () => {
    const f = finding("Plugin jar missing from the class path", "When the plugin is being installed for the first time, its jar is not resolved.", "bug.no_steps");
    expect(f?.severity).toBe("low");
    expect(f?.message).toContain("is being installed");
  });

  it("still reads steps given before a workaround", () => {
    expect(finding("Export hangs on large reports",
      "Steps to reproduce: 1. Open a report with 50,000 rows 2. Click Export 3. Wait.    Actual: the dialog hangs.    Expected: the file is written.    Workaround: export a filtered view.",
      "bug.no_steps")).toBeUndefined();
  });
});

describe("who is hurt, told as a consequence", () => {
  it("reads 'making it hard to', 'will cause a compile error', 'so I can't' and 'everytime' as the impact", () => {
    for (const description of [
      "When I map a record to a CSV file, the fields are listed in no order, making it very hard to find one.",
      "The line breaks of the rule's query are kept in the generated job; they will cause a compile error in the job.",
      "At tablet size the editor shows the device's scroll bar but not its own. So, I can't see the bottom of the page.",
      "I get this warning everytime I save a file.",
    ]) expect(finding("Mapper problem", description, "bug.no_impact"), description).toBeUndefined();
  });

  it("still asks who is hurt when the report only states the failure, or makes something other than a cost", () => {
    for (const description of [
      "When I map a record to a CSV file, the fields are listed in no order.",
      "Choosing the dark theme recolours the chart, making it blue instead of grey.",
    ]) expect(finding("Mapper problem", description, "bug.no_impact"), description).toBeDefined();
  });
});

describe("where it ran: a database", () => {
  it("takes a database named as the DB it runs against, or with its version, for the environment", () => {
    for (const description of ["Profiling a column on my Oracle DB applies the default pattern, not the Oracle one.",
      "Profiling a column on MySQL 5.7 applies the default pattern."]) {
      expect(finding("Wrong pattern applied", description, "bug.no_environment"), description).toBeUndefined();
    }
    expect(finding("Wrong pattern applied", "Profiling a column applies the default pattern instead of the Oracle type pattern.", "bug.no_environment")).toBeDefined();
  });
});

describe("a log in a {code} block", () => {
  it("takes nothing in it for an action: a report that is only a log gets no steps at all", () => {
    const f = finding("Indexer error on a local module",
      "{code}  !ENTRY editor.php 4 0 2024-03-01 10:00:00  !MESSAGE [ERROR] Error while getting module contents  !STACK 0  java.io.IOException: out of sync  {code}",
      "bug.no_steps");
    expect(f?.severity).toBe("high");
  });

  it("still quotes the reporter's own trigger beside the log", () => {
    const f = finding("Indexer error on a local module",
      "When I save a PHP file the indexer fails.  {code}  !MESSAGE [ERROR] Error while getting module contents  {code}", "bug.no_steps");
    expect(f?.severity).toBe("low");
    expect(f?.message).toContain("When I save");
  });
});

describe("an expected result left to the failure's opposite", () => {
  it("asks at low severity what the operation should produce when the failure is an exception, an error or a thing not done", () => {
    for (const [summary, description] of [
      ["Running the column analysis throws an exception", "Create a column analysis on a file connection and run it.  java.lang.NullPointerException at Evaluator.compute(Evaluator.java:98)"],
      ["The outline is not generated for templates with inline attributes", "Open a PHP file whose function returns markup built from a variable, look at the Outline view."],
      ["Metadata is fetched twice for a query", "Open the query builder, pick a type and press OK: the metadata is fetched twice."],
    ]) {
      const f = finding(summary, description, "bug.no_expected_result");
      expect(f?.severity, summary).toBe("low");
      expect(f?.message, summary).toContain("what the operation should produce");
    }
  });

  it("keeps it high where the failure leaves what should happen open", () => {
    for (const [summary, description] of [
      ["Contributed and unique coverage show the same value", "Look at the two columns of the coverage report for the tutorial project: the values are identical."],
      ["Search doesn't work", "Search doesn't work, please have a look."],
      // A crash and nothing more: no operation to take an opposite from.
      ["The server crashes", "It crashes, please fix this asap."],
    ]) expect(finding(summary, description, "bug.no_expected_result")?.severity, summary).toBe("high");
  });

  it("reads an earlier version that did it as the expected result", () => {
    expect(finding("Cannot bind Ctrl+1 to a custom command",
      "When creating custom commands I cannot bind one to Ctrl+1 on a Mac. Previous versions of the IDE supported this.", "bug.no_expected_result")).toBeUndefined();
  });
});
