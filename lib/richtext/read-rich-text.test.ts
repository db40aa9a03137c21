import { describe, expect, it } from "vitest";
import { readRichText } from "./index";

const jira = (value: string, splitCriteria = false) => readRichText(value, { markup: "jira-wiki", splitCriteria });

describe("readRichText: Jira wiki markup", () => {
  it("reads headings, also with two spaces after the dot, no space, or leading spaces", () => {
    expect(jira("h1. One\nh2.  Two\n   h3. Three\nh4.Four").text).toBe("One\n\nTwo\n\nThree\n\nFour");
  });

  it("keeps a template heading whole, and tells a heading's name from the text run onto its line", () => {
    // "Steps to Reproduce" is not the name "Steps" over the text "to Reproduce", nor "Expected Results" "Expected" over "Results".
    expect(jira("h3. Steps to Reproduce\n# open the page\nh3. Expected Results\nOne row.").text).toBe("Steps to Reproduce\n\n- open the page\n\nExpected Results\n\nOne row.");
    expect(jira("h3. Steps to Reproduce set the font to 12\nh3. Actual Result the font is back").text).toBe("Steps to Reproduce\n\nset the font to 12\n\nActual Result\n\nthe font is back");
  });

  it("reads # and * lists, nested and mixed, as '- ' lines indented by two spaces a level", () => {
    expect(jira("# one\n## one.a\n#* bullet under one\n# two\n\n* star\n** star star\n*# numbered under star").text).toBe(
      "- one\n  - one.a\n  - bullet under one\n- two\n\n- star\n  - star star\n  - numbered under star",
    );
  });

  it("ends a list at the next plain line, as Jira shows it", () => {
    expect(jira("* a\n* b\nThen this.").text).toBe("- a\n- b\n\nThen this.");
  });

  it("drops inline effects with Jira's word-boundary rule, keeping snake_case, C++ and x-y", () => {
    expect(jira("*Bold* and _italic_, -gone- +under+ ??cite?? for user_id and account_id in C++ with Ctrl+S, a-b-c").text).toBe(
      "Bold and italic, gone under cite for user_id and account_id in C++ with Ctrl+S, a-b-c",
    );
    expect(jira("*a* and *b* done").text).toBe("a and b done");
  });

  it("reads links as their text and drops images", () => {
    expect(jira("See [the docs|https://x.io/a_b?q=(1)] or [https://x.io] and ask [~ann.lee]. !shot.png! !shot.png|thumbnail! Wow! Great!").text).toBe(
      "See the docs or https://x.io and ask @ann.lee. Wow! Great!",
    );
  });

  it("keeps code as text lines, untouched by the inline rules", () => {
    const value = "Before\n{code:java}\nint x = a * b + c_d; // *keep* -this-\n{code}\n{code:title=X.java|borderStyle=solid}\nfoo_bar_baz();\n{code}\n{noformat}\n  raw *text*\n{noformat}\nUse {{user_id}} or {{a*b*c}}.";
    expect(jira(value).text).toBe("Before\n\nint x = a * b + c_d; // *keep* -this-\n\nfoo_bar_baz();\n\n  raw *text*\n\nUse user_id or a*b*c.");
  });

  it("drops colour, anchor and toc macros; keeps panel (with its title) and quote contents", () => {
    expect(jira("{toc}\n{panel:title=Heads up|borderStyle=dashed}\nPanel text\n{panel}\n{quote}quoted{quote}\n{color:#ff0000}red{color} text{anchor:top}\nbq. a quote line\n----\nend").text).toBe(
      "Heads up\n\nPanel text\n\nquoted\n\nred text\n\na quote line\n\nend",
    );
  });

  it("reads tables as rows of cells joined by ' | ', header or not, with \\\\ and [text|url] inside cells", () => {
    expect(jira("||Name||Value||\n|a|[link|http://u]|\n| b\\\\c | {color:red}x{color} |\nafter").text).toBe("Name | Value\na | link\nb c | x\n\nafter");
    expect(jira("|a|b|\n|c|d|").text).toBe("a | b\nc | d");
  });

  it("reads \\\\ as a line break and emoticons as their emoji", () => {
    expect(jira("line one\\\\line two").text).toBe("line one\nline two");
    expect(jira("(/) done (x) failed (!) careful :) ok").text).toBe("✅ done ❌ failed ⚠️ careful 🙂 ok");
  });

  it("keeps characters Markdown would read as markup", () => {
    expect(jira("1. not a list\n> not a quote\nGET /users/{id} -> 2 > 1 & <List<T>> `tick` \\*literal\\*").text).toBe(
      "1. not a list\n> not a quote\nGET /users/{id} -> 2 > 1 & <List<T>> `tick` *literal*",
    );
  });
});

