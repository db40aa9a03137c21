// QUS "problem-oriented" and INVEST "negotiable": the story states a need and leaves the design to the team.
import { found, type Found, type RuleInput } from "./finding";
import { BUILD_VERBS, SOLUTION_TERMS } from "./lexicon";
import { excludedRegions } from "./regions";

const TECHNIQUE = new Set(["using", "via"]);

export function solutionFindings({ story }: RuleInput): Found[] {
  const findings: Found[] = [];
  const means = story.means;
  if (!means) return findings;
  // A ticket not written as a user's story ("Docker image for the runtime", "REST API: add paging", "Upgrade the
  // XML parser") is about the technology it names: that is its subject, not a design it prescribes to a user's
  // need (lib/scoring/README.md, "Context rules"). Only a story sentence has a need the term can pre-empt.
  if (!story.roleIndicator) return findings;
  const t = story.a.tokens;
  // An example list or a bracket is reported as extra text already.
  const asides = excludedRegions(story);
  // For a developer or an API user the product's API is what they use, not a design the story imposes ("As a
  // developer, I want to have the API well documented"; "As an API User, I want a flexible API"). Other terms
  // stay: a developer who asks for "database indexes" prescribes how (g13).
  const roleWords = story.role ? t.slice(story.role.start, story.role.end) : [];
  const technicalUser = roleWords.some((x) => /developer|programmer|engineer/i.test(x.text) || SOLUTION_TERMS.has(x.lower));
  let reported = 0;
  for (let k = means.start; k < means.end && reported < 2; k++) {
    const x = t[k];
    if (!SOLUTION_TERMS.has(x.lower) || !["NOUN", "PROPN", "X", "ADJ"].includes(x.pos)) continue;
    if (asides.some((r) => k >= r.start && k < r.end)) continue;
    // A named one that exists or is asked for by name ("the publish button", "one SQLite database", "the demo
    // database", "a reconciliation API endpoint"): what the story is about, not a design choice.
    if (technicalUser && /^apis?$/.test(x.lower)) continue;
    // "into Python", "from MS-SQL", "in R": a bare name after a preposition is where the user's data is or goes, their
    // own system ("from the database" stays: the product's store).
    let first = k;
    while (first > means.start && t[first - 1].text === "-" && t[first - 1].start === t[first - 2]?.end && t[first - 1].end === t[first].start) first -= 2;
    if (["into", "from", "to", "in"].includes(t[first - 1]?.lower ?? "") && x.pos === "PROPN") continue;
    const before = t[k - 1];
    if (k > means.start && before && (before.pos === "NOUN" || before.pos === "PROPN") && before.end < x.start) continue;
    reported++;
    findings.push(found("problem_oriented.solution_term", "medium",
      `"${x.text}" prescribes the solution.`, "State the user's need and leave the design to the team.",
      { field: "summary", start: x.start, end: x.end }));
  }
  const head = t[means.start];
  if (story.meansIsAction && head && BUILD_VERBS.has(head.lemma)) {
    findings.push(found("problem_oriented.build_task", "low",
      `"${head.text} ..." describes building something, not what a user can do afterwards.`,
      "Describe the capability a user gets.", { field: "summary", start: head.start, end: head.end }));
  }
  for (let k = means.start; k < means.end; k++) {
    if (!TECHNIQUE.has(t[k].lower)) continue;
    // "using React", "via a Kafka queue": a named technique, not an everyday "using my account".
    const named = t.slice(k + 1, Math.min(means.end, k + 4)).find((x) => SOLUTION_TERMS.has(x.lower));
    if (!named) continue;
    findings.push(found("negotiable.implementation_detail", "low",
      `"${t[k].text} ${named.text}" fixes how it is done.`, "Keep the technique negotiable; say what it must achieve.",
      { field: "summary", start: t[k].start, end: named.end }));
    break;
  }
  return findings;
}
