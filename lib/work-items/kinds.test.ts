import { describe, expect, it } from "vitest";
import { countKinds, declaredKind, describeKindCounts, itemKind, itemsNoun, kindNoun, kindParam, kindStats, trackerNameBeyondKind } from "./kinds";

describe("work item kinds on pages", () => {
  it("takes the engine's kind, else the tracker's type name, else a story", () => {
    expect(itemKind({ work_item_type: "spike", type: "Bug" })).toBe("spike");
    expect(itemKind({ type: "Defect" })).toBe("bug");
    expect(itemKind({ type: "Sub-task" })).toBe("task");
    expect(itemKind({ type: "Product Backlog Item" })).toBe("story");
    expect(itemKind({ type: "Impediment" })).toBe("story");
    expect(itemKind({ type: null })).toBe("story");
    expect(itemKind({ work_item_type: "nonsense", type: "Epic" })).toBe("epic");
  });

  it("counts kinds in the kinds' order and leaves out kinds with none", () => {
    expect(countKinds(["task", "story", "bug", "story", "task", "task"])).toEqual([
      { kind: "story", count: 2 },
      { kind: "bug", count: 1 },
      { kind: "task", count: 3 },
    ]);
    expect(countKinds([])).toEqual([]);
  });

  it("says the counts as a sentence", () => {
    expect(describeKindCounts(countKinds(["story", "story", "bug", "task", "task"]))).toBe("2 stories, 1 bug and 2 tasks");
    expect(describeKindCounts(countKinds(["spike", "epic"]))).toBe("1 spike and 1 epic");
    expect(describeKindCounts(countKinds(["bug"]))).toBe("1 bug");
    expect(describeKindCounts([])).toBe("");
    expect(kindNoun("story", 1)).toBe("story");
    expect(kindNoun(null, 2)).toBe("work items");
  });

  it("reads the dashboard's ?work_item_type= and ignores what is not a kind", () => {
    expect(kindParam("bug")).toBe("bug");
    expect(kindParam(["task", "bug"])).toBe("task");
    expect(kindParam("Bug")).toBeNull();
    expect(kindParam("")).toBeNull();
    expect(kindParam(undefined)).toBeNull();
  });

  it("keeps the tracker's name only when it says more than the kind", () => {
    expect(trackerNameBeyondKind("bug", "Defect")).toBe("Defect");
    expect(trackerNameBeyondKind("bug", "bug")).toBeNull();
    expect(trackerNameBeyondKind("task", "Sub-task")).toBe("Sub-task");
    expect(trackerNameBeyondKind("story", null)).toBeNull();
  });

  it("reads the kind an API answer declares, and nothing from answers before kinds", () => {
    expect(declaredKind({ story_identity: "x", work_item_type: "bug" })).toBe("bug");
    expect(declaredKind({ story_identity: "x" })).toBeNull();
    expect(declaredKind({ work_item_type: "feature" })).toBeNull();
  });

  it("lists the summary's kinds in order, each with its weakest dimension", () => {
    const dims = (testable: number | null) => ({ independent: 8, negotiable: 7, valuable: 6, estimable: 7, small: 9, testable });
    const summary = {
      story_count: 9,
      by_work_item_type: {
        task: { story_count: 2, average_overall: 5.5, dimension_averages: dims(3) },
        story: { story_count: 7, average_overall: 6.8, dimension_averages: dims(null) },
        epic: { story_count: 0, average_overall: null, dimension_averages: dims(null) },
      },
    };
    expect(kindStats(summary).map((k) => [k.kind, k.story_count, k.average_overall, k.weakest_dimension])).toEqual([
      ["story", 7, 6.8, "valuable"],
      ["task", 2, 5.5, "testable"],
    ]);
    expect(kindStats({ story_count: 3 })).toEqual([]);
  });

  it("names no weakest dimension for a kind whose six read the same, as a spike at 100% on each", () => {
    const even = (score: number) => ({ independent: score, negotiable: score, valuable: score, estimable: score, small: score, testable: score });
    const summary = {
      by_work_item_type: {
        spike: { story_count: 1, average_overall: 10, dimension_averages: even(10) },
        task: { story_count: 2, average_overall: 7, dimension_averages: even(7) },
        bug: { story_count: 3, average_overall: 9.9, dimension_averages: { ...even(10), valuable: 9.96 } },
      },
    };
    expect(kindStats(summary).map((k) => [k.kind, k.weakest_dimension])).toEqual([
      ["bug", null],
      ["task", null],
      ["spike", null],
    ]);
  });

  it("calls items stories only when all are stories, else by their one kind, else work items", () => {
    expect(itemsNoun(["story", "story"], 14)).toBe("stories");
    expect(itemsNoun(["story", "bug", "task", "spike"], 14)).toBe("work items");
    expect(itemsNoun(["story", "bug"], 1)).toBe("work item");
    expect(itemsNoun(["bug"], 5)).toBe("bugs");
    expect(itemsNoun([], 0)).toBe("work items");
  });
});