describe("readRichText: Markdown", () => {
  it("reads headings, emphasis, code, links, images, raw HTML, lists, tables and quotes", () => {
    const value = [
      "# Title",
      "",
      "Some **bold**, _em_, `code`, [a link](http://x) ![img](y.png) <b>raw</b><br>next",
      "",
      "- [ ] open task",
      "- [x] done task",
      "  1. nested",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "> quoted",
      "",
      "```js",
      "const x = 1;",
      "```",
      "",
      "    indented code",
    ].join("\n");
    expect(readRichText(value).text).toBe(
      "Title\n\nSome bold, em, code, a link raw\nnext\n\n- open task\n- done task\n  - nested\n\na | b\n1 | 2\n\nquoted\n\nconst x = 1;\n\nindented code",
    );
  });

  it("reads HTML comments and blocks inside Markdown as text without tags", () => {
    expect(readRichText("## Steps\n\n<!-- template hint -->\n\n<details><summary>Logs</summary>\n\nerror 42\n\n</details>").text).toBe("Steps\n\nLogs\n\nerror 42");
  });
});

describe("readRichText: HTML", () => {
  it("decodes entities and leaves no tag", () => {
    expect(readRichText("<div>As a <b>user</b>&nbsp;I&#39;d like &lt;x&gt; &amp; y</div><div><span style=\"color:red\">Line two</span></div>").text).toBe(
      "As a user I'd like <x> & y\nLine two",
    );
  });

  it("reads lists and tables", () => {
    expect(readRichText("<ol><li>one<ul><li>sub</li></ul></li><li>two</li></ol><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2<br>3</td></tr></table>").text).toBe(
      "- one\n  - sub\n- two\n\nA | B\n1 | 2 3",
    );
  });
});

describe("readRichText: plain text and other values", () => {
  it("passes plain text through, trimming trailing spaces and collapsing runs of blank lines", () => {
    expect(readRichText("  indented line   \n\n\n\nnext line\t\nlast").text).toBe("  indented line\n\nnext line\nlast");
  });

  it("reads values that are not text as empty", () => {
    for (const value of [null, undefined, 42, true, {}, [], { type: "paragraph" }, () => 1]) {
      expect(readRichText(value)).toEqual({ text: "", criteria: null, markup: "plain" });
    }
  });

  it("reads an ADF document given as an object or as a JSON string", () => {
    const doc = { type: "doc", version: 1, content: [{ type: "paragraph", content: [{ type: "text", text: "Hello " }, { type: "text", text: "there", marks: [{ type: "strong" }] }] }] };
    expect(readRichText(doc)).toEqual({ text: "Hello there", criteria: null, markup: "adf" });
    expect(readRichText(JSON.stringify(doc)).text).toBe("Hello there");
  });

  it("uses the markup it is given", () => {
    expect(readRichText("**not bold**", { markup: "plain" }).text).toBe("**not bold**");
    expect(readRichText("<b>x</b>", { markup: "markdown" }).text).toBe("x");
    // "adf" on a string without an ADF document (Jira's API v2 gives wiki markup) reads it by its signs.
    expect(readRichText("not json", { markup: "adf" })).toEqual({ text: "not json", criteria: null, markup: "plain" });
    expect(readRichText("h3. Title\n* item", { markup: "adf" })).toEqual({ text: "Title\n\n- item", criteria: null, markup: "jira-wiki" });
  });
});

