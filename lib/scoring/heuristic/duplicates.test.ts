import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ANTONYMS, antonyms, requestOf, sameAction, SYNONYM_GROUPS, uniqueFindings } from "./duplicates";
import { parseStory } from "./parse-story";

/** The unique codes each story of a batch gets. */
function codes(texts: string[]): string[][] {
  return uniqueFindings(texts.map(parseStory)).map((list) => list.map((f) => f.code));
}

/** Whether two stories, as a batch of their own, are reported as (near) duplicates of each other. */
function flagged(a: string, b: string): boolean {
  const [x, y] = codes([a, b]);
  expect(x.length > 0, `${a}\n${b}`).toBe(y.length > 0);
  return x.length > 0;
}

describe("duplicates: the same action on the same thing for the same reason", () => {
  // [story, story, what makes them the same]
  const duplicates: [string, string, string][] = [
    ["As a user, I want to export my invoices, so that I can file my taxes.",
      "As a user, I want my invoices to be exported, so that I can file my taxes.", "passive infinitive"],
    ["As an accountant, I want to export the invoices, so that I can file my taxes.",
      "As an accountant, I want invoices to be exportable, so that I can file my taxes.", "an -able adjective"],
    ["As an accountant, I want to export my invoices, so that I can file my taxes.",
      "As an accountant, I want to have my invoices exported, so that I can file my taxes.", "have + participle"],
    ["As an accountant, I want the system to export my invoices, so that I can file my taxes.",
      "As an accountant, I want to export my invoices, so that I can file my taxes.", "the system as the agent"],
    ["As an editor, I want to publish an article, so that readers can see it.",
      "As an editor, I want to publish articles, so that readers can see them.", "number and article"],
    ["As a customer, I want to see my order history, so that I can reorder quickly.",
      "As a customer, I want to view the order history, so that I can reorder quickly.", "see / view, my / the"],
    ["As a moderator, I want to delete a comment, so that the thread stays civil.",
      "As a moderator, I want to remove comments, so that the thread stays civil.", "delete / remove"],
    ["As a team lead, I want to create a project, so that my team can track its work.",
      "As a team lead, I want to add projects, so that my team can track its work.", "create / add"],
    ["As a nurse, I want to see a list of my shifts, so that I can plan my week.",
      "As a nurse, I want to see my shifts, so that I can plan my week.", "a list of X is X"],
    ["As a nurse, I want to see my shifts, so that I can plan my week.",
      "As a nurse, I want to view my shifts, so that my week can be planned.", "word order and voice of the benefit"],
    ["As a writer, I want an autosave function, so that I do not lose my work.",
      "As a writer, I want to have an autosave function, so that I do not lose my work.", "a thing / have a thing"],
    ["As a member, I want to be able to log in with my email, so that I can see my bookings.",
      "As a member, I want to sign in with my email, so that I can see my bookings.", "log in / sign in, be able to"],
    ["As a member, I want to be notified when a booking is confirmed.",
      "As a member, I want to be notified when bookings are confirmed.", "object clause of the verb, no benefit"],
    ["As a driver, I want to be able to change my route until the trip starts, so that I can avoid traffic.",
      "As a driver, I want to change my route as long as I have not left, so that I can avoid traffic.", "conditions are not the request"],
    ["As a clerk, I want my invoices to be exported when the month ends, so that I can file my taxes.",
      "As a clerk, I want to export my invoices when the month ends, so that I can file my taxes.", "a condition after a passive"],
    ["As a clerk, I want the ability to export my invoices, so that I can file my taxes.",
      "As a clerk, I want to have the option to export my invoices, so that I can file my taxes.", "the ability / the option to"],
    ["As a researcher, I want to search all files by keyword.",
      "As an archivist, I want to search all files by keyword.", "the same request from two roles"],
    // Issue 42: "the X list" and "the list of X", "for" and "of" before whose list it is.
    ["As a nurse, I want to see the patient list for my ward so that I can plan rounds.",
      "As a nurse I want to see the list of patients of my ward so that I can plan rounds", "the X list / the list of X"],
    ["As a nurse, I want to see the patient list of my ward so that I can plan rounds.",
      "As a nurse, I want to see the list of patients for my ward so that I can plan rounds.", "of / for whose list"],
    ["As a clerk, I want to print the invoice list.", "As a clerk, I want to print a list of invoices.", "the X list, no benefit"],
  ];

  // [story, story, why they are siblings]
  const siblings: [string, string, string][] = [
    ["As a user, I want to enable dark mode for the dashboard, so that I can work at night.",
      "As a user, I want to disable dark mode for the dashboard, so that I can work at night.", "antonyms"],
    ["As an admin, I want to add users to a team, so that the team is up to date.",
      "As an admin, I want to remove users from a team, so that the team is up to date.", "antonyms"],
    ["As a planner, I want to move a shift to another day, so that the rota fits.",
      "As a planner, I want to copy a shift to another day, so that the rota fits.", "different verbs"],
    ["As a repository manager, I want to attach a licence to an object, so that its reuse is clear.",
      "As a repository manager, I want to attach a statute to an object, so that its reuse is clear.", "same verb, another thing"],
    ["As a researcher, I want to record publications in the repository, so that I can report on output.",
      "As a researcher, I want to link publications in the repository, so that I can report on output.", "different verbs"],
    ["As an archivist, I want to import agent records, so that the catalogue is complete.",
      "As an archivist, I want to export agent records, so that the catalogue is complete.", "import / export"],
    ["As a photographer, I want to upload my photos, so that I can keep them safe.",
      "As a photographer, I want to download my photos, so that I can keep them safe.", "upload / download"],
    ["As an owner, I want to lock a channel, so that only admins can post.",
      "As an owner, I want to unlock a channel, so that only admins can post.", "a negative prefix"],
    ["As a user, I want to turn on notifications, so that I stay informed.",
      "As a user, I want to turn off notifications, so that I stay informed.", "the particle"],
    ["As an admin, I want to show archived projects, so that the list is complete.",
      "As an admin, I want archived projects to be hidden, so that the list is complete.", "show / hide, in another voice"],
    ["As an admin, I want to add users to a team, so that access is right.",
      "As an admin, I want to add teams to a user, so that access is right.", "another object, the same words"],
    ["As a clerk, I want to export invoices, so that I can file my taxes.",
      "As a clerk, I want to export receipts, so that I can file my taxes.", "same verb, another thing"],
    ["As a researcher, I want to search files by keyword.",
      "As a researcher, I want to search files by date.", "another complement"],
    ["As a researcher, I want to get a data package into R, so that I can analyse it.",
      "As a researcher, I want to get a data package into Julia, so that I can analyse it.", "another destination"],
    ["As a designer, I want to move on to round 2 of the homepage edits, so that I get approvals.",
      "As a designer, I want to move on to round 3 of the homepage edits, so that I get approvals.", "another number"],
    ["As a user, I want to enable dark mode, so that I can work at night.",
      "As a user, I want to enable dark mode for the dashboard, so that I can work at night.", "a narrower thing"],
    ["As a clerk, I want to export my invoices, so that I can file my taxes.",
      "As a clerk, I want to export my invoices, so that my accountant can check them.", "another reason"],
    ["As a clerk, I want to export my invoices, so that I can file my taxes.",
      "As a clerk, I want to export my invoices.", "one reason, the other none"],
    ["As a subscriber, I want to receive email alerts, so that I hear about sales.",
      "As a subscriber, I do not want to receive email alerts, so that I hear about sales.", "a negated request"],
    ["As an owner, I want to make a user an owner, so that they have full control.",
      "As an owner, I want to make a user an owner, so that they no longer have full control.", "a negated benefit"],
    ["As a publisher, I want to publish a data package, so that it is available.",
      "As a publisher, I want to create a data package, so that it is available.", "different verbs, one reason"],
    ["As a repository manager, I want to indicate if a statute pertains to the component.",
      "As a repository manager, I want to indicate if a license pertains to the component.", "the object is a clause"],
    ["As a nurse, I want to see the shift list for my ward so that I can plan rounds.",
      "As a nurse I want to see the list of patients of my ward so that I can plan rounds", "another list's contents"],
    ["As a nurse, I want to see the patient list for my ward so that I can plan rounds.",
      "As a nurse, I want to see the list of patients so that I can plan rounds.", "every patient / the ward's"],
    ["As a clerk, I want to see the full list of invoices.", "As a clerk, I want to see the full list of receipts.", "a quality of the list, not its contents"],
  ];

  it.each(duplicates)("flags %s / %s (%s)", (a, b) => {
    expect(flagged(a, b)).toBe(true);
    expect(codes([a, b])[0]).toEqual(["unique.near_duplicate"]);
  });

  it.each(siblings)("keeps apart %s / %s (%s)", (a, b) => {
    expect(flagged(a, b)).toBe(false);
  });

  it("reports exact duplicates as such, whatever the case and punctuation, and names the other story", () => {
    const batch = [
      "As a user, I want to export my invoices, so that I can file my taxes.",
      "As a user, I want to reset my password.",
      "as a user I want to export my invoices so that I can file my taxes",
      "As a user, I want my invoices to be exported, so that I can file my taxes.",
    ];
    const found = uniqueFindings(batch.map(parseStory));
    expect(found.map((l) => l.map((f) => f.code))).toEqual([["unique.duplicate"], [], ["unique.duplicate"], ["unique.near_duplicate"]]);
    expect(found[2][0].message).toContain("story 1");
    // The paraphrase names the earliest story it matches that is not an exact duplicate.
    expect(found[3][0].message).toContain("story 1");
  });
});

