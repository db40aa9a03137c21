// Twentieth pass, bands (a helper, branch `h-vague`): a report whose only failure is told with nothing named (a hedge
// of whether there is one, a thing never named, a behaviour pointed at but not told) and that names no step, value,
// version, screen or part to look at names nothing to plan from (`VAGUE_FAILURE` in bug-readers.ts, read by
// `nothingToLookAt` in rules-kinds.ts). The texts are written for these tests, in other domains than the tickets they
// were read from.
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { VAGUE_FAILURE } from "./bug-readers";

const bug = (summary: string, description: string): TicketData => ({ summary, description, issue_type: "Bug" });
const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);

describe("twentieth pass: a failure told with nothing named", () => {
  it("reads an unnamed thing doing it again, the thing from before, something off, a behaviour pointed at, a hedge", () => {
    for (const s of [
      "hey is the kennel thing doing it again",
      "Just say the renewal thing is happening again",
      "it's doing that again",
      "the thing from before",
      "Might be nothing, but possibly something off with the locker refunds?",
      "something seems a bit off",
      "whether the tide chart is meant to behave like this",
      "Is the tide chart supposed to work like this?",
      "why is it like this",
      "Possible issue with locker refunds?",
      "Ferry ticket gate thing",
    ]) expect(VAGUE_FAILURE.test(s), s).toBe(true);
  });

  it("does not read a failure told with what is seen, a thing that happens, or a title that names its act", () => {
    for (const s of [
      "The kiosk prints two receipts again after a refund",
      "This happens when I save the rota",
      "Something happened to the import last night",
      "The gate turns something off in the settings",
      "Something turns off the alarm at 6:00",
      "The chart should look like the one in the 2023 report",
      "Possible issue with the booking page? When I pick Saturday the slots stay empty.",
      "Nothing happens when I press Unlock",
      "The thing is, the export drops the VAT column",
      "Kiosk prints the wrong thing",
      "Gate scanner stuck",
      "Doing it again fixes the total",
    ]) expect(VAGUE_FAILURE.test(s), s).toBe(false);
  });

  it("names nothing to plan from in a report whose only failure is such a hedge, unnamed thing or behaviour pointed at", () => {
    const hedge = bug("Possible issue with locker refunds?", "Might be nothing, but possibly something off with the locker refunds? Could be on our side, could be the card people, could just be me worrying. Flagging it just in case, no rush at all.");
    const chat = bug("kennel rota (from slack)", "[08:01] Pia (Front desk): hey is the kennel thing doing it again\n[08:02] Omar: doing what\n[08:02] Pia (Front desk): the thing from before\n[08:03] Omar: ugh. not again\n[08:03] Pia (Front desk): can u put in a ticket\n[08:04] Omar: on it");
    const pointed = bug("Is the tide chart supposed to work like this?", "Just wondering whether the tide chart is meant to behave like this or whether something changed in the spring update? A few of the harbour volunteers asked me about it at the last meeting.");
    const forward = bug("FW: FW: allotment renewals", "> Can you pass this on to the web people?\n>> Sure, what do I tell them?\n>>> Just say the renewal thing is happening again\n\nPassing on as asked. The renewal thing is happening again.");
    const thing = bug("Ferry ticket gate thing", "Hi all, following up on what we talked about at the Monday stand-up about the gates on the north quay. I think everyone agreed it's not great and that we need to look at it before the summer timetable starts. Priya said she'd heard the same last year too, and honestly the passengers deserve better. Can we get this looked at? It's been going on for a while and it's starting to wear on the deck crew.");
    for (const t of [hedge, chat, pointed, forward, thing]) {
      expect(codes(t), t.summary).toContain("estimable.no_detail");
      expect(percent(t), t.summary).toBeLessThanOrEqual(40);
    }
  });

  it("leaves a report that tells what is seen, its steps or its expected result, beside the same vague words", () => {
    const cases: [TicketData, number][] = [
      [bug("Refund kiosk is doing it again", "The refund kiosk is doing it again: it prints two receipts for every refund since Monday, and the second one shows 0.00."), 46],
      [bug("Something seems off with refunds", "Something seems off with refunds: when I refund a card payment at the kiosk, the receipt shows the full amount but the card is credited half of it."), 44],
      [bug("Possible issue with the booking page?", "When I open the booking page and pick Saturday, the time slots stay empty. Expected the slots for Saturday to show."), 92],
      [bug("Roster export thing", "The roster export writes an empty file when the team has more than 12 members."), 46],
      [bug("Tide chart thing", "Might be nothing, but the tide chart draws high water an hour late since the clocks changed. Expected it to follow local time."), 66],
      [bug("Locker app doing it again", "The locker app is doing it again. Steps: 1. Open the app 2. Tap Unlock on locker 14 3. The spinner never stops. Expected the door to open."), 92],
      [bug("Kennel booking is meant to work like this?", "The kennel booking page lists Sunday as free even when all 8 pens are booked. Is it meant to work like this? I'd expect Sunday to show as full."), 66],
    ];
    for (const [t, p] of cases) {
      expect(codes(t), t.summary).not.toContain("estimable.no_detail");
      expect(percent(t), t.summary).toBe(p);
    }
  });

  it("keeps a failure told briefly above its twin that names nothing", () => {
    const states = bug("Something seems off with refunds", "Something seems off with refunds: when I refund a card payment at the kiosk, the receipt shows the full amount but the card is credited half of it.");
    const nothing = bug("Possible issue with locker refunds?", "Might be nothing, but possibly something off with the locker refunds? Could be on our side, could just be me worrying. Flagging it just in case.");
    expect(percent(states)).toBeGreaterThan(percent(nothing));
  });
});
