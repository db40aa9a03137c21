// Jira wiki markup to Markdown: jira2md converts headings (h1.-h6.), links ([text|url]) and quotes (bq.).
// Its other rules are regular expressions that go wrong on what real tickets hold, so the text is prepared first
// and jira2md only sees what it converts well; everything else stands behind private-use characters:
// - code ({code}, {noformat}, {{monospace}}): jira2md applies its bold/italic/+/^/~ rules inside code, mangling it;
// - *bold*, _italic_, -strike-, +underline+, ^sup^, ~sub~: its rules are greedy ("*a* and *b*" becomes one bold
//   run; "user_id and account_id" loses its underscores; "Ctrl+S or Ctrl+C" gains an <ins>), so they are read
//   here with Jira's own word-boundary rule, and every other such character is escaped;
// - lists: it indents "*" by 2 and "#" by 3 per level, so a mixed "#*" list loses its nesting, and a line after a
//   list runs into the last item;
// - tables: it only converts a table whose first row is a "||" header, leaves "||" cells in later rows, lets the
//   next line run into the table, and its header pattern backtracks exponentially on a long "||" row;
// - {code:...} parameters, {panel}, {quote}, {color}: its patterns backtrack exponentially on unclosed macros and it
//   turns a panel into a one-cell table, so the macros are dropped here (a panel's title kept as a bold line);
// - images: "!(.+)!" reads "Wow! Great!" as an image, so only "!file.png!"-shaped ones are dropped;
// - "----" rules, "\\" line breaks, "\x" escapes and emoticons such as (/) and :) are not handled by it.
import J2M from "jira2md";
import { headingNameAndText, restoreHeadingBreaks } from "./heading-breaks";

const STASH_OPEN = "\ue000";
const STASH_CLOSE = "\ue001";
const LINE_BREAK = "\ue002";
const STRONG = "\ue003";
const EMPHASIS = "\ue004";
/** Characters Markdown or jira2md would read as markup: each stands in as \ue100 + its index, and returns escaped. */
const PROTECTED = "\\`*_{}[]<>()#+-.!|~^=";
const PROTECT_BASE = 0xe100;
const OWN_CHARACTERS = /[\ue000-\ue1ff]/g;

const EMOTICONS: Record<string, string> = {
  ":)": "🙂",
  ":(": "🙁",
  ":P": "😛",
  ":D": "😀",
  ";)": "😉",
  "(y)": "👍",
  "(n)": "👎",
  "(i)": "ℹ️",
  "(/)": "✅",
  "(x)": "❌",
  "(!)": "⚠️",
  "(+)": "➕",
  "(-)": "➖",
  "(?)": "❓",
  "(on)": "💡",
  "(off)": "💡",
  "(*)": "⭐",
  "(*r)": "⭐",
  "(*g)": "⭐",
  "(*b)": "⭐",
  "(*y)": "⭐",
  "(flag)": "🚩",
  "(flagoff)": "🏳️",
};
const EMOTICON = new RegExp(
  `(^|\\s)(${Object.keys(EMOTICONS)
    .sort((a, b) => b.length - a.length)
    .map((key) => key.replace(/[()*+?/]/g, "\\$&"))
    .join("|")})(?=$|[\\s.,;:!?])`,
  "g",
);

/** Macros dropped with their braces; the content between an opening and closing tag stays. */
const MACRO = /\{(color|bgcolor|panel|quote|anchor|toc|expand|info|note|tip|warning|section|column|status)(?::([^{}\n]*))?\}/gi;
const BLOCK_MACROS = new Set(["panel", "quote", "expand", "info", "note", "tip", "warning", "section", "column"]);

const NAMED_LINK = /\[([^[\]|\n]+)\|([^[\]\n]+)\]/g;
const UNNAMED_LINK = /\[([^[\]|\n]+)\]/g;
const IMAGE = /!([^\s!|]+)(\|[^!\n]{0,200})?!/g;

/** Jira's inline effects: the marker must follow a non-word character and precede one, with no space inside it. */
function effect(marker: string): RegExp {
  const m = marker.replace(/[*+?^]/g, "\\$&");
  const single = marker[0].replace(/[\^-]/, "\\$&");
  return new RegExp(`(^|[^\\p{L}\\p{N}])${m}([^\\s${single}](?:[^${single}\\n]*[^\\s${single}])?)${m}(?![\\p{L}\\p{N}])`, "gu");
}
const EFFECTS: Array<{ pattern: RegExp; replacement: (content: string) => string }> = [
  { pattern: effect("*"), replacement: (content) => `${STRONG}${content}${STRONG}` },
  { pattern: effect("_"), replacement: (content) => `${EMPHASIS}${content}${EMPHASIS}` },
  { pattern: effect("??"), replacement: (content) => content },
  { pattern: effect("-"), replacement: (content) => content },
  { pattern: effect("+"), replacement: (content) => content },
  { pattern: effect("^"), replacement: (content) => content },
  { pattern: effect("~"), replacement: (content) => content },
];

