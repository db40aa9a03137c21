import { backlogLines } from "@/lib/backlog/decode";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedDataDir, sharedDataFiles } from "@/testing/shared-data";
import type { TicketData } from "../types";
import { checkAdvice, wrongArticles } from "./advice-check";
import { scoreTicket } from "./engine";
import { articleFor } from "./rewrite";

const storyLines = (file: string) => backlogLines(fs.readFileSync(file));

// The sixteen backlogs of the shared data when it is beside the checkout (testing/shared-data.ts), else none.
const SHARED = sharedDataFiles("backlogs", ".txt");
const FIXTURES = path.resolve(__dirname, "../fixtures/backlogs");
const OWN = path.resolve(__dirname, "../fixtures/advice-stories.txt");
const txt = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".txt")).map((f) => path.join(dir, f));

/** Every split part and every rewrite of these tickets, scored again, can be followed (points 1 and 2). */
function expectFollowable(tickets: TicketData[]): { splits: number; rewrites: number } {
  let splits = 0;
  let rewrites = 0;
  for (const ticket of tickets) {
    const c = checkAdvice(ticket);
    if (c.split.offered) splits++;
    if (c.rewrite.offered) rewrites++;
    expect(c.split.problems, `${ticket.summary} -> ${JSON.stringify(c.original.split)}`).toEqual([]);
    expect(c.rewrite.problems, `${ticket.summary} -> ${c.original.rewrite}`).toEqual([]);
  }
  return { splits, rewrites };
}

describe("property: the advice can be followed (every split part and rewrite scored again)", () => {
  it.skipIf(SHARED.length === 0)("on the 1,342 stories of the sixteen shared backlogs (BOM and Windows-1252 files read as text)", () => {
    const stories = SHARED.flatMap(storyLines);
    expect(stories).toHaveLength(1342);
    expect(stories.some((s) => s.includes("’"))).toBe(true);
    const { splits, rewrites } = expectFollowable(stories.map((summary) => ({ summary })));
    // Enough advice to make the property mean something. Issue 43 cut splits to actions only (38 of 189 before)
    // and rewrites to those that change more than a placeholder (38 of 675 before); a later change offers only
    // cuts of a shape a product owner accepts nearly always (27 splits).
    expect(splits).toBeGreaterThan(20);
    expect(rewrites).toBeGreaterThan(25);
  }, 60_000);

  it("on the backlogs in the repository and on stories of our own, typed and untyped", () => {
    const own = storyLines(OWN).map((line): TicketData => {
      const tab = line.indexOf("\t");
      return tab > 0 ? { issue_type: line.slice(0, tab), summary: line.slice(tab + 1) } : { summary: line };
    });
    const { splits, rewrites } = expectFollowable([...txt(FIXTURES).flatMap(storyLines).map((summary) => ({ summary })), ...own]);
    // 12 splits since splits are offered only in the shapes a product owner accepts nearly always.
    expect(splits).toBeGreaterThan(8);
    expect(rewrites).toBeGreaterThan(0);
  }, 30_000);
});

// Stories of our own built from parts: roles, lists of actions and of things of any length, with or without a
// benefit, a vague word, a bracket, a tracker type.
const generated = fc.record({
  role: fc.constantFrom("As a clerk,", "As an editor,", "As the owner of a shop,", ""),
  want: fc.constantFrom("I want to", "I need to", "I would like to"),
  actions: fc.uniqueArray(fc.constantFrom("view", "export", "archive", "approve", "print", "share", "delete", "tag"), { minLength: 1, maxLength: 3 }),
  things: fc.uniqueArray(fc.constantFrom("invoices", "an order", "the monthly reports", "a new customer record", "old tickets", "my drafts"), { minLength: 1, maxLength: 3 }),
  extra: fc.constantFrom("", " quickly", " (PDF)", " in one place", " e.g. by email"),
  benefit: fc.constantFrom("", ", so that I save time", " so that the auditors can check them", ", because the team needs it"),
  type: fc.constantFrom(undefined, "Story", "Task", "Bug"),
});

const list = (items: string[], conj: string) => items.length < 3 ? items.join(` ${conj} `) : `${items.slice(0, -1).join(", ")} ${conj} ${items[items.length - 1]}`;

