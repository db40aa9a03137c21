import { describe, expect, it } from "vitest";
import { warmScoring } from "./warm";

describe("the start-up warm-up", () => {
  it("reaches the bug, story and task readers, each ticket read as its kind", () => {
    const results = warmScoring();
    expect(results.map((r) => r.metadata.work_item_type)).toEqual(["bug", "story", "task"]);
    // Each is a ticket a team could plan from: the warm-up scores real text, not an empty shell.
    for (const r of results) expect(r.overall_score).toBeGreaterThan(6);
  });
});
