import { describe, expect, it } from "vitest";
import { jiraListLines, restoreHeadingBreaks, sectionKeyOf, sectionsOf, templateLeftAsIs } from "./sections";

describe("sections of a description whose export ran the lines together", () => {
  const runTogether = "h3. Steps to Reproduce set the font to 14 pt and restart h3. Actual Result the font is back to 10 pt h3. Expected Result the font stays at 14 pt";

  it("puts back the line break before each wiki heading, keeping every offset", () => {
    const restored = restoreHeadingBreaks(runTogether);
    expect(restored).toHaveLength(runTogether.length);
    expect(restored.split("\n")).toEqual([
      "h3. Steps to Reproduce set the font to 14 pt and restart",
      "h3. Actual Result the font is back to 10 pt",
      "h3. Expected Result the font stays at 14 pt",
    ]);
  });

  it("reads each heading's name as its title and the rest of the line as its text", () => {
    const text = restoreHeadingBreaks(runTogether);
    expect(sectionsOf(text).map((s) => [s.key, s.title, s.body])).toEqual([
      ["steps", "Steps to Reproduce", "set the font to 14 pt and restart"],
      ["actual", "Actual Result", "the font is back to 10 pt"],
      ["expected", "Expected Result", "the font stays at 14 pt"],
    ]);
  });

  it("leaves headings on their own lines, and words that only look like one, as they are", () => {
    const written = "h3. Steps to Reproduce\n1. Open the editor\nh3. Expected Result\nThe font stays";
    expect(restoreHeadingBreaks(written)).toBe(written);
    expect(sectionsOf(written).map((s) => [s.key, s.title])).toEqual([["steps", "Steps to Reproduce"], ["expected", "Expected Result"]]);
    expect(restoreHeadingBreaks("Style the h1. title and the h2. subtitle")).toBe("Style the h1. title and the h2. subtitle");
    // A heading of several words that names no known part keeps its whole line as its title.
    expect(sectionsOf("h2. Notes from the call with the vendor").map((s) => [s.key, s.title])).toEqual([[null, "Notes from the call with the vendor"]]);
  });
});

describe("Jira wiki run together, read as rich text", () => {
  it("keeps each template heading's name apart from its text", async () => {
    const { jiraToMarkdown } = await import("@/lib/richtext/jira-to-markdown");
    const markdown = jiraToMarkdown("h3. Steps to Reproduce set the font h3. Actual Result the font is 10 pt");
    expect(markdown).toContain("### Steps to Reproduce\n\nset the font\n");
    expect(markdown).toContain("### Actual Result\n\nthe font is 10 pt\n");
    expect(jiraToMarkdown("h2. Notes from the call").trim()).toBe("## Notes from the call");
  });
});

describe("bands, second pass: headings that name the way there", () => {
  it("reads 'Reproduce' and 'Reproducible example' as the steps, and not a 'Reproducible: Always' field", () => {
    expect(sectionsOf("h3. Reproduce\n# Open the report\n# Pick March").map((s) => s.key)).toEqual(["steps"]);
    expect(sectionsOf("### Reproducible example\n```\nload('x.csv')\n```").map((s) => s.key)).toEqual(["steps"]);
    expect(sectionsOf("### Minimal reproducible example\ncode").map((s) => s.key)).toEqual(["steps"]);
    expect(sectionsOf("Reproducible: Always").map((s) => s.key)).not.toContain("steps");
  });
});

describe("bands, seventh pass: a fenced block of code holds no headings", () => {
  it("keeps a shell comment inside the fence in the section above it", () => {
    const text = "## Steps to reproduce\n```\n# first as the owner of the bucket\naws s3 cp a.txt s3://bucket/a.txt\n# then as a reader\n" +
      "aws s3 cp s3://bucket/a.txt .\n```\n\n## Actual result\nThe reader gets AccessDenied.";
    expect(sectionsOf(text).map((s) => [s.key, s.title])).toEqual([["steps", "Steps to reproduce"], ["actual", "Actual result"]]);
    expect(sectionsOf(text)[0].body).toContain("aws s3 cp s3://bucket/a.txt .");
  });

  it("still reads a heading after the fence is closed, and one with no fence at all", () => {
    expect(sectionsOf("~~~\n# not a heading\n~~~\n# Expected\nThe reader gets the file.").map((s) => s.key)).toEqual(["expected"]);
    expect(sectionsOf("# Steps\nOpen the bucket\n# Expected\nThe file is listed").map((s) => s.key)).toEqual(["steps", "expected"]);
  });
});

describe("markup pass: what a heading names, and a Jira list of one item", () => {
  it("reads 'To be done' as the work to do, not as when it is done", () => {
    expect(sectionKeyOf("To be done")).toBe("scope");
    expect(sectionKeyOf("Done when")).toBe("done");
    expect(sectionKeyOf("Definition of done")).toBe("done");
  });

  it("reads a '#' line as a Jira list item in a run of them or in a text with Jira's signs, else as a Markdown heading", () => {
    expect(jiraListLines(["h3. Steps to Reproduce", "# type into any text box"])).toEqual([false, true]);
    expect(jiraListLines(["# open the page", "# click Save"])).toEqual([true, true]);
    expect(jiraListLines(["# Login fails", "", "Since 4.2 the login page stays blank."])).toEqual([false, false, false]);
    expect(sectionsOf("h3. Steps to Reproduce\n# type into any text box\nh3. Expected Results\nOnly misspelt words underlined.")[0].body).toBe("# type into any text box");
  });
});

describe("a template's lines, on lines of many blanks", () => {
  it("reads a template left as is, indented or not, and a reporter's line after thousands of spaces as the reporter's", () => {
    expect(templateLeftAsIs("- OS: [e.g. iOS]\n- Browser [e.g. chrome, safari]\n" + " ".repeat(12) + "- Version [e.g. 22]")).toBe(true);
    expect(templateLeftAsIs(" ".repeat(5_000) + "ok")).toBe(false);
    expect(templateLeftAsIs(" ".repeat(5_000) + "1. Click on '....'")).toBe(true);
  });
});
