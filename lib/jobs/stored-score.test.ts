// A stored async score as it is sent today (issue 47): one recorded before languages were named reads as English.
import { describe, expect, it } from "vitest";
import { storedScore } from "./async-jobs";

describe("storedScore", () => {
  it("gives a score stored before languages existed metadata.language en, and keeps the kind", () => {
    const old = { overall_score: 6, split: [], metadata: { work_item_type: "bug" } };
    expect(storedScore(old)).toEqual({ overall_score: 6, split: [], metadata: { work_item_type: "bug", language: "en" } });
  });

  it("keeps a stored language, and fills both a missing kind and a missing language", () => {
    const today = { split: [], metadata: { work_item_type: "story", language: "de" } };
    expect(storedScore(today)).toBe(today);
    expect(storedScore({ metadata: {} })).toEqual({ split: [], metadata: { work_item_type: "story", language: "en" } });
  });
});
