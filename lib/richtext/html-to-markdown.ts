// HTML (Azure DevOps, Jira Server's rendered fields, pasted pages) to Markdown with turndown; the Markdown is then
// read like any other, so HTML headings, bold-only lines and lists are found the same way.
import { decodeHTML } from "entities";
import TurndownService from "turndown";

/** turndown's work grows with nesting depth times size, and it overflows the stack past a few thousand levels. */
const MAX_NESTING = 48;
/** Elements whose end tag may be left out: not counted as nesting. */
const OPTIONAL_END = new Set(["p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option", "colgroup", "caption", "rb", "rt", "rp", "optgroup"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

let service: TurndownService | undefined;

function cellCount(row: Element): number {
  let count = 0;
  for (const child of Array.from(row.children)) if (child.nodeName === "TD" || child.nodeName === "TH") count++;
  return count;
}

function closestTable(node: Element): Element | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) if (parent.nodeName === "TABLE") return parent;
  return null;
}

function createService(): TurndownService {
  const created = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "_",
    strongDelimiter: "**",
  });
  const escapeMarkdown = created.escape.bind(created);
  // turndown leaves "<", "&", "|" and "~" as they are; in the Markdown they would read as tags, entities,
  // table cells and strike-through, so text that had them (from &lt; &amp; ...) is escaped as well.
  created.escape = (text: string) => escapeMarkdown(text).replace(/[<&|~]/g, "\\$&");
  const dropped = new Set(["script", "style", "head", "title", "noscript", "template", "iframe", "object", "svg"]);
  created.remove((node) => dropped.has(node.nodeName.toLowerCase()));
  // Azure DevOps writes one <div> per line: a line break between them, not a paragraph.
  created.addRule("line-div", {
    filter: "div",
    replacement: (content) => `\n${content}\n`,
  });
  // turndown has no table rules (its GFM plugin keeps header-less tables as raw HTML): GFM rows, with an
  // empty header when the table has no heading row, so every table is one.
  created.addRule("table-section", {
    filter: ["thead", "tbody", "tfoot"],
    replacement: (content) => content,
  });
  created.addRule("table-cell", {
    filter: ["th", "td"],
    replacement: (content) => `| ${content.replace(/\s*\n\s*/g, " ").trim()} `,
  });
  created.addRule("table-row", {
    filter: "tr",
    replacement: (content, node) => {
      const row = `${content.trim() || "|"} |\n`;
      const table = closestTable(node);
      if (!table || table.querySelector("tr") !== node) return row;
      const width = Math.max(1, ...Array.from(table.querySelectorAll("tr")).map(cellCount));
      const separator = `${"| --- ".repeat(width)}|\n`;
      const hasHeader = Array.from(node.children).some((cell) => cell.nodeName === "TH");
      return hasHeader ? `${row}${separator}` : `${"|   ".repeat(width)}|\n${separator}${row}`;
    },
  });
  created.addRule("table", {
    filter: "table",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  created.addRule("caption", {
    filter: "caption",
    replacement: () => "",
  });
  return created;
}

/** How deep the elements nest, from the tags alone (a quick scan, no parse). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, closing, name, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^<>]*?(\/?)>/g)) {
    const tag = name.toLowerCase();
    if (VOID.has(tag) || OPTIONAL_END.has(tag) || selfClosing) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** Too deeply nested for turndown (no tracker writes such HTML): tags dropped, block tags as line breaks. */
function flatText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^<>]*>[^<]*<\/\1\s*>/gi, "")
    .replace(/<\/?(div|p|br|li|ul|ol|h[1-6]|tr|table|blockquote|pre)\b[^<>]*>/gi, "\n")
    .replace(/<[^<>]*>/g, "");
  return decodeHTML(text).replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

/** HTML to Markdown; every tag is gone and the text is escaped where Markdown would read it as markup. */
export function htmlToMarkdown(html: string): string {
  if (nestingDepth(html) > MAX_NESTING) return flatText(html);
  service ??= createService();
  return service.turndown(html);
}
