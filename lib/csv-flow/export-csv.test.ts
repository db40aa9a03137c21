import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { scoreTickets } from "@/lib/scoring";
import { downloadDisposition, findingLines, neutraliseCell, recommendationLines, resultsToCsv } from "./export-csv";
import { DIMENSIONS, type Finding, type ResultsResponse, type StoryResult } from "./types";

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
    work_item_type: "story",
    language: "en",
    summary: `Story ${row}`,
    description: null,
    acceptance_criteria: null,
    overall_score: 5,
    overall_reasoning: "50%: the mean of the six, none below 70%; ...",
    individual_scores: scores,
    findings: [],
    recommendations: [],
    rewrite,
    split,
  });
  const view = (results: StoryResult[], skipped: number[] = [], preset: ResultsResponse["preset"] = "default"): ResultsResponse => ({
    session_id: "s",
    status: "completed",
    filename: "b.csv",
    format: "csv",
    row_count: results.length + skipped.length,
    scored_count: results.length,
    skipped_rows: skipped,
    mapping: { summary: "Summary", description: null, acceptance_criteria: null, key: null, type: null },
    summary: null,
    preset,
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
    expect(rows[0].slice(column - 1, column + 2)).toEqual(["rewrite", "split", "note"]);
    expect(rows[1][column]).toBe(parts.join("\n"));
    expect(rows[2][column]).toBe("");
    expect(rows[3]).toHaveLength(rows[0].length);
    expect(rows[3][column + 1]).toBe("not scored: the summary is empty");
  });

  it("keeps the older columns where they were and adds where each kind came from and the preset at the end", () => {
    const kinds: StoryResult[] = [
      { ...result(1, null, []), type: "Defect", work_item_type: "bug", work_item_type_source: "given" },
      { ...result(2, null, []), work_item_type: "spike", work_item_type_source: "text" },
      { ...result(3, null, []), work_item_type_source: "default" },
      // Scored before sources were recorded: nothing is claimed about where its kind came from.
      result(4, null, []),
    ];
    const rows = parse(resultsToCsv(view(kinds, [5], "strict")));
    expect(rows[0]).toEqual([
      "row", "key", "type", "work_item_type", "language", "summary", "overall (%)", "overall_reasoning",
      ...DIMENSIONS.map((d) => `${d} (%)`),
      "findings", "recommendations", "rewrite", "split", "note", "work_item_type_source", "preset",
    ]);
    const [source, preset, note] = ["work_item_type_source", "preset", "note"].map((name) => rows[0].indexOf(name));
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3], row[source], row[preset]])).toEqual([
      ["1", "Defect", "bug", "from its type", "strict"],
      ["2", "", "spike", "read from the text", "strict"],
      ["3", "", "story", "by default: neither its type nor its text says", "strict"],
      ["4", "", "story", "", "strict"],
      // A row not scored was scored with no preset.
      ["5", "", "", "", ""],
    ]);
    expect(rows[5][note]).toBe("not scored: the summary is empty");
  });

  it("leaves the preset empty for a session scored before the preset was recorded", () => {
    const rows = parse(resultsToCsv(view([result(1, null, [])], [], null)));
    expect(rows[1][rows[0].indexOf("preset")]).toBe("");
  });

  it("says why each overall is what it is, in an overall_reasoning column beside it", () => {
    const outputs = scoreTickets([{ ticket: { summary: "As a user, I want to reset my password, so that I can regain access to my account." } }, { ticket: { summary: "Users" } }]);
    const results = outputs.map((o, i): StoryResult => ({ ...result(i + 1, null, []), overall_score: o.overall_score, overall_reasoning: o.overall_reasoning, individual_scores: o.individual_scores }));
    const rows = parse(resultsToCsv(view(results, [3])));
    const column = rows[0].indexOf("overall_reasoning");
    expect(rows[0][column - 1]).toBe("overall (%)");
    expect(rows[1].slice(column - 1, column + 1)).toEqual([
      "60",
      "60%: Testable 20% (no acceptance criteria) pulls it down from a mean of 85%; all the recommendations together reach 100%.",
    ]);
    // "Users" is a bare title nothing decides the kind of: judged on its reason and done condition (issue 50).
    expect(rows[2][column]).toMatch(/^38%: Valuable 20% \(no reason it matters\), Testable 20% .* pull it down from a mean of 65%/);
    expect(rows[3][column]).toBe("");
  });

  it("neutralises a split cell a spreadsheet would run as a formula", () => {
    const rows = parse(resultsToCsv(view([result(1, "=cmd()", ["=cmd()", "As a user, I want y"])])));
    const column = rows[0].indexOf("split");
    expect(rows[1][column]).toBe("'=cmd()\nAs a user, I want y");
  });

  const finding = (over: Partial<Finding>): Finding => ({ code: "unambiguous.vague_term", dimension: "estimable", severity: "medium", message: "m", ...over });
  const story = "As a shopper, I want to check out quickly and easily, so that I can get on with my day.";
  const withFindings = (findings: Finding[], recommendations: string[]): StoryResult => ({ ...result(1, null, []), summary: story, findings, recommendations });

  it("lists each finding as a short label with the text it points at, once", () => {
    const quickly = finding({ message: '"quickly" is subjective: nobody can check it.', field: "summary", start: 34, end: 41 });
    const lines = findingLines(
      withFindings(
        [
          finding({ code: "testable.no_acceptance_criteria", dimension: "testable", message: "The story has no acceptance criteria: nothing says when it is done." }),
          quickly,
          { ...quickly },
          finding({ code: "unique.duplicate", dimension: "independent", message: "The same story as story 12 of this batch." }),
          finding({ code: "uniform.repeated_indicator", dimension: "valuable", message: '"so that so that" breaks the template with a repeated keyword.' }),
          finding({ code: "unique.near_duplicate", dimension: "independent", message: 'Nearly the same request and benefit as story 3 of this batch: "As a shopper, I want to pay fast".' }),
          finding({ code: "uniform.template", dimension: "valuable", message: 'The story departs from the template of its batch: "I would like" where the batch has "I want".' }),
          finding({ code: "valuable.no_benefit", dimension: "valuable", message: 'The story gives no reason: there is no "so that ...".' }),
          finding({ code: "engine.made_up_code", message: "Something else." }),
        ],
        [],
      ),
    );
    expect(lines).toEqual([
      "No acceptance criteria",
      "Vague term: “quickly”",
      "Duplicate: the same story as story 12 of this batch",
      "Template keyword repeated: “so that so that”",
      "Near duplicate: “As a shopper, I want to pay fast”",
      'Off the batch\'s template: "I would like" where the batch has "I want"',
      "No benefit",
      "Made up code",
    ]);
  });

  it("quotes a long span shortened, on one line", () => {
    const description = `Background\n\n${"word ".repeat(40)}end`;
    const r = { ...withFindings([finding({ code: "minimal.trailing_text", field: "description", start: 0, end: description.length })], []), description };
    const [line] = findingLines(r);
    expect(line).toMatch(/^Note after the story: “Background word word .*…”$/);
    expect(line.length).toBeLessThan(110);
  });

  it("lists the fixes once each, without a finding's message", () => {
    const message = "The story has no acceptance criteria: nothing says when it is done.";
    const fix = "Add checkable conditions, one per line, as Given/When/Then with the expected result. (+38% overall)";
    const r = withFindings([finding({ code: "testable.no_acceptance_criteria", dimension: "testable", message })], [fix, message, fix, "  "]);
    expect(recommendationLines(r)).toEqual([fix]);
  });

  it("gives a gain stored on the 0-10 scale in percent, as every score in the file", () => {
    const stored = "Add checkable conditions, one per line, as Given/When/Then with the expected result. (+3.8 overall)";
    const r = withFindings([], [stored, "Name the user. (+0.4 overall)"]);
    expect(recommendationLines(r)).toEqual([
      "Add checkable conditions, one per line, as Given/When/Then with the expected result. (+38% overall)",
      "Name the user. (+4% overall)",
    ]);
  });

  // Splits a cell into sentences, the "(+2% overall)" of a recommendation kept with its sentence.
  const sentences = (cell: string) =>
    cell
      .split("\n")
      .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z“"])/))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);

  it.each(["g09.txt", "g13-planningpoker.txt"])("exports %s with no sentence in both columns of a row, nor twice in a column", (file) => {
    const stories = readFileSync(path.join(__dirname, "../scoring/fixtures/backlogs", file), "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
    const outputs = scoreTickets(stories.map((summary) => ({ ticket: { summary } })));
    const results = outputs.map((o, i): StoryResult => ({ ...result(i + 1, o.rewrite, o.split), summary: stories[i], overall_score: o.overall_score, overall_reasoning: o.overall_reasoning, individual_scores: o.individual_scores, findings: o.findings, recommendations: o.recommendations }));
    const rows = parse(resultsToCsv(view(results)));
    const [findingsAt, recommendationsAt] = [rows[0].indexOf("findings"), rows[0].indexOf("recommendations")];
    expect(rows).toHaveLength(stories.length + 1);
    let quoted = 0;
    for (const row of rows.slice(1)) {
      const [findings, recommendations] = [sentences(row[findingsAt]), sentences(row[recommendationsAt])];
      expect(findings.filter((s) => recommendations.includes(s)), row[3]).toEqual([]);
      expect(new Set(findings).size, row[3]).toBe(findings.length);
      expect(new Set(recommendations).size, row[3]).toBe(recommendations.length);
      // Every story of these backlogs lacks criteria; no message sentence is left in the findings column.
      expect(row[findingsAt]).toContain("No acceptance criteria");
      expect(row[findingsAt]).not.toContain("nothing says when it is done");
      expect(row[recommendationsAt]).toMatch(/^Add checkable conditions/m);
      if (row[findingsAt].includes("“")) quoted++;
    }
    expect(quoted).toBeGreaterThan(5);
  });
});
