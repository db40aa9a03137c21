// What a score must mean to a product owner: the bands of lib/scoring/README.md ("How findings become scores").
import { describe, expect, it } from "vitest";
import type { TicketData } from "../types";
import { scoreTicket } from "./engine";

const percent = (t: TicketData) => Math.round(scoreTicket(t).overall_score * 10);

describe("score bands", () => {
  it("puts a ticket nobody could plan from at 50% or less", () => {
    for (const summary of ["Settings page", "Write tests", "Bug in checkout", "Users", "Fix the login bug", "Dashboard improvements",
      "As a user I want everything to work", "Update the docs", "Performance"]) {
      expect(percent({ summary }), summary).toBeLessThanOrEqual(50);
    }
  });

  it("puts an epic in disguise low on small and at 60% or less, even when everything else is in order", () => {
    const epics: TicketData[] = [
      { summary: "Manage users, roles and permissions" },
      { summary: "Build the API, the screens and the exports" },
      { summary: "Implement the backend, frontend, database migration, admin panel and reporting for the new billing module" },
      { summary: "As an admin, I want to manage users, roles and permissions, so that the right people have access." },
      {
        summary: "As an admin, I want to manage users, roles and permissions, so that the right people have access.",
        description: "Admins ask support to change access today; this moves it into the admin panel.",
        acceptance_criteria: "Given an admin on the users page\nWhen they give a user the role Editor\nThen that user can edit posts",
      },
      { summary: "As a store owner, I want to import products, set prices and publish the catalogue, so that customers can buy." },
    ];
    for (const t of epics) {
      const r = scoreTicket(t);
      expect(r.individual_scores.small, t.summary).toBeLessThanOrEqual(2);
      expect(percent(t), t.summary).toBeLessThanOrEqual(60);
    }
  });

  it("puts a well-formed single-feature story with a benefit, a description and Given/When/Then criteria at 80% or more", () => {
    const ready: TicketData[] = [
      {
        summary: "As a library member, I want to renew a borrowed book online, so that I can keep it longer without visiting the library.",
        description: "Members can renew a loan once, for 14 days, when nobody has reserved the book.",
        acceptance_criteria: "Given a member with a book due in 3 days and no reservation on it\nWhen they click Renew on the loan\nThen the due date moves 14 days later\n\nGiven a book another member has reserved\nWhen the member clicks Renew\nThen the renewal is refused with the message \"This book is reserved\"",
      },
      {
        summary: "As a shopper, I want to filter products by price, so that I find items I can afford.",
        description: "On the product list, a price range filter narrows the list to the chosen range.",
        acceptance_criteria: "Given products priced 5 and 50\nWhen I set the maximum price to 10\nThen only the product priced 5 is shown",
      },
      {
        summary: "As a nurse, I want to see the allergies of a patient on the medication screen, so that I do not give a drug the patient reacts to.",
        description: "Allergies are recorded at admission; today they sit on a separate tab.",
        acceptance_criteria: "Given a patient with a recorded penicillin allergy\nWhen I open the medication screen\nThen the allergy is shown above the drug list in red",
      },
    ];
    for (const t of ready) expect(percent(t), t.summary).toBeGreaterThanOrEqual(80);
  });

  it("orders the kinds of ticket the way a product owner would", () => {
    const junk = percent({ summary: "Settings page" });
    const compound = percent({ summary: "As an admin, I want to add or remove users, so that the team stays current." });
    const oneLiner = percent({ summary: "As a user, I want to reset my password, so that I can regain access to my account." });
    const ready = percent({
      summary: "As a user, I want to reset my password, so that I can regain access to my account.",
      description: "A reset link goes to the account's email address and works for one hour.",
      acceptance_criteria: "Given a registered email address\nWhen I ask for a reset\nThen a link arrives that lets me set a new password once",
    });
    expect(junk).toBeLessThan(compound);
    expect(compound).toBeLessThan(oneLiner);
    expect(oneLiner).toBeLessThan(ready);
  });

  it("gives the kinds of ticket the percentages the README's table documents", () => {
    const admin = "As an admin, I want to manage users, roles and permissions, so that the right people have access.";
    const reset = "As a user, I want to reset my password, so that I can regain access to my account.";
    expect(percent({ summary: "Settings page" })).toBe(38);
    expect(percent({ summary: "Manage users, roles and permissions" })).toBe(18);
    expect(percent({ summary: admin })).toBe(27);
    expect(percent({
      summary: admin,
      description: "Admins ask support to change access today; this moves it into the admin panel.",
      acceptance_criteria: "Given an admin on the users page\nWhen they give a user the role Editor\nThen that user can edit posts",
    })).toBe(44);
    expect(percent({ summary: "As an admin, I want to add or remove users, so that the team stays current." })).toBe(48);
    expect(percent({ summary: reset })).toBe(60);
    expect(percent({
      summary: reset,
      description: "A reset link goes to the account's email address and works for one hour.",
      acceptance_criteria: "Given a registered email address\nWhen I ask for a reset\nThen a link arrives that lets me set a new password once",
    })).toBe(100);
  });

  it("takes no point off without a finding that names it", () => {
    for (const t of [{ summary: "Settings page" }, { summary: "As an admin, I want to add or remove users, so that the team stays current." }]) {
      const r = scoreTicket(t);
      for (const [d, score] of Object.entries(r.individual_scores)) {
        if (score < 10) expect(r.findings.some((f) => f.dimension === d), d).toBe(true);
      }
    }
  });
});
