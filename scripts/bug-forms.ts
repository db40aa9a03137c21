// The forms a tracker stores a bug report in, made from the plain text of a labelled report, for `npm run bench:bugs --
// --forms`: the same report (the same labels) as GitHub's Markdown, Jira's wiki markup or HTML, pasted as written (a
// body sent to POST /api/v1/score) or read through a tracker import (lib/richtext's readRichText); and as exports, mail
// and people change it: blank lines dropped, every line break dropped (two spaces left where each was), every line
// quoted ("> "), all in lower or upper case. A form keeps every word of the report, so a figure that moves is the
// readers' doing (docs/decisions.md, "A report in any tracker's form reads as in plain text").
//
// The markup is made by the plain text's own shape: a known label alone on its line ("Steps to Reproduce:") becomes a
// heading, a known label before its text ("Actual Results: ...") a bold label, "1." and "-" lines list items, and a run
// of lines that look like code, a console or a log (indented, a prompt, a tag, a bracketed log level) a code block.
import { readRichText } from "@/lib/richtext";

const LABEL_ALONE = /^([A-Z][A-Za-z /'()-]{1,40}?):?\s*$/;
const LABEL_BEFORE_TEXT = /^([A-Z][A-Za-z /'()-]{1,30}):\s+(\S.*)$/;
const KNOWN_LABEL = /^(?:steps?(?: to reproduce)?|str|actual(?: results?| behaviou?r)?|expected(?: results?| behaviou?r)?|observed(?: behaviou?r)?|results?|environment|build id|user agent|version|os|platform|configuration|config|notes?|additional (?:info|information|details)|workaround|regression|error log|logs?|stack ?trace|reproducible|frequency|summary|description|details|problem|what happens|what should happen)$/i;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const BULLET = /^\s*[-*•]\s+(.*)$/;
const CODE_LIKE = (line: string) => /^(?:\t| {2,})\S/.test(line) || /^\s*[$>] /.test(line) || /^\s*<\/?[A-Za-z]/.test(line) || /^\s*\[[^\]]+\]/.test(line) || /\bAH\d{5}\b/.test(line) || /^\s*at [\w$.]+\(/.test(line);

type Line = { kind: "heading" | "label" | "numbered" | "bullet" | "code" | "text" | "blank"; text: string; label?: string };

function shapeOf(description: string): Line[] {
  return description.split("\n").map((raw): Line => {
    const line = raw.replace(/\s+$/, "");
    if (!line.trim()) return { kind: "blank", text: "" };
    const alone = LABEL_ALONE.exec(line.trim());
    if (alone && KNOWN_LABEL.test(alone[1].trim())) return { kind: "heading", text: alone[1].trim() };
    const before = LABEL_BEFORE_TEXT.exec(line.trim());
    if (before && KNOWN_LABEL.test(before[1].trim())) return { kind: "label", label: before[1].trim(), text: before[2] };
    const numbered = NUMBERED.exec(line);
    if (numbered) return { kind: "numbered", text: numbered[1] };
    const bullet = BULLET.exec(line);
    if (bullet) return { kind: "bullet", text: bullet[1] };
    return CODE_LIKE(line) ? { kind: "code", text: line } : { kind: "text", text: line };
  });
}

interface Markup {
  heading: (text: string) => string;
  label: (label: string, text: string) => string;
  numbered: (text: string, n: number) => string;
  bullet: (text: string) => string;
  code: (lines: string[]) => string;
  text: (text: string) => string;
}

/** The report's lines in a markup: a run of code lines is one block, numbered items are counted anew after a break. */
function written(description: string, markup: Markup): string {
  const lines = shapeOf(description);
  const out: string[] = [];
  let n = 0;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i];
    if (line.kind === "code") {
      const run: string[] = [];
      while (i < lines.length && lines[i].kind === "code") run.push(lines[i++].text.replace(/^\s+/, ""));
      out.push(markup.code(run));
      continue;
    }
    n = line.kind === "numbered" ? n + 1 : 0;
    out.push(line.kind === "blank" ? "" : line.kind === "label" ? markup.label(line.label!, line.text) : line.kind === "numbered" ? markup.numbered(line.text, n) : markup[line.kind](line.text));
    i++;
  }
  return out.join("\n");
}

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const MARKDOWN: Markup = {
  heading: (t) => `### ${t}`, label: (l, t) => `**${l}:** ${t}`, numbered: (t, n) => `${n}. ${t}`, bullet: (t) => `- ${t}`,
  code: (ls) => ["```", ...ls, "```"].join("\n"), text: (t) => t,
};
const JIRA_WIKI: Markup = {
  heading: (t) => `h3. ${t}`, label: (l, t) => `*${l}:* ${t}`, numbered: (t) => `# ${t}`, bullet: (t) => `* ${t}`,
  code: (ls) => ["{noformat}", ...ls, "{noformat}"].join("\n"), text: (t) => t,
};
const HTML: Markup = {
  heading: (t) => `<h3>${escaped(t)}</h3>`, label: (l, t) => `<p><strong>${escaped(l)}:</strong> ${escaped(t)}</p>`,
  numbered: (t) => `<ol><li>${escaped(t)}</li></ol>`, bullet: (t) => `<ul><li>${escaped(t)}</li></ul>`,
  code: (ls) => `<pre>${escaped(ls.join("\n"))}</pre>`, text: (t) => `<p>${escaped(t)}</p>`,
};
/** The HTML on one line, as an editor stores it, but for the line breaks inside a <pre> block, which are its content. */
const html = (description: string) => written(description, HTML).replace(/<\/ol>\n<ol>/g, "").replace(/<\/ul>\n<ul>/g, "")
  .split(/(<pre>[\s\S]*?<\/pre>)/).map((part, i) => (i % 2 ? part : part.replace(/\n/g, ""))).join("");
const imported = (value: string) => readRichText(value).text;

/** A report in a form: its title and its description as the engine gets them. */
export interface BugForm {
  name: string;
  convert: (report: { title: string; description: string }) => { title: string; description: string };
}

const described = (name: string, change: (description: string) => string): BugForm => ({ name, convert: (r) => ({ title: r.title, description: change(r.description) }) });

export const BUG_FORMS: readonly BugForm[] = [
  described("plain", (d) => d),
  described("markdown, pasted", (d) => written(d, MARKDOWN)),
  described("markdown, imported", (d) => imported(written(d, MARKDOWN))),
  described("jira wiki, pasted", (d) => written(d, JIRA_WIKI)),
  described("jira wiki, imported", (d) => imported(written(d, JIRA_WIKI))),
  described("html, imported", (d) => imported(html(d))),
  described("no blank lines", (d) => d.split("\n").filter((l) => l.trim()).join("\n")),
  described("on one line", (d) => d.split("\n").map((l) => l.trim()).filter(Boolean).join("  ")),
  described("quoted", (d) => d.split("\n").map((l) => `> ${l}`).join("\n")),
  { name: "lower case", convert: (r) => ({ title: r.title.toLowerCase(), description: r.description.toLowerCase() }) },
  { name: "upper case", convert: (r) => ({ title: r.title.toUpperCase(), description: r.description.toUpperCase() }) },
];
