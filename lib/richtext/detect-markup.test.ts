import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectMarkup } from "./index";

describe("detectMarkup", () => {
  it("knows an ADF document as an object or a JSON string", () => {
    expect(detectMarkup({ type: "doc", version: 1, content: [] })).toBe("adf");
    expect(detectMarkup(' {"type":"doc","content":[]} ')).toBe("adf");
    expect(detectMarkup('{"type":"paragraph"}')).toBe("plain");
    expect(detectMarkup('{"type":"doc"')).toBe("plain");
  });

  it("reads values that are not text as plain", () => {
    for (const value of [null, undefined, 1, true, [], {}, { type: "paragraph" }]) expect(detectMarkup(value)).toBe("plain");
  });

  it("knows HTML by its tags", () => {
    expect(detectMarkup("<div>Hello</div><div><br></div>")).toBe("html");
    expect(detectMarkup("<p>One</p>")).toBe("html");
    expect(detectMarkup("Line<br/>line")).toBe("html");
    expect(detectMarkup("<h3>Acceptance Criteria</h3><ul><li>a</li></ul>")).toBe("html");
  });

  it("knows Jira wiki markup by its signs", () => {
    expect(detectMarkup("h3. Context\nSome text")).toBe("jira-wiki");
    expect(detectMarkup("{code:java}\nx\n{code}")).toBe("jira-wiki");
    expect(detectMarkup("{noformat}x{noformat}")).toBe("jira-wiki");
    expect(detectMarkup("See [the docs|https://x.io]")).toBe("jira-wiki");
    expect(detectMarkup("||a||b||\n|1|2|")).toBe("jira-wiki");
    expect(detectMarkup("{color:red}x{color}")).toBe("jira-wiki");
    expect(detectMarkup("Use {{user_id}}")).toBe("jira-wiki");
    expect(detectMarkup("# one\n# two\n## two.a")).toBe("jira-wiki");
    expect(detectMarkup("*Acceptance Criteria*\n* a")).toBe("jira-wiki");
  });

  it("knows Markdown by its signs", () => {
    expect(detectMarkup("# Title\n\nText")).toBe("markdown");
    expect(detectMarkup("## Acceptance criteria\n- a")).toBe("markdown");
    expect(detectMarkup("```\ncode\n```")).toBe("markdown");
    expect(detectMarkup("See [docs](https://x.io)")).toBe("markdown");
    expect(detectMarkup("Some **bold** text")).toBe("markdown");
    expect(detectMarkup("- a\n- b")).toBe("markdown");
    expect(detectMarkup("- [ ] task")).toBe("markdown");
  });

  it("calls anything else plain", () => {
    expect(detectMarkup("As a user I want to log in so that I can see my orders.")).toBe("plain");
    expect(detectMarkup("")).toBe("plain");
    expect(detectMarkup("Price: 5 < 6 and 2 * 3 = 6")).toBe("plain");
  });

  it("knows each fixture's markup", () => {
    const read = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");
    expect(detectMarkup(read("jira-description.txt"))).toBe("jira-wiki");
    expect(detectMarkup(read("adf-description.json"))).toBe("adf");
    expect(detectMarkup(read("azure-description.html"))).toBe("html");
    expect(detectMarkup(read("azure-criteria.html"))).toBe("html");
    expect(detectMarkup(read("github-issue.md"))).toBe("markdown");
    expect(detectMarkup(read("linear-description.md"))).toBe("markdown");
  });
});
