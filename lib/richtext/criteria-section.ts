// Finds the acceptance-criteria section in blocks and moves it out. A section starts at a heading-like block
// whose text is one of the trackers' spellings and ends at the next heading-like block of any level.
import type { Block, Line } from "./blocks";

/** "Acceptance Criteria", "Acceptance criteria:", "AC", "ACs", "A/C", "Acceptance tests", "Acceptance criteria (AC)". */
const CRITERIA_TITLE = /^(acceptance (criteria|criterion|criterias|tests?)( \(acs?\))?|acs?|a\/c)$/;

function normalizeTitle(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    // Leading numbering, emoji or punctuation ("3. ", "✅ ", "## ") and a trailing colon or full stop.
    .replace(/^[^\p{L}]+/u, "")
    .replace(/\s*[:.\-–—]+$/u, "")
    .trim();
}

/** True when the text names an acceptance-criteria section. */
export function isCriteriaTitle(text: string): boolean {
  return text.length <= 60 && CRITERIA_TITLE.test(normalizeTitle(text));
}

/** A paragraph line that reads as a heading: only bold text, or a criteria title standing alone on its line. */
function isHeadingLine(line: Line): boolean {
  return (line.bold && line.text.length <= 120) || isCriteriaTitle(line.text);
}

function isHeadingLike(block: Block): boolean {
  return block.kind === "heading" || (block.kind === "paragraph" && block.lines.length === 1 && isHeadingLine(block.lines[0]));
}

/** Splits paragraphs at heading-like lines, so a bold line inside a paragraph can open or close a section. */
function splitParagraphs(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.kind !== "paragraph" || block.lines.length < 2 || !block.lines.some(isHeadingLine)) {
      out.push(block);
      continue;
    }
    let run: Line[] = [];
    let first = true;
    const flush = () => {
      if (!run.length) return;
      out.push({ kind: "paragraph", lines: run, tight: first ? block.tight : true });
      first = false;
      run = [];
    };
    for (const line of block.lines) {
      if (isHeadingLine(line)) {
        flush();
        run = [line];
        flush();
      } else run.push(line);
    }
    flush();
  }
  return out;
}

export interface CriteriaSplit {
  /** The blocks outside the section. */
  rest: Block[];
  /** The section's blocks, without its heading; null when there is no section or it is empty. */
  criteria: Block[] | null;
}

function headingText(block: Block): string {
  if (block.kind === "heading") return block.text;
  return block.kind === "paragraph" ? block.lines[0].text : "";
}

export function splitCriteriaSection(blocks: Block[]): CriteriaSplit {
  const split = splitParagraphs(blocks);
  const start = split.findIndex((block) => isHeadingLike(block) && isCriteriaTitle(headingText(block)));
  if (start < 0) return { rest: blocks, criteria: null };
  let end = start + 1;
  while (end < split.length && !isHeadingLike(split[end])) end++;
  const criteria = split.slice(start + 1, end).map((block, index) => (index === 0 ? { ...block, tight: false } : block));
  if (!criteria.length) return { rest: blocks, criteria: null };
  const after = split.slice(end).map((block, index) => (index === 0 ? { ...block, tight: false } : block));
  return { rest: [...split.slice(0, start), ...after], criteria };
}
