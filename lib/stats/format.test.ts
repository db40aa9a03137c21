import { describe, expect, it } from "vitest";
import { scoreTicket } from "@/lib/scoring";
import { band, SCORE_BANDS, scoreClass } from "./format";

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
