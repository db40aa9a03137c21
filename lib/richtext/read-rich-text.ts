// Reads a tracker field (Jira wiki, HTML, Markdown, ADF or plain text) as plain text, optionally moving its
// acceptance-criteria section out. Every markup becomes blocks first, so all of them are read the same way.
import { adfToBlocks } from "./adf-blocks";
import { MAX_INPUT, type Block, type Markup } from "./blocks";
import { splitCriteriaSection } from "./criteria-section";
import { adfDocument, detectMarkup } from "./detect-markup";
import { htmlToMarkdown } from "./html-to-markdown";
import { jiraToMarkdown } from "./jira-to-markdown";
import { markdownToBlocks } from "./markdown-blocks";
import { plainToBlocks } from "./plain-blocks";
import { renderBlocks } from "./render-blocks";

export interface RichText {
  /** Plain text: headings and paragraphs as lines, list items as "- " lines (nested ones indented by two spaces), table rows as cells joined by " | "; a blank line between blocks. */
  text: string;
  /** The acceptance-criteria section's text, when `splitCriteria` is set and one is found (it is then not in `text`); null otherwise. */
  criteria: string | null;
  markup: Markup;
}


const MARKUPS: ReadonlySet<string> = new Set<Markup>(["plain", "markdown", "jira-wiki", "html", "adf"]);

function toBlocks(value: unknown, markup: Markup): Block[] {
  if (typeof value !== "string") {
    const doc = adfDocument(value) ?? (markup === "adf" && value && typeof value === "object" ? value : null);
    return doc ? adfToBlocks(doc) : [];
  }
  if (markup === "adf") {
    const doc = adfDocument(value);
    return doc ? adfToBlocks(doc) : plainToBlocks(value.slice(0, MAX_INPUT));
  }
  const text = value.slice(0, MAX_INPUT);
  switch (markup) {
    case "markdown":
      return markdownToBlocks(text);
    case "jira-wiki":
      return markdownToBlocks(jiraToMarkdown(text));
    case "html":
      return markdownToBlocks(htmlToMarkdown(text), 1);
    default:
      return plainToBlocks(text);
  }
}

function read(value: unknown, markup: Markup, splitCriteria: boolean): RichText {
  const blocks = toBlocks(value, markup);
  if (!splitCriteria) return { text: renderBlocks(blocks), criteria: null, markup };
  const { rest, criteria } = splitCriteriaSection(blocks);
  const criteriaText = criteria ? renderBlocks(criteria) : "";
  return { text: renderBlocks(rest), criteria: criteriaText || null, markup };
}

/**
 * Reads a field value as plain text. Total: never throws, whatever the value; the text and the criteria are at
 * most MAX_TEXT characters each. Anything but a string or an ADF document reads as "".
 */
export function readRichText(
  value: unknown,
  options?: {
    /** Read as this markup instead of guessing it. */
    markup?: Markup;
    /** Move a section headed "Acceptance criteria" (or "AC", "Acceptance tests", ...) out of the text into `criteria`. */
    splitCriteria?: boolean;
  },
): RichText {
  let markup: Markup = "plain";
  try {
    const forced = options?.markup;
    markup = typeof forced === "string" && MARKUPS.has(forced) ? forced : detectMarkup(value);
    // "adf" forced on a string that holds no ADF document (Jira's REST API v2 gives wiki markup): read it by its signs.
    if (markup === "adf" && typeof value === "string" && !adfDocument(value)) markup = detectMarkup(value);
    return read(value, markup, options?.splitCriteria === true);
  } catch {
    // A converter that gave up (a stack too deep for a pathological nesting, say): the value as plain text.
    try {
      return { ...read(typeof value === "string" ? value : "", "plain", options?.splitCriteria === true), markup };
    } catch {
      return { text: "", criteria: null, markup };
    }
  }
}
