import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenize } from "./text";

/** The definition tokenize must keep: the word pattern run from `offset`, words cut at `limit`. */
function reference(text: string, offset: number, limit: number) {
  const word = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*|&/gu;
  word.lastIndex = offset;
  const tokens: { text: string; lower: string; start: number; end: number }[] = [];
  let match: RegExpExecArray | null;
  while ((match = word.exec(text)) !== null && match.index < limit) {
    const end = Math.min(match.index + match[0].length, limit);
    tokens.push({ text: text.slice(match.index, end), lower: text.slice(match.index, end).toLowerCase(), start: match.index, end });
  }
  return tokens;
}

describe("tokenize", () => {
  it("splits words with offsets, keeping inner apostrophes and hyphens and standalone ampersands", () => {
    expect(tokenize("As a user's rep, I want drag-and-drop & more.").map((t) => t.text)).toEqual(["As", "a", "user's", "rep", "I", "want", "drag-and-drop", "&", "more"]);
  });

  it("reads a part of a text exactly as the word pattern does from its offset, cut at its limit", () => {
    const sample = "As a shopper, I want to save my cart (and wish-list) so that I can't lose it: ÄÖ 42 & co.";
    for (let offset = 0; offset <= sample.length; offset++) {
      for (let limit = offset; limit <= sample.length; limit += 3) expect(tokenize(sample, offset, limit)).toEqual(reference(sample, offset, limit));
    }
  });

  it("agrees with the word pattern on arbitrary texts and parts (the cache of recent texts included)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80, unit: fc.constantFrom("a", "B", "é", "1", " ", "-", "'", "’", "&", ",", "_", "🙂", "ש") }), fc.nat(), fc.nat(), (text, a, b) => {
        const offset = text.length ? a % (text.length + 1) : 0;
        const limit = offset + (text.length - offset ? b % (text.length - offset + 1) : 0);
        expect(tokenize(text)).toEqual(reference(text, 0, text.length));
        expect(tokenize(text, offset, limit)).toEqual(reference(text, offset, limit));
      }),
      { numRuns: 500 },
    );
  });
});
