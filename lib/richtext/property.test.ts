// readRichText is total and bounded: whatever a tracker export holds, it returns text, never throws, and stays
// within MAX_TEXT characters and reasonable time.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_TEXT, type Markup } from "./blocks";
import { readRichText } from "./index";

const MARKUPS: Markup[] = ["plain", "markdown", "jira-wiki", "html", "adf"];
/** Strings dense in the characters markup is made of. */
const markupish = fc.stringMatching(/^[-a-z *_#|{}[\]()!<>/\\`~^+?:.=&;\n\r\t"0-9]{0,300}$/);
const adfish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.record(
    {
      type: fc.constantFrom("doc", "paragraph", "heading", "text", "bulletList", "orderedList", "listItem", "table", "tableRow", "tableCell", "codeBlock", "hardBreak", "mention", "panel", "x"),
      text: fc.oneof(fc.string(), fc.integer()),
      attrs: fc.oneof(fc.constant(null), fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer()))),
      marks: fc.array(fc.record({ type: fc.constantFrom("strong", "em", "code", "link") })),
      content: fc.oneof({ depthSize: "small" }, fc.constant(undefined), fc.array(tie("node"), { maxLength: 4 })),
    },
    { requiredKeys: ["type"] },
  ),
})).node;

function expectSane(result: ReturnType<typeof readRichText>) {
  expect(typeof result.text).toBe("string");
  expect(result.text.length).toBeLessThanOrEqual(MAX_TEXT);
  expect(result.criteria === null || (typeof result.criteria === "string" && result.criteria.length <= MAX_TEXT)).toBe(true);
  expect(MARKUPS).toContain(result.markup);
  // Booleans, so that a failure on a 100,000-character text does not print it.
  expect(result.text.split("\n").every((line) => line === line.trimEnd()), "no trailing spaces").toBe(true);
  expect(result.text.includes("\n\n\n"), "no runs of blank lines").toBe(false);
}

describe("readRichText is total and bounded", () => {
  it("for arbitrary strings, in every markup", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), markupish, fc.string({ unit: "binary", maxLength: 100 })), fc.constantFrom(undefined, ...MARKUPS), fc.boolean(), (value, markup, splitCriteria) => {
        expectSane(readRichText(value, { markup, splitCriteria }));
      }),
      { numRuns: 600 },
    );
  });

  it("for arbitrary values and ADF-shaped trees", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), adfish, adfish.map((node) => ({ type: "doc", content: [node] }))), fc.boolean(), (value, splitCriteria) => {
        expectSane(readRichText(value, { splitCriteria }));
        expectSane(readRichText(value, { markup: "adf", splitCriteria }));
      }),
      { numRuns: 400 },
    );
  });

  it("bounds long input", () => {
    const long = "word ".repeat(60_000);
    for (const markup of MARKUPS) expect(readRichText(long, { markup }).text.length).toBeGreaterThan(MAX_TEXT - 5);
    const deep: Record<string, unknown> = { type: "doc", content: [] };
    let node = deep;
    for (let depth = 0; depth < 5_000; depth++) {
      const child = { type: "blockquote", content: [] as unknown[] };
      (node.content as unknown[]).push(child, { type: "paragraph", content: [{ type: "text", text: "x".repeat(50) }] });
      node = child;
    }
    expectSane(readRichText(deep));
  });

  it("stays fast on pathological input", () => {
    const inputs = [
      "_a".repeat(100_000),
      "!a".repeat(100_000),
      "[".repeat(200_000),
      "||a".repeat(60_000),
      "{code:title=a".repeat(15_000),
      "\n".repeat(200_000),
      " ".repeat(200_000) + "x",
      "<div>".repeat(40_000),
      "*a ".repeat(60_000),
    ];
    // CPU time, not the clock: a backtracking regular expression burns CPU, while the clock also counts the
    // time this process waits for a core on a busy machine (5.2 s of it once, in a full run at a load of 15).
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    for (const input of inputs) {
      for (const markup of [undefined, "jira-wiki", "markdown", "html"] as const) {
        const started = process.cpuUsage();
        expectSane(readRichText(input, { markup, splitCriteria: true }));
        expect(cpuMs(started), `${input.slice(0, 12)}… as ${markup}`).toBeLessThan(5_000);
      }
    }
    // The 36 readings take 10-30 s on the clock on a busy machine; what each costs is bounded above.
  }, 120_000);
});
