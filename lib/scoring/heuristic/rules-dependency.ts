// INVEST "independent": mentions of other tickets and of work this story waits for, in any field.
import type { FindingField } from "../types";
import { found, type Found, type RuleInput } from "./finding";
import { DEPENDENCY_PHRASES } from "./lexicon";
import { isChildReference } from "./rules-epic";

const TICKET_KEY = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&])#\d{1,6}\b/g;
// "after the login story", "once PROJ-12 is done": an order between pieces of work, in any field.
const PHRASES = new RegExp(`\\b(?:${DEPENDENCY_PHRASES.join("|")}|(?:after|once|until|before)(?=\\s+(?:the\\s+|this\\s+|that\\s+)?(?:[\\w-]+\\s+)?(?:[A-Z][A-Z0-9]{1,9}-\\d|#\\d|stor(?:y|ies)\\b|ticket|task\\b|epic\\b)))\\b`, "gi");
// In the story sentence "depends on" is often the domain ("the packages my project depends on"); there it has to
// name other work to count.
const WORK = /^\W*(?:\w+\W+){0,3}?(?:[A-Z][A-Z0-9]{1,9}-\d{1,6}|#\d{1,6}|stor(?:y|ies)|tickets?|tasks?|issues?|epics?|features?|teams?|releases?|sprints?)\b/i;

/** Words that make a mentioned ticket one this work waits on, before or after the key, in the same sentence. */
const WAITS_BEFORE = /\b(?:depends? on|dependent on|dependency on|depending on|blocked by|blocked on|waits? (?:for|on)|waiting (?:for|on)|requires?|until|prerequisite|pre-requisite|on top of|builds? on|is blocking|blocks|must wait|can(?:no|')?t start (?:before|until))\b[^.\n]{0,40}$/i;
const WAITS_AFTER = /^[^.\n]{0,40}?\b(?:is|are|has been|gets?) (?:done|merged|fixed|resolved|finished|completed|released|delivered|implemented|in place|available)\b|^\s*(?:must|has to|needs to|should) (?:be )?(?:done|merged|fixed|finished|land|go) first\b|^\s*(?:first|is a prerequisite|blocks (?:this|it))\b/i;
/** Mentions that are no ticket: encodings, standards, product versions ("UTF-8", "ISO-8859", "JDK-8", "TLS-1"). */
const NOT_A_KEY = /^(?:UTF|UCS|ISO|CP|WINDOWS|IEC|RFC|JSR|JDK|JRE|JEP|PEP|ECMA|ES|TLS|SSL|SHA|MD|AES|RSA|HTTP|HTTPS|IPV|X|H|MP|WIN|CVE|CWE|JIRA|LIB|V|R|Q|GB|KB|MB|IE|OS|SP|API|ART|RC|M|BETA|ALPHA|BUILD|RELEASE|PHASE|STEP|ANSI|ASCII|EUC|KOI|BIG|SJIS|LATIN)-\d/i;

/** Whether a mentioned key is work this ticket waits on: dependency words beside it, or a link typed as blocking. */
function isDependencyReference(text: string, at: number, key: string, input: RuleInput): boolean {
  if (NOT_A_KEY.test(key)) return false;
  // A user story's own sentence that names another ticket builds on it ("... to account for the rule updates in
  // DB-2213"): the need itself is tied to that work.
  if (input.story.roleIndicator && text === input.summary) return true;
  if (key.startsWith("#")) {
    // A stack frame or a numbered line ("#0 /var/www/app.php(12)", "#1 {main}"), a list marker: no ticket.
    const line = text.slice(at, text.indexOf("\n", at) === -1 ? undefined : text.indexOf("\n", at));
    if (/^#\d+\s+(?:[\\/{\w.:-]+\(|\{main\}|[\w\\/.:-]+[\\/.][\w]+|0x)/.test(line)) return false;
  }
  // A typed link from the tracker ("is blocked by", "depends on") says so whatever the text says.
  const links = (input.ticket as { links?: unknown }).links;
  if (Array.isArray(links) && links.some((l) => typeof l === "object" && l && JSON.stringify(l).includes(key) && /block|depend/i.test(JSON.stringify(l)))) return true;
  // The dependency words are English: in another language a key that is no stack frame, version or encoding is
  // read as before issue 50, as work the ticket waits on (the structure is judged in every language).
  if (input.language && input.language !== "en") return true;
  const before = text.slice(Math.max(0, at - 60), at);
  const after = text.slice(at + key.length, at + key.length + 60);
  return WAITS_BEFORE.test(before) || WAITS_AFTER.test(after);
}

export function dependencyFindings(input: RuleInput): Found[] {
  const { ticket, summary, description, criteria } = input;
  const findings: Found[] = [];
  const ownKey = ticket.key?.trim();
  // A bug, a task or a ticket nothing decided the kind of is not told it is a story.
  const noun = input.kind === "story" && input.kindBy !== "default" ? "story" : "ticket";
  const fields: [FindingField, string][] = [["summary", summary], ["description", description], ["acceptance_criteria", criteria]];
  for (const [field, text] of fields) {
    if (!text) continue;
    TICKET_KEY.lastIndex = 0;
    let m: RegExpExecArray | null;
    let keys = 0;
    while ((m = TICKET_KEY.exec(text)) !== null && keys < 3) {
      if (m[0] === ownKey) continue;
      // A mention is no dependency (lib/scoring/README.md, "Context rules"): a stack frame ("#0 /src/app.php"), a
      // version or an encoding ("UTF-8", "ISO-8859", "JDK-8"), or an issue named as where something was noticed
      // ("while testing PROJ-3120", "follow up of PROJ-1189"). A key counts when the ticket says it waits on it.
      if (!isDependencyReference(text, m.index, m[0], input)) continue;
      // An epic's child stories, listed by key, are its breakdown, not work it waits for.
      if (field === "description" && input.kind === "epic" && isChildReference(input, m.index)) continue;
      keys++;
      // A bug or a task is not merged with the ticket it waits on: the team plans it after that one, or the
      // author says what it needs from it so it can be taken on alone.
      findings.push(found("independent.ticket_reference", "high", `The ${noun} waits on ${m[0]}.`,
        noun === "story" ? "Merge the two stories or remove the dependency, so each can be planned on its own."
          : `Record the order as a link to ${m[0]} in the tracker, or say what this ticket needs from it so it can be planned on its own.`,
        { field, start: m.index, end: m.index + m[0].length }));
    }
    PHRASES.lastIndex = 0;
    let phrases = 0;
    while ((m = PHRASES.exec(text)) !== null && phrases < 2) {
      // In any field a phrase has to name other work ("depends on the order of the list", "same as Stash
      // functionality", "Prerequisite JDK could not be downloaded" are the domain, not an order between tickets).
      const rest = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
      if (!WORK.test(rest)) continue;
      // "after PROJ-12, the list shows 30 characters": when something changed, not work this one waits for.
      if (field !== "summary" && /^(?:after|once|before)$/i.test(m[0]) && !WAITS_AFTER.test(rest.replace(/^\W*\S+/, ""))) continue;
      phrases++;
      findings.push(found("independent.dependency", "medium", `"${m[0]}" makes the ${noun} wait on other work.`,
        "Record the dependency as a link in the tracker, or split the stories so they do not wait on each other.",
        { field, start: m.index, end: m.index + m[0].length }));
    }
  }
  return findings;
}