describe("readRichText: acceptance criteria", () => {
  it("is null unless asked for", () => {
    expect(readRichText("h3. Acceptance Criteria\n* a").criteria).toBeNull();
  });

  it("finds the section under a Jira heading and ends it at the next heading", () => {
    const result = jira("h3. Context\nWhy.\nh3. Acceptance Criteria\n# first\n## detail\nh3. Assumptions\nNone.", true);
    expect(result.criteria).toBe("- first\n  - detail");
    expect(result.text).toBe("Context\n\nWhy.\n\nAssumptions\n\nNone.");
  });

  it("finds it under a bold-only line, also inside a paragraph", () => {
    const result = jira("*Context*\nSome context\n*Acceptance Criteria:*\n* first\n* second\n*Notes*\nnote", true);
    expect(result.criteria).toBe("- first\n- second");
    expect(result.text).toBe("Context\nSome context\n\nNotes\nnote");
    const markdown = readRichText("Intro\n\n**Acceptance criteria:**\n- a\n- b\n\n**Notes**\nn", { splitCriteria: true });
    expect(markdown).toEqual({ text: "Intro\n\nNotes\nn", criteria: "- a\n- b", markup: "markdown" });
  });

  it("finds it under an HTML heading and an HTML bold line", () => {
    const heading = readRichText("<p>Intro</p><h3>Acceptance Criteria</h3><ul><li>a</li><li>b &amp; c</li></ul><h3>Notes</h3><p>n</p>", { splitCriteria: true });
    expect(heading).toEqual({ text: "Intro\n\nNotes\n\nn", criteria: "- a\n- b & c", markup: "html" });
    const bold = readRichText("<div><b>Acceptance criteria</b></div><div>Given x, then y</div>", { splitCriteria: true });
    expect(bold).toEqual({ text: "", criteria: "Given x, then y", markup: "html" });
  });

  it("finds it under a Jira panel title, a Markdown setext heading and an ADF expand", () => {
    expect(jira("Story\n{panel:title=Acceptance Criteria}\n* a\n* b\n{panel}", true)).toEqual({ text: "Story", criteria: "- a\n- b", markup: "jira-wiki" });
    expect(readRichText("Story\n\nAcceptance Criteria\n===\n\n1) one\n2) two\n\nNotes\n---\nn", { splitCriteria: true })).toEqual({
      text: "Story\n\nNotes\n\nn",
      criteria: "- one\n- two",
      markup: "markdown",
    });
    const doc = {
      type: "doc",
      content: [
        { type: "panel", content: [{ type: "heading", content: [{ type: "text", text: "Acceptance Criteria:" }] }] },
        { type: "taskList", content: [{ type: "taskItem", content: [{ type: "text", text: "do x" }] }, { type: "taskItem", content: [{ type: "text", text: "do y" }] }] },
        { type: "expand", attrs: { title: "Design" }, content: [{ type: "paragraph", content: [{ type: "text", text: "hidden" }] }] },
      ],
    };
    expect(readRichText(doc, { splitCriteria: true })).toEqual({ text: "Design\n\nhidden", criteria: "- do x\n- do y", markup: "adf" });
  });

  it("knows the trackers' spellings", () => {
    for (const title of ["Acceptance Criteria", "Acceptance criteria:", "AC", "ACs:", "Acceptance tests", "ACCEPTANCE CRITERIA", "3. Acceptance criteria"]) {
      expect(readRichText(`## Story\n\nText\n\n## ${title}\n\n- it works`, { splitCriteria: true }).criteria).toBe("- it works");
    }
    expect(readRichText("Text\n\nAC:\nuser can log in", { splitCriteria: true })).toEqual({ text: "Text", criteria: "user can log in", markup: "plain" });
    expect(readRichText("## Acceptance notes\n\n- x", { splitCriteria: true }).criteria).toBeNull();
  });

  it("reads a heading with nothing under it as no criteria", () => {
    expect(readRichText("Text\n\n## Acceptance criteria\n\n## Notes\n\nn", { splitCriteria: true })).toEqual({
      text: "Text\n\nAcceptance criteria\n\nNotes\n\nn",
      criteria: null,
      markup: "markdown",
    });
  });
});
