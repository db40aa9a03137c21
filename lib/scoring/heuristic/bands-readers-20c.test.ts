// Twentieth pass, second look at the twentieth band author's useless tickets (a helper, branch `h-bands5`): a failure
// pointed at as an unnamed thing done again, in the past tense or with the thing as the object ("the thing did it
// again", "was doing that thing again"). The texts are written for these tests, in other domains than the tickets they
// were read from.
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { VAGUE_FAILURE } from "./bug-readers";

const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);

describe("twentieth pass: an unnamed thing done again names no failure", () => {
  it("reads the past and present tenses of doing it again, and doing that (same) thing again", () => {
    expect(VAGUE_FAILURE.test("the kiosk thing did it again")).toBe(true);
    expect(VAGUE_FAILURE.test("and then it did that again at noon")).toBe(true);
    expect(VAGUE_FAILURE.test("the rota thing does it again every Monday")).toBe(true);
    expect(VAGUE_FAILURE.test("the till was \"doing that thing again\" at the bar")).toBe(true);
    expect(VAGUE_FAILURE.test("the scanner did the same thing again")).toBe(true);
  });

  it("leaves an act done again that names what is done, or a thing named after it", () => {
    expect(VAGUE_FAILURE.test("I did the export again and the totals were 0")).toBe(false);
    expect(VAGUE_FAILURE.test("it did the sync again at 02:00 and duplicated the rows")).toBe(false);
    expect(VAGUE_FAILURE.test("doing the same things again and again is tiring")).toBe(false);
    expect(VAGUE_FAILURE.test("did that thing work again after the restart?")).toBe(false);
    expect(VAGUE_FAILURE.test("The nightly job did its thing again without errors")).toBe(false);
    expect(VAGUE_FAILURE.test("The import does that check again on every save")).toBe(false);
  });

  it("hearsay that the app was doing that thing again names nothing to plan from", () => {
    const t = {
      summary: "Kiosks misbehaving again apparently",
      description: "Someone at the box office told the duty manager that the kiosk app was \"doing that thing again\" at some point on Saturday. No idea which kiosk. Just passing it along.",
      issue_type: "Bug",
    };
    expect(codes(t)).toContain("estimable.no_detail");
    expect(percent(t)).toBeLessThanOrEqual(20); // 28% without `estimable.no_detail` on the code before it
  });

  it("a report that says what the thing did again keeps its reading", () => {
    const t = {
      summary: "Kiosk card reader declines every card after the 4.2 update",
      description: "The kiosk thing did it again: at kiosk 3 every card payment is declined with \"Reader error 51\" since this morning.\n1. Pick any film\n2. Pay by card\nExpected: the payment goes through.",
      issue_type: "Bug",
    };
    expect(codes(t)).not.toContain("estimable.no_detail");
    expect(percent(t)).toBeGreaterThan(60);
  });
});
