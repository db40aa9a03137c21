// The overall score is an aggregate of the six (README "How findings become scores"): inside their range,
// never lower when one rises, blind to their order, the same for both engines; and it says why it is what it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregate, explainOverall, explainOverallParts, gainNote, overallReasoningOf, overallScore, reasoningInPercent, recommendationInPercent } from "./overall";
import { scoreTicket } from "./heuristic";
import { DIMENSIONS, type PerDimension } from "./types";

const vector = (values: number[]) => Object.fromEntries(DIMENSIONS.map((d, i) => [d, values[i]])) as PerDimension<number>;
const integer = fc.integer({ min: 0, max: 10 });
const real = fc.double({ min: 0, max: 10, noNaN: true });
const six = (arb: fc.Arbitrary<number>) => fc.array(arb, { minLength: 6, maxLength: 6 });

describe("the overall score as an aggregate of the six", () => {
  it("lies between the lowest and the highest dimension, strictly unless all six are equal", () => {
    fc.assert(fc.property(six(real), (values) => {
      const a = aggregate(vector(values));
      const lo = Math.min(...values);
      const hi = Math.max(...values);
      expect(a).toBeGreaterThanOrEqual(lo - 1e-9);
      expect(a).toBeLessThanOrEqual(hi + 1e-9);
      if (hi - lo > 1e-6) {
        expect(a).toBeGreaterThan(lo);
        expect(a).toBeLessThan(hi);
      }
      // The rounded score the engines return stays in the range too (the dimensions are whole numbers there).
      const rounded = overallScore(vector(values.map(Math.round)));
      expect(rounded).toBeGreaterThanOrEqual(Math.min(...values.map(Math.round)));
      expect(rounded).toBeLessThanOrEqual(Math.max(...values.map(Math.round)));
    }), { numRuns: 2000 });
  });

  it("never falls when a dimension rises", () => {
    fc.assert(fc.property(six(real), fc.nat(5), fc.double({ min: 0, max: 10, noNaN: true }), (values, at, step) => {
      const raised = [...values];
      raised[at] = Math.min(10, raised[at] + step);
      expect(aggregate(vector(raised))).toBeGreaterThanOrEqual(aggregate(vector(values)) - 1e-9);
      expect(overallScore(vector(raised.map(Math.round)))).toBeGreaterThanOrEqual(overallScore(vector(values.map(Math.round))));
    }), { numRuns: 2000 });
  });

  it("rises when any dimension gains a point, so every fix shows in it", () => {
    fc.assert(fc.property(six(integer), fc.nat(5), (values, at) => {
      if (values[at] >= 10) return;
      const raised = [...values];
      raised[at] += 1;
      expect(aggregate(vector(raised))).toBeGreaterThan(aggregate(vector(values)));
    }), { numRuns: 1000 });
  });

  it("does not depend on the order of the dimensions", () => {
    fc.assert(fc.property(six(real), fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), (values, keys) => {
      const shuffled = values.map((v, i) => [keys[i], v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);
      expect(aggregate(vector(shuffled))).toBeCloseTo(aggregate(vector(values)), 9);
    }), { numRuns: 1000 });
  });

  it("is continuous: a small change of one dimension moves it a little", () => {
    fc.assert(fc.property(six(real), fc.nat(5), fc.double({ min: -0.01, max: 0.01, noNaN: true }), (values, at, delta) => {
      const moved = [...values];
      moved[at] = Math.max(0, Math.min(10, moved[at] + delta));
      expect(Math.abs(aggregate(vector(moved)) - aggregate(vector(values)))).toBeLessThanOrEqual(2 * Math.abs(delta) + 1e-9);
    }), { numRuns: 1000 });
  });

  it("gives six equal scores that score, and is the plain mean when no dimension fails", () => {
    for (let s = 0; s <= 10; s++) expect(overallScore(vector([s, s, s, s, s, s]))).toBe(s);
    expect(overallScore(vector([6, 6, 6, 6, 6, 6]))).toBe(6);
    expect(overallScore(vector([7, 8, 9, 10, 10, 10]))).toBe(9);
  });

  it("keeps the bands: a failing dimension pulls the story toward it", () => {
    // A clean one-liner without criteria (Testable 2): 60%, needs work.
    expect(overallScore(vector([10, 10, 10, 9, 10, 2]))).toBe(6);
    // The same with two actions (Small 4): weak.
    expect(overallScore(vector([10, 10, 10, 9, 4, 2]))).toBe(4.8);
    // A title of a few words: weak.
    expect(overallScore(vector([10, 10, 2, 5, 10, 2]))).toBe(3.8);
    // An epic with everything else in order (Small 0): weak, however good the other five.
    expect(overallScore(vector([10, 10, 10, 10, 0, 10]))).toBe(4.4);
    // What a model answers most, a little under 7 everywhere: between its lowest and highest dimension.
    expect(overallScore(vector([7, 6, 6, 7, 6, 5]))).toBe(5.7);
  });
});

