import { describe, expect, it } from "vitest";
import { downloadDisposition, neutraliseCell } from "./export-csv";

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
