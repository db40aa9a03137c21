import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/backlog/csv/parse";

describe("parseCsv", () => {
  it("strips a BOM, trims header names and reads CRLF files", () => {
    const { headers, rows, errors } = parseCsv("\uFEFF Summary , Key\r\nExport orders,A-1\r\nImport users,A-2\r\n");
    expect(headers).toEqual(["Summary", "Key"]);
    expect(rows).toEqual([{ Summary: "Export orders", Key: "A-1" }, { Summary: "Import users", Key: "A-2" }]);
    expect(errors).toEqual([]);
  });

  it("keeps commas and newlines inside quoted fields", () => {
    const { rows } = parseCsv('Title,AC\n"As a user, I want X","Given A\nWhen B\nThen C"\n');
    expect(rows[0].Title).toBe("As a user, I want X");
    expect(rows[0].AC).toBe("Given A\nWhen B\nThen C");
  });

  it("detects a semicolon delimiter and skips empty lines", () => {
    const { headers, rows } = parseCsv("Title;Description\n\nExport, quickly;Body text\n\n");
    expect(headers).toEqual(["Title", "Description"]);
    expect(rows).toEqual([{ Title: "Export, quickly", Description: "Body text" }]);
  });

  it("reads a one-column file without a delimiter error", () => {
    const { headers, rows, errors } = parseCsv("Story\nExport orders\n");
    expect(headers).toEqual(["Story"]);
    expect(rows).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it("reports ragged rows and fills missing cells with empty strings", () => {
    const { rows, errors } = parseCsv("Summary,Key\nOnly a summary\n");
    expect(rows[0]).toEqual({ Summary: "Only a summary", Key: "" });
    expect(errors.length).toBeGreaterThan(0);
  });

  it("joins a one-column file's rows that hold the delimiter back into the text, never cutting them", () => {
    const { headers, rows, errors } = parseCsv("Story\nAs a guest, I want to book a room, so that I can stay.\nAs a host I want to list my flat\n");
    expect(headers).toEqual(["Story"]);
    expect(rows).toEqual([{ Story: "As a guest, I want to book a room, so that I can stay." }, { Story: "As a host I want to list my flat" }]);
    expect(errors).toEqual([]);
  });

  it("reports each row with more fields than a header of several columns", () => {
    const { rows, errors } = parseCsv("Summary,Key\nAs a guest, I want X,K-1\nFine,K-2\n");
    expect(rows[1]).toEqual({ Summary: "Fine", Key: "K-2" });
    expect(errors).toEqual([{ row: 1, message: expect.stringMatching(/Too many fields/) }]);
  });

  it("returns nothing for an empty file", () => {
    expect(parseCsv("")).toMatchObject({ headers: [], rows: [] });
  });
});
