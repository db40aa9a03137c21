import { describe, expect, it } from "vitest";
import { scoreTickets } from "./engine";

const stories = [
  "As a shopper, I want to filter products by price, so that I find items I can afford.",
  "As a shopper, I want to sort products by rating, so that I see the best first.",
  "As an admin, I want to export the audit log, so that I can answer auditors.",
  "As a shopper, I want to filter the products by their price, so that I find items I can afford.",
  "As a manager, I want to see monthly sales, so that I can plan stock.",
  "Export orders to CSV",
  "As a shopper, I want to sort products by rating, so that I see the best first.",
];

describe("batch findings", () => {
  const results = scoreTickets(stories.map((summary) => ({ ticket: { summary } })));
  const codes = results.map((r) => r.findings.map((f) => f.code));

  it("flags exact and near duplicates, pointing at the earlier story", () => {
    expect(codes[6]).toContain("unique.duplicate");
    expect(results[6].findings.find((f) => f.code === "unique.duplicate")!.message).toContain("story 2");
    expect(codes[3]).toContain("unique.near_duplicate");
    expect(codes[0].some((c) => c.startsWith("unique."))).toBe(false);
    expect(codes[2].some((c) => c.startsWith("unique."))).toBe(false);
  });

  it("flags the story that deviates from the template most of the batch uses", () => {
    expect(codes[5]).toContain("uniform.template");
    expect(codes.filter((c) => c.includes("uniform.template"))).toHaveLength(1);
  });

  it("adds nothing across stories when scored alone", () => {
    const single = scoreTickets([{ ticket: { summary: stories[5] } }]);
    expect(single[0].findings.some((f) => /^(?:unique|uniform)\./.test(f.code))).toBe(false);
  });
});
