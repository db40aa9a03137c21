import { describe, expect, it } from "vitest";
import { DIMENSIONS, type ContextItem } from "../types";
import { scoreTicket } from "./engine";

const ticket = { summary: "As a shopper, I want to save my cart, so that I can finish buying later." };
const context: ContextItem[] = [
  { id: "EPIC-7", type: "epic", title: "Checkout conversion", content: "Goal: increase completed purchases by 5%." },
  { id: "SHOP-3", type: "blocked by", title: "Persistent sessions", content: "Sessions must survive a restart first." },
  { id: "dod", type: "Definition of Done", content: "Code reviewed, tests green, deployed to staging." },
  { id: "misc", type: "note", title: "Team lunch", content: "Friday at noon." },
];

describe("context citations", () => {
  const result = scoreTicket(ticket, context);

  it("cites only supplied ids, and only where they inform the dimension", () => {
    expect(result.context_references.valuable).toEqual(["EPIC-7"]);
    expect(result.context_references.independent).toEqual(["SHOP-3"]);
    expect(result.context_references.testable).toEqual(["dod"]);
    const cited = DIMENSIONS.flatMap((d) => result.context_references[d]);
    expect(cited).not.toContain("misc");
    for (const id of cited) expect(context.map((c) => c.id)).toContain(id);
  });

  it("keeps the references, the per-dimension detail and the metadata stats in agreement", () => {
    for (const d of DIMENSIONS) {
      expect(result.scores[d].reference_context).toEqual(result.context_references[d]);
      expect(result.metadata.enriched_context_references[d]).toEqual(result.context_references[d]);
      expect(result.metadata.context_usage_stats.references_per_dimension[d]).toBe(result.context_references[d].length);
    }
    expect(result.metadata.context_usage_stats.total_context_items_available).toBe(4);
    expect(result.metadata.context_usage_stats.context_items_referenced).toBe(3);
  });

  it("lets a blocking link lower independent and mentions the citation in the reasoning", () => {
    const alone = scoreTicket(ticket);
    expect(result.individual_scores.independent).toBeLessThan(alone.individual_scores.independent);
    expect(result.findings.some((f) => f.code === "independent.linked_dependency")).toBe(true);
    expect(result.reasoning_per_dimension.independent).toContain("SHOP-3");
  });

  it("cites nothing without context and ignores malformed items", () => {
    const none = scoreTicket(ticket);
    expect(none.metadata.context_usage_stats.context_items_referenced).toBe(0);
    const odd = scoreTicket(ticket, [{ id: "" }, null as unknown as ContextItem, { id: "x", type: "note" }]);
    expect(DIMENSIONS.flatMap((d) => odd.context_references[d])).toEqual([]);
  });
});
