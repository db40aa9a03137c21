import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { adfToText, MAX_TEXT } from "./adf";

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: unknown[]) => ({ type: "paragraph", content });

describe("ADF text extraction", () => {
  it("reads a real-world-shaped Jira description", () => {
    const doc = {
      version: 1,
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [text("Context")] },
        paragraph(text("Shoppers lose carts when "), text("sessions expire", [{ type: "strong" }]), text(". Ask "), { type: "mention", attrs: { id: "5b10a2844c20165700ede21g", text: "@Ann Lee" } }, text(".")),
        paragraph(text("Line one"), { type: "hardBreak" }, text("line two")),
        { type: "heading", attrs: { level: 3 }, content: [text("Acceptance criteria")] },
        {
          type: "bulletList",
          content: [
            { type: "listItem", content: [paragraph(text("Given a saved cart, when I return, then it is there"))] },
            { type: "listItem", content: [paragraph(text("Carts expire after 30 days")), { type: "bulletList", content: [{ type: "listItem", content: [paragraph(text("nested note"))] }] }] },
          ],
        },
        { type: "orderedList", attrs: { order: 3 }, content: [{ type: "listItem", content: [paragraph(text("third"))] }, { type: "listItem", content: [paragraph(text("fourth"))] }] },
        { type: "codeBlock", attrs: { language: "json" }, content: [text('{"cart": 1}')] },
        paragraph({ type: "inlineCard", attrs: { url: "https://example.atlassian.net/browse/SHOP-9" } }, text(" "), { type: "emoji", attrs: { shortName: ":smile:", text: "😄" } }),
        { type: "table", content: [{ type: "tableRow", content: [{ type: "tableHeader", content: [paragraph(text("Field"))] }, { type: "tableHeader", content: [paragraph(text("Rule"))] }] }] },
        { type: "mediaSingle", content: [{ type: "media", attrs: { id: "x", type: "file" } }] },
      ],
    };
    const result = adfToText(doc);
    expect(result).toContain("Context\n\nShoppers lose carts when sessions expire. Ask @Ann Lee.");
    expect(result).toContain("Line one\nline two");
    expect(result).toContain("Acceptance criteria\n\n- Given a saved cart, when I return, then it is there\n- Carts expire after 30 days\n  - nested note");
    expect(result).toContain("3. third\n4. fourth");
    expect(result).toContain('{"cart": 1}');
    expect(result).toContain("https://example.atlassian.net/browse/SHOP-9 😄");
    expect(result).toContain("Field | Rule");
  });

  it("passes plain text through and reads null or odd values as empty", () => {
    expect(adfToText("As a user, I want it.")).toBe("As a user, I want it.");
    expect(adfToText(null)).toBe("");
    expect(adfToText(undefined)).toBe("");
    expect(adfToText(42)).toBe("");
    expect(adfToText({ type: "doc", content: "not an array" })).toBe("");
    expect(adfToText({ type: "doc", content: [{ type: "text", text: 5 }, null, [text("nested array")]] })).toBe("nested array");
  });

  it("is bounded in depth and size", () => {
    let deep: unknown = text("bottom");
    for (let level = 0; level < 10_000; level++) deep = { type: "paragraph", content: [deep] };
    expect(() => adfToText({ type: "doc", content: [deep] })).not.toThrow();
    const huge = { type: "doc", content: Array.from({ length: 50_000 }, () => paragraph(text("x".repeat(20)))) };
    expect(adfToText(huge).length).toBeLessThanOrEqual(MAX_TEXT);
    const cyclic: { type: string; content: unknown[] } = { type: "doc", content: [] };
    cyclic.content.push(cyclic);
    expect(() => adfToText(cyclic)).not.toThrow();
  });

  it("never throws on fuzzed JSON", () => {
    const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.jsonValue(),
        fc.record(
          {
            type: fc.constantFrom("doc", "paragraph", "text", "heading", "bulletList", "orderedList", "listItem", "hardBreak", "mention", "emoji", "table", "tableRow", "tableCell", "inlineCard", "date", "rule", 7),
            text: fc.oneof(fc.string(), fc.integer()),
            attrs: fc.oneof(fc.jsonValue(), fc.record({ text: fc.string(), order: fc.jsonValue(), url: fc.jsonValue(), timestamp: fc.jsonValue() })),
            content: fc.oneof(fc.array(tie("node"), { maxLength: 4 }), fc.jsonValue()),
          },
          { requiredKeys: [] },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(node, (value) => {
        const result = adfToText(value);
        expect(typeof result).toBe("string");
        expect(result.length).toBeLessThanOrEqual(MAX_TEXT);
      }),
      { numRuns: 500 },
    );
  });
});
