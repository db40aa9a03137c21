// Sections of a description, as trackers and issue templates write them: Markdown headings ("### To Reproduce"),
// Jira wiki headings ("h3. Steps to Reproduce"), bold lines ("**Expected behavior**", wiki "*Expected:*") and
// label lines ("Expected result: the total stays the same"). A heading's words say which part of a work item
// the section is (steps, expected result, done condition, timebox, ...); the kind rules read them.

import { headingNameAndText } from "@/lib/richtext/heading-breaks";

import { restoreHeadingBreaks as restoreWikiHeadingBreaks } from "@/lib/richtext/heading-breaks";
import type { LanguageWords } from "./languages";
import { authorsText, withLineBreaks } from "./machine-text";

/**
 * Jira headings whose line breaks an export dropped: "h3. Title" (lib/richtext) and a bold label of a few words
 * ("... wait for tiapp.xml to load    *Actual:* the message appears"), where the break became a run of spaces. The
 * last space becomes a line break, so every offset still points at the same words. A single space before the
 * label is emphasis inside a sentence and stays.
 */
export function restoreHeadingBreaks(text: string): string {
  return restoreWikiHeadingBreaks(text).replace(/(?=[ \t]\*[A-Z][^*\n]{0,40}?(?::\*|\*:))(?<=\S[ \t]+)[ \t]/g, "\n");
}

/** The parts of a work item a section heading can name. */
export type SectionKey =
  | "steps" | "expected" | "actual" | "environment" | "impact"
  | "done" | "why" | "question" | "timebox" | "output" | "scope" | "out_of_scope" | "breakdown";

export interface Section {
  /** What the heading names; null for headings of no known part ("Screenshots", "Notes"). */
  key: SectionKey | null;
  /** The heading as written, without its markup. */
  title: string;
  /** Character offsets in the text: the heading line, and the body up to the next heading. */
  start: number;
  bodyStart: number;
  end: number;
  body: string;
}

