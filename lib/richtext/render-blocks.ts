// Blocks to plain text: one line per heading, paragraph line, list item and table row; a blank line between blocks.
import { MAX_TEXT, type Block } from "./blocks";

function renderBlock(block: Block): string {
  switch (block.kind) {
    case "heading":
      return block.text;
    case "paragraph":
      return block.lines.map((line) => line.text).join("\n");
    case "code":
      return block.text;
    case "list":
      return block.items
        .map((item) => {
          const indent = "  ".repeat(item.depth);
          const [first = "", ...rest] = item.lines;
          return [`${indent}- ${first}`, ...rest.map((line) => `${indent}  ${line}`)].join("\n");
        })
        .join("\n");
    case "table":
      return block.rows
        .filter((cells) => cells.some((cell) => cell.trim()))
        .map((cells) => cells.map((cell) => cell.trim()).join(" | "))
        .join("\n");
  }
}

/** Trailing spaces trimmed, no more than one blank line in a row, no blank lines at either end, bounded. */
export function tidyText(text: string): string {
  // Per line rather than /[ \t]+$/gm, which backtracks quadratically on a long run of spaces.
  const tidy = text
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "")
    .replace(/\n+$/, "");
  if (tidy.length <= MAX_TEXT) return tidy;
  // Do not cut a surrogate pair in half, nor end on a space.
  const end = /[\ud800-\udbff]/.test(tidy[MAX_TEXT - 1]) ? MAX_TEXT - 1 : MAX_TEXT;
  return tidy.slice(0, end).trimEnd();
}

export function renderBlocks(blocks: Block[]): string {
  let out = "";
  for (const block of blocks) {
    const text = renderBlock(block);
    if (!text.trim()) continue;
    if (out) out += block.tight ? "\n" : "\n\n";
    out += text;
    // The output is bounded; stop building once past it.
    if (out.length > MAX_TEXT * 2) break;
  }
  return tidyText(out);
}
