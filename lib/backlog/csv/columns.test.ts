import { describe, expect, it } from "vitest";
import { mapColumns, rowsToTickets } from "@/lib/backlog/csv/columns";
import { ticketsFromFile } from "@/lib/backlog/csv/tickets-file";

describe("mapColumns", () => {
  it("matches synonyms case-insensitively", () => {
    expect(mapColumns(["ISSUE KEY", "title", "Body", "AC"])).toEqual({
      summary: "title", description: "Body", acceptance_criteria: "AC", key: "ISSUE KEY", type: null,
    });
    expect(mapColumns(["User Story", "Acceptance Criteria", "Details", "ID"])).toEqual({
      summary: "User Story", description: "Details", acceptance_criteria: "Acceptance Criteria", key: "ID", type: null,
    });
    expect(mapColumns(["Issue_id", "Story", "acceptance"])).toMatchObject({ summary: "Story", key: "Issue_id", acceptance_criteria: "acceptance" });
  });

  it("prefers Summary over Name and leaves unknown columns unmapped", () => {
    expect(mapColumns(["Name", "Summary", "Priority"])).toEqual({ summary: "Summary", description: null, acceptance_criteria: null, key: null, type: null });
    expect(mapColumns(["Summary", "Custom field (Acceptance Criteria)", "Issue Type"])).toMatchObject({ acceptance_criteria: "Custom field (Acceptance Criteria)", type: "Issue Type" });
    expect(mapColumns(["Priority", "Owner"]).summary).toBeNull();
  });
});

describe("rowsToTickets", () => {
  it("builds tickets, dropping empty optional cells", () => {
    const mapping = mapColumns(["Key", "Summary", "Description"]);
    expect(rowsToTickets([{ Key: " A-1 ", Summary: " Export ", Description: "" }], mapping)).toEqual([{ key: "A-1", summary: "Export" }]);
  });
});

describe("ticketsFromFile", () => {
  it("reads one story per line from a text file or a header-less story list", () => {
    const text = "As a user, I want A, so that B.\n\nAs a user, I want C.\n";
    expect(ticketsFromFile("backlog.txt", text)).toEqual([{ summary: "As a user, I want A, so that B." }, { summary: "As a user, I want C." }]);
    expect(ticketsFromFile("backlog.csv", text)).toHaveLength(2);
  });

  it("reads a JSON array of tickets, ticket_data wrappers or plain strings", () => {
    const json = JSON.stringify([{ Title: "A", key: "K-1" }, { ticket_data: { summary: "B", acceptance_criteria: "C" } }, "D"]);
    expect(ticketsFromFile("t.json", json)).toEqual([{ summary: "A", key: "K-1" }, { summary: "B", acceptance_criteria: "C" }, { summary: "D" }]);
  });

  it("refuses a CSV without a summary-like column", () => {
    expect(() => ticketsFromFile("t.csv", "Priority,Owner\nhigh,ann\n")).toThrow(/no summary column/);
  });
});

describe("the language column", () => {
  it("maps a Language column to each ticket's language, which the engine takes over the text's", () => {
    const mapping = mapColumns(["Summary", "Language"]);
    expect(mapping.language).toBe("Language");
    expect(rowsToTickets([{ Summary: "Settings page", Language: "de" }, { Summary: "Export", Language: "" }], mapping))
      .toEqual([{ summary: "Settings page", language: "de" }, { summary: "Export" }]);
  });
});
