// Bytes of a backlog file -> text, as spreadsheets and trackers write it: the encoding a byte-order mark names,
// else UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's plain "CSV" on Windows still writes it).
// The evaluator's upload and the CLI both decode files here.

export const TEXT_ENCODINGS = ["utf-8", "utf-16le", "utf-16be", "windows-1252"] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  /** True when a byte-order mark named the encoding (and was removed). */
  bom: boolean;
}

// Windows-1252 differs from Latin-1 only in 0x80-0x9F (curly quotes, dashes, the euro sign...); Node's own
// "windows-1252" decoder reads those bytes as Latin-1 control characters, so they are mapped here. The five
// bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their Latin-1 code points, as the
// WHATWG Encoding Standard does.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  const CHUNK = 8192;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    const codes: number[] = [];
    for (const b of bytes.subarray(i, i + CHUNK)) codes.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : b);
    out += String.fromCharCode(...codes);
  }
  return out;
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8", bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le", bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be", bom: true };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8", bom: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252", bom: false };
  }
}

/** The stories of a one-story-a-line backlog file (the shared backlogs, a `.txt` export), blank lines skipped. */
export function backlogLines(bytes: Uint8Array): string[] {
  return decodeText(bytes).text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter(Boolean);
}
