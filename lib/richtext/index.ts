// Tracker rich text (Jira wiki markup, HTML, Markdown, Atlassian Document Format) read as plain text.
export type { Markup } from "./blocks";
export { detectMarkup } from "./detect-markup";
export { readRichText, type RichText } from "./read-rich-text";
