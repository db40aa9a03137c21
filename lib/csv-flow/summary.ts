// What the results page says about a scored session as a whole. A fact that holds for every story reads the
// same for any file of its kind ("Testable 20%" for every backlog without criteria), so it is said once as a
// sentence; the figures set out as headlines are the ones that tell this file's stories apart.
import { findingLabel } from "./finding-labels";
import { DIMENSIONS, percent, type Dimension, type StoryResult } from "./types";
import { findingCode } from "@/lib/scoring/codes";
import { DIMENSION_LABELS } from "@/lib/scoring/types";
import { band, SCORE_BANDS, type ScoreBand } from "@/lib/format";
import { itemKind, itemsNoun } from "@/lib/work-items/kinds";

type Scored = Pick<StoryResult, "description" | "acceptance_criteria" | "overall_score" | "individual_scores" | "findings"> &
  Partial<Pick<StoryResult, "type" | "work_item_type">>;

export interface ResultsDigest {
  stories: number;
  /** What the file's items are called: "story"/"stories" when all are stories, "work item(s)" when kinds are mixed. */
  noun: { one: string; many: string };
  /** Facts shared by every story, each one plain sentence. */
  shared: string[];
  overall: { average: number; lowest: number; highest: number };
  /** Stories per overall score band (SCORE_BANDS: the bands the scores are coloured and filtered by). */
  bands: Record<ScoreBand, number>;
  /** The dimension with the lowest average among those on which stories score differently. */
  weakestVarying: { dimension: Dimension; label: string; average: number; lowest: number; highest: number } | null;
  /** The finding most stories have, among those some stories do not have. */
  commonFinding: { code: string; label: string; stories: number } | null;
  /** Stories that repeat, or nearly repeat, another story of the file. */
  duplicates: number;
}

const blank = (text: string | null | undefined) => !text?.trim();
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** "A", "A and B", "A, B and C". */
export function listWords(words: string[]): string {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The figures and sentences of the results summary, computed from the session's results alone. */
export function digestResults(results: Scored[]): ResultsDigest {
  const n = results.length;
  const kinds = results.map(itemKind);
  const noun = { one: itemsNoun(kinds, 1), many: itemsNoun(kinds, 2) };
  const overalls = results.map((r) => percent(r.overall_score));
  const digest: ResultsDigest = {
    stories: n,
    noun,
    shared: [],
    overall: n ? { average: percent(mean(results.map((r) => r.overall_score))), lowest: Math.min(...overalls), highest: Math.max(...overalls) } : { average: 0, lowest: 0, highest: 0 },
    bands: Object.fromEntries(SCORE_BANDS.map(({ key }) => [key, overalls.filter((p) => band(p) === key).length])) as Record<ScoreBand, number>,
    weakestVarying: null,
    commonFinding: null,
    duplicates: results.filter((r) => r.findings.some((f) => f.code.startsWith("unique."))).length,
  };
  if (n === 0) return digest;

  const range = (d: Dimension) => {
    const values = results.map((r) => percent(r.individual_scores[d]));
    return { lowest: Math.min(...values), highest: Math.max(...values), average: percent(mean(results.map((r) => r.individual_scores[d]))) };
  };

  // Fields no story has: the one fact that sets every story's Testable (and, with no description either, its
  // Estimable) findings, whatever the stories say.
  // Only where the missing criteria are what each one is held to: a bug is tested against its expected result and a task
  // against its done condition, so a file that mixes them says nothing of a cap the bugs and tasks do not have.
  const noCriteria = results.every((r) => blank(r.acceptance_criteria) && r.findings.some((f) => f.code === "testable.no_acceptance_criteria"));
  const noDescription = results.every((r) => blank(r.description));
  const explained = new Set<string>();
  const named = new Set<Dimension>();
  if (noCriteria) {
    const testable = range("testable");
    const fields = noDescription ? "a description or acceptance criteria" : "acceptance criteria";
    const cap = testable.lowest === testable.highest ? `${testable.highest}%` : `at most ${testable.highest}%`;
    digest.shared.push(
      n === 1
        ? `The ${noun.one} has no ${noDescription ? "description or acceptance criteria" : "acceptance criteria"}, so its Testable score is ${testable.highest}%.`
        : `None of the ${n.toLocaleString("en-US")} ${noun.many} has ${fields}, so Testable is ${cap} for all of them.`,
    );
    explained.add(findingCode("testable.no_acceptance_criteria"));
    if (noDescription) explained.add(findingCode("estimable.no_detail"));
    named.add("testable");
  } else if (noDescription) {
    digest.shared.push(n === 1 ? `The ${noun.one} has no description.` : `None of the ${n.toLocaleString("en-US")} ${noun.many} has a description.`);
  }
  // With one story everything it has is "shared"; the sentences below only say something about a batch.
  if (n === 1) return digest;

  const storiesWith = new Map<string, number>();
  for (const r of results) for (const code of new Set(r.findings.map((f) => f.code))) storiesWith.set(code, (storiesWith.get(code) ?? 0) + 1);
  const everywhere = [...storiesWith].filter(([code, count]) => count === n && !explained.has(code)).map(([code]) => `“${findingLabel(code)}”`);
  if (everywhere.length > 0) {
    digest.shared.push(`Every ${noun.one} has the finding${everywhere.length > 1 ? "s" : ""} ${listWords(everywhere)}.`);
  }

  // Dimensions on which every story scores the same, grouped by that score.
  const constant = new Map<number, Dimension[]>();
  const varying: Dimension[] = [];
  for (const d of DIMENSIONS) {
    const { lowest, highest } = range(d);
    if (lowest !== highest) varying.push(d);
    else if (!named.has(d)) constant.set(lowest, [...(constant.get(lowest) ?? []), d]);
  }
  if (constant.size > 0) {
    const groups = [...constant].sort(([a], [b]) => b - a).map(([score, dims]) => `${score}% on ${listWords(dims.map((d) => DIMENSION_LABELS[d]))}`);
    digest.shared.push(`Every ${noun.one} scores ${groups.join(", and ")}.`);
  }

  const weakest = varying.map((d) => ({ dimension: d, ...range(d) })).sort((a, b) => a.average - b.average)[0];
  if (weakest) digest.weakestVarying = { ...weakest, label: DIMENSION_LABELS[weakest.dimension] };

  // Ties go to the code met first in the file, so the card does not change between renders.
  let best: { code: string; stories: number } | null = null;
  // A language the rules do not read is a note, not a defect (it costs nothing): never the most common finding.
  for (const [code, count] of storiesWith) if (code !== findingCode("language.not_read") && count < n && (!best || count > best.stories)) best = { code, stories: count };
  if (best) digest.commonFinding = { ...best, label: findingLabel(best.code) };
  return digest;
}
