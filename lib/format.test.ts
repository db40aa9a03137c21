import { describe, expect, it } from "vitest";
import { scoreTicket } from "@/lib/scoring";
import { band, evenDimensions, SCORE_BANDS, scoreClass, weakestDimension } from "@/lib/format";

describe("score colours", () => {
  it("bands percentages low to high: weak below 50%, needs work to 79%, ready from 80%", () => {
    expect([0, 49, 50, 79, 80, 100].map(band)).toEqual(["bad", "bad", "mid", "mid", "good", "good"]);
    expect(scoreClass(8)).toBe("score-good");
    expect(scoreClass(null)).toBe("");
  });

  it("names the bands low to high, covering 0% to 100% without gaps, each as `band` draws it", () => {
    expect(SCORE_BANDS.map(({ key, from, to, label }) => [key, from, to, label])).toEqual([
      ["bad", 0, 49, "Below 50%"],
      ["mid", 50, 79, "50% to 79%"],
      ["good", 80, 100, "80% and above"],
    ]);
    for (const { key, from, to } of SCORE_BANDS) expect([band(from), band(to)]).toEqual([key, key]);
  });

  it("colours a stored score by the percentage it is shown as", () => {
    // 7.95 reads 80% and 4.94 reads 49%: the colour follows what the reader sees.
    expect([scoreClass(7.95), scoreClass(7.94), scoreClass(4.95), scoreClass(4.94)]).toEqual(["score-good", "score-mid", "score-mid", "score-bad"]);
  });

  it("matches what the scores mean: a title is weak, a clean one-liner needs work, a ready story is ready", () => {
    const colour = (t: { summary: string; description?: string; acceptance_criteria?: string }) => band(Math.round(scoreTicket(t).overall_score * 10));
    expect(colour({ summary: "Settings page" })).toBe("bad");
    expect(colour({ summary: "As an admin, I want to add or remove users, so that the team stays current." })).toBe("bad");
    expect(colour({ summary: "As a user, I want to reset my password, so that I can regain access to my account." })).toBe("mid");
    expect(colour({
      summary: "As a user, I want to reset my password, so that I can regain access to my account.",
      description: "A reset link goes to the account's email address and works for one hour.",
      acceptance_criteria: "Given a registered email address\nWhen I ask for a reset\nThen a link arrives that lets me set a new password once",
    })).toBe("good");
  });
});

describe("the weakest dimension", () => {
  const even = (score: number) => ({ independent: score, negotiable: score, valuable: score, estimable: score, small: score, testable: score });

  it("is the lowest average, the first of a tie", () => {
    expect(weakestDimension({ ...even(9), small: 4, testable: 2 })).toBe("testable");
    expect(weakestDimension({ ...even(9), valuable: 5, testable: 5 })).toBe("valuable");
    expect(weakestDimension({ ...even(8), testable: null })).toBeNull();
    expect(weakestDimension({ independent: 9, testable: 4 })).toBe("testable");
  });

  it("is none when every dimension reads the same percentage: all 100%, or all equal", () => {
    expect(weakestDimension(even(10))).toBeNull();
    expect(weakestDimension(even(6))).toBeNull();
    // 9.96 reads 100%, as the other five do: nothing to work on first.
    expect(weakestDimension({ ...even(10), independent: 9.96 })).toBeNull();
    expect(weakestDimension({ ...even(10), independent: 9.94 })).toBe("independent");
    expect(weakestDimension({})).toBeNull();
    expect(evenDimensions(even(10))).toBe("100%");
    expect(evenDimensions({ ...even(10), small: 9 })).toBeNull();
    expect(evenDimensions({})).toBeNull();
  });
});
