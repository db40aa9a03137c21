import { afterAll, describe, expect, it } from "vitest";
import { analyzeText, taggerLifecycle } from "./nlp";

describe("the tagger", () => {
  afterAll(() => taggerLifecycle.setLimit(200_000));

  it("gives every token its offsets, part of speech and lemma", () => {
    const text = "As a user, I want to export reports. So that I can share them!";
    const a = analyzeText(text);
    for (const t of a.tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(a.tokens.find((t) => t.text === "export")!.pos).toBe("VERB");
    expect(a.tokens.find((t) => t.text === "reports")!.lemma).toBe("report");
    expect(a.sentences.length).toBe(2);
  });

  it("starts a fresh instance once it has met too many unknown words, and reads the same afterwards", () => {
    const text = "As a RuleAuthor, I want to capture the validity period of the business rule, So that DUO uses up-to-date rules.";
    const before = analyzeText(`${text} `);
    taggerLifecycle.setLimit(50);
    const built = taggerLifecycle.instances();
    for (let i = 0; i < 40; i++) analyzeText(`Ticket zq${i}x and qz${i}y for wq${i}k`);
    expect(taggerLifecycle.instances()).toBeGreaterThan(built);
    const after = analyzeText(`${text}  `);
    expect(after.tokens.map(({ text, pos, lemma }) => [text, pos, lemma])).toEqual(before.tokens.map(({ text, pos, lemma }) => [text, pos, lemma]));
  });
});
