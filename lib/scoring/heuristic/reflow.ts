// Text a tracker hard-wrapped at a fixed width, read as its author wrote it.
//
// Bugzilla stored and mailed comments wrapped at 80 columns for years: a third of the shared Eclipse reports break
// their sentences mid-clause ("every download that completes is listed in the Downloads\nwindow as ..."). The readers
// read lines (a list item, a label, a command, a section's first line), so a sentence cut in two reads as two lines: a
// step where there is none, or none where a line-long step was cut. A text is taken as wrapped when no line of prose
// is longer than the width a tracker wraps at; a line that reaches near that width and is followed by a line that goes
// on (not a blank, a list item, a label, an indented or code line) was cut there, and the break becomes a space. Offsets
// are kept: the text has the same length, so every finding still points at the same words.

import { consoleSessionLines, SENTENCE_WORDS } from "./bug-readers";

/**
 * The text with Windows line ends ("\r\n", a space and a line break) and old Mac ones ("\r", a line break) made plain,
 * and the spaces a page or a word processor pastes (no-break, thin, ideographic) made a space: the readers look for
 * "\n" between lines and " " between words. Same length, so offsets are kept. (Read on the written reports with their
 * line ends made "\r\n": missing-EB F1 on httpd fell 0.903 -> 0.832, and with every seventh space a no-break one,
 * Firefox's 0.868 -> 0.836.)
 */
export function plainSpaces(text: string): string {
  return /[\r\u00a0\u2000-\u200a\u202f\u205f\u3000]/.test(text)
    ? text.replace(/\r\n/g, " \n").replace(/\r/g, "\n").replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, " ")
    : text;
}

/**
 * The text with a mail's or a Markdown quote's marks taken off its lines ("> Steps to Reproduce:", nested "> > "),
 * each mark made a space, so offsets are kept: a report forwarded from a mail, or a customer's words an agent quotes
 * as they file them, says what it says without the marks. Not a Python prompt (">>> "). (Read on the written reports
 * with every line quoted: missing-EB F1 on the Firefox reports the readers were written from fell 0.940 -> 0.691.)
 */
export function unquoted(text: string): string {
  return /^[ \t]*>/m.test(text) ? text.replace(/^[ \t]*(?!>>> )(?:>[ \t]?)+/gm, (marks) => " ".repeat(marks.length)) : text;
}

/**
 * The text with a template's comments blanked ("<!-- describe the problem -->", "<!-- -->"), each character made a space
 * so offsets are kept: a tracker shows none of it, it is the form's prompt and never the reporter's words (twentieth
 * pass, bands-read-18: an issue template left as it came, its prompts in comments, scored 66% with no missing
 * expected result). A server-side include ("<!--#include virtual=... -->", "<!--#if expr=... -->") is code, kept; so is
 * a comment with no end.
 */
export function uncommented(text: string): string {
  if (!text.includes("<!--")) return text;
  const blanked = text.replace(/<!--(?!#)[\s\S]{0,400}?-->/g, (c) => c.replace(/[^\n]/g, " "));
  // Comments and nothing else leave no words: an empty description.
  return /\S/.test(blanked) ? blanked : "";
}

/** The widest a tracker wraps at; a text with a longer line of prose was not wrapped. */
const WRAP_WIDTH = 80;
/** Lines shorter than this are not taken for a wrap width: the whole text is short lines. */
const NARROWEST_WRAP = 60;
/** How far short of the width a cut line may end: the next word did not fit, and words run to about this length. */
const LAST_WORD = 20;

/** A line a tracker does not wrap, or that is no prose: indented, code, a prompt, a quote, a URL alone. */
const NOT_PROSE = /^\s|^[<$#>|`{}[\]]|[{};]\s*$|^\S+:\/\/\S+$/;
/** A tracker's own field, wrapped as prose is though its browser string ends a line in ";" ("User-Agent: ... en-US;"). */
const TRACKER_FIELD = /^(?:User[- ]Agent|Build Identifier|Build ID):/i;
/**
 * Words every sentence has and a configuration line, a log line or a program's output seldom does
 * ("Require ldap-group cn=staff,...", "configure.in:123: error: possibly undefined macro: AC_PROG_LIBTOOL").
 */
const FUNCTION_WORD = new RegExp(`\\b(?:${SENTENCE_WORDS}|in|on)\\b`, "gi");
const prose = (line: string) => TRACKER_FIELD.test(line) || (!NOT_PROSE.test(line) && (line.match(FUNCTION_WORD) ?? []).length >= 2);
/**
 * A line that starts something of its own: a list item (its number run into its first word too, "2.Build & run some
 * apps"), a label ("Actual Results:"), a heading, a table row.
 */
const STARTS_OWN = /^(?:\s|\d+[.)]\s|\d{1,2}[.)](?=[A-Za-z]{2})|[-*•+]\s|[a-z][.)]\s|#|h\d\.\s|\||[A-Z][\w /()-]{0,30}:(?:\s|$)|[<$>`{}[\]])/;

/** The text with each break a fixed-width wrap made turned into a space; the text itself when it was not wrapped. */
export function reflowed(text: string): string {
  if (!text.includes("\n")) return text;
  const lines = text.split("\n");
  // (a console session's lines are no prose, whatever words they hold)
  const session = consoleSessionLines(lines);
  const isProse = lines.map((l, i) => !session[i] && l.trim() !== "" && prose(l));
  const proseLines = lines.filter((_, i) => isProse[i]);
  if (proseLines.length < 2) return text;
  const width = Math.max(...proseLines.map((l) => l.length));
  if (width > WRAP_WIDTH || width < NARROWEST_WRAP) return text;
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const next = lines[i + 1];
    out += line;
    if (next === undefined) break;
    const cut = line.length >= width - LAST_WORD && isProse[i] && !/:\s*$/.test(line) && next.trim() !== "" && !STARTS_OWN.test(next);
    out += cut ? " " : "\n";
  }
  return out;
}
