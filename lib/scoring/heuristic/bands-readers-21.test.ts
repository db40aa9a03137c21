// Twenty-first pass, the twenty-first band author's useless tickets (a helper, branch `h-bands6`): a mail program's
// lines around what was written ("Sent from my iPhone", "Begin forwarded message:"), "still happening" with nothing
// named, a title that points at an attachment ("- see attached"), and a "so" clause of the ticket's own bookkeeping
// ("so it's on record"). The texts are written for these tests, in other domains than the tickets they were read from.
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { KEPT_ON_RECORD, MAIL_HEADER, MAIL_SIGNATURE, observedIn } from "./bug-readers";

const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);
const lineRead = (re: RegExp, line: string) => new RegExp(re.source, re.flags.replace("g", "")).test(line);
const generic = (text: string) => observedIn(text).map((r) => r.generic === true);

describe("twenty-first pass: a mail program's lines say how the mail was sent", () => {
  it("reads a client's signature and Apple Mail's forward marker, alone on their line, quoted or not", () => {
    expect(lineRead(MAIL_SIGNATURE, "Sent from my iPad")).toBe(true);
    expect(lineRead(MAIL_SIGNATURE, ">> Sent from my Samsung Galaxy smartphone.")).toBe(true);
    expect(lineRead(MAIL_SIGNATURE, "Get Outlook for Android")).toBe(true);
    expect(lineRead(MAIL_HEADER, "Begin forwarded message:")).toBe(true);
    expect(lineRead(MAIL_HEADER, "> Sent from Outlook for iOS")).toBe(true);
  });

  it("leaves a sentence that goes on after the phone, and a header line, to what they are", () => {
    expect(lineRead(MAIL_SIGNATURE, "Sent from my iPhone the booking page freezes")).toBe(false);
    expect(lineRead(MAIL_SIGNATURE, "The voucher was sent from my iPhone but never arrived")).toBe(false);
    expect(lineRead(MAIL_SIGNATURE, "From: Greta Olsen")).toBe(false);
    expect(lineRead(MAIL_HEADER, "I had to begin the forwarded message again")).toBe(false);
    expect(lineRead(MAIL_HEADER, "Sent from the kiosk at gate 4, the ticket prints twice")).toBe(false);
  });

  it("a forwarded chain that ends in a phone's signature names nothing to plan from", () => {
    const t = {
      summary: "FW: RE: the glasshouse thing",
      description: "---------- Forwarded message ---------\nFrom: Ines Moreau\nSubject: RE: the glasshouse thing\n\nLooping in IT so they can deal with it.\n\n> From: Pavel Novak\n> Yep, same for me, it did it again this morning.\n>\n>> From: Ines Moreau\n>> Everyone, just flagging that the glasshouse thing from last month seems to be back. Let's watch it.\n>>\n>> Sent from my iPad",
      issue_type: "Bug",
    };
    expect(codes(t)).toContain("estimable.no_detail");
    expect(codes(t)).toContain("bug.no_environment");
    expect(percent(t)).toBeLessThanOrEqual(40);
  });

  it("a letter under Apple Mail's forward marker names nothing to plan from", () => {
    const t = {
      summary: "Fwd: parent complaint",
      description: "FYI - could someone from the portal team read this and reply to the parent? Thanks, School Office\n\nBegin forwarded message:\n\nI must complain in the strongest terms about your so-called portal. It is a shambles and a waste of the school's money. Other parents agree with me. I expect an answer.\n\nMrs K. Adeyemi",
      issue_type: "Bug",
    };
    expect(codes(t)).toContain("estimable.no_detail");
    expect(percent(t)).toBeLessThanOrEqual(40);
  });

  it("a forwarded report that tells its failure keeps its reading and its environment", () => {
    const t = {
      summary: "Fwd: Seat map shows row K as free after it is sold out",
      description: "Begin forwarded message:\n\nOn the booking site in Chrome 126, the seat map for the 19:30 show lists row K as free although the box office sold every seat in it.\n1. Open the 19:30 show\n2. Pick row K\nExpected: row K is shown as sold.\nSeveral customers paid for seats that were already taken.\n\nSent from my iPhone",
      issue_type: "Bug",
    };
    expect(codes(t)).not.toContain("estimable.no_detail");
    expect(codes(t)).not.toContain("bug.no_environment");
    expect(percent(t)).toBeGreaterThanOrEqual(80);
  });

  it("an iPhone named in the report's prose is still its environment, whatever the signature", () => {
    const t = {
      summary: "Route planner drops the last stop on iPhone",
      description: "On my iPhone the route planner drops the last stop of any route with more than 8 stops.\n\nSent from my iPhone",
      issue_type: "Bug",
    };
    expect(codes(t)).not.toContain("bug.no_environment");
  });
});