describe("explainOverall", () => {
  it("names what pulls the overall down, from what mean, and what raising it gives", () => {
    const oneLiner = vector([10, 10, 10, 9, 10, 2]);
    expect(explainOverall(oneLiner)).toBe("60%: Testable 20% pulls it down from a mean of 85%; with Testable at 100% it would be 98%.");
    expect(explainOverall(oneLiner, { why: { testable: "no acceptance criteria" }, together: 10 })).toBe(
      "60%: Testable 20% (no acceptance criteria) pulls it down from a mean of 85%; all the recommendations together reach 100%.",
    );
    expect(explainOverall(vector([10, 10, 10, 9, 4, 2]))).toBe(
      "48%: Testable 20% and Small 40% pull it down from a mean of 75%; with both at 100% it would be 98%.",
    );
    expect(explainOverall(vector([0, 1, 2, 3, 4, 10]))).toBe(
      "8%: Independent 0%, Negotiable 10%, Valuable 20% and 2 more pull it down from a mean of 33%; with all of them at 100% it would be 100%.",
    );
  });

  it("says when nothing fails: the mean, and the lowest dimension", () => {
    expect(explainOverall(vector([10, 10, 10, 10, 10, 10]))).toBe("100%: every dimension at 100%.");
    expect(explainOverall(vector([6, 6, 6, 6, 6, 6]))).toBe(
      "60%: the mean of the six, with Independent 60%, Negotiable 60%, Valuable 60% and 3 more below 70%; with all of them at 100% it would be 100%.",
    );
    expect(explainOverall(vector([10, 10, 10, 9, 10, 7]))).toBe("93%: the mean of the six, none below 70%; Testable 70% is the lowest.");
    expect(explainOverall(vector([10, 8, 10, 8, 10, 10]))).toBe("93%: the mean of the six, none below 70%; Negotiable and Estimable 80% are the lowest.");
  });

  it("starts with the overall as shown and names every failing dimension, for any scores", () => {
    fc.assert(fc.property(six(integer), (values) => {
      const scores = vector(values);
      const text = explainOverall(scores);
      expect(text.startsWith(`${Math.round(overallScore(scores) * 10)}%: `)).toBe(true);
      const failing = values.filter((v) => v < 7).length;
      if (failing > 0 && failing <= 3) {
        for (const d of DIMENSIONS) if (scores[d] < 7) expect(text).toMatch(new RegExp(`${d} ${scores[d] * 10}%`, "i"));
      }
      expect(text.endsWith(".")).toBe(true);
    }), { numRuns: 500 });
  });
});

describe("overallReasoningOf", () => {
  it("keeps a stored explanation, and explains the scores of a result stored before the field existed", () => {
    const scores = vector([10, 10, 10, 9, 10, 2]);
    expect(overallReasoningOf({ overall_reasoning: "stored", individual_scores: scores })).toBe("stored");
    expect(overallReasoningOf({ individual_scores: scores })).toBe(explainOverall(scores));
    expect(overallReasoningOf({ individual_scores: { independent: 10 } })).toBe("");
    expect(overallReasoningOf({ individual_scores: null })).toBe("");
  });

  it("gives its parts to a page that shows the cause beside the score", () => {
    expect(explainOverallParts(vector([10, 10, 10, 9, 10, 2]))).toEqual({
      shown: "60%",
      cause: "Testable 20% pulls it down from a mean of 85%",
      reach: "with Testable at 100% it would be 98%",
    });
  });
});

describe("a recommendation's gain, in percent", () => {
  it("is written in whole percentage points of the overall", () => {
    expect(gainNote(26)).toBe("(+26% overall)");
  });

  it("reads in percent on a page even when it was stored on the 0-10 scale, and nothing else changes", () => {
    expect(recommendationInPercent("Add acceptance criteria. (+2.6 overall)")).toBe("Add acceptance criteria. (+26% overall)");
    expect(recommendationInPercent("Name the user. (+0.1 overall)")).toBe("Name the user. (+1% overall)");
    expect(recommendationInPercent("Split the story. (+3 overall)")).toBe("Split the story. (+30% overall)");
    expect(recommendationInPercent("Add acceptance criteria. (+26% overall)")).toBe("Add acceptance criteria. (+26% overall)");
    const together = "All of these together: 60% → 100%. Each gain above is for that fix alone; the gains overlap, so they do not add up.";
    expect(recommendationInPercent(together)).toBe(together);
    expect(recommendationInPercent("Use (+2.6 overall) in the middle, not at the end.")).toBe("Use (+2.6 overall) in the middle, not at the end.");
  });
});

describe("a dimension's reasoning, in percent", () => {
  it("reads in percent on a page when it was stored on the 0-10 scale, as the engine writes it now", () => {
    expect(reasoningInPercent("Small 4/10. Lost 6 of 10: two actions in one story (6). Fixing it raises Small to 10.")).toBe(
      "Small 40%. Lost 60%: two actions in one story (60%). Fixing it raises Small to 100%.",
    );
    expect(reasoningInPercent("Small 0/10. Lost 10 of 10: several features in one story (10), two actions in one story (6); the 16 charged are capped at the 10 Small has. Fixing them raises Small to 10.")).toBe(
      "Small 0%. Lost 100%: several features in one story (100%), two actions in one story (60%); the 160% charged are capped at the 100% Small has. Fixing them raises Small to 100%.",
    );
    expect(reasoningInPercent("Negotiable 9/10. Lost 1 of 10: examples in the story ×2 (1.5); 1.5 rounded to 1. A repeat of a kind costs half, further ones nothing. Fixing it raises Negotiable to 10.")).toBe(
      "Negotiable 90%. Lost 10%: examples in the story ×2 (15%); 15% rounded to 10%. A repeat of a kind costs half, further ones nothing. Fixing it raises Negotiable to 100%.",
    );
    expect(reasoningInPercent('Valuable 10/10. Names the user ("shopper").')).toBe('Valuable 100%. Names the user ("shopper").');
    const now = "Small 40%. Lost 60%: two actions in one story (60%). Fixing it raises Small to 100%.";
    expect(reasoningInPercent(now)).toBe(now);
    expect(reasoningInPercent("The model says 4/10 here.")).toBe("The model says 4/10 here.");
  });

  it("gives the text the engine writes now for the same findings", () => {
    const r = scoreTicket({ summary: "As a user, I want to manage my account and export reports quickly" });
    for (const text of Object.values(r.reasoning_per_dimension)) expect(reasoningInPercent(text)).toBe(text);
  });
});
