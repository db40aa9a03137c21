import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv } from "@/lib/backlog/csv/parse";
import { backlogLines } from "@/lib/backlog/decode";
import { sharedDataFile, sharedDataFiles } from "@/testing/shared-data";
import { createEngine, normaliseRules, ruleSettingsSchema, rulesVersion, RULES_VERSION, scoreTicket, scoreTickets, scoringResultSchema, silencesOf } from ".";

const atomic = (summary: string, preset: "default" | "strict" | "lenient", description?: string) =>
  scoreTicket({ summary, description }, [], { rules: { preset } }).findings.filter((f) => f.code.startsWith("atomic.")).map((f) => f.code);

describe("rule presets", () => {
  it("records the preset and the rule set's version on every result", () => {
    for (const preset of ["default", "strict", "lenient"] as const) {
      const r = scoreTicket({ summary: "As a user, I want to export my invoices, so that I can file them." }, [], { rules: { preset } });
      expect(r.metadata.rules).toEqual({ preset, version: RULES_VERSION });
      expect(scoringResultSchema.parse(r)).toEqual(r);
    }
    expect(scoreTicket({ summary: "As a user, I want to log in." }).metadata.rules).toEqual({ preset: "default", version: RULES_VERSION });
  });

  it("lenient: verbs on one thing, CRUD of one thing, an action and its follow-up, things where the action applies stay one story", () => {
    const oneGoal = [
      "As an administrator, I want to create and maintain venues, so that users find them.",
      "As an editor, I want to create, edit and delete articles, so that the site stays current.",
      "As a visitor, I want to search for a room and book it, so that I have a place to stay.",
      "As an administrator, I want to assign sponsors to events, trainings and summits, so that they are featured.",
      "As a buyer, I want to enter my card details and pay for the order, so that it ships.",
    ];
    for (const s of oneGoal) {
      expect(atomic(s, "default"), s).not.toEqual([]);
      expect(atomic(s, "lenient"), s).toEqual([]);
    }
  });

  it("lenient: two goals of their own, and things asked for themselves, stay two", () => {
    const twoGoals = [
      "As a sponsor, I want to learn about posting jobs and contact the sponsorship person, so that I can hire.",
      "As a member, I want to book a court and renew my membership, so that I can play.",
      "As a visitor, I want to see all events, trainings and summits, so that I can plan my visit.",
    ];
    for (const s of twoGoals) expect(atomic(s, "lenient"), s).not.toEqual([]);
  });

  it("strict: two roles and conjunctions the default reads as one thing are two stories; set phrases and plain stories are not", () => {
    expect(atomic("As an administrator or a staff member, I want to publish the schedule, so that attendees see it.", "default")).toEqual([]);
    expect(atomic("As an administrator or a staff member, I want to publish the schedule, so that attendees see it.", "strict")).toContain("atomic.two_roles");
    const s = "As a buyer, I want to enter payment information and have my card charged, so that I can pay.";
    expect(atomic(s, "default")).toEqual([]);
    expect(atomic(s, "strict")).toEqual(["atomic.conjunction"]);
    expect(atomic("As a user, I want to drag and drop files into a folder, so that I can sort them.", "strict")).toEqual([]);
    expect(atomic("As a user, I want to export my invoices, so that I can file them.", "strict")).toEqual([]);
  });

  it("never changes a bug's, a task's, a spike's or an epic's codes", () => {
    const tickets = [
      { summary: "Login fails and the page crashes", issue_type: "Bug", description: "Steps: open the app and log in." },
      { summary: "Upgrade the database and the cache", issue_type: "Task" },
      { summary: "Investigate caching and queueing options", issue_type: "Spike" },
      { summary: "Checkout and payments", issue_type: "Epic" },
    ];
    for (const t of tickets) {
      const codes = (preset: "default" | "strict" | "lenient") => scoreTicket(t, [], { rules: { preset } }).findings.map((f) => f.code);
      expect(codes("strict")).toEqual(codes("default"));
      expect(codes("lenient")).toEqual(codes("default"));
    }
  });

  it("on the shared labelled backlogs: strict fires wherever the default does, lenient nowhere it does not", () => {
    const files = [sharedDataFile("qus-real-dev.csv"), sharedDataFile("labelled/g21-badcamp-two-experts.csv")].filter((f): f is string => f !== null);
    for (const file of files) {
      const stories = parseCsv(fs.readFileSync(file, "utf8")).rows.map((r) => (r.story ?? "").trim());
      const run = (preset: "default" | "strict" | "lenient") =>
        scoreTickets(stories.map((summary) => ({ ticket: { summary } })), { rules: { preset } }).map((r) => r.findings.some((f) => f.code.startsWith("atomic.")));
      const [d, s, l] = [run("default"), run("strict"), run("lenient")];
      d.forEach((fires, i) => {
        if (fires) expect(s[i], stories[i]).toBe(true);
        if (!fires) expect(l[i], stories[i]).toBe(false);
      });
      expect(l.filter(Boolean).length).toBeLessThan(d.filter(Boolean).length);
    }
  });
});

