// What a program wrote into a ticket, not its author: Jira `{code}` and `{noformat}` blocks, Markdown fences, stack
// frames and log stamps. A reader skims past them; the rules that weigh the author's words (how long the ticket
// is) read the text with them blanked out. Offsets stay where they were, so a finding still points at its words.

/** `{code}` / `{noformat}` blocks (an unclosed one runs to the end) and fenced blocks. */
const BLOCK = /\{(code|noformat)(?::[^{}\n]*)?\}[\s\S]*?(?:\{\1\}|$)|```[\s\S]*?(?:```|$)/g;
/** A stack frame, "at" or not ("at com.acme.Foo.bar(Foo.java:12)", "Path.toOSString(Path.java:905)"). */
const FRAME = /(?:\bat\s+)?[\w$<>-]+(?:\.[\w$<>-]+)+\((?:[\w$.-]*(?::\d+)?|Native Method|Unknown Source)\)/g;
/**
 * A line that opens with a stack frame, "at" or not, named in full with its source file and line or as native or
 * unknown ("org.acme.Loader.load(Loader.java:12)"): what the program printed as it failed, not code of the reporter's,
 * which a call with a dotted argument ("console.log(a.outputLatency)") is.
 */
export const FRAME_LINE = /^\s*(?:at\s+)?[\w$<>-]+(?:\.[\w$<>-]+){2,}\((?:[\w$-]+\.[a-z]{1,6}:\d+|[\w$-]+\.java|Native Method|Unknown Source)\)/;
/** Log stamps and markers: "2013-02-20 13:54:11.963", "[15:28:49]", "!ENTRY", "... 12 more". */
const STAMP = /\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?|\[\d\d:\d\d:\d\d\]|!(?:ENTRY|MESSAGE|STACK|SUBENTRY)\b|\.\.\. \d+ more\b/g;

const blank = (m: string) => m.replace(/[^\n]/g, " ");

/** The text with what a program wrote blanked out, the same length as the text. */
export function authorsText(text: string): string {
  if (!text) return text;
  return text.replace(BLOCK, blank).replace(FRAME, blank).replace(STAMP, blank);
}

/**
 * The text with its line breaks put back where an export took them all out: such an export keeps two or more spaces
 * where each break was ("Need to do:  * Upgrade CXF  * Test the components"). A run after a word `runsOn` names is
 * kept (the bug readers': "click on  Save  and", where quotes were lost, not a line). The break takes the run's last
 * space, so the line before ends in the others and the text keeps its length (offsets hold); a text with a line
 * break is left as it is.
 */
export function withLineBreaks(text: string, runsOn?: RegExp): string {
  if (text.includes("\n")) return text;
  return text.replace(/(\b[\w']+)?(\S) {2,}(?=\S)/g, (m, word: string | undefined, c: string) =>
    runsOn?.test(`${word ?? ""}${c}`) ? m : `${word ?? ""}${c}${" ".repeat(m.length - (word ?? "").length - 2)}\n`);
}
