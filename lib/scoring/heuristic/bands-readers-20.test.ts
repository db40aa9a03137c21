// Twentieth pass, bands (a helper, branch `h-bands3`): readings built from the tickets of the read band sets still out
// of band, each only for a cause with members from three authors or more. The texts are written for these tests, in
// other domains than the tickets they were read from.
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";
import { aboutPeopleSentence, peopleTitle } from "./bug-readers";

const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);
const codes = (t: TicketData) => scoreTicket(t).findings.map((f) => f.code);

describe("twentieth pass, bands: a title or a sentence about people: a question asking to meet or talk, a meeting, a telling", () => {
  it("reads a question that asks people to meet or talk, opened by its auxiliary, as a sentence about people", () => {
    expect(aboutPeopleSentence("Hi, could we set up a call with whoever runs the kennel rota?")).toBe(true);
    expect(aboutPeopleSentence("can we jump on a quick call about the lockers")).toBe(true);
    expect(aboutPeopleSentence("Hey all, could someone find twenty minutes in the diary for this")).toBe(true);
  });

  it("does not read a question about the program as one about people", () => {
    expect(aboutPeopleSentence("Can the export include the VAT column?")).toBe(false);
    expect(aboutPeopleSentence("Do the kiosks print a receipt after a refund?")).toBe(false);
    expect(aboutPeopleSentence("Could the rota page list the night shifts first?")).toBe(false);
    expect(aboutPeopleSentence("Hi, the kiosk prints two receipts.")).toBe(false);
    expect(aboutPeopleSentence("Could you make the sidebar keep its width after a restart?")).toBe(false);
    expect(aboutPeopleSentence("Can we have an option to hide the call banner?")).toBe(false);
  });

  it("reads a title that asks people, calls a meeting or tells what a person said", () => {
    expect(peopleTitle("Could we talk about the kennel bookings?")).toBe(true);
    expect(peopleTitle("Meeting re allotment renewals")).toBe(true);
    expect(peopleTitle("Caller says the bike hire app lost his rental??")).toBe(true);
  });

  it("does not read a title that tells the program's act, or asks for one not to happen, as about people", () => {
    expect(peopleTitle("Customers can't pay by card at the kiosk")).toBe(false);
    expect(peopleTitle("Meeting room booking shows the wrong floor")).toBe(false);
    expect(peopleTitle("Can we not log users out every hour?")).toBe(false);
    expect(peopleTitle("Call recording stops after ten minutes")).toBe(false);
    expect(peopleTitle("Call on hold drops after ten minutes")).toBe(false);
    expect(peopleTitle("Could you add a chat export to the help desk?")).toBe(false);
  });

  it("puts a request for a call, a meeting note and second-hand hearsay at 40% or less", () => {
    const tickets: TicketData[] = [
      { summary: "Could we talk about the kennel bookings?", description: "Hi, could we set up a call with whoever looks after the bookings? Would be good to chat it through. Any afternoon works for me. Thanks, Jo" },
      { summary: "Meeting re allotment renewals", description: "Hi all, can we find some time with the developers next week to go over the renewals? A few concerns came up at the committee. Ta, Bev" },
      { summary: "Caller says the bike hire app lost his rental??", description: "A gentleman rang the desk, he said something about his rental vanishing or being moved, he wasn't sure, the line kept cutting out. He didn't leave a reference. Might be us, might be the card company. Just noting it.", issue_type: "Bug" },
    ];
    for (const t of tickets) {
      expect(percent(t), t.summary).toBeLessThanOrEqual(40);
      expect(codes(t), t.summary).toContain("estimable.no_detail");
    }
  });

  it("leaves a question that names what the program should do, and a telling that names a value, to their readings", () => {
    const asks: TicketData = { summary: "Can we show the van's plate on the booking slip?", description: "Please print the registration plate under the booking number on the booking slip, as the depot staff check it at the gate." };
    const tells: TicketData = { summary: "Customer says the export stops at row 100", description: "A customer exported 2,400 contacts from Contacts > Export in release 3.2 and the CSV has exactly 100 rows. It should hold every contact.", issue_type: "Bug" };
    const plain: TicketData = { summary: "Customers can't pay by card at the kiosk", description: "Since release 5.1 the kiosk at the east gate shows \"Card declined\" for every card. It should take the payment. About 200 visitors a day are sent to the desk.", issue_type: "Bug" };
    for (const t of [asks, tells, plain]) {
      expect(codes(t), t.summary).not.toContain("estimable.no_detail");
      expect(percent(t), t.summary).toBeGreaterThan(40);
    }
  });
});

describe("twentieth pass, bands: a title's word the tagger takes for a verb where the grammar makes it a noun", () => {
  it("reads the last word after a preposition, or a compound's middle, as no act", () => {
    const tickets: TicketData[] = [
      { summary: "Trouble since upgrade", description: "Since the upgrade things have felt a bit off. Nobody can put a finger on it. Maybe the wifi, maybe us.", issue_type: "Bug" },
      { summary: "Members unhappy with checkout", description: "Several members have said they feel let down by it. We want to do better. Can the club and the developers get together on it?", issue_type: "Bug" },
    ];
    for (const t of tickets) {
      expect(codes(t), t.summary).toContain("estimable.no_detail");
      expect(percent(t), t.summary).toBeLessThanOrEqual(40);
    }
  });

  it("keeps a verb after its subject, whatever its form, and a failure named beside the noun", () => {
    const people = "Several members have said they feel let down by it. We want to do better.";
    for (const summary of ["Locker door stuck", "Login fail", "Locker app shown blank", "Kiosk crash after update"]) {
      expect(codes({ summary, description: people, issue_type: "Bug" }), summary).not.toContain("estimable.no_detail");
    }
    expect(percent({ summary: "Kiosk crash after update", description: people, issue_type: "Bug" })).toBeGreaterThan(40);
  });
});