describe("presets on every backlog (the repository's, and the shared data's sixteen when they are there)", () => {
  // Three readings of about 1,600 stories: seconds alone, longer beside a full run on two busy cores.
  it("strict reports an atomic finding wherever the default does, lenient only where the default does, and neither touches other codes", { timeout: 120_000 }, () => {
    const fixtures = path.join(__dirname, "fixtures/backlogs");
    const files = [...fs.readdirSync(fixtures).filter((f) => f.endsWith(".txt")).map((f) => path.join(fixtures, f)), ...sharedDataFiles("backlogs", ".txt")];
    const fired = { default: 0, strict: 0, lenient: 0 };
    for (const file of files) {
      const stories = backlogLines(fs.readFileSync(file)).map((l) => l.trim()).filter(Boolean);
      const run = (preset: "default" | "strict" | "lenient") => scoreTickets(stories.map((summary) => ({ ticket: { summary } })), { rules: { preset } });
      const [d, s, l] = [run("default"), run("strict"), run("lenient")];
      const atomic = (r: (typeof d)[number]) => r.findings.some((f) => f.code.startsWith("atomic."));
      const others = (r: (typeof d)[number]) => r.findings.map((f) => f.code).filter((c) => !c.startsWith("atomic.")).sort().join(" ");
      d.forEach((r, i) => {
        if (atomic(r)) expect(atomic(s[i]), stories[i]).toBe(true);
        if (atomic(l[i])) expect(atomic(r), stories[i]).toBe(true);
        expect(others(s[i]), stories[i]).toBe(others(r));
        expect(others(l[i]), stories[i]).toBe(others(r));
        fired.default += atomic(r) ? 1 : 0;
        fired.strict += atomic(s[i]) ? 1 : 0;
        fired.lenient += atomic(l[i]) ? 1 : 0;
      });
    }
    expect(fired.strict).toBeGreaterThan(fired.default);
    expect(fired.lenient).toBeLessThan(fired.default);
  });
});

