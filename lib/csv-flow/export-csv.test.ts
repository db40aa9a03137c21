import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { downloadDisposition, neutraliseCell, resultsToCsv } from "./export-csv";
import { DIMENSIONS, type ResultsResponse, type StoryResult } from "./types";

describe("neutraliseCell", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\nx"])("prefixes %j with an apostrophe", (cell) => {
    expect(neutraliseCell(cell)).toBe(`'${cell}`);
  });
  it.each(["", "As a user", " =not first", "1-2", "a@b.c"])("leaves %j alone", (cell) => expect(neutraliseCell(cell)).toBe(cell));
});

describe("downloadDisposition", () => {
  it("names the download after the upload, safely", () => {
    expect(downloadDisposition("backlog.csv")).toBe(`attachment; filename="results-backlog.csv"; filename*=UTF-8''results-backlog.csv`);
    expect(downloadDisposition('Bäck"log.txt')).toBe(`attachment; filename="results-B_ck_log.csv"; filename*=UTF-8''results-B%C3%A4ck%22log.csv`);
  });
});

describe("resultsToCsv", () => {
  const scores = Object.fromEntries(DIMENSIONS.map((d) => [d, 5])) as StoryResult["individual_scores"];
  const result = (row: number, rewrite: string | null, split: string[]): StoryResult => ({
    row,
    key: `K-${row}`,
    type: null,
    summary: `Story ${row}`,
    description: null,
    acceptance_criteria: null,
    overall_score: 5,
    individual_scores: scores,
    findings: [],
    recommendations: [],
    rewrite,
    split,
  });
  const view = (results: StoryResult[], skipped: number[] = []): ResultsResponse => ({
    session_id: "s",
    status: "completed",
    filename: "b.csv",
    format: "csv",
    row_count: results.length + skipped.length,
    scored_count: results.length,
    skipped_rows: skipped,
    mapping: { summary: "Summary", description: null, acceptance_criteria: null, key: null, type: null },
    summary: null,
    created_at: "",
    scored_at: null,
    expires_at: "",
    results,
  });
  const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

  it("has a split column right after rewrite, the parts on their own lines, empty for one feature", () => {
    const parts = ["As an admin, I want to add users, so that the team stays current.", "As an admin, I want to remove users, so that the team stays current."];
    const rows = parse(resultsToCsv(view([result(1, parts[0], parts), result(2, null, [])], [3])));
    const column = rows[0].indexOf("split");
    expect(rows[0].slice(column - 1)).toEqual(["rewrite", "split", "note"]);
    expect(rows[1][column]).toBe(parts.join("\n"));
    expect(rows[2][column]).toBe("");
    expect(rows[3]).toHaveLength(rows[0].length);
    expect(rows[3][column + 1]).toBe("not scored: the summary is empty");
  });

  it("neutralises a split cell a spreadsheet would run as a formula", () => {
    const rows = parse(resultsToCsv(view([result(1, "=cmd()", ["=cmd()", "As a user, I want y"])])));
    const column = rows[0].indexOf("split");
    expect(rows[1][column]).toBe("'=cmd()\nAs a user, I want y");
  });
});
