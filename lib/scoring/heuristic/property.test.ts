import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIMENSIONS, scoringResultSchema, type ScoringResult, type TicketData } from "../types";
import { scoreTicket, scoreTickets } from "./engine";

function checkResult(ticket: TicketData, r: ScoringResult) {
  scoringResultSchema.parse(r);
  expect(r.overall_score).toBeGreaterThanOrEqual(0);
  expect(r.overall_score).toBeLessThanOrEqual(10);
  for (const d of DIMENSIONS) {
    expect(Number.isInteger(r.individual_scores[d])).toBe(true);
    expect(r.individual_scores[d]).toBeGreaterThanOrEqual(0);
    expect(r.individual_scores[d]).toBeLessThanOrEqual(10);
  }
  for (const f of r.findings) {
    if (f.field === undefined) continue;
    const text = ticket[f.field] ?? "";
    expect(f.start).toBeGreaterThanOrEqual(0);
    expect(f.end).toBeGreaterThan(f.start!);
    expect(f.end).toBeLessThanOrEqual(text.length);
  }
}

const pieces = fc.constantFrom(
  "As a", "As an admin", "I want to", "so that", " and ", " or ", "(", ")", "e.g.", "PROJ-12", "after",
  "Given", "When", "Then", ", ", ". ", "\n", "😀", "👩‍👩‍👧", "مرحبا بالعالم", "שלום", "\u202e", "\u0000", "  ", "quickly",
);
const storyish = fc.array(fc.oneof(pieces, fc.string(), fc.string({ unit: "grapheme" })), { maxLength: 30 }).map((p) => p.join(""));
const ticketArb = fc.record(
  {
    summary: fc.oneof(storyish, fc.string({ unit: "binary" }), fc.constant("")),
    key: fc.string({ maxLength: 12 }),
    description: fc.oneof(storyish, fc.string({ unit: "binary" })),
    acceptance_criteria: fc.oneof(storyish, fc.string()),
  },
  { requiredKeys: ["summary"] },
);

describe("property: the engine is total", () => {
  it("never throws and keeps scores and offsets in range for arbitrary text", () => {
    fc.assert(fc.property(ticketArb, (t) => {
      checkResult(t, scoreTicket(t));
    }), { numRuns: 400 });
  });

  it("is deterministic", () => {
    fc.assert(fc.property(ticketArb, (t) => {
      expect(scoreTicket(t)).toEqual(scoreTicket(t));
    }), { numRuns: 100 });
  });

  it("handles batches of arbitrary tickets", () => {
    fc.assert(fc.property(fc.array(ticketArb, { maxLength: 12 }), (ts) => {
      const rs = scoreTickets(ts.map((ticket) => ({ ticket })));
      expect(rs).toHaveLength(ts.length);
      rs.forEach((r, i) => checkResult(ts[i], r));
    }), { numRuns: 60 });
  });

  it("copes with 200 KB fields, emoji, RTL text and empty fields", () => {
    const big = "As a user, I want to export and import data (CSV) quickly, so that I save time. ".repeat(2600);
    expect(big.length).toBeGreaterThan(200_000);
    const cases: TicketData[] = [
      { summary: big, description: big, acceptance_criteria: big },
      { summary: "😀".repeat(50_000) },
      { summary: "بصفتي مستخدمًا، أريد تصدير التقارير حتى أتمكن من مشاركتها" },
      { summary: "" },
      { summary: "   ", description: "", acceptance_criteria: "" },
      { summary: "(((((((((([[[[[[{{{{" },
    ];
    const started = Date.now();
    for (const t of cases) checkResult(t, scoreTicket(t));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("survives inputs that break the declared types", () => {
    const junk = [null, undefined, 42, { summary: 7 }, { summary: null, description: [] }] as unknown as TicketData[];
    for (const t of junk) {
      const r = scoreTicket(t);
      expect(r.overall_score).toBeGreaterThanOrEqual(0);
    }
    expect(scoreTickets([null, { ticket: null }] as never)).toHaveLength(2);
  });
});
