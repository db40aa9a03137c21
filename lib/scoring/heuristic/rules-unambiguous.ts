import type { Finding } from "../types";
import { finding, type RuleInput } from "./finding";
import { GENERAL_TERMS, LOOPHOLE_PHRASES, STORY_VAGUE_TERMS } from "./lexicon";
import { tokenize } from "./text";

const LOOPHOLES = new RegExp(`\\b(?:${LOOPHOLE_PHRASES.map((p) => p.replace(/[/]/g, "\\/")).join("|")})\\b`, "gi");

/** QUS "unambiguous": vague, subjective or open-ended wording in the story itself. */
export function unambiguousFindings({ summary, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  // The role may say "concerned about safety"; only the requirement (means and ends) must be precise.
  const from = story.means?.start ?? story.role?.end ?? 0;
  for (const t of tokenize(summary, from, story.mainEnd)) {
    if (seen.has(t.lower)) continue;
    if (GENERAL_TERMS.has(t.lower)) {
      seen.add(t.lower);
      findings.push(finding("unambiguous.general_term", "estimable", "low",
        `"${t.text}" is general; name the concrete thing or action the user needs.`,
        { field: "summary", span: { start: t.start, end: t.end } }));
      continue;
    }
    if (!STORY_VAGUE_TERMS.has(t.lower)) continue;
    seen.add(t.lower);
    findings.push(finding("unambiguous.vague_term", "estimable", "medium",
      `"${t.text}" is subjective; say how it is measured (a number, a limit, a named standard).`,
      { field: "summary", span: { start: t.start, end: t.end } }));
  }
  LOOPHOLES.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = LOOPHOLES.exec(summary)) !== null) {
    findings.push(finding("unambiguous.loophole", "estimable", "medium",
      `"${m[0]}" leaves the scope open; state exactly what is in scope.`,
      { field: "summary", span: { start: m.index, end: m.index + m[0].length } }));
  }
  return findings;
}
