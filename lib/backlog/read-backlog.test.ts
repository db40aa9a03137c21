// Tracker exports (fixtures written as busy teams write tickets) read into rows of plain text.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rowsToTickets } from "@/lib/backlog/csv/columns";
import { scoreTicket } from "@/lib/scoring";
import { BacklogError } from "./errors";
import { readBacklog } from "./read-backlog";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");
const read = (name: string) => readBacklog(name, fixture(name));

// What no plain text may hold: wiki markup, HTML, Markdown and entity leftovers.
const MARKUP = /h[1-6]\.\s|\{code|\{noformat|\{color|\{\{|\|\||\[[^\]|]+\|[^\]]+\]|!\S+\.(?:png|jpg)|<\/?[a-z][^>]*>|&nbsp;|&quot;|\*\*|!\[|\]\(|```|^#{1,6}\s|\[[ x]\]/im;

function tickets(name: string) {
  const backlog = read(name);
  return { backlog, tickets: rowsToTickets(backlog.rows, backlog.mapping), type: (i: number) => backlog.rows[i][backlog.mapping.type!] };
}

describe("readBacklog: tracker exports by their shape", () => {
  it("reads a Jira CSV export: its columns, repeated ones, the criteria field and wiki markup as text", () => {
    const { backlog, tickets: t, type } = tickets("jira-export.csv");
    expect(backlog.format).toBe("jira-csv");
    expect(backlog.columns).toEqual(expect.arrayContaining(["Sprint", "Sprint (2)", "Labels", "Labels (2)"]));
    expect(backlog.mapping).toMatchObject({ summary: "Summary", key: "Issue key", type: "Issue Type", description: "Description", acceptance_criteria: "Custom field (Acceptance Criteria)" });
    expect(t[0].key).toBe("SHOP-101");
    expect(t[0].acceptance_criteria).toContain("Given a signed-in shopper with items in the cart");
    expect(t[0].description).toContain("the analytics dashboard");
    expect(t[0].description).toContain("cart.save(user);");
    // A story without a criteria field value: the "Acceptance Criteria" section of the description moves over.
    expect(t[1].acceptance_criteria).toContain("Given a search with results, when I set a maximum price of 50");
    expect(t[1].acceptance_criteria).toContain("prices include VAT");
    expect(t[1].description).not.toContain("Given a search with results");
    expect(t[1].description).toContain("Assumptions");
    expect([type(0), type(2), type(3)]).toEqual(["Story", "Bug", "Sub-task"]);
    for (const ticket of t) for (const text of [ticket.description, ticket.acceptance_criteria]) if (text) expect(text).not.toMatch(MARKUP);
  });

  it("reads an Azure DevOps CSV export with HTML descriptions and criteria", () => {
    const { backlog, tickets: t, type } = tickets("azure-devops-export.csv");
    expect(backlog.format).toBe("azure-devops-csv");
    expect(backlog.mapping).toMatchObject({ summary: "Title", key: "ID", type: "Work Item Type", acceptance_criteria: "Acceptance Criteria" });
    expect(t[0].acceptance_criteria).toContain("then the allergy is shown above the drug list");
    expect(t[0].acceptance_criteria).toContain('"No known allergies"');
    expect(t[0].description).toContain("today they sit on a separate tab");
    expect(t[2].acceptance_criteria).toContain("Given an unchecked dose");
    expect(t[2].description).not.toContain("Given an unchecked dose");
    expect([type(0), type(1), type(2)]).toEqual(["User Story", "Bug", "Product Backlog Item"]);
    for (const ticket of t) for (const text of [ticket.description, ticket.acceptance_criteria]) if (text) expect(text).not.toMatch(MARKUP);
  });

  it("reads a Linear CSV export with Markdown, its labels as the type", () => {
    const { backlog, tickets: t, type } = tickets("linear-export.csv");
    expect(backlog.format).toBe("linear-csv");
    expect(backlog.mapping).toMatchObject({ summary: "Title", key: "ID", description: "Description", type: "Type" });
    expect(t[0].acceptance_criteria).toContain("Given a draft, when I pick a date and time, then it is published then");
    expect(t[0].description).toContain("Editors stay up late");
    expect([type(0), type(1)]).toEqual(["Feature", "Bug"]);
    for (const ticket of t) for (const text of [ticket.description, ticket.acceptance_criteria]) if (text) expect(text).not.toMatch(MARKUP);
  });

  it("reads a GitHub issue list (gh issue list --json number,title,body,labels)", () => {
    const { backlog, tickets: t, type } = tickets("github-issues.json");
    expect(backlog.format).toBe("github-json");
    expect(t.map((x) => x.key)).toEqual(["#41", "#42", "#43"]);
    expect(t[0].acceptance_criteria).toContain("then it gets the stale label");
    expect(t[0].description).toContain("We have 300 open issues");
    expect(t[2].description).toBeUndefined();
    expect([type(0), type(1), type(2)]).toEqual(["enhancement", "bug", ""]);
    for (const ticket of t) for (const text of [ticket.description, ticket.acceptance_criteria]) if (text) expect(text).not.toMatch(MARKUP);
  });

  it("reads a Jira REST search result: ADF descriptions, the criteria field named in `names`, nulls", () => {
    const { backlog, tickets: t, type } = tickets("jira-search.json");
    expect(backlog.format).toBe("jira-json");
    expect(t[0].key).toBe("PAY-7");
    expect(t[0].acceptance_criteria).toContain("Given invoices in March, when I export March");
    expect(t[0].description).toContain("Accountants copy invoices by hand every month.");
    expect(t[0].description).toContain("Open questions");
    expect(t[0].description).not.toContain("Given invoices in March");
    expect(t[1].acceptance_criteria).toContain("when I press the button twice");
    expect(t[1].description).toBeUndefined();
    expect([type(0), type(1)]).toEqual(["Story", "Bug"]);
  });

  it("reads other long-text columns as text too, so a visitor may map one of them instead", () => {
    const csv = [
      "Issue key,Summary,Issue Type,Description,Custom field (Business Notes),Status",
      'SHOP-9,"As a buyer, I want a receipt",Story,"h3. Context\nShort.","h3. Why\n* auditors ask for *every* receipt\n* see [the policy|https://example.com/p]",Done',
    ].join("\n");
    const backlog = readBacklog("jira.csv", csv);
    expect(backlog.rows[0]["Custom field (Business Notes)"]).toBe("Why\n\n- auditors ask for every receipt\n- see the policy");
    expect(backlog.rows[0].Summary).toBe("As a buyer, I want a receipt");
    expect(backlog.rows[0].Status).toBe("Done");
  });

  it("says which JSON shapes it reads when a file has another one", () => {
    expect(() => readBacklog("x.json", '{"data": {"items": []}}')).toThrow(BacklogError);
    expect(() => readBacklog("x.json", '{"data": {"items": []}}')).toThrow(/Jira search result.*GitHub issue list.*list of tickets/);
  });
});

describe("criteria found in a tracker export raise testable", () => {
  it("scores the Jira story whose criteria sit in its description as testable", () => {
    const { tickets: t } = tickets("jira-export.csv");
    const raw = fixture("jira-export.csv");
    expect(raw).toContain("h3. Acceptance Criteria");
    const scored = scoreTicket(t[1]);
    expect(scored.individual_scores.testable).toBe(10);
    expect(scoreTicket({ summary: t[1].summary }).individual_scores.testable).toBeLessThan(5);
    for (const f of scored.findings) {
      if (f.field === undefined) continue;
      expect((t[1][f.field] ?? "").slice(f.start, f.end)).not.toMatch(MARKUP);
    }
  });
});

describe("rows with more fields than the header (a delimiter in a cell without quotes)", () => {
  it("joins them back into the text in a one-column file, with the delimiter they held, and reports nothing", () => {
    const backlog = readBacklog("guests.csv", "Story\nAs a guest, I want to book a room, so that I can stay.\nAs a host I want to list my flat\nAs a guest, I want an invoice,,\n");
    expect(backlog.columns).toEqual(["Story"]);
    expect(backlog.rows.map((r) => r.Story)).toEqual([
      "As a guest, I want to book a room, so that I can stay.",
      "As a host I want to list my flat",
      "As a guest, I want an invoice",
    ]);
    expect(backlog.warnings).toEqual([]);
    // A semicolon-separated one-column file: the semicolons come back.
    const semicolons = readBacklog("guests.csv", "Summary\nAs a guest; I want X; so that Y\nAs a host; I want Z; so that W\n");
    expect(semicolons.delimiter).toBe(";");
    expect(semicolons.rows.map((r) => r.Summary)).toEqual(["As a guest; I want X; so that Y", "As a host; I want Z; so that W"]);
  });

  it("reports each such row of a file with more columns, naming what was left out; a trailing delimiter is nothing left out", () => {
    const backlog = readBacklog("backlog.csv", "Key,Summary\nK-1,As a guest, I want to book a room\nK-2,As a host I want to list my flat,\nK-3,As a guest, I want X, so that Y\n");
    expect(backlog.rows[0]).toEqual({ Key: "K-1", Summary: "As a guest" });
    expect(backlog.rows[1]).toEqual({ Key: "K-2", Summary: "As a host I want to list my flat" });
    expect(backlog.warnings).toEqual([
      {
        row: 1,
        message: "Row 1 has 3 fields where the header has 2 columns (a comma in a cell without quotes): “ I want to book a room” was left out, and the other cells may be in the wrong columns. Put each cell that holds a comma in double quotes.",
      },
      {
        row: 3,
        message: "Row 3 has 4 fields where the header has 2 columns (a comma in a cell without quotes): “ I want X”, “ so that Y” were left out, and the other cells may be in the wrong columns. Put each cell that holds a comma in double quotes.",
      },
    ]);
  });

  it("reports nothing for JSON and one story per line", () => {
    expect(readBacklog("b.txt", "As a guest, I want X\nAs a host, I want Y\n").warnings).toEqual([]);
    expect(readBacklog("b.json", JSON.stringify([{ summary: "As a guest, I want X" }])).warnings).toEqual([]);
  });
});
