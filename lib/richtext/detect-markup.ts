// Guesses the markup of a tracker field from simple signs; the kind with the most signs wins.
import type { Markup } from "./blocks";

/** Longest JSON string parsed to look for an ADF document. */
const MAX_JSON = 5_000_000;
/** Signs are looked for in the first this-many characters. */
const SAMPLE = 50_000;

function isAdfObject(value: unknown): boolean {
  return !!value && typeof value === "object" && !Array.isArray(value) && (value as { type?: unknown }).type === "doc";
}

/** The ADF document in a value: the object itself, or the object a JSON string holds; null otherwise. */
export function adfDocument(value: unknown): object | null {
  if (isAdfObject(value)) return value as object;
  if (typeof value !== "string" || value.length > MAX_JSON) return null;
  const trimmed = value.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}") || !trimmed.includes('"doc"')) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return isAdfObject(parsed) ? (parsed as object) : null;
  } catch {
    return null;
  }
}

function count(text: string, pattern: RegExp): number {
  let found = 0;
  for (const _match of text.matchAll(pattern)) found++;
  return found;
}

const HTML_TAG = /<\/?(p|div|br|li|ul|ol|h[1-6]|table|tr|td|th|span|b|strong|em|i|u|a|pre|code|blockquote|img|font)(\s[^<>]*)?\/?>/gi;

const JIRA_SIGNS = [
  /^[ \t]*h[1-6]\.[ \t]/gm,
  /\{(code|noformat|color|panel|quote)[:}]/g,
  /\[[^[\]|\n]+\|[^[\]\n]+\]/g,
  /^[ \t]*\|\|/gm,
  /\{\{[^{}\n]+\}\}/g,
  /^[ \t]*bq\.[ \t]/gm,
  /![^\s!|]+\.(png|jpe?g|gif|svg)(\|[^!\n]*)?!/gi,
  /\[~[^\]\n]+\]/g,
  /^[ \t]*(#+\*|\*+#)[#*]*[ \t]+\S/gm,
  // A line that is only *single-starred* text: a Jira bold heading (Markdown writes **bold**).
  /^[ \t]*\*[^*\s][^*\n]*\*:?[ \t]*$/gm,
];

const MARKDOWN_SIGNS = [
  /^[ \t]*(```|~~~)/gm,
  /\[[^[\]\n]+\]\([^()\n]+\)/g,
  /\*\*[^*\n]+\*\*/g,
  /^[ \t]*[-*+][ \t]+\[[ xX]\]/gm,
  /^[ \t]*\d+\.[ \t]+\S/gm,
  /^[ \t]*(\|[ \t]*)?:?-{3,}:?[ \t]*\|/gm,
  /`[^`\n]+`/g,
  /^[ \t]*\d+\)[ \t]+\S/gm,
  /^=+[ \t]*$/gm,
  /^[ \t]*\[[^\]\n]+\]:[ \t]*\S/gm,
  /<https?:\/\/[^\s<>]+>/g,
];

const LIST_LINE = /^[ \t]*[-*+][ \t]+\S/gm;

/**
 * "#" starts both a Markdown heading and a Jira numbered list: a run of two or more "#" lines is a list, a lone
 * one a heading.
 */
function hashLines(text: string): { list: number; heading: number } {
  let list = 0;
  let heading = 0;
  let run = 0;
  const close = () => {
    if (run >= 2) list += run;
    else heading += run;
    run = 0;
  };
  for (const line of text.split("\n")) {
    if (/^[ \t]*#+[ \t]+\S/.test(line)) run++;
    else close();
  }
  close();
  return { list, heading };
}

export function detectMarkup(value: unknown): Markup {
  if (adfDocument(value)) return "adf";
  if (typeof value !== "string") return "plain";
  const text = value.slice(0, SAMPLE).replace(/\r\n?/g, "\n");
  const hashes = hashLines(text);
  const html = count(text, HTML_TAG);
  const jira = JIRA_SIGNS.reduce((sum, sign) => sum + count(text, sign), hashes.list);
  const markdown = MARKDOWN_SIGNS.reduce((sum, sign) => sum + count(text, sign), hashes.heading);
  if (html > 0 && html >= jira && html >= markdown) return "html";
  if (jira > 0 && jira > markdown) return "jira-wiki";
  if (markdown > 0) return "markdown";
  // Bullet lines alone read the same as Markdown and as Jira; Markdown reads them.
  if (count(text, LIST_LINE) > 0) return "markdown";
  return "plain";
}
