import type { Finding } from "../types";
import { ingToBase, type ParsedStory } from "./parse-story";
import { bracketSpans, spanText } from "./text";

const REWRITE_CODES = /^(?:atomic|minimal|well_formed|valuable\.no_benefit)\./;
const EXAMPLE_CLAUSE = /,?\s*\b(?:such as|including|e\.g\.,?|i\.e\.,?|for example,?|for instance,?|like)\s[^,.;]*(?:,\s*(?:and|or)\s[^,.;]*)?/gi;

function removeRanges(text: string, offset: number, ranges: { start: number; end: number }[]): string {
  let out = "";
  let pos = offset;
  for (const r of ranges.filter((r) => r.end > offset && r.start < offset + text.length).sort((a, b) => a.start - b.start)) {
    if (r.start > pos) out += text.slice(pos - offset, r.start - offset);
    pos = Math.max(pos, r.end);
  }
  out += text.slice(Math.max(0, pos - offset));
  return out;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\s+([,.;:])/g, "$1").replace(/[\s,;:]+$/, "").trim();
}

/**
 * A proposed story in the "As a ..., I want ..., so that ..." form: brackets and examples dropped, only the
 * first of several conjoined features kept, placeholders where the role or benefit is missing. Null when
 * the summary has no defect a rewrite fixes.
 */
export function proposeRewrite(story: ParsedStory, findings: Finding[]): string | null {
  if (!findings.some((f) => REWRITE_CODES.test(f.code))) return null;
  const text = story.text;
  if (text.trim().length === 0 || text.length > 2000) return null;
  const role = tidy(spanText(text, story.role).replace(/\([^)]*\)/g, "")) || "[type of user]";
  let meansSpan = story.means ?? { start: story.roleIndicator ? story.mainEnd : 0, end: story.mainEnd };
  const firstSplit = findings
    .filter((f) => f.code === "atomic.conjunction" && f.field === "summary" && f.start !== undefined)
    .map((f) => text.slice(f.start, f.end).search(/\s(?:and|or|&)\s/i) + f.start!)
    .filter((p) => p > meansSpan.start && p < meansSpan.end)
    .sort((a, b) => a - b)[0];
  if (firstSplit !== undefined) meansSpan = { start: meansSpan.start, end: firstSplit };
  let means = removeRanges(text.slice(meansSpan.start, meansSpan.end), meansSpan.start, bracketSpans(text));
  means = tidy(means.replace(EXAMPLE_CLAUSE, ""));
  if (!means) return null;
  if (!story.meansIndicator) means = means.charAt(0).toLowerCase() + means.slice(1);
  const wants = story.meansIsAction || !story.meansIndicator ? "I want to" : "I want";
  let ends = "[the benefit]";
  if (story.ends) {
    const raw = tidy(removeRanges(text.slice(story.ends.start, story.ends.end), story.ends.start, bracketSpans(text)));
    if (story.endsKind === "so_that") ends = raw;
    else if (story.endsKind === "purpose") ends = `I can ${raw}`;
    else {
      const [first, ...rest] = raw.split(" ");
      const base = ingToBase(first);
      ends = base ? `it can ${[base, ...rest].join(" ")}` : raw;
    }
  }
  const article = /^(?:[aeio]|u(?!s|ni|ti|r))/i.test(role) ? "an" : "a";
  const proposal = `As ${role.startsWith("[") ? "a" : article} ${role}, ${wants} ${means.replace(/^to\s+/i, "")}, so that ${ends.replace(/^so\s+that\s+/i, "")}.`;
  return proposal === text.trim() ? null : proposal;
}