describe("property: generated stories of our own", () => {
  it("every split part and rewrite meets points 1 and 2, and a compound with no split says why", () => {
    fc.assert(fc.property(generated, fc.constantFrom("and", "or"), (g, conj) => {
      const summary = `${g.role} ${g.want} ${list(g.actions, conj)} ${list(g.things, "and")}${g.extra}${g.benefit}.`.trim();
      const ticket: TicketData = g.type ? { summary, issue_type: g.type } : { summary };
      const c = checkAdvice(ticket);
      expect(c.split.problems, summary).toEqual([]);
      expect(c.rewrite.problems, summary).toEqual([]);
      // A compound offered no split names its features or things, or says why there is no clean cut.
      if (c.split.declined) expect(c.original.recommendations.some((r) => /^No |features|things under one action|^If "/.test(r)), summary).toBe(true);
      if (g.type === "Task" || g.type === "Bug") expect(c.original.rewrite ?? "", summary).not.toMatch(/\[type of user\]|\[the benefit\]/);
    }), { numRuns: 300 });
  }, 30_000);
});

describe("splits that split", () => {
  const parts = (summary: string) => scoreTicket({ summary }).split;
  const advice = (summary: string) => scoreTicket({ summary }).recommendations.join(" ");

  it("cuts along the actions, and keeps a list of things whole in every story", () => {
    expect(parts("As a shopper, I want to view and download invoices and receipts, so that I can file my expenses.")).toEqual([
      "As a shopper, I want to view invoices and receipts, so that I can file my expenses.",
      "As a shopper, I want to download invoices and receipts, so that I can file my expenses.",
    ]);
    expect(parts("As a camp administrator, I want to create groups and add campers to the groups, so that I can organise the camp.")).toEqual([
      "As a camp administrator, I want to create groups, so that I can organise the camp.",
      "As a camp administrator, I want to add campers to the groups, so that I can organise the camp.",
    ]);
  });

  it("never cuts inside a list of things, a pair that is one requirement, a name or a token", () => {
    for (const summary of [
      "As an organiser, I want to see the date and time of the session, so that I can plan my day.",
      "As a modeller, I want the forecast to balance speed and accuracy, so that results arrive in time.",
      "As a reviewer, I want to rate clips by A/V quality, so that poor recordings are redone.",
      "As a reader, I want to search and discover new titles, so that I find something to read.",
      "As a venue owner, I want to create and maintain my venues, so that visitors find them.",
      "As a parent, I want to sign and submit consent forms online, so that nothing gets lost.",
      "As a buyer, I want to see prices between 10 and 50 euros, so that I stay within budget.",
    ]) expect(parts(summary), summary).toEqual([]);
    // The pair of verbs is said to be one requirement, and the team may still plan them apart.
    expect(advice("As a reader, I want to search and discover new titles, so that I find something to read.")).toContain("one requirement");
  });

  it("reads a word after an article or repeated in a list of things as a noun, not an action", () => {
    const r = scoreTicket({ summary: "As an archive manager, I want to know all the statutes pertinent to an object or object component." });
    expect(r.split).toEqual([]);
    expect(r.findings.map((f) => f.code)).not.toContain("atomic.two_actions");
  });

  it("names the features when it cannot cut cleanly, and offers no sentences", () => {
    const r = scoreTicket({ summary: "As an admin, I want to add, edit and remove users, roles and permissions so that the team is managed" });
    expect(r.split).toEqual([]);
    expect(r.rewrite).toBeNull();
    // The verbs are cut, the things are not: three features, each "add/edit/remove" applied to the same list.
    const leaning = scoreTicket({ summary: "As a trainer, I want to list my classes in my profile and include a link to a page about each, so that attendees find them." });
    expect(leaning.split).toEqual([]);
    expect(leaning.recommendations.join(" ")).toContain('2 features: "list my classes in my profile", "include a link to a page about each"');
    expect(leaning.recommendations.join(" ")).not.toMatch(/As a trainer, I want to/);
  });

  it("cuts a garbled list nowhere: a bare verb beside verb phrases has lost its object", () => {
    const r = scoreTicket({ summary: "As a camp administrator, I want to be able to create, modify rules that campers and camp workers has to follow." });
    expect(r.split).toEqual([]);
    expect(r.recommendations.join(" ")).toContain("No clean cut");
  });

  it("gives bare verbs the object of the last one, and keeps each story a sentence with the role and the benefit", () => {
    expect(parts("As a seller, I want to list, price and ship my products, so that I can run my shop here.")).toEqual([
      "As a seller, I want to list my products, so that I can run my shop here.",
      "As a seller, I want to price my products, so that I can run my shop here.",
      "As a seller, I want to ship my products, so that I can run my shop here.",
    ]);
  });

  it("cuts a task title into tasks, each starting with a capital, and a second story from the first", () => {
    const r = scoreTicket({ summary: "Upgrade the database driver and remove the old config", issue_type: "Task" });
    expect(r.split).toEqual(["Upgrade the database driver", "Remove the old config"]);
    expect(parts("As a student, I want to see my grades; I also want to see my attendance.")).toHaveLength(2);
  });

  it("adds nothing but the split: no placeholder, no fix of another finding", () => {
    for (const p of parts("As a RuleAuthor, I want to export or print a selection of parts quickly")) expect(p).not.toMatch(/\[/);
  });
});

describe("rewrites that help", () => {
  it("offers no rewrite whose only change is a placeholder, and says what to write instead", () => {
    const r = scoreTicket({ summary: "As a user, I want the search to be fast and user-friendly" });
    expect(r.rewrite).toBeNull();
    const text = r.recommendations.join(" ");
    expect(text).toContain('Replace "fast" with what it means: say how fast: a time limit');
    expect(text).toContain('Replace "user-friendly" with what it means: say how easy');
    expect(scoreTicket({ summary: "As a user, I want to change my password." }).rewrite).toBeNull();
    // A rewrite with placeholders (an earlier version's) still costs what the vague word did and says what to write.
    const again = scoreTicket({ summary: "As a user, I want the search to be [measurable target], so that [the benefit]" });
    expect(again.recommendations.join(" ")).toContain("Replace it with the measure");
    expect(scoreTicket({ summary: "As a [type of user], I want to export my orders" }).recommendations.join(" "))
      .toContain("Replace [type of user] with the kind of user who needs it");
  });

  it("is the whole story with what does not belong in the sentence moved, and says where it went", () => {
    const r = scoreTicket({ summary: "As a gardener, I want to be reminded to water my plants (tomatoes, basil), so that they grow." });
    expect(r.rewrite).toBe("As a gardener, I want to be reminded to water my plants, so that they grow.");
    expect(r.recommendations.join(" ")).toContain('Moved to the description: "(tomatoes, basil)"');
    const e = scoreTicket({ summary: "As an admin, I want to see usage figures such as logins and downloads, so that I know how the site is used." });
    expect(e.rewrite).toBe("As an admin, I want to see usage figures, so that I know how the site is used.");
    expect(e.recommendations.join(" ")).toContain('Moved to the acceptance criteria: "such as logins and downloads"');
  });

  it("is never a split part: a compound story's rewrite keeps every action", () => {
    const r = scoreTicket({ summary: "As a shopper, I want to view and download invoices (PDF), so that I can file my expenses." });
    expect(r.split).toHaveLength(2);
    expect(r.rewrite).toBe("As a shopper, I want to view and download invoices, so that I can file my expenses.");
    expect(r.split).not.toContain(r.rewrite);
  });

  it("offers nothing for a wish with no feature", () => {
    expect(scoreTicket({ summary: "As a user I want everything to work" }).rewrite).toBeNull();
    expect(scoreTicket({ summary: "As a member, I want to feel safe on the site." }).rewrite).toBeNull();
  });

  it("never puts a bug, a task or a title in a user's mouth", () => {
    for (const t of [
      { summary: "Fix the login bug" },
      { summary: "Write tests for the export" },
      { summary: "Investigate slow page loads on the dashboard" },
      { summary: "Crash when saving an empty form", issue_type: "Bug" },
      { summary: "I want the export to stop failing on large files", issue_type: "Defect" },
      { summary: "Clean up the old feature flags (flags.ts)", issue_type: "Chore" },
    ]) {
      const r = scoreTicket(t);
      for (const text of [r.rewrite ?? "", ...r.split]) expect(text, t.summary).not.toMatch(/\[type of user\]|\[the benefit\]|^As a/);
    }
    // Minimal (nothing but role, means and ends) is a criterion of the story template: a task's bracketed note
    // is no finding, so nothing about it is rewritten either.
    const chore = scoreTicket({ summary: "Clean up the old feature flags (flags.ts)", issue_type: "Chore" });
    expect(chore.findings.filter((f) => f.code.startsWith("minimal."))).toEqual([]);
    expect(chore.rewrite).toBeNull();
  });
});

describe("a garbled sentence scores below the story it came from", () => {
  it("reports a means that is not a verb phrase", () => {
    const story = "As a DAMS manager, I want to know all the statutes pertinent to an object or object component.";
    for (const garbled of ["As a DAMS manager, I want to the statutes pertinent to an object.", "As a camp administrator, I want to be able to create the."]) {
      const r = scoreTicket({ summary: garbled });
      expect(r.findings.map((f) => f.code), garbled).toContain("well_formed.broken_means");
      expect(r.overall_score, garbled).toBeLessThan(scoreTicket({ summary: story }).overall_score);
    }
    // A preposition may end a clause: "what repository an object belongs to" is a sentence.
    expect(scoreTicket({ summary: "As a user, I want to know what repository an object belongs to." }).findings.map((f) => f.code))
      .not.toContain("well_formed.broken_means");
  });
});

describe("articles", () => {
  it("chooses a or an by sound", () => {
    expect(["existing", "hour", "update", "SQL"].map(articleFor)).toEqual(["an", "an", "an", "an"]);
    expect(["filter", "user", "one-off", "URL", "unique", "European"].map(articleFor)).toEqual(["a", "a", "a", "a", "a", "a"]);
    expect(wrongArticles("with a existing filter and an new one")).toEqual(["a existing", "an new"]);
  });
});

// The reading of the engine's advice (lib/scoring/precision/ADVICE-READING.md): stories of our own with what a
// product owner accepts, checked always; and the shared stories' splits and rewrites judged one by one, kept by
// hash (advice.json), checked when the shared data is there: advice judged wrong must not come back.
describe("advice read by a product owner", () => {
  const PRECISION = path.resolve(__dirname, "../precision");
  const own = JSON.parse(fs.readFileSync(path.join(PRECISION, "advice-own.json"), "utf8")) as
    { stories: { story: string; split: string[]; rewrite: string | null; why: string }[] };

  it.each(own.stories.map((s) => [s.why, s] as const))("our own story: %s", (_why, s) => {
    const r = scoreTicket({ summary: s.story });
    expect(r.split, s.story).toEqual(s.split);
    expect(r.rewrite, s.story).toBe(s.rewrite);
  });

  const DATA = sharedDataDir();
  it.skipIf(!DATA)("no split or rewrite judged wrong on the shared stories comes back", async () => {
    const { hashOf, sharedStories } = await import("@/testing/advice-reading");
    const judged = (JSON.parse(fs.readFileSync(path.join(PRECISION, "advice.json"), "utf8")) as
      { judged: { file: string; line: number; story: string; kind: "split" | "rewrite"; advice: string; verdict: string }[] }).judged;
    const stories = new Map(sharedStories(DATA as string).map((s) => [`${s.file}:${s.line}`, s.story]));
    // Each judged-wrong piece of advice still offered now, known by its hash.
    const back = new Set<string>();
    const wrong = judged.filter((x) => x.verdict === "wrong");
    for (const j of wrong) {
      const story = stories.get(`${j.file}:${j.line}`);
      if (!story || hashOf(story) !== j.story) continue;
      const r = scoreTicket({ summary: story });
      const now = j.kind === "split" ? (r.split.length ? hashOf(r.split.join("\n")) : null) : (r.rewrite === null ? null : hashOf(r.rewrite));
      if (now === j.advice) back.add(`${j.file}:${j.line} ${j.kind} ${j.advice}`);
    }
    // The rewrite misses of issue 43's engine and any miss of the current one (`conservative`; ADVICE-READING.md
    // lists them) may stay until fixed; anything else judged wrong, every split of the engines before included,
    // must not come back.
    const engine = (x: { kind: string }) => (x as { engine?: string }).engine;
    const known = new Set(wrong.filter((x) => engine(x) === "conservative" || engine(x) === "after" && x.kind === "rewrite")
      .map((j) => `${j.file}:${j.line} ${j.kind} ${j.advice}`));
    expect([...back].filter((b) => !known.has(b)), "advice judged wrong, offered again").toEqual([]);
  }, 60_000);
});
