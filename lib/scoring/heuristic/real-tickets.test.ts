// Real tickets read as a reader reads them (issue 50): tickets of several projects, with no type, written for
// this repository after real trackers' patterns (lib/scoring/fixtures/real-tickets.ts). Each must be taken for
// the kind a product owner reads in it, say how sure that is, and get the findings that fit it and no others.
import { describe, expect, it } from "vitest";
import { REAL_TICKETS } from "../fixtures/real-tickets";
import { inferKind } from "./kind-of";
import { scoreTicket, scoreTickets } from "./engine";

describe("real tickets without a type", () => {
  for (const t of REAL_TICKETS) {
    it(t.name, () => {
      const result = scoreTicket(t.ticket);
      const codes = result.findings.map((f) => f.code);
      expect(result.metadata.work_item_type).toBe(t.kind);
      expect(result.metadata.work_item_type_source).toBe(t.source);
      for (const code of t.mustFire ?? []) expect(codes, code).toContain(code);
      for (const code of t.mustNotFire) expect(codes, code).not.toContain(code);
      if (t.band === "ready") expect(result.overall_score).toBeGreaterThanOrEqual(7);
      if (t.band === "unplannable") expect(result.overall_score).toBeLessThanOrEqual(4);
    });
  }

  it("says `given` when the tracker's type names the kind, whatever the text reads as", () => {
    const bug = REAL_TICKETS[0].ticket;
    const typed = scoreTicket({ ...bug, issue_type: "Task" });
    expect(typed.metadata).toMatchObject({ work_item_type: "task", work_item_type_source: "given" });
    expect(inferKind({ ...bug, issue_type: "Task" })).toEqual({ kind: "task", by: "type" });
  });

  it("reads the same kinds in a batch, and holds no neutral ticket to the batch's story template", () => {
    const stories = ["As a shopper, I want to save my cart, so that I can finish later.", "As a shopper, I want to compare two products, so that I pick one.",
      "As an admin, I want to export the audit log, so that I can answer auditors.", "As a buyer, I want to reorder, so that I save time."];
    const results = scoreTickets([...stories.map((summary) => ({ ticket: { summary } })), ...REAL_TICKETS.map((t) => ({ ticket: t.ticket }))]);
    REAL_TICKETS.forEach((t, i) => {
      const r = results[stories.length + i];
      expect(r.metadata.work_item_type, t.name).toBe(t.kind);
      if (t.source === "default") expect(r.findings.some((f) => f.code.startsWith("uniform.")), t.name).toBe(false);
    });
  });

  it("states a reason wherever it is written: a reason clause or a Background section takes away the neutral kind's no_reason", () => {
    const bare = scoreTicket({ summary: "Report export settings", description: "The export dialog keeps the last folder used." });
    expect(bare.findings.map((f) => f.code)).toContain("work_item.no_reason");
    for (const description of ["The export dialog should keep the last folder used, because people export to the same share every day.",
      "h3. Background\nEvery export starts in the home folder and people browse to the same share each time."]) {
      expect(scoreTicket({ summary: "Report export settings", description }).findings.map((f) => f.code), description).not.toContain("work_item.no_reason");
    }
  });
});
