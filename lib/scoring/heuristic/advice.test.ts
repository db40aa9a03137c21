import { backlogLines } from "@/lib/backlog/decode";
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sharedDataFiles } from "@/lib/testing/shared-data";
import type { TicketData } from "../types";
import { checkAdvice, wrongArticles } from "./advice-check";
import { scoreTicket } from "./engine";
import { articleFor } from "./rewrite";

const storyLines = (file: string) => backlogLines(fs.readFileSync(file));

// The sixteen backlogs of the shared data when it is beside the checkout (lib/testing/shared-data.ts), else none.
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
    // Enough advice to make the property mean something: the atomic rules narrowed for held-out precision
    // (lib/scoring/precision) leave 190 honest splits of the 1,342 stories, where 216 were offered before.
    expect(splits).toBeGreaterThan(150);
    // Vague words in the benefit are no longer reported (precision samples: the reason, not the scope), so
    // fewer rewrites: 676 where 700+ were offered before.
    expect(rewrites).toBeGreaterThan(600);
  }, 60_000);

  it("on the backlogs in the repository and on stories of our own, typed and untyped", () => {
    const own = storyLines(OWN).map((line): TicketData => {
      const tab = line.indexOf("\t");
      return tab > 0 ? { issue_type: line.slice(0, tab), summary: line.slice(tab + 1) } : { summary: line };
    });
    const { splits, rewrites } = expectFollowable([...txt(FIXTURES).flatMap(storyLines).map((summary) => ({ summary })), ...own]);
    expect(splits).toBeGreaterThan(20);
    expect(rewrites).toBeGreaterThan(50);
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
      if (c.split.declined) expect(c.original.recommendations.some((r) => r.startsWith("No ")), summary).toBe(true);
      if (g.type === "Task" || g.type === "Bug") expect(c.original.rewrite ?? "", summary).not.toMatch(/\[type of user\]|\[the benefit\]/);
    }), { numRuns: 300 });
  }, 30_000);
});

describe("splits that split", () => {
  const parts = (summary: string) => scoreTicket({ summary }).split;

  it("cuts every list: actions x things", () => {
    expect(parts("As a shopper, I want to view and download invoices and receipts, so that I can file my expenses.")).toEqual([
      "As a shopper, I want to view invoices, so that I can file my expenses.",
      "As a shopper, I want to view receipts, so that I can file my expenses.",
      "As a shopper, I want to download invoices, so that I can file my expenses.",
      "As a shopper, I want to download receipts, so that I can file my expenses.",
    ]);
  });

  it("offers no split past six stories, and says so with the features it holds", () => {
    const r = scoreTicket({ summary: "As an admin, I want to add, edit and remove users, roles and permissions so that the team is managed" });
    expect(r.split).toEqual([]);
    expect(r.rewrite).toBeNull();
    const advice = r.recommendations[0];
    expect(advice).toContain("9 features: add/edit/remove × users/roles/permissions");
    expect(advice).toContain('"As an admin, I want to add users so that the team is managed"');
    expect(advice).not.toMatch(/^Split it/);
  });

  it("puts the right article before the item kept, and drops either/both", () => {
    expect(parts("As a teacher, I want to create a new quiz or an existing template, so that I can prepare lessons.")[1])
      .toBe("As a teacher, I want to create an existing template, so that I can prepare lessons.");
    expect(parts("As a RuleAuthor, I want to filter the list per rulebase with a new or existing filter, So that I can quickly find what I am looking for."))
      .toEqual([
        "As a RuleAuthor, I want to filter the list per rulebase with a new filter, So that I can quickly find what I am looking for.",
        "As a RuleAuthor, I want to filter the list per rulebase with an existing filter, So that I can quickly find what I am looking for.",
      ]);
    for (const p of parts("As a planner, I want to export either a calendar or an agenda, so that I can print it.")) expect(p).not.toContain("either");
  });

  it("gives bare verbs the object of the last one, and words after the list to the verbs that act on them", () => {
    expect(parts("As a seller, I want to list, price and ship my products, so that I can run my shop here.")).toEqual([
      "As a seller, I want to list my products, so that I can run my shop here.",
      "As a seller, I want to price my products, so that I can run my shop here.",
      "As a seller, I want to ship my products, so that I can run my shop here.",
    ]);
    const site = parts("As a site administrator, I want to read practicing and training applications and approve or reject them, so that only applicants who qualify can become CSPs or CSTs.");
    expect(site[0]).toBe("As a site administrator, I want to read practicing applications, so that only applicants who qualify can become CSPs or CSTs.");
    expect(site).toHaveLength(4);
  });

  it("cuts the things a shared object holds for every verb, and untangles lists that share a word", () => {
    expect(parts("As a clerk, I want to approve, share and tag a new customer record and old tickets, so that I save time.")).toHaveLength(6);
    expect(parts("As a clerk, I want to approve, share and tag a new customer record and old tickets, so that I save time.")[1])
      .toBe("As a clerk, I want to approve old tickets, so that I save time.");
    expect(parts("As a clerk, I want to list and ship invoices and orders, so that I save time.")).toEqual([
      "As a clerk, I want to list invoices, so that I save time.",
      "As a clerk, I want to list orders, so that I save time.",
      "As a clerk, I want to ship invoices, so that I save time.",
      "As a clerk, I want to ship orders, so that I save time.",
    ]);
  });

  it("cuts a task title into tasks, each starting with a capital", () => {
    const r = scoreTicket({ summary: "Upgrade the database driver and remove the old config", issue_type: "Task" });
    expect(r.split).toEqual(["Upgrade the database driver", "Remove the old config"]);
  });

  it("says there is no honest split when a part would score lower or still be compound", () => {
    const r = scoreTicket({ summary: "As a researcher, I want to locate photographs and documents that I can share on social media." });
    expect(r.split).toEqual([]);
    expect(r.recommendations.join(" ")).toContain("No honest split");
  });
});

describe("rewrites that help", () => {
  it("keeps the cost of a placeholder and says what to write, and scores at least the original", () => {
    const r = scoreTicket({ summary: "As a user, I want the search to be fast and user-friendly" });
    expect(r.rewrite).toBe("As a user, I want the search to be [measurable target] and [measurable target], so that [the benefit]");
    const again = scoreTicket({ summary: r.rewrite! });
    expect(again.overall_score).toBeGreaterThanOrEqual(r.overall_score);
    expect(again.findings.filter((f) => f.code === "unambiguous.placeholder")).toHaveLength(2);
    expect(again.recommendations.join(" ")).toContain("Replace it with the measure");
    expect(again.recommendations.join(" ")).toContain("Replace [the benefit] with what the user gains");
    expect(scoreTicket({ summary: "As a [type of user], I want to export my orders" }).recommendations.join(" "))
      .toContain("Replace [type of user] with the kind of user who needs it");
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
    // A story without a role still gets the role's placeholder.
    expect(scoreTicket({ summary: "I want to change my password." }).rewrite).toBe("As a [type of user], I want to change my password, so that [the benefit].");
  });
});

describe("articles", () => {
  it("chooses a or an by sound", () => {
    expect(["existing", "hour", "update", "SQL"].map(articleFor)).toEqual(["an", "an", "an", "an"]);
    expect(["filter", "user", "one-off", "URL", "unique", "European"].map(articleFor)).toEqual(["a", "a", "a", "a", "a", "a"]);
    expect(wrongArticles("with a existing filter and an new one")).toEqual(["a existing", "an new"]);
  });
});
