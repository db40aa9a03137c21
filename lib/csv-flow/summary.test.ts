import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scoreTickets } from "@/lib/scoring";
import { digestResults, listWords } from "./summary";
import { DIMENSIONS, type Finding, type StoryResult } from "./types";

type Story = Parameters<typeof digestResults>[0][number];

const scores = (over: Partial<StoryResult["individual_scores"]> = {}) =>
  ({ ...Object.fromEntries(DIMENSIONS.map((d) => [d, 10])), ...over }) as StoryResult["individual_scores"];
const finding = (code: string): Finding => ({ code, dimension: "estimable", severity: "medium", message: code });
const story = (overall: number, over: Partial<Story> = {}): Story => ({
  description: null,
  acceptance_criteria: null,
  overall_score: overall,
  individual_scores: scores({ testable: 2 }),
  findings: [finding("testable.no_acceptance_criteria")],
  ...over,
});

describe("listWords", () => {
  it("joins words as a sentence does", () => {
    expect([listWords([]), listWords(["A"]), listWords(["A", "B"]), listWords(["A", "B", "C"])]).toEqual(["", "A", "A and B", "A, B and C"]);
  });
});

describe("digestResults", () => {
  it("says once what every story lacks, and leaves it out of what differs", () => {
    const digest = digestResults([
      story(6, { findings: [finding("testable.no_acceptance_criteria"), finding("unambiguous.vague_term")], individual_scores: scores({ testable: 2, estimable: 8 }) }),
      story(3.3, { findings: [finding("testable.no_acceptance_criteria"), finding("unambiguous.vague_term"), finding("atomic.two_actions")], individual_scores: scores({ testable: 2, estimable: 8, small: 4 }) }),
      story(7.5, { description: "Some context" }),
    ]);
    expect(digest.shared).toEqual([
      "None of the 3 stories has acceptance criteria, so Testable is 20% for all of them.",
      "Every story scores 100% on Independent, Negotiable and Valuable.",
    ]);
    expect(digest.overall).toEqual({ average: 56, lowest: 33, highest: 75 });
    expect(digest.bands).toEqual({ bad: 1, mid: 2, good: 0 });
    // Testable is the lowest average, but it is the same for every story.
    expect(digest.weakestVarying).toEqual({ dimension: "small", label: "Small", average: 80, lowest: 40, highest: 100 });
    expect(digest.commonFinding).toEqual({ code: "unambiguous.vague_term", label: "Vague term", stories: 2 });
  });

  it("counts stories in the bands their scores are coloured and filtered by: below 50%, 50% to 79%, 80% and above", () => {
    // Each pair straddles a band's edge as the percentage shown: 4.94 reads 49%, 4.95 reads 50%, 7.95 reads 80%.
    const digest = digestResults([4.94, 4.95, 7.94, 7.95, 10].map((overall) => story(overall)));
    expect(digest.bands).toEqual({ bad: 1, mid: 2, good: 2 });
    expect(Object.keys(digest.bands)).toEqual(["bad", "mid", "good"]);
  });

  it("says 'at most' when the stories' Testable scores differ, and names the description when none has one", () => {
    const digest = digestResults([story(6), story(6, { individual_scores: scores({ testable: 7 }) })]);
    expect(digest.shared[0]).toBe("None of the 2 stories has a description or acceptance criteria, so Testable is at most 70% for all of them.");
  });

  it("names a finding every story has, unless the missing criteria already explain it", () => {
    const both = [finding("testable.no_acceptance_criteria"), finding("well_formed.no_role")];
    const digest = digestResults([story(5, { findings: both, description: "Context" }), story(5, { findings: both, acceptance_criteria: "Given x when y then z" })]);
    expect(digest.shared).toContain("Every story has the findings “No acceptance criteria” and “No role”.");
    expect(digest.shared.some((s) => s.startsWith("None of"))).toBe(false);
    expect(digest.commonFinding).toBeNull();
  });

  it("counts duplicates and keeps a one-story file to what can be said of one story", () => {
    const digest = digestResults([story(6, { findings: [finding("testable.no_acceptance_criteria"), finding("unique.duplicate")] })]);
    expect(digest.duplicates).toBe(1);
    expect(digest.shared).toEqual(["The story has no description or acceptance criteria, so its Testable score is 20%."]);
    expect(digest.weakestVarying).toBeNull();
    expect(digest.commonFinding).toBeNull();
  });

  it("says \"work items\" when the file mixes kinds, and names the one kind of a file that has only one", () => {
    const item = (work_item_type: StoryResult["work_item_type"], overall = 5) => story(overall, { work_item_type, findings: [finding("testable.no_acceptance_criteria"), finding("well_formed.no_role")] });
    const mixed = digestResults([item("story"), item("bug"), item("task"), item("spike", 7)]);
    expect(mixed.noun).toEqual({ one: "work item", many: "work items" });
    expect(mixed.shared).toEqual([
      "None of the 4 work items has a description or acceptance criteria, so Testable is 20% for all of them.",
      "Every work item has the finding “No role”.",
      "Every work item scores 100% on Independent, Negotiable, Valuable, Estimable and Small.",
    ]);
    expect(digestResults([item("bug"), item("bug")]).shared[0]).toBe("None of the 2 bugs has a description or acceptance criteria, so Testable is 20% for all of them.");
    expect(digestResults([item("task")]).shared[0]).toBe("The task has no description or acceptance criteria, so its Testable score is 20%.");
    // Results without a kind (stored before kinds) are stories, as their type column says, else stories.
    expect(digestResults([story(5), story(6)]).noun).toEqual({ one: "story", many: "stories" });
    expect(digestResults([story(5), story(6, { type: "Bug" })]).noun.many).toBe("work items");
  });

  it("says nothing of missing criteria where some items are not held to them (a bug tested against its expected result)", () => {
    const bug = story(9.7, { work_item_type: "bug", findings: [], individual_scores: scores() });
    const digest = digestResults([story(6), bug]);
    expect(digest.shared.some((s) => /acceptance criteria/.test(s))).toBe(false);
    expect(digest.shared).toContain("None of the 2 work items has a description.");
  });

  it("has nothing to say about no stories", () => {
    expect(digestResults([])).toMatchObject({ stories: 0, shared: [], weakestVarying: null, commonFinding: null });
  });

  it("reads a real one-line backlog as its stories differ: vague wording, compound stories, duplicates", () => {
    const stories = readFileSync(path.join(__dirname, "../scoring/fixtures/backlogs/g09.txt"), "utf8").split("\n").map((line) => line.trim()).filter(Boolean);
    const results = scoreTickets(stories.map((summary) => ({ ticket: { summary } }))).map((r) => ({ ...r, description: null, acceptance_criteria: null }));
    const digest = digestResults(results);
    expect(digest.stories).toBe(85);
    expect(digest.shared[0]).toBe("None of the 85 stories has a description or acceptance criteria, so Testable is 20% for all of them.");
    expect(digest.shared.join(" ")).not.toMatch(/Estimable|Small/);
    expect(digest.weakestVarying?.dimension).not.toBe("testable");
    expect(digest.commonFinding?.code).not.toBe("testable.no_acceptance_criteria");
    expect(digest.commonFinding!.stories).toBeLessThan(85);
    expect(digest.bands.bad + digest.bands.mid + digest.bands.good).toBe(85);
    expect(digest.bands.bad).toBe(results.filter((r) => Math.round(r.overall_score * 10) < 50).length);
    expect(digest.bands.good).toBe(results.filter((r) => Math.round(r.overall_score * 10) >= 80).length);
    expect(digest.duplicates).toBeGreaterThan(0);
  });
});
