import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedDataFile } from "@/testing/shared-data";
import { decodeText } from "./decode";

// A Windows-1252 backlog of the shared data, when it is beside the checkout (testing/shared-data.ts).
const SHARED = sharedDataFile("backlogs/g24-unibath.txt");

describe("decodeText", () => {
  it("reads UTF-8, with or without a byte-order mark", () => {
    const utf8 = new TextEncoder().encode("As a user, I want “quotes” — and €");
    expect(decodeText(utf8)).toEqual({ text: "As a user, I want “quotes” — and €", encoding: "utf-8", bom: false });
    const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeText(withBom)).toEqual({ text: "As a user, I want “quotes” — and €", encoding: "utf-8", bom: true });
  });

  it("reads bytes that are not UTF-8 as Windows-1252, curly quotes, dashes and the euro sign included", () => {
    // "As a “user” – pay €5 café" as Excel's plain CSV writes it on Windows.
    const bytes = Uint8Array.from([
      ...Buffer.from("As a "), 0x93, ...Buffer.from("user"), 0x94, 0x20, 0x96, ...Buffer.from(" pay "), 0x80,
      ...Buffer.from("5 caf"), 0xe9,
    ]);
    expect(decodeText(bytes)).toEqual({ text: "As a “user” – pay €5 café", encoding: "windows-1252", bom: false });
  });

  it("reads UTF-16 when a byte-order mark names it", () => {
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from("Story\r\nAs a “user”", "utf16le")]);
    expect(decodeText(le)).toEqual({ text: "Story\r\nAs a “user”", encoding: "utf-16le", bom: true });
    const beBody = Buffer.from("As a “user”", "utf16le").swap16();
    expect(decodeText(Uint8Array.from([0xfe, 0xff, ...beBody]))).toEqual({ text: "As a “user”", encoding: "utf-16be", bom: true });
  });

  it.skipIf(!SHARED)("reads the shared Windows-1252 backlog with its curly quotes and no replacement character", () => {
    const { text, encoding } = decodeText(readFileSync(SHARED!));
    expect(encoding).toBe("windows-1252");
    expect(text).not.toContain("\ufffd");
    expect(text).toMatch(/[‘’“”]/);
  });
});
