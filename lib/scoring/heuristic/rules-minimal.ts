import type { Finding } from "../types";
import { finding, quote, type RuleInput } from "./finding";
import { bracketSpans } from "./text";

const EXAMPLES = /\b(?:e\.\s?g\.?|i\.\s?e\.?|for\s+example|for\s+instance|such\s+as|etc\.?|and\s+so\s+on)(?=[\s,.:;)]|$)|\.\.\.|…/gi;
const EXTRA_PUNCTUATION = /[;:!]|\s[-–—]\s|\*/g;

/** QUS "minimal": nothing beyond role, means and ends. */
export function minimalFindings({ summary, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const end = story.mainEnd;

  for (const span of bracketSpans(summary)) {
    findings.push(finding("minimal.brackets", "negotiable", "medium",
      `Bracketed text "${quote(summary, span)}" adds detail beyond role, means and ends; move it to the description.`,
      { field: "summary", span }));
  }

  EXAMPLES.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = EXAMPLES.exec(summary)) !== null) {
    if (findings.some((f) => f.start !== undefined && f.end !== undefined && m!.index >= f.start && m!.index < f.end)) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    findings.push(finding("minimal.example", "negotiable", "low",
      `"${quote(summary, span)}" introduces examples; keep the story to the need and list examples in the description.`,
      { field: "summary", span }));
  }

  if (story.trailing && story.trailing.start >= end) {
    findings.push(finding("minimal.trailing_text", "negotiable", "medium",
      "Text after the story sentence is a note, not part of the story; move it to the description.",
      { field: "summary", span: story.trailing }));
  }

  EXTRA_PUNCTUATION.lastIndex = 0;
  while ((m = EXTRA_PUNCTUATION.exec(summary)) !== null && m.index < end) {
    // "Note: ..." or "A; B" inside the story sentence.
    if (/\d:\d/.test(summary.slice(m.index - 1, m.index + 2))) continue;
    const span = { start: m.index, end: m.index + m[0].length };
    findings.push(finding("minimal.punctuation", "negotiable", "low",
      `"${m[0].trim()}" splits the story into extra clauses; keep one sentence of role, means and ends.`,
      { field: "summary", span: { start: span.start + (m[0].length - m[0].trimStart().length), end: span.end - (m[0].length - m[0].trimEnd().length) } }));
    break;
  }
  return findings;
}