// Heading words, lower case, matched in this order (the first that matches names the section): "Expected output"
// is a spike's output, "Expected result" a bug's expected result, "Out of scope" is not "Scope".
const KEYS: [SectionKey, RegExp][] = [
  ["out_of_scope", /\b(?:out[ -]of[ -]scope|not in scope|non[ -]?goals?|excluded|exclusions|not included|won'?t do|will not do)\b/],
  ["output", /\bexpected (?:output|deliverables?)\b/],
  ["actual", /^(?:(?:the )?results?|what i see|got|instead|but got|received|ar)$/],
  // "How to get there", "How to see it": the way to the failure, in the words of the issue's own list of what a report
  // says (thirteenth bands pass, read-12).
  ["steps", /\b(?:steps?(?: to reproduce)?|to reproduce|how to reproduce|reproduce|reproduction(?: steps)?|repro(?: steps)?|str|(?:minimal )?reproducible (?:example|test ?case|case)|how to (?:get|see|reach|trigger|hit) (?:it|there|this|the (?:bug|problem|issue|failure)))\b/],
  // "Proposed fix", "Suggested change": a heading over the change the reporter asks for, which names what should be, as
  // a request that names the change does (fifteenth pass, httpd).
  ["expected", /\b(?:expected|should happen|desired (?:behaviou?r|result|outcome))\b|^er$|^(?:proposed|suggested|possible) (?:fix|solution|change)$/],
  ["actual", /\b(?:actual|observed|current (?:behaviou?r|situation|state)|what happens|what happened|describe the bug|bug description|problem description|error messages?|stack ?traces?|logs?|console output)\b/],
  ["environment", /\b(?:environments?|env|versions?|browsers?|devices?|platforms?|os|operating system|desktop|smartphone|mobile|app version|build|system info(?:rmation)?|configuration)\b/],
  // "Who is hurt", "Who's hurt" name who is affected as the issue's list words it (thirteenth bands pass, read-12).
  ["impact", /\b(?:impact|severity|priority|affected(?: users)?|who is affected|who(?: is|['’]s| are| gets) hurt|frequency|urgency)\b/],
  ["done", /\b(?:done when|definition of done|dod|acceptance(?: criteria)?|done criteria|exit criteria|completion criteria|success criteria|success metrics?|success measures?|measures? of success|checklist|kpis?|(?<!\bto be )done)\b/],
  ["timebox", /\b(?:time[ -]?box(?:ed)?|duration|time budget|time limit|effort|deadline)\b/],
  ["question", /\b(?:questions?|hypothes[ie]s|unknowns?|what we want to (?:learn|know|find out)|to answer)\b/],
  ["output", /\b(?:outputs?|deliverables?|outcomes?|artifacts?|artefacts?|results?|findings)\b/],
  ["breakdown", /\b(?:stories|user stories|child (?:stories|issues|items)|children|breakdown|features|milestones|phases|sub-?tasks|tasks|work items|epics?)\b/],
  // "To be done:" lists the work to do, not when it is done (markup pass: a Jira export's "To be done: hack the plugin ...").
  ["scope", /\b(?:scope|in scope|includes|inclusions|to be done)\b/],
  ["why", /\b(?:why|reasons?|motivation|background|context|rationale|problem(?: statement)?|purpose|justification|goals?|objectives?|vision|value|business value|benefits?)\b/],
];

/** The part of a work item a heading names ("### Expected behavior" -> expected), or null. */
export function sectionKeyOf(title: string, words?: LanguageWords): SectionKey | null {
  const t = title.toLowerCase().replace(/\([^)]*\)/g, " ").replace(/[*_#:`]/g, " ").replace(/\s+/g, " ").trim();
  if (!t || t.split(" ").length > 8) return null;
  // A team writing in another language names its sections in it ("Erwartetes Ergebnis"), or keeps English ones.
  if (words) for (const [key, pattern] of words.sections) if (pattern.test(t)) return key;
  for (const [key, pattern] of KEYS) if (pattern.test(t)) return key;
  return null;
}

/**
 * A known heading alone on its line, as plain text keeps it ("Steps to reproduce", "Expected result"), and as a
 * tracker import renders a heading (lib/richtext: "### Expected behavior" becomes the line "Expected behavior").
 * `line` is trimmed.
 */
export function bareHeading(line: string, words?: LanguageWords): boolean {
  return (words ? /^\p{L}[\p{L} /&'’-]*$/u : /^[A-Za-z][A-Za-z /&'-]*$/).test(line) && line.split(/\s+/).length <= 4 && sectionKeyOf(line, words) !== null;
}

interface Heading {
  title: string;
  /** Text after the heading on the same line ("Expected: the total stays"), as an offset into the text. */
  inlineStart: number;
}

const MD_HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const WIKI_HEADING = /^h[1-6]\.\s+(.+?)\s*$/;
const BOLD_LINE = /^(\*\*|__)([^*_\n]{1,80}?)\1\s*(?::|[–—-](?=\s))?\s*(.*)$/;
const WIKI_BOLD = /^\*([^*\s][^*\n]{0,80}?)\*\s*:?\s*(.*)$/;
const LABEL = /^([A-Za-z][A-Za-z /&'()-]{1,48}?)\s*:\s*(.*)$/;
const JIRA_LIST = /^#+\s/;
// A label in any alphabet ("Tatsächliches Ergebnis: ..."), for the languages besides English.
const LABEL_ANY = /^(\p{L}[\p{L} /&'’()-]{1,48}?)\s*:\s*(.*)$/u;

/** A heading at the start of a line (`line` is the line without its leading spaces, at `offset` in the text). */
function headingAt(line: string, offset: number, jiraList: boolean, words?: LanguageWords): Heading | null {
  const md = jiraList ? null : MD_HEADING.exec(line);
  if (md) return { title: md[2], inlineStart: -1 };
  const wiki = WIKI_HEADING.exec(line);
  if (wiki) {
    const title = wiki[1].replace(/^\*(.*)\*$/, "$1");
    // A heading name followed by its text on the same line (lines run together): the name is the title.
    const name = sectionKeyOf(title) && title.split(/\s+/).length <= 4 ? null : headingNameAndText(wiki[1]);
    if (name) return { title: name.name, inlineStart: offset + line.length - wiki[1].length + name.textStart };
    return { title, inlineStart: -1 };
  }
  const bold = BOLD_LINE.exec(line) ?? WIKI_BOLD.exec(line);
  if (bold) {
    const title = bold.length === 4 ? bold[2] : bold[1];
    const rest = bold.length === 4 ? bold[3] : bold[2];
    // Emphasis at the start of a sentence is not a heading: a heading stands alone or ends in a colon.
    // A dash after a bold name that names a part ("**Environment** – Portal 2026.2") sets it off as a colon does
    // (thirteenth bands pass, read-12).
    const colon = /:\s*$/.test(title) || /^(\*\*|__)?[^*_]*?(\*\*|__|\*)\s*:/.test(line) || /:(\*\*|__|\*)/.test(line) ||
      (/^(\*\*|__)[^*_\n]*?(\*\*|__)\s*[–—-]\s/.test(line) && !!sectionKeyOf(title));
    if (title.trim().split(/\s+/).length <= 8 && (rest.trim() === "" || colon)) {
      return { title: title.replace(/:\s*$/, ""), inlineStart: rest.trim() ? offset + line.length - rest.length : -1 };
    }
  }
  if (bareHeading(line, words)) return { title: line, inlineStart: -1 };
  const label = (words ? LABEL_ANY : LABEL).exec(line);
  if (label && sectionKeyOf(label[1], words)) {
    return { title: label[1], inlineStart: label[2].trim() ? offset + line.length - label[2].length : -1 };
  }
  return null;
}

/** Jira wiki's own signs: a heading ("h3. "), a code, noformat, quote or panel macro. */
const JIRA_SIGNS = /^[ \t]*h[1-6]\.[ \t]|\{(?:code|noformat|quote|panel)(?:[:}])/m;

/**
 * Per line, whether it is an item of a Jira numbered list ("# Open the page") rather than a Markdown heading: a run of
 * such lines, or one in a text that shows Jira wiki's signs elsewhere ("h3. Steps to Reproduce" over "# type into any
 * text box", a list of one step).
 */
export function jiraListLines(lines: string[]): boolean[] {
  const marked = lines.map((l) => JIRA_LIST.test(l.trimStart()));
  if (!marked.includes(true)) return marked;
  const wiki = JIRA_SIGNS.test(lines.join("\n"));
  return marked.map((m, i) => m && (wiki || !!marked[i - 1] || !!marked[i + 1]));
}

/**
 * The sections of a text, in order. Text before the first heading is no section. A run of lines starting with
 * "#" is a Jira numbered list, not headings.
 */
export function sectionsOf(text: string, words?: LanguageWords): Section[] {
  const out: Section[] = [];
  if (!text) return out;
  const lines: { text: string; start: number; end: number }[] = [];
  let pos = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    lines.push({ text: raw.trim(), start: pos + lead, end: pos + raw.replace(/\r$/, "").length });
    pos += raw.length + 1;
  }
  const jiraItems = jiraListLines(lines.map((l) => l.text));
  let open: Section | null = null;
  const close = (at: number) => {
    if (!open) return;
    open.end = Math.max(open.bodyStart, at);
    open.body = text.slice(open.bodyStart, open.end).trim();
    out.push(open);
    open = null;
  };
  // A line inside a fenced block of code ("```" or "~~~") is code: "# tenant A key" is a shell comment, no heading
  // (bands, seventh pass).
  let fence: string | null = null;
  let openByList = false;
  lines.forEach((line, i) => {
    if (!line.text) return;
    const mark = /^(`{3,}|~{3,})/.exec(line.text)?.[1];
    if (mark && (fence === null || mark[0] === fence[0])) {
      fence = fence === null ? mark : null;
      return;
    }
    if (fence !== null) return;
    const jiraList = jiraItems[i];
    let h = headingAt(line.text, line.start, jiraList, words);
    // A label in a list item ("* Expected: the footer equals ...", "- **Observed:** ..."): a list of labelled fields. It
    // opens a section when it names a part, and closes one a list label opened (bands, eleventh pass). Not under a
    // heading that names a part: "* Affected: Windows 10" under "**Tested platforms**" is that section's item.
    let listed = false;
    const current = open as Section | null;
    const listMark = h || (current && current.key !== null && !openByList) ? null : /^[-*•+][ \t]+(?=\S)/.exec(line.text);
    if (listMark) {
      const inner = headingAt(line.text.slice(listMark[0].length), line.start + listMark[0].length, false, words);
      if (inner && /\S/.test(line.text.slice(listMark[0].length).split(":")[1] ?? "") && (sectionKeyOf(inner.title.trim(), words) || openByList)) {
        h = inner;
        listed = true;
      }
    }
    if (!h) return;
    openByList = listed;
    close(line.start);
    const title = h.title.trim();
    open = { key: sectionKeyOf(title, words), title, start: line.start, bodyStart: h.inlineStart >= 0 ? h.inlineStart : line.end, end: text.length, body: "" };
  });
  close(text.length);
  return out;
}

/**
 * A pointer that stands in for a field's content: "see above", "see the description", "same as title", and a picture the
 * words are not in ("see screenshot", "see the attached video"; twelfth pass).
 */
export const POINTER_ELSEWHERE = String.raw`(?:(?:see|same as) (?:above|below|the )?(?:title|summary|description|above|below)|see (?:the )?(?:attached )?(?:screenshots?|screen ?shots?|images?|pictures?|pics?|videos?|recording|screencast|gif))`;
/** What an issue form writes in a field left empty ("_No response_", GitHub's): the form's words (bands, eighth pass). */
export const FORM_LEFT_EMPTY = String.raw`_no response_`;

// A template left unfilled ("1. Go to '...'", "[e.g. iOS]", "N/A", "see above") is not content.
const PLACEHOLDER = new RegExp(String.raw`\[(?:e\.g\.?|eg|ex|i\.e\.?)[^\]]*\]|'\.\.\.'|"\.\.\."|\.\.\.|…|\b(?:n\/a|tbd|tbc|todo|none|unknown)\b|\b${POINTER_ELSEWHERE}\b|${FORM_LEFT_EMPTY}`, "gi");

/** A template's example in brackets, left in place ("[e.g. iOS]", "[e.g. chrome, safari]"). */
export const TEMPLATE_EXAMPLE = String.raw`\[(?:e\.g\.|eg\b|ex:|i\.e\.)[^\]\n]*\]`;

/**
 * A line of a template the reporter left as it came: an example in brackets or an elided quote ("- OS: [e.g. iOS]",
 * "2. Click on '....'"), or a prompt that tells what to write ("A clear and concise description of what ...", "If
 * applicable, add screenshots to help explain ...", "Add any other context here.", "Steps to reproduce the behavior:")
 * (bands, eighth pass).
 */
// (each run of blanks taken whole, as an atomic group would: a line of thousands of spaces and a word took minutes)
const TEMPLATE_LINE = new RegExp(String.raw`^(?=([ \t]*))\1(?:\d{1,2}[.)]|[-*•])?(?=([ \t]*))\2(?:[^\n]*${TEMPLATE_EXAMPLE}[^\n]*|(?=[^\n]{0,40}$)[^\n]*(?:'\.{3,}'|"\.{3,}")[^\n]*|an? (?:[\w-]+,? (?:and )?){0,3}description of (?:what|how|the|your)\b[^\n]*|(?:if applicable,? )?(?:please )?(?:add|describe|provide|include|paste|attach|list|explain|fill in|tell us)\b[^\n]*\b(?:here|if applicable|to help explain)\b[^\n]*|steps to reproduce the behaviou?r:?)[ \t]*$`, "i");

/**
 * (An elided quote marks a template's line only in a line as short as the template's own, "2. Click on '....'": in a
 * sentence, "(it uses $'...' quoting for the whole body)", it is the reporter's; eleventh pass.)
 *
 * A body the template fills: three of its lines the template's for any line of the reporter's ("4. See error" under
 * three "Go to '...'" steps is the template's last step). One line filled in of three ("- OS: Windows 11") is kept.
 */
export function templateLeftAsIs(body: string): boolean {
  const lines = body.split("\n").filter((l) => /[\p{L}\p{N}]/u.test(l));
  const template = lines.filter((l) => TEMPLATE_LINE.test(l)).length;
  return template > 0 && template >= 3 * (lines.length - template);
}

/** The body says something: at least two words once template placeholders are taken out. */
export function hasContent(body: string): boolean {
  if (templateLeftAsIs(body)) return false;
  const words = body.replace(PLACEHOLDER, " ").match(/[\p{L}\p{N}]{2,}/gu);
  return !!words && words.length >= 2;
}

/** The first section with this key and something in it. */
export function sectionWith(sections: Section[], ...keys: SectionKey[]): Section | undefined {
  return sections.find((s) => s.key !== null && keys.includes(s.key) && hasContent(s.body));
}

/** Items of a list: numbered, bulleted, checkbox or Jira "#"/"*" lines; each as its text and offset. */
export function listItems(text: string, offset = 0): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  const re = /^[ \t]*(?:\d{1,2}[.)]|[-*•+]|#+|\[[ xX]\]|[-*] \[[ xX]\]|step \d+:?)[ \t]+(\S.*?)\s*$/gim;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const start = offset + m.index + m[0].indexOf(m[1]);
    out.push({ text: m[1], start, end: start + m[1].length });
  }
  return out;
}

/** A numbered list of two or more items ("1. Go to checkout", "# Open the app" in Jira wiki, "Step 1: ..."). */
export function orderedSteps(text: string): number {
  const re = /^[ \t]*(?:\d{1,2}[.)]|#(?!#)|step \d+:?)[ \t]+\S/gim;
  return text.match(re)?.length ?? 0;
}

/**
 * The description lists what a general word or a broad verb in the summary stands for ("ObjectBuilder usability
 * improvements" above "- Values left empty should not show up in the XML - ..."): two or more items.
 */
export function listedInDescription(description: string): boolean {
  return listItems(withLineBreaks(authorsText(description))).filter((i) => /\p{L}{2,}\S*\s+\S*\p{L}{2,}/u.test(i.text)).length >= 2;
}
