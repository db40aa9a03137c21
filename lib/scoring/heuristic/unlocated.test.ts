// A failure told only as an event, with nothing that says where or when it happens (rules-bug.ts, `unlocatedFailure`;
// docs/decisions.md, "Bug readers, nineteenth pass"): nobody can make it happen again, so it scores as a one-line
// ticket does, at 40% or so, below a report that names where or when it happens.
import { describe, expect, it } from "vitest";
import { scoreTicket } from "./engine";
import type { TicketData } from "../types";

const bug = (summary: string, description: string): TicketData => ({ summary, description, issue_type: "Bug" });
const pct = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const noDetail = (t: TicketData) => scoreTicket(t).findings.find((f) => f.code === "estimable.no_detail");

describe("a failure with nothing that says where or when", () => {
  const bare = [
    bug("Editor hangs", "The editor hangs all the time, I have to kill it."),
    bug("Server dumps core", "The server dumps core every night, no idea why. 3.1 on Linux."),
    bug("Player freezes randomly", "Freezes for a few seconds at random, then carries on."),
    bug("gateway crashes", "see summary"),
    bug("the app crashed", "the app crashed yesterday I think, or the day before"),
  ];

  it("is told so, naming what to add, and scores at 45% or less", () => {
    for (const t of bare) {
      const f = noDetail(t);
      expect(f?.severity, t.summary).toBe("high");
      expect(f?.message, t.summary).toMatch(/tells a failure but not where or when it happens/);
      expect(scoreTicket(t).scores.estimable.improvement_suggestions.join(" "), t.summary).toMatch(/what you were doing when it happened/);
      expect(pct(t), t.summary).toBeLessThanOrEqual(45);
    }
  });

  it("is not said of a failure with an occasion, a command, a load or something to look up", () => {
    for (const t of [
      bug("Viewer crashes", "The viewer crashes when I open a large PDF."),
      bug("Server crashes under load", "Version 3.1 crashes under heavy load on our box."),
      bug("sync-tool -v segfaults", "on 2.4"),
      bug("Crash on startup", "Crashes every time since the 4.2 update."),
      bug("Crash [@ Layout::Reflow]", "Crashes a few times a day, always the same signature."),
      bug("Browser freezes", "It freezes with 200 tabs open."),
      bug("Importer crashes", "It crashes with a NullPointerException in the log."),
      bug("Editor hangs", "It hangs on the settings page."),
    ]) expect(noDetail(t), t.summary).toBeUndefined();
  });

  it("ranks below the same failure told with where it happens", () => {
    expect(pct(bug("Viewer crashes", "The viewer crashes when I open a large PDF."))).toBeGreaterThan(pct(bug("Viewer crashes", "The viewer crashes all the time.")));
  });

  it("is not added to a report that gives steps, an expected result or asks for a change", () => {
    expect(noDetail(bug("Editor hangs", "1. Open the editor\n2. Paste 10,000 lines\nThe editor hangs."))).toBeUndefined();
    expect(noDetail(bug("Editor hangs", "The editor hangs. It should stay responsive."))).toBeUndefined();
  });
});
