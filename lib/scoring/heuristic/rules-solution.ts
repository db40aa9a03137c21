import type { Finding } from "../types";
import { finding, type RuleInput } from "./finding";
import { BUILD_VERBS, SOLUTION_TERMS } from "./lexicon";
import { tokenize } from "./text";

const TECHNIQUE = /\b(?:using|via|by\s+using|by\s+means\s+of|implemented\s+(?:with|in)|built\s+(?:with|on)|with\s+the\s+help\s+of)\s+/gi;

/** QUS "problem-oriented" and INVEST "negotiable": the story states a need, not a design. */
export function solutionFindings({ summary, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  const means = story.means;
  if (!means) return findings;
  const tokens = tokenize(summary, means.start, means.end);
  let reported = 0;
  for (const t of tokens) {
    if (!SOLUTION_TERMS.has(t.lower) || reported >= 2) continue;
    reported++;
    findings.push(finding("problem_oriented.solution_term", "negotiable", "medium",
      `"${t.text}" prescribes the solution; state the user's need and leave the design to the team.`,
      { field: "summary", span: { start: t.start, end: t.end } }));
  }
  const first = tokens[0]?.lower === "to" ? tokens[1] : tokens[0];
  if (first && BUILD_VERBS.has(first.lower) && story.meansIsAction) {
    findings.push(finding("problem_oriented.build_task", "negotiable", "low",
      `"${first.text} ..." describes building an artefact; describe the capability a user gets.`,
      { field: "summary", span: { start: first.start, end: first.end } }));
  }
  TECHNIQUE.lastIndex = means.start;
  const m = TECHNIQUE.exec(summary);
  if (m && m.index < means.end) {
    findings.push(finding("negotiable.implementation_detail", "negotiable", "low",
      `"${m[0].trim()} ..." fixes how it is done; keep the technique negotiable.`,
      { field: "summary", span: { start: m.index, end: m.index + m[0].trimEnd().length } }));
  }
  return findings;
}
