// The one intermediate form every markup is read into: blocks of plain text. Headings, lists, tables and the
// acceptance-criteria section are found on blocks, so they behave the same for Jira, HTML, Markdown and ADF.

export type Markup = "plain" | "markdown" | "jira-wiki" | "html" | "adf";

/** Output bound, in characters, of the text and of the criteria. */
export const MAX_TEXT = 100_000;
/** Input bound: a string field is read up to this many characters (markup is longer than its text). */
export const MAX_INPUT = 200_000;

/** A line of a paragraph; `bold` when all of its text is bold (a heading for the criteria search). */
export interface Line {
  text: string;
  bold: boolean;
}

export interface ListItem {
  /** 0 for a top-level item. */
  depth: number;
  lines: string[];
}

interface BlockBase {
  /** Joined to the previous block by a line break instead of a blank line (a paragraph split at a heading-like line). */
  tight?: boolean;
}

export type Block = BlockBase &
  (
    | { kind: "heading"; text: string }
    | { kind: "paragraph"; lines: Line[] }
    | { kind: "list"; items: ListItem[] }
    | { kind: "code"; text: string }
    | { kind: "table"; rows: string[][] }
  );

/** A run of inline text; `bold` when it sits inside bold/strong markup. */
export interface Segment {
  text: string;
  bold: boolean;
}

/** Splits inline segments into lines at "\n", each line bold when every non-space character in it is bold. */
export function segmentsToLines(segments: Segment[]): Line[] {
  const lines: Line[] = [];
  let text = "";
  let plainSeen = false;
  let boldSeen = false;
  const flush = () => {
    const trimmed = text.replace(/\s+/g, " ").trim();
    lines.push({ text: trimmed, bold: boldSeen && !plainSeen && trimmed.length > 0 });
    text = "";
    plainSeen = false;
    boldSeen = false;
  };
  for (const segment of segments) {
    const parts = segment.text.split("\n");
    parts.forEach((part, index) => {
      if (index > 0) flush();
      text += part;
      if (part.trim()) {
        if (segment.bold) boldSeen = true;
        else plainSeen = true;
      }
    });
  }
  flush();
  // Leading and trailing empty lines are layout, not content.
  while (lines.length && !lines[0].text) lines.shift();
  while (lines.length && !lines[lines.length - 1].text) lines.pop();
  return lines;
}

/** A paragraph block from lines, or null when it has no text. */
export function paragraph(lines: Line[]): Block | null {
  return lines.some((line) => line.text) ? { kind: "paragraph", lines } : null;
}
