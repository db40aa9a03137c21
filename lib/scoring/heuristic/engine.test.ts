import { describe, expect, it } from "vitest";
import { scoringResultSchema, type Finding } from "../types";
import { createHeuristicEngine, scoreTicket, tamedRuns } from "./engine";

const crisp = {
  summary: "As a shopper, I want to filter products by price, so that I find items I can afford.",
  description: "On the product list page, a price range filter narrows the list to the chosen range.",
  acceptance_criteria:
    "Given products priced 5 and 50\nWhen I set the maximum price to 10\nThen only the product priced 5 is shown",
};
const vagueCompound = {
  summary: "As a user, I want to manage my account and export reports quickly and easily (PDF, CSV, etc.)",
};

function at(text: string, f: Finding): string {
  return text.slice(f.start, f.end);
}

describe("heuristic engine", () => {
  it("scores a vague compound story lower than a crisp story with criteria", () => {
    const good = scoreTicket(crisp);
    const bad = scoreTicket(vagueCompound);
    expect(good.overall_score).toBeGreaterThan(bad.overall_score + 1.5);
    expect(good.overall_score).toBeGreaterThanOrEqual(9);
    for (const d of ["small", "estimable", "testable"] as const) {
      expect(good.individual_scores[d]).toBeGreaterThan(bad.individual_scores[d]);
    }
  });

  it("returns a result that matches the published schema, with the heuristic model metadata", () => {
    const result = scoreTicket(vagueCompound);
    expect(scoringResultSchema.parse(result)).toEqual(result);
    expect(result.metadata.model).toEqual({ provider: "heuristic", model_name: "invest-heuristic", temperature: 0 });
    expect(result.metadata.token_usage.total_tokens).toBe(0);
    for (const d of Object.keys(result.scores) as (keyof typeof result.scores)[]) {
      expect(result.scores[d].score).toBe(result.individual_scores[d]);
      expect(result.scores[d].reasoning).toBe(result.reasoning_per_dimension[d]);
    }
  });

  it("points each finding at the offending text", () => {
    const { findings } = scoreTicket(vagueCompound);
    const s = vagueCompound.summary;
    expect(at(s, findings.find((f) => f.code === "atomic.two_actions")!)).toBe("manage my account and export reports quickly and easily");
    expect(at(s, findings.find((f) => f.code === "minimal.brackets")!)).toBe("(PDF, CSV, etc.)");
    expect(at(s, findings.find((f) => f.code === "unambiguous.vague_term")!)).toBe("quickly and easily");
  });

  it("does not flag an 'and' inside the benefit or a set phrase", () => {
    const r = scoreTicket({ summary: "As an editor, I want to drag and drop images, so that I can lay out and publish posts." });
    expect(r.findings.filter((f) => f.code.startsWith("atomic."))).toEqual([]);
  });

  it("lowers independent when the story mentions another ticket or waits on other work", () => {
    const base = "As an admin, I want to export the audit log, so that I can answer auditors.";
    const free = scoreTicket({ summary: base });
    const dependent = scoreTicket({ summary: base, description: "Blocked by OPS-42; can start after the new storage is live." });
    expect(dependent.individual_scores.independent).toBeLessThan(free.individual_scores.independent);
    const ref = dependent.findings.find((f) => f.code === "independent.ticket_reference")!;
    expect(ref.field).toBe("description");
    expect(dependent.findings.some((f) => f.code === "independent.dependency")).toBe(true);
    expect("Blocked by OPS-42; can start after the new storage is live.".slice(ref.start, ref.end)).toBe("OPS-42");
  });

  it("treats clear acceptance criteria as more testable and a description as more estimable", () => {
    const summary = "As a shopper, I want to filter products by price, so that I find items I can afford.";
    const bare = scoreTicket({ summary });
    const withCriteria = scoreTicket({ summary, acceptance_criteria: crisp.acceptance_criteria });
    const vagueCriteria = scoreTicket({ summary, acceptance_criteria: "Filtering works well and is intuitive." });
    const withAll = scoreTicket(crisp);
    expect(withCriteria.individual_scores.testable).toBeGreaterThan(vagueCriteria.individual_scores.testable);
    expect(vagueCriteria.individual_scores.testable).toBeGreaterThan(bare.individual_scores.testable);
    expect(withAll.individual_scores.estimable).toBeGreaterThan(bare.individual_scores.estimable);
    expect(bare.findings.map((f) => f.code)).toContain("testable.no_acceptance_criteria");
    const vagueItem = vagueCriteria.findings.find((f) => f.code === "testable.vague_criterion")!;
    expect(vagueItem.field).toBe("acceptance_criteria");
  });

  it("flags many acceptance criteria as too big", () => {
    const criteria = Array.from({ length: 14 }, (_, i) => `- The report shows column ${i + 1}`).join("\n");
    const r = scoreTicket({ summary: crisp.summary, acceptance_criteria: criteria });
    expect(r.findings.find((f) => f.code === "small.many_criteria")?.severity).toBe("high");
  });

  it("splits a compound story along its actions, each part the cut alone, and proposes nothing for a clean one", () => {
    const r = scoreTicket(vagueCompound);
    expect(r.split).toEqual([
      "As a user, I want to manage my account",
      "As a user, I want to export reports quickly and easily (PDF, CSV, etc.)",
    ]);
    // The rewrite is the whole story, its bracket moved to the description; never a split part.
    expect(r.rewrite).toBe("As a user, I want to manage my account and export reports quickly and easily, so that [the benefit]");
    expect(r.recommendations.join(" ")).toContain('Moved to the description: "(PDF, CSV, etc.)"');
    expect(scoreTicket(crisp).rewrite).toBeNull();
    expect(scoreTicket(crisp).split).toEqual([]);
  });

  it("recommends the fix that gains most first, with what it gains", () => {
    const r = scoreTicket(vagueCompound);
    // 42% (10, 8, 7, 7, 4, 2) -> 67% with Testable at 10 (10, 8, 7, 7, 4, 10): +25 percentage points, in the
    // unit every page shows scores in.
    expect(r.recommendations[0]).toBe("Add checkable conditions, one per line, as Given/When/Then with the expected result. (+25% overall)");
    expect(r.recommendations[1]).toMatch(/^Split it into one story per action.*\(\+1\d% overall\)$/);
    const gains = r.recommendations.map((x) => Number(/\(\+(\d+)% overall\)$/.exec(x)?.[1] ?? 0));
    expect([...gains].sort((a, b) => b - a)).toEqual(gains);
  });

  it("says what all the recommendations gain together, and that single gains do not add up", () => {
    const r = scoreTicket(vagueCompound);
    const gains = r.recommendations.map((x) => Number(/\(\+(\d+)% overall\)$/.exec(x)?.[1] ?? 0));
    const sum = gains.reduce((a, b) => a + b, 0);
    expect(r.recommendations.at(-1)).toBe(
      "All of these together: 42% → 100%. Each gain above is for that fix alone; the gains overlap, so they do not add up.",
    );
    // 42% + the single gains is not 100%: that is why the last line says so.
    expect(Math.round(r.overall_score * 10) + sum).not.toBe(100);
    // One fix alone is its own total: no last line.
    const one = scoreTicket({ summary: crisp.summary, description: crisp.description });
    expect(one.recommendations).toEqual(["Add checkable conditions, one per line, as Given/When/Then with the expected result. (+39% overall)"]);
  });

  it("explains the overall score: what pulls it down, from what mean, and what the recommendations reach", () => {
    expect(scoreTicket(vagueCompound).overall_reasoning).toBe(
      "42%: Testable 20% (no acceptance criteria) and Small 40% (two actions in one story) pull it down from a mean of 63%; " +
        "all the recommendations together reach 100%.",
    );
    expect(scoreTicket(crisp).overall_reasoning).toBe("100%: every dimension at 100%.");
  });

  it("explains each dimension once: what was found, what it cost, what fixing it gives", () => {
    const r = scoreTicket(vagueCompound);
    expect(r.scores.small.reasoning).toBe("Small 40%. Lost 60%: two actions in one story (60%). Fixing it raises Small to 100%.");
    expect(r.scores.estimable.reasoning).toBe(
      "Estimable 70%. Lost 30%: subjective wording (20%), nothing beyond the summary to size from (10%). Fixing them raises Estimable to 100%.",
    );
    expect(scoreTicket(crisp).scores.valuable.reasoning).toBe('Valuable 100%. Names the user ("shopper") and the benefit ("I find items I can afford").');
    const sentences = [...r.findings.map((f) => f.message), ...r.recommendations, ...Object.values(r.reasoning_per_dimension)];
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it("is deterministic", () => {
    expect(scoreTicket(vagueCompound)).toEqual(scoreTicket(vagueCompound));
  });

  it("exposes the same results through the async engine interface", async () => {
    const engine = createHeuristicEngine();
    expect(engine.name).toBe("heuristic");
    expect(await engine.score(crisp)).toEqual(scoreTicket(crisp));
    const batch = await engine.scoreBatch([{ ticket: crisp }, { ticket: vagueCompound }]);
    expect(batch).toHaveLength(2);
  });
});

describe("long runs in a field", () => {
  it("keeps a run's ends and blanks its middle, at the same length, so every offset holds", () => {
    const text = `It fails.\n${"\n".repeat(500)}The export ${".".repeat(300)} stops.`;
    const tamed = tamedRuns(text);
    expect(tamed).toHaveLength(text.length);
    expect(tamed.indexOf("The export")).toBe(text.indexOf("The export"));
    expect(tamed.indexOf("stops.")).toBe(text.indexOf("stops."));
    expect(tamed).toContain(`It fails.${"\n".repeat(16)} `);
    expect(tamed).toContain(`export ${".".repeat(16)} `);
    expect(tamed.split("\n").length).toBeLessThan(40);
  });

  it("leaves text without such runs as it is: a rule of dashes, an indented block, a long number", () => {
    const text = `Steps:\n${"-".repeat(60)}\n    indented code line\n${" ".repeat(40)}x\nid 123456789012345678901234567890`;
    expect(tamedRuns(text)).toBe(text);
  });

  it("scores a description of thousands of empty lines, spaces, dots or tabs as the words it holds", () => {
    for (const filler of ["\n", " ", ".", "\t", " \n", "-"]) {
      const r = scoreTicket({ summary: "Export fails", description: `The export stops at row 5,000.${filler.repeat(9_000)}It should export every row.`, issue_type: "Bug" });
      const codes = r.findings.map((f) => f.code);
      expect(codes, JSON.stringify(filler)).not.toContain("bug.no_actual_result");
    }
  });
});
