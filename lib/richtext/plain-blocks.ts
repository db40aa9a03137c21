// Plain text to blocks: paragraphs at blank lines, each line kept as written (only trailing spaces go).
import type { Block } from "./blocks";

export function plainToBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/)) {
    const lines = chunk
      .split("\n")
      .map((line) => line.trimEnd())
      .filter((line, index, all) => line || (index > 0 && index < all.length - 1));
    if (lines.some((line) => line)) blocks.push({ kind: "paragraph", lines: lines.map((line) => ({ text: line, bold: false })) });
  }
  return blocks;
}