function protect(text: string): string {
  let out = "";
  for (const char of text) {
    const index = PROTECTED.indexOf(char);
    out += index >= 0 ? String.fromCharCode(PROTECT_BASE + index) : char;
  }
  return out;
}

/** Every ASCII punctuation character backslash-escaped: Markdown text that reads as itself. */
function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

function codeSpan(code: string): string {
  const ticks = "`".repeat(longestRun(code, "`") + 1);
  const pad = code.startsWith("`") || code.endsWith("`") ? " " : "";
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

function codeBlock(code: string): string {
  const fence = "`".repeat(Math.max(3, longestRun(code, "`") + 1));
  return `${fence}\n${code.replace(/^\n/, "").replace(/\n$/, "")}\n${fence}`;
}

function titleParam(params: string | undefined): string {
  if (!params) return "";
  const named = /(?:^|\|)\s*title\s*=([^|]*)/i.exec(params);
  if (named) return named[1].trim();
  return params.includes("=") ? "" : params.trim();
}

function linkLabel(target: string): string {
  const label = target.trim();
  if (label.startsWith("~")) return `@${label.slice(1).replace(/^accountid:/i, "")}`;
  if (label.startsWith("^") || label.startsWith("#")) return label.slice(1);
  return label.replace(/^mailto:/i, "");
}

class JiraPreparer {
  private readonly stash: string[] = [];

  /** Markdown that jira2md must not touch, put back after it ran. */
  put(markdown: string): string {
    return `${STASH_OPEN}${this.stash.push(markdown) - 1}${STASH_CLOSE}`;
  }

  restore(markdown: string): string {
    return markdown
      .replace(/\ue000(\d+)\ue001/g, (_, index: string) => this.stash[Number(index)] ?? "")
      .replace(/[\ue100-\ue1ff]/g, (char) => `\\${PROTECTED[char.charCodeAt(0) - PROTECT_BASE] ?? ""}`)
      .replaceAll(STRONG, "**")
      .replaceAll(EMPHASIS, "*")
      .replaceAll(LINE_BREAK, "\n");
  }

  /** {code} and {noformat} blocks, found with indexOf so that an unclosed one costs one scan, not one per opener. */
  stashCodeBlocks(text: string): string {
    const opener = /\{(code|noformat)(?::[^{}\n]*)?\}/g;
    const unclosed = new Set<string>();
    let out = "";
    let from = 0;
    for (let match = opener.exec(text); match; match = opener.exec(text)) {
      const kind = match[1].toLowerCase();
      const closer = `{${kind}}`;
      const start = match.index + match[0].length;
      const end = unclosed.has(kind) ? -1 : text.indexOf(closer, start);
      out += text.slice(from, match.index);
      if (end < 0) {
        // An opener without a closer is dropped; its text reads on as text.
        unclosed.add(kind);
        from = start;
        continue;
      }
      out += `\n\n${this.put(codeBlock(text.slice(start, end)))}\n\n`;
      from = end + closer.length;
      opener.lastIndex = from;
    }
    return out + text.slice(from);
  }

  /** Whole-text steps: code, backslash escapes, monospace, macros and images, before the text is read line by line. */
  prepareText(text: string): string {
    return this.stashCodeBlocks(text)
      .replace(/\\(\\|[!-/:-@[-`{-~])/g, (_, char: string) => (char === "\\" ? LINE_BREAK : protect(char)))
      .replace(/\{\{([^{}\n]+)\}\}/g, (_, code: string) => this.put(codeSpan(code)))
      .replace(MACRO, (_, name: string, params: string | undefined) => {
        const macro = name.toLowerCase();
        if (macro === "status") return titleParam(params);
        if (!BLOCK_MACROS.has(macro)) return "";
        // A panel's title heads its content (a bold line): "{panel:title=Acceptance Criteria}" is a common section.
        const title = titleParam(params).replace(/[*{}]/g, "");
        return title ? `\n*${title}*\n` : "\n";
      })
      .replace(IMAGE, (image, target: string) => (/[./:]/.test(target) ? "" : image));
  }

  /** Inline markup of text outside links: bare links, emoticons, effects; every other markup character escaped. */
  private plainInline(text: string): string {
    let out = text.replace(UNNAMED_LINK, (_, target: string) => this.put(escapeMarkdown(linkLabel(target))));
    out = out.replace(EMOTICON, (_, space: string, emoticon: string) => `${space}${EMOTICONS[emoticon] ?? ""}`);
    for (const { pattern, replacement } of EFFECTS) out = out.replace(pattern, (_, before: string, content: string) => `${before}${replacement(content)}`);
    return protect(out);
  }

  /** A line's (or cell's) inline markup; named links are left for jira2md, with a URL it cannot misread. */
  inline(text: string): string {
    let out = "";
    let from = 0;
    for (const match of text.matchAll(NAMED_LINK)) {
      out += this.plainInline(text.slice(from, match.index));
      const url = match[2].trim().replace(/[^A-Za-z0-9:/.?=&#%]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, "0")}`);
      out += `[${this.plainInline(match[1])}|${url || "#"}]`;
      from = match.index + match[0].length;
    }
    return out + this.plainInline(text.slice(from));
  }

  /** A Jira table as a GFM table: a "||" first row is the header, otherwise an empty header row stands in. */
  table(rows: string[]): string[] {
    const parsed = rows.map((row) => ({ header: row.startsWith("||"), cells: splitRow(row).map((cell) => this.inline(cell.replaceAll(LINE_BREAK, " ").trim())) }));
    const width = Math.max(1, ...parsed.map((row) => row.cells.length));
    const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, index) => cells[index] ?? "").join(" | ")} |`;
    const [first, ...rest] = parsed;
    const body = first.header ? rest : parsed;
    return [line(first.header ? first.cells : []), this.put(`|${" --- |".repeat(width)}`), ...body.map((row) => line(row.cells))];
  }
}

/** Cells of a "|a|b|" or "||a||b||" row; a "|" inside [text|url] does not split. */
function splitRow(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let brackets = 0;
  const body = row.replace(/^\|\|?/, "").replace(/\|\|?$/, "");
  for (let index = 0; index < body.length; index++) {
    const char = body[index];
    if (char === "[") brackets++;
    else if (char === "]") brackets = Math.max(0, brackets - 1);
    if (char === "|" && brackets === 0) {
      cells.push(cell);
      cell = "";
      if (body[index + 1] === "|") index++;
      continue;
    }
    cell += char;
  }
  cells.push(cell);
  return cells;
}

const LIST_ITEM = /^([*#]+|-)\s+(.*)$/;
const HEADING = /^h([1-6])\.\s*(.*)$/;
const QUOTE = /^bq\.\s+(.*)$/;
const RULE = /^-{4,}$/;

/** Jira wiki markup to Markdown. */
export function jiraToMarkdown(input: string): string {
  const preparer = new JiraPreparer();
  const lines = preparer.prepareText(restoreHeadingBreaks(input.replace(/\r\n?/g, "\n").replace(OWN_CHARACTERS, ""))).split("\n");
  const out: string[] = [];
  let inList = false;
  const endList = () => {
    // A line after a list is a new paragraph in Jira; in Markdown it would continue the last item.
    if (inList) out.push("");
    inList = false;
  };
  for (let index = 0; index < lines.length; index++) {
    // Leading spaces mean nothing in Jira (in Markdown they would make code blocks and nested lists), nor do runs
    // of spaces and blank lines; collapsed, they also keep jira2md's "(\s+)-" pattern from backtracking on them.
    const line = lines[index].replace(/[^\S\n]+/g, " ").trim();
    if (!line || RULE.test(line)) {
      if (out.length && out[out.length - 1] !== "") out.push("");
      inList = false;
      continue;
    }
    if (line.startsWith("|")) {
      const rows = [line];
      while (index + 1 < lines.length && lines[index + 1].trim().startsWith("|")) rows.push(lines[++index].replace(/[^\S\n]+/g, " ").trim());
      out.push("", ...preparer.table(rows), "");
      inList = false;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const markers = item[1];
      let indent = 0;
      for (const marker of markers.slice(0, -1)) indent += marker === "#" ? 3 : 2;
      const bullet = markers.endsWith("#") ? "1. " : "- ";
      out.push(preparer.put(" ".repeat(indent) + bullet) + preparer.inline(item[2]));
      inList = true;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endList();
      // "h3. Steps to Reproduce set the font ...": the heading's name, then its text as a paragraph of its own.
      const named = headingNameAndText(heading[2]);
      const title = named ? named.name : heading[2];
      out.push("", `h${heading[1]}. ${preparer.inline(title.replaceAll(LINE_BREAK, " "))}`, "");
      if (named) out.push(preparer.inline(heading[2].slice(named.textStart)), "");
      continue;
    }
    endList();
    const quote = QUOTE.exec(line);
    out.push(quote ? `bq. ${preparer.inline(quote[1])}` : preparer.inline(line));
  }
  return preparer.restore(J2M.to_markdown(out.join("\n")));
}
