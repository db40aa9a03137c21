// What the readings of the shared Jira issues share (lib/scoring/precision/jira-steps-reading.json and
// jira-bug-reading.json): a verdict's form, and the issues scored again, typeless, as they were read.
import { expect } from "vitest";
import { scoreTickets } from "@/lib/scoring/heuristic/engine";
import { jiraIssues } from "@/lib/scoring/precision/jira-reading";
import type { ScoringResult } from "@/lib/scoring/types";

/** One issue judged: by key only, whether the code fired (and at what severity), right or wrong, and why in our words. */
export interface JiraVerdict {
  key: string;
  fires: boolean;
  severity?: "low" | "medium" | "high";
  verdict: "right" | "wrong";
  reason: string;
}

/** A verdict names its issue by key, says right or wrong, has a severity exactly where the code fired, and a short reason. */
export function expectVerdictForm(v: JiraVerdict, label: string): void {
  expect(v.key).toMatch(/^[A-Z]+-\d+$/);
  expect(["right", "wrong"]).toContain(v.verdict);
  expect(v.fires, label).toBe(v.severity !== undefined);
  expect(v.reason.length, label).toBeGreaterThanOrEqual(5);
  expect(v.reason.length, label).toBeLessThanOrEqual(85);
}

/** The shared Jira issues in `file` (those with the keys given, or all), scored as the API scores them, by key. */
export function scoredByKey(file: string, keys?: ReadonlySet<string>): Map<string, ScoringResult> {
  const issues = jiraIssues(file).filter((i) => !keys || keys.has(i.key));
  const results = scoreTickets(issues.map((i) => ({ ticket: { summary: i.summary, description: i.description, key: i.key } })));
  return new Map(issues.map((i, n) => [i.key, results[n]]));
}