describe("the request of a story", () => {
  const request = (s: string) => requestOf(parseStory(s));

  it("reads the action and the object in any voice", () => {
    for (const s of ["As a user, I want to export my invoices.", "As a user, I want my invoices to be exported.",
      "As a user, I want my invoices exported.", "As a user, I want the invoices to be exportable.",
      "As a user, I want the application to export my invoices."]) {
      const r = request(s)!;
      expect(r.actions, s).toContain("export");
      expect(r.object, s).toBe("invoice");
      expect(r.words, s).toEqual(["invoice"]);
    }
  });

  it("reads what a list holds, before or after the word list", () => {
    for (const s of ["As a nurse, I want to see the patient list for my ward.", "As a nurse, I want to see the list of patients of my ward.",
      "As a nurse, I want to see the patient list of my ward.", "As a nurse, I want to see the list of patients for my ward."]) {
      expect(request(s), s).toMatchObject({ actions: ["see"], object: "patient", words: ["patient", "ward"] });
    }
    // A word that says what kind of list it is does not say what it holds.
    expect(request("As a clerk, I want to see the full list of invoices.")).toMatchObject({ object: "invoice" });
    expect(request("As a clerk, I want to see the long list.")).toMatchObject({ object: "list" });
  });

  it("keeps particles, modifiers and complements", () => {
    expect(request("As a user, I want to turn off dark mode for the dashboard.")).toMatchObject({ actions: ["turn off"], object: "mode", words: ["dark", "dashboard", "mode"] });
    expect(request("As an admin, I want to add users to a team.")).toMatchObject({ actions: ["add"], object: "user" });
    expect(request("As a user, I want an autosave function.")).toMatchObject({ actions: ["have"], object: "function", words: ["autosave", "function"] });
  });
});