describe("per-code settings", () => {
  const story = "As an editor, I want to create articles and approve comments, so that the site stays current.";

  it("switches a code off: not reported, costs nothing", () => {
    const before = scoreTicket({ summary: story });
    expect(before.findings.map((f) => f.code)).toContain("atomic.two_actions");
    const off = scoreTicket({ summary: story }, [], { rules: { codes: { "atomic.two_actions": { enabled: false } } } });
    expect(off.findings.map((f) => f.code)).not.toContain("atomic.two_actions");
    expect(off.individual_scores.small).toBeGreaterThan(before.individual_scores.small);
    expect(off.metadata.rules?.version).toMatch(new RegExp(`^${RULES_VERSION}\\+[0-9a-f]{8}$`));
  });

  it("re-costs a code within 1-10 points of its dimension", () => {
    const cheap = scoreTicket({ summary: story }, [], { rules: { codes: { "atomic.two_actions": { cost: 1 } } } });
    expect(cheap.individual_scores.small).toBe(9);
    expect(cheap.scores.small.reasoning).toContain("two actions in one story (10%)");
    expect(ruleSettingsSchema.safeParse({ codes: { "atomic.two_actions": { cost: 11 } } }).success).toBe(false);
    expect(ruleSettingsSchema.safeParse({ codes: { "atomic.two_actions": { cost: 0 } } }).success).toBe(false);
    expect(ruleSettingsSchema.safeParse({ codes: { "Atomic two": { enabled: false } } }).success).toBe(false);
    expect(ruleSettingsSchema.safeParse({ preset: "loose" }).success).toBe(false);
    expect(normaliseRules({ preset: "loose" } as never)).toEqual({ preset: "default", codes: {} });
  });

  it("gives equal settings equal versions whatever the order, and different ones different versions", () => {
    const a = normaliseRules({ codes: { "atomic.two_actions": { cost: 3 }, "minimal.brackets": { enabled: false } } });
    const b = normaliseRules({ codes: { "minimal.brackets": { enabled: false }, "atomic.two_actions": { cost: 3 } } });
    const c = normaliseRules({ codes: { "atomic.two_actions": { cost: 4 }, "minimal.brackets": { enabled: false } } });
    expect(rulesVersion(a)).toBe(rulesVersion(b));
    expect(rulesVersion(a)).not.toBe(rulesVersion(c));
    expect(rulesVersion(normaliseRules({ codes: { "atomic.two_actions": { enabled: true } } }))).toBe(RULES_VERSION);
  });

  it("takes the engine's settings from createEngine, a call's own settings first", async () => {
    const engine = createEngine("heuristic", { rules: { preset: "lenient" } });
    const s = "As an administrator, I want to create and maintain venues, so that users find them.";
    expect((await engine.score({ summary: s })).metadata.rules?.preset).toBe("lenient");
    expect((await engine.score({ summary: s })).findings.some((f) => f.code.startsWith("atomic."))).toBe(false);
    const [strict] = await engine.scoreBatch([{ ticket: { summary: s } }], { rules: { preset: "strict" } });
    expect(strict.metadata.rules?.preset).toBe("strict");
    expect(strict.findings.some((f) => f.code.startsWith("atomic."))).toBe(true);
    expect(() => createEngine("heuristic", { rules: { preset: "loose" } })).toThrow(/invalid rules/);
  });
});

describe("silencing", () => {
  const summary = "As an editor, I want to create articles and approve comments, so that the site stays current.";

  it("reads invest-ignore lines: codes or criteria, then the reason", () => {
    expect(silencesOf("Notes\ninvest-ignore: atomic.two_actions, minimal -- CRUD of one thing is one story here\nmore")).toEqual([
      { codes: ["atomic.two_actions", "minimal"], reason: "CRUD of one thing is one story here" },
    ]);
    expect(silencesOf("- invest-ignore: atomic")).toEqual([{ codes: ["atomic"], reason: "no reason given" }]);
    expect(silencesOf("we never invest-ignore: anything here")).toEqual([]);
    expect(silencesOf("invest-ignore: -- no codes")).toEqual([]);
  });

  it("silences a code for one ticket: listed with its reason, costing nothing, the rest kept", () => {
    const plain = scoreTicket({ summary });
    const r = scoreTicket({ summary, description: "invest-ignore: atomic.two_actions -- one workflow for our editors" });
    expect(r.findings.map((f) => f.code)).not.toContain("atomic.two_actions");
    expect(r.silenced_findings).toEqual([expect.objectContaining({
      code: "atomic.two_actions", dimension: "small", silenced_by: "ticket", reason: "one workflow for our editors", field: "summary",
    })]);
    expect(r.individual_scores.small).toBe(10);
    expect(r.individual_scores.small).toBeGreaterThan(plain.individual_scores.small);
    expect(r.split).toEqual([]);
    expect(plain.silenced_findings).toEqual([]);
    // The other findings stay.
    expect(r.findings.map((f) => f.code)).toContain("testable.no_acceptance_criteria");
  });

  it("silences a whole criterion, and a dismissal with its reason", () => {
    const r = scoreTicket({ summary, description: "invest-ignore: testable -- criteria live in the test plan" });
    expect(r.findings.some((f) => f.code.startsWith("testable."))).toBe(false);
    expect(r.silenced_findings?.map((f) => f.code)).toContain("testable.no_acceptance_criteria");
    const d = scoreTicket({ summary }, [], { dismissals: [{ code: "atomic.two_actions", reason: "agreed in refinement" }] });
    expect(d.silenced_findings).toEqual([expect.objectContaining({ code: "atomic.two_actions", silenced_by: "dismissal", reason: "agreed in refinement" })]);
    const [batch] = scoreTickets([{ ticket: { summary }, dismissals: [{ code: "atomic", reason: "agreed" }] }]);
    expect(batch.silenced_findings?.[0]).toMatchObject({ code: "atomic.two_actions", silenced_by: "dismissal" });
  });
});
