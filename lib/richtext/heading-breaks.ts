// Jira wiki headings whose line breaks an export dropped ("h3. Steps to Reproduce set the font ... h3. Actual
// Result the font is back to 10 pt"): the breaks put back, and a template heading's name told from the text that
// followed it on the same line. Used where Jira wiki is read as rich text and where the engine reads sections.

// A template's heading names, as they stand before their text when the lines ran together.
const NAMES = String.raw`(?:steps to reproduce|how to reproduce|to reproduce|reproduction steps|steps|expected results?|expected behaviou?rs?|expected|actual results?|actual behaviou?rs?|actual|observed behaviou?rs?|observed results?|environment|impact|acceptance criteria|definition of done|done when)`;
const HEADING_NAME = new RegExp(String.raw`^${NAMES}\b[ \t]*:?[ \t]+(?=\S)`, "i");
/** A heading that is a name and nothing else ("Steps to Reproduce", "Expected Results:"). */
const NAME_ALONE = new RegExp(String.raw`^${NAMES}[ \t]*:?[ \t]*$`, "i");

/**
 * A space or tab just before "h3. Title" in the middle of a line becomes a line break: the same length, so every
 * offset into the text still points at the same words.
 */
export function restoreHeadingBreaks(text: string): string {
  return text.replace(/(?<=\S)[ \t](?=h[1-6]\.[ \t]+[A-Z*])/g, "\n");
}

/**
 * A heading's text that starts with a template heading's name and goes on ("Steps to Reproduce set the font"):
 * the name, and where the rest starts in `title`; null when the title is a heading of its own.
 */
export function headingNameAndText(title: string): { name: string; textStart: number } | null {
  // A longer name whole is no shorter name with text after it: "Steps to Reproduce" is not "Steps" over "to
  // Reproduce", nor "Expected Results" "Expected" over "Results".
  if (NAME_ALONE.test(title.trim())) return null;
  const m = HEADING_NAME.exec(title);
  return m ? { name: m[0].replace(/[ \t]*:?[ \t]+$/, ""), textStart: m[0].length } : null;
}
