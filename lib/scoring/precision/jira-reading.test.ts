// The reading of the shared Jira issues (jira-reading.json, issue 50): kinds and firings judged by key, never by
// text. A clone checks the reading's form; with the shared data beside the checkout (testing/shared-data.ts)
// the 300 issues are scored again, typeless as they were read, and the engine has to keep what the reading found.
import { describe, expect, it } from "vitest";
import { sharedDataFile } from "@/testing/shared-data";
import { scoreTickets } from "../heuristic/engine";
import { JIRA_FILE, jiraIssues, jiraReading } from "./jira-reading";

const reading = jiraReading();
const file = sharedDataFile(JIRA_FILE);

/** Findings of the story template: a bug or a task must never get them. */
const STORY_TEMPLATE = /^(?:well_formed\.|valuable\.no_benefit$|conceptually_sound\.|testable\.no_acceptance_criteria$|testable\.unverifiable_criteria$|minimal\.|uniform\.)/;

describe("the reading of real Jira issues", () => {
  it("judges every issue's kind and every firing, by key only, with a reason of our own", () => {
    const keys = Object.keys(reading.kinds);
    expect(keys.length).toBe(300);
    for (const [key, v] of Object.entries(reading.kinds)) {
      expect(key).toMatch(/^[A-Z]+-\d+$/);
      expect(["story", "bug", "task", "spike", "epic"]).toContain(v.kind);
      expect(v.reason.length, key).toBeGreaterThan(5);
      expect(v.reason.length, key).toBeLessThan(90);
    }
    for (const f of reading.firings) {
      expect(Object.keys(f).sort()).toEqual(["code", "key", "reason", "verdict"]);
      expect(reading.codes).toContain(f.code);
      expect(keys).toContain(f.key);
      expect(f.verdict).toMatch(/^(?:right|wrong)$/);
    }
  });

  it.skipIf(!file)("keeps the kinds, the firings and the spread it was read at", () => {
    const issues = jiraIssues(file!);
    const results = scoreTickets(issues.map((i) => ({ ticket: { summary: i.summary, description: i.description, key: i.key } })));
    // Kinds: the reported kind against the reader's (a neutral ticket is reported as a story).
    const wrongKinds = issues.filter((i, n) => results[n].metadata.work_item_type !== reading.kinds[i.key].kind);
    expect(issues.length - wrongKinds.length, wrongKinds.map((i) => i.key).join(" ")).toBeGreaterThanOrEqual(265);
    for (const r of results) expect(["given", "text", "default"]).toContain(r.metadata.work_item_type_source);
    // Firings of the five codes: every one judged, at most 20% of them wrong.
    const verdicts = new Map(reading.firings.map((f) => [`${f.key} ${f.code}`, f.verdict]));
    const fired = issues.flatMap((i, n) => [...new Set(results[n].findings.map((f) => f.code))].filter((c) => reading.codes.includes(c)).map((c) => `${i.key} ${c}`));
    const unread = fired.filter((k) => !verdicts.has(k));
    expect(unread, "firings nobody has read: read them and add them to jira-reading.json").toEqual([]);
    const wrong = fired.filter((k) => verdicts.get(k) === "wrong");
    expect(wrong.length / Math.max(1, fired.length), wrong.join("\n")).toBeLessThanOrEqual(0.2);
    // No story-template finding on an issue the reader calls a bug or a task, beyond the kinds still misread.
    const misread = new Set(wrongKinds.map((i) => i.key));
    const template = issues.filter((i, n) => ["bug", "task"].includes(reading.kinds[i.key].kind) && !misread.has(i.key) &&
      results[n].findings.some((f) => STORY_TEMPLATE.test(f.code)));
    expect(template.map((i) => i.key)).toEqual([]);
    // The overall spreads: a backlog is not one score.
    const overall = results.map((r) => r.overall_score);
    const mean = overall.reduce((a, b) => a + b, 0) / overall.length;
    const sd = Math.sqrt(overall.reduce((a, b) => a + (b - mean) ** 2, 0) / overall.length);
    expect(sd).toBeGreaterThanOrEqual(1.5);
  });
});