describe("twenty-first pass: \"still happening\" with nothing named says only that it goes on", () => {
  it("reads it with no subject and after a pronoun", () => {
    expect(generic("Same as the ticket from Monday. Still happening. Please check.")).toEqual([true]);
    expect(generic("It's still happening.")).toEqual([true]);
    expect(generic("Yes, this is still happening now.")).toEqual([true]);
  });

  it("leaves it when it names where, or what happens", () => {
    expect(generic("Still happening on the returns page.")).toEqual([false]);
    expect(generic("The double charge is still happening.")).toEqual([false]);
    expect(generic("Still happening for every order over 50 items.")).toEqual([false]);
  });

  it("a pointer to another ticket that is still happening names nothing to plan from", () => {
    const t = { summary: "Same as the other ticket", description: "Same as the one from Monday. Still happening. Please check.", issue_type: "Bug" };
    expect(codes(t)).toContain("estimable.no_detail");
    expect(percent(t)).toBeLessThanOrEqual(40);
  });
});

describe("twenty-first pass: a title that points at an attachment names no act", () => {
  it("\"- see attached\" with nothing else names nothing to plan from", () => {
    const t = { summary: "Loyalty card query - see attached", description: "See attached. Cheers." };
    expect(codes(t)).toContain("estimable.no_detail");
    expect(percent(t)).toBeLessThanOrEqual(40);
  });

  it("a title where something is attached to something names an act", () => {
    const t = { summary: "Receipt attached to the wrong booking", description: "See attached. Cheers." };
    expect(codes(t)).not.toContain("estimable.no_detail");
  });

  it("a ticket that points at an attachment and says what fails keeps its reading", () => {
    const t = {
      summary: "Gift card balance - see attached",
      description: "See attached: the checkout page shows a gift card balance of 0.00 for cards topped up after 1 March. Customers cannot pay with them.",
    };
    expect(codes(t)).not.toContain("estimable.no_detail");
  });
});

describe("twenty-first pass: why the ticket was filed is no reason the work matters", () => {
  it("reads a \"so\" clause of the ticket's own bookkeeping", () => {
    const read = (t: string) => new RegExp(KEPT_ON_RECORD.source, "i").test(t);
    expect(read("Filing it so it's on record.")).toBe(true);
    expect(read("Opening this so that it is on the radar for spring")).toBe(true);
    expect(read("Writing it here so nobody forgets.")).toBe(true);
    expect(read("Adding a ticket so it's on someone's list")).toBe(true);
  });

  it("leaves a \"so\" clause that names a goal or a thing", () => {
    const read = (t: string) => new RegExp(KEPT_ON_RECORD.source, "i").test(t);
    expect(read("so the audit trail is on record for the regulator")).toBe(false);
    expect(read("so that it's on the invoice as a separate line")).toBe(false);
    expect(read("so we don't forget to renew the domain in May")).toBe(false);
    expect(read("so it doesn't get lost in transit")).toBe(false);
    expect(read("so we can print the list at the door")).toBe(false);
  });

  it("a title and a note that it is filed so it's on a list say nothing of why it matters", () => {
    const t = { summary: "Locker key tags", description: "Locker key tags - logging this so it's on someone's list." };
    expect(codes(t)).toContain("work_item.no_reason");
    expect(percent(t)).toBeLessThanOrEqual(40);
  });

  it("a ticket filed so it's on record that says why the work matters keeps its reason", () => {
    const t = {
      summary: "Parking permit renewals",
      description: "Opening this so it's on record: renewals must be sent before 1 March because permits expire then and residents get fined.",
    };
    expect(codes(t)).not.toContain("work_item.no_reason");
  });

  it("a task filed so nobody forgets has no reason; one whose so-clause names a goal keeps it", () => {
    const bare = { summary: "Clean up the shared drive folders", description: "Creating this so we don't forget.", issue_type: "Task" };
    expect(codes(bare)).toContain("task.no_reason");
    const kept = { summary: "Clean up the shared drive folders", description: "Move the 2019 folders to the archive so that staff find the current forms first.", issue_type: "Task" };
    expect(codes(kept)).not.toContain("task.no_reason");
  });
});