describe("verbs", () => {
  it("never puts antonyms in one synonym group", () => {
    for (const group of SYNONYM_GROUPS) {
      for (const a of group) for (const b of group) expect(antonyms(a, b), `${a} / ${b}`).toBe(false);
    }
    for (const [a, b] of ANTONYMS) expect(sameAction(a, b), `${a} / ${b}`).toBe(false);
  });

  it("reads a negative prefix as the opposite action", () => {
    expect(antonyms("lock", "unlock")).toBe(true);
    expect(antonyms("activate", "deactivate")).toBe(true);
    expect(antonyms("connect", "disconnect")).toBe(true);
    expect(antonyms("do", "undo")).toBe(true);
    expect(antonyms("export", "import")).toBe(true);
    expect(antonyms("view", "see")).toBe(false);
  });

  it("merges only the same lemma, synonyms, and 'have' with a verb that gives", () => {
    expect(sameAction("see", "view")).toBe(true);
    expect(sameAction("have", "choose")).toBe(true);
    expect(sameAction("choose", "receive")).toBe(false);
    expect(sameAction("attach", "link")).toBe(false);
    expect(sameAction("record", "link")).toBe(false);
    expect(sameAction("move", "copy")).toBe(false);
    expect(sameAction("have", "delete")).toBe(false);
  });
});

describe("the reviewers' consensus on the dev backlogs", () => {
  // Every story the consensus of qus-real-dev.csv labels Unique, and no other, in the repository's copies.
  const FIXTURES = path.resolve(__dirname, "../fixtures/backlogs");
  const read = (f: string) => fs.readFileSync(path.join(FIXTURES, f), "utf8").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

  it.each([
    ["g04-recycling.txt", ["As a user, I want to have a flexible pick up time, so that I can more conveniently use the website.",
      "As a user, I want to choose a flexible pick up time, so that I can more conveniently use the website."]],
    ["g13-planningpoker.txt", ["As a participant, I want to be able to change my estimate up until the last person selects a card and all are shown, so that I can change my mind based on information I hear.",
      "As a participant, I want to change my estimate as long as the draw has not been completed, so that I can change my mind."]],
  ])("%s", (file, expected) => {
    const texts = read(file);
    const found = codes(texts);
    expect(texts.filter((_, i) => found[i].length > 0)).toEqual(expected);
  });
});

describe("the pairs judged on the shared backlogs (lib/scoring/precision/unique.json)", () => {
  interface Pair { backlog: string; story: string; other: string; fired: boolean; right: boolean; judgement: string; reason: string }
  const file = path.resolve(__dirname, "../precision/unique.json");
  const { judged } = JSON.parse(fs.readFileSync(file, "utf8")) as { judged: Pair[] };

  it("is consistent: right means reported exactly when judged a duplicate", () => {
    for (const p of judged) expect(p.right, p.story).toBe(p.fired === (p.judgement === "duplicate"));
  });

  it.each(judged.map((p) => [p.backlog, p.story, p.other, p] as const))("%s: %s / %s", (_backlog, story, other, p) => {
    expect(flagged(story, other)).toBe(p.fired);
  });
});
