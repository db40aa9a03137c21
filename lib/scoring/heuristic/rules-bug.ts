// A bug report's evidence (lib/scoring/README.md, "Work item kinds"): what should happen, checked against what
// happens (testable); steps to reproduce and the environment (estimable); who is affected and how badly
// (valuable); one defect (small); the failure, not the code change (negotiable).
import type { PerDimension } from "../types";
import { found, type Found, type RuleInput, withDescription } from "./finding";
import type { FindingField } from "../types";
import { aboutPeople, actionStem, addsNothing, blankMatches, CHAT_SPEAKER, codeLines, expectedIn, GREETING, MAIL_HEADER, MAIL_SIGNATURE, NO_STEPS, PLEA_TO_FIX, impactIn, observedIn, pastAction, QUESTION, stepsIn, titleAsksFor, withoutChatHeads, withoutLabels, withoutSessions, type Read } from "./bug-readers";
import { FAILURE, SYMPTOM, withoutLabel } from "./kind-of";
import { evidenceAt, phraseEvidence, q, sectionEvidence, sections, missingWhy, sentenceEvidence, summaryQuote, type Evidence } from "./kind-text";
import { hasContent, orderedSteps, sectionWith, TEMPLATE_EXAMPLE } from "./sections";

/**
 * Where it ran: a browser, an operating system, a device, a version or build, a stage, the deploy it came with, a region or
 * cluster, the web, desktop or mobile app. Builds as a browser's and a web server's trackers name them count too: a nightly,
 * trunk or a debug build, a User-Agent ("Gecko/20050315", "rv:1.9.2"), "Win7", "FF 5", a program with its version ("httpd
 * 2.2.3", "OpenSSL 1.0.1"), "2.2.x", a revision ("r1050123"), "26 release", a Unix or a machine ("Solaris 10", "x86_64", "a
 * 2011 MacBook Air"), a game console ("PS5", "Xbox Series X"), a numbered patch, hotfix or firmware ("patch 1.04", "FW
 * 4.11"; bands, fifth pass). A URL's host ("http://localhost/", "localhost:8009") and an IP address are where a request went, not
 * an environment. Nor is a name inside a dotted identifier ("com.acme.mobile.ui.android.launch" in a stack frame, a
 * package or a plug-in id): the program's code is named, not where it ran (fifteenth pass, the Jira bug reading).
 */
export const ENVIRONMENT = /\b(?!(?<=\w\.)[a-z\d_]+\.\w)(?:chrome|chromium|firefox|safari|edge|opera|internet explorer|ie ?\d+|ios|ipados|android|windows|macos|mac ?os|os ?x|linux|ubuntu|iphone|ipad|pixel \d|galaxy|samsung|(?:version|release|build|v)\s?\d+(?:\.\d+)+|(?<![\d.])\d+\.\d+\.\d+(?!\.\d)|staging|production|prod|uat|sandbox|(?:qa|test|dev) environment|(?<!\/\/|@)localhost(?![:/]\w)|node(?:\.js)? \d+|java \d+|(?:oracle|mysql|postgres(?:ql)?|sql ?server|db2|sybase|teradata|mongodb|derby|hsqldb)\s+(?:db|database|server|\d+(?:\.\d+)*[a-z]?)|python \d\.\d+|(?:since|after|before) (?:the |our |last |this |yesterday['’]?s |today['’]?s |\w+day['’]?s )?(?:deploy|deployment|release|update|upgrade|build|migration|rollout)|build(?: id| identifier| number)?\s*:\s*\S+|build #?\d{3,}|(?:eu|us|uk|apac|emea|asia|europe|[a-z]{2}-[a-z]+-\d) (?:cluster|region|data ?cent(?:er|re))|region [a-z]{2}-[a-z]+(?:-\d)?|(?:web|desktop|mobile) (?:app|client)|win(?:dows)? ?(?:xp|vista|me|nt|2000|2k|7|8(?:\.1)?|10|11|9[58])|winnt|vista|(?:ff|fx) ?\d+(?:\.\d+)*|trunk|nightly|nightlies|aurora|mozilla-central|(?:debug|opt|optimi[sz]ed|release|official|source) build|gecko\/\d{8}|rv:\d+(?:\.\d+)+|mozilla\/5\.0|(?:httpd|apache|apr(?:-util)?|openssl|php|perl|mod_perl|tomcat|gcc|xlc|glibc|kernel|jdk|jre|pcre|libxml2|apxs)[ /-]?v?\d+(?:\.\d+)+|\d+\.\d+\.x|r\d{5,}|\d+(?:\.\d+)* (?:release|beta|esr)|solaris|freebsd|openbsd|netbsd|aix|hp-?ux|debian|centos|rhel\d*|red ?hat|fedora|suse|sles|gentoo|cygwin|mingw|x86_64|amd64|i[3-6]86|sparc|powerpc|ppc64|aarch64|arm64|(?:32|64)-?bit|macbook(?: air| pro)?|imac|thinkpad|mac(?! address)|playstation ?\d?|ps[2-5]|xbox(?: one| series [xs])?|nintendo switch|steam deck|(?:patch|hotfix|firmware|fw)\s?v?\d+(?:\.\d+)+)\b/i;
/**
 * A product named with its version ("Reporter 4.0", "Studio 3.2.1"; a capitalised name, not a currency or a section), or
 * a nightly or integration build stamp: a letter and the build's date and time ("I20040210-1200"). Since the twelfth
 * bands pass (read-11): a name of a word or two and its version opening a bracket or a line, before a comma or the
 * bracket's end ("(webshop 10.2, any browser)", "School admin 3.2, Northfield instance"): where it ran, however the
 * name is written. Not an amount or a measure ("(worth 12.50)", "(about 2.5, on average)").
 */
export const PRODUCT_VERSION = /(?:^|\(|\n)[ \t]*(?!(?:about|around|approx(?:imately)?|roughly|nearly|almost|over|under|up|only|just|worth|total|costs?|price[ds]?|paid|charged|avg|average|mean|max|min|score[ds]?|rated?|rating|ratio|factor|was|were|is|are|at|of|by|to|from|now|then|and|or|ca|circa|est|eur|usd|gbp)\b)[A-Za-z][\w-]*(?: [a-z][\w-]*)? v?\d+\.\d+(?=[,)])|\b[A-Z]\d{8}(?:-?\d{4})?\b|\b(?!(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|Section|Step|Chapter|Page|Figure|Table|Rule|Item|Line|Article)\b)[A-Z][\w+-]*[A-Za-z]\s+v?\d+\.\d+(?:\.\d+)*\b/;
/**
 * A line of code, markup or a stack frame: not an account in words. Linear on any line: a section blanked out of
 * the prose is a run of spaces as long as the section, and "^\s*" followed by ".*" would try every split of it.
 */
const CODE_LINE_OR_TRACE = /^\s*(?:at [\w$.<>]+\(|[<{}\]]|[\w.]+(?:Exception|Error)\b|!\s*(?:ENTRY|MESSAGE|STACK))|[;{}]\s*$/;
/**
 * A report on the documentation or on a text's wording ("Typo in mod_expires docs", "Upgrading doc doesn't mention ..."):
 * the page or the message is named, and no build, browser or system changes what it says.
 */
const ABOUT_TEXT = /\b(?:docs?|documentation|manual|man ?pages?|typos?|misspel\w*|spelling|wording)\b/i;
/** A template's example in brackets, left in place (sections.ts's `TEMPLATE_EXAMPLE`, which its template lines read too). */
const TEMPLATE_EXAMPLE_ONE = new RegExp(TEMPLATE_EXAMPLE, "i");
const TEMPLATE_EXAMPLE_ALL = new RegExp(TEMPLATE_EXAMPLE, "gi");
/**
 * A correction written with an arrow in a report on a typo or a text's wording ('"more then 0" -> "more than 0"'): the
 * second text is what should be there, as '"x" should be "y"' says (ninth pass). Only in such a report: elsewhere a quoted
 * arrow is a menu's path ('"Automatically sync ..." -> "Automatically sync from my machine ..."').
 */
const ABOUT_WORDING = /\b(?:typos?|misspel\w*|spelling|wording|grammar)\b/i;
const CORRECTED_LINE = /^-(?!--)[^\n]*\S[^\n]*\n(\+(?!\+\+)[^\n]*\S[^\n]*)/m;
const CORRECTED_TO = /["“'‘`][^"“”'‘’`\n]{1,60}["”'’`][ \t]*(?:->|→|=>)[ \t]*["“'‘`][^"“”'‘’`\n]{1,60}["”'’`]/;
/**
 * In such a report, the text named with the words it holds, quoted ("The manual for X says 'the the' in its second
 * paragraph", "the default config has 'recieve' in a comment"): the wrong text is what is seen, and the page that "says"
 * it states no behaviour it should have (sixteenth pass, read-15 httpd). Elsewhere "the docs say '...'" still names what
 * the program should do.
 */
const TEXT_HOLDS = /\b(?:says?|said|reads?|has|have|had|contains?|contained|shows?|showed|uses?|used|writes?|wrote|spells?|spelt|spelled)[ \t]+(?=["“'‘`][^"“”'‘’`\n]{1,60}["”'’`])/gi;
function wordingSeen(input: RuleInput): Read[] {
  if (!ABOUT_WORDING.test(`${input.summary}\n${input.description}`)) return [];
  return [...input.description.matchAll(TEXT_HOLDS)].map((m) => ({ start: m.index, end: m.index + m[0].trimEnd().length }));
}
/**
 * A description that points back at the title ("as summary", "see title") and names where it ran: it adds nothing to
 * the title's account of what happens (ninth pass).
 */
const TO_TITLE = /\b(?:as|see|same as|like)\s+(?:in\s+|per\s+)?(?:the\s+)?(?:summary|title|subject)\b/i;
/**
 * A sentence that says only since when it fails ("it started yesterday", "this began after the update") or that it fails
 * the same elsewhere ("safe mode same thing", "new profile, same problem"): no account of what is seen, as where it runs
 * is none (fifteenth pass, firefox).
 */
const SINCE_OR_SAME_ALL = /(?=\S)(?<=^|[.!?;]\s*|\n\s*)(?:(?:it|this|that|the (?:problem|crash|issue|bug))\s+(?:started|began|begun|appeared|came back)\s+(?:again\s+)?(?:yesterday|today|tonight|this (?:morning|week)|last (?:night|week|month)|recently|lately|(?:a few|two|three|\d+) (?:days|weeks|hours) ago|(?:after|with|since) (?:the |an? |my |this )?(?:update|upgrade|restart|reboot|install))|(?:[\w-]+,? ){1,3}(?:the )?same (?:thing|problem|crash|result|here))\s*(?=[.!;]|\n|$)/gim;
/**
 * A description that opens by saying the reporter meets the same ("+1, same on Debian after the upgrade", "me too with
 * 2.4.7", "Same here since Monday"): it points at the title, whose failure is the one told, and adds where and when
 * (fifteenth pass, read-14).
 */
const ME_TOO = /^\s*(?:\+1|me too|same here|same (?:problem|issue|error|thing|bug)?\s*(?=on|with|for|after|since|in|here|under)\b)/i;
/** Where it ran, each name with its number ("Debian 12"), and the pointer: what `TO_TITLE`'s description is left without. */
const TO_TITLE_ALL = new RegExp(TO_TITLE.source, "gi");
const ENVIRONMENT_ALL = new RegExp(`(?:${ENVIRONMENT.source})(?:[ \\t]+v?\\d+(?:\\.\\d+)*\\b)?`, "gi");
const PRODUCT_VERSION_ALL = new RegExp(PRODUCT_VERSION.source, "g");
/**
 * A scenario in the Given-When-Then layout: a line that opens with "Given" and a later one with "When", each maybe after
 * a "Scenario:" heading or a list mark. The state it starts from and the action taken are the steps to reproduce, as
 * a numbered list's are; the "Then" lines are the expected result (bands, ninth pass). The keyword may be set in bold
 * or italics ("**Given** ...", "- *When* ..."), as Markdown writers mark it (bands, eleventh pass), and its lines may
 * stand in paragraphs of their own, as a rich-text editor stores each line typed (an HTML import; markup pass).
 */
const SCENARIO = /^[ \t]*(?:[-*•]\s*)?(?:\*{1,2}|_{1,2})?given_{0,2}\b[^\n]*(?:\n(?:[ \t]*\n)?[ \t]*(?:[-*•]\s*)?(?:\*{1,2}|_{1,2})?(?:and|but)_{0,2}\b[^\n]*)*\n(?:[ \t]*\n)?[ \t]*(?:[-*•]\s*)?(?:\*{1,2}|_{1,2})?when_{0,2}\b[^\n]*/im;
/** A greeting or a sound of talk: "hey", "hi", "oh", "yeah", "ok", "hmm", "lol" (the `told` count leaves them out). */
const INTERJECTION = /^(?:hey|hi|hiya|hello|oh|ah|uh|um+|hm+|yeah|yep|yup|ok|okay|lol|haha)$/i;
/** A capability a title says the program should give: "should allow", "must support", "needs to let". */
const CAPABILITY_ASKED = /\b(?:should|must|needs? to)\s+(?:also\s+)?(?:allow|support|provide|let|offer|enable)\b/i;
/** A title that names a change to the code: the fix verbs and the ones a cleanup takes. */
const CHANGE_TITLE = /^(?:change|replace|add|remove|drop|delete|move|convert|rename|merge|split|clean|wrap|use|set|rewrite|patch|increase|decrease|catch|handle|return|swap|revert|refactor|simplify|kill|get rid of)\b/i;
/**
 * A change that fixes no failure: code no longer used, a cleanup, a refactoring, a test added with no code change.
 * "Remove the unused X" names the change and there is no failure to tell instead.
 */
const NO_FAILURE_CHANGE = /\b(?:unused|dead code|clean-?ups?|clean up|refactor\w*|no code change|no (?:functional|behaviou?r(?:al)?) changes?|no longer (?:used|called|needed)|no callers|nothing calls)\b/i;
/** A title's label that names a change that fixes no failure ("Cleanup: ...", "Code clean-up: ...", "Refactoring: ..."). */
const CLEANUP_LABEL = /^(?:code\s+)?(?:clean-?\s?ups?|refactor(?:ing)?)\s*:/i;
/** A sentence that asks for a change: "Please add ...", "Add the docroot to the message.", "It would be nice to ...". */
const ASKS_CHANGE = /^(?:please\b|(?:add|make(?! (?:install|clean|test|check|all|distclean)\b)|allow|let|support|document|include|provide|expose|increase)\b)|\b(?:please (?:add|make|allow|let|support|document|include|provide|expose|increase|log|show|consider)|would (?:be (?:nice|great|helpful|useful)|help)|i['’]?d like|feature request)\b/i;
/** What makes the failure go away or what works instead: "setting X makes it go away", "with Y everything works". */
const WORKAROUND = /\b(?:makes? (?:it|this|the \w+) (?:go away|disappear|work)|(?:goes|went) away|everything works|(?:it |that |this )?works (?:fine|again|then)|fixes it|work-?around)\b/i;
/**
 * An expected result that cannot be checked: "it should work", "works properly", the failure's bare negation ("not failed",
 * "no crash", "not hang"); "should just work" and a request for nothing a tester can see ("Please just make it better", "get
 * it working again"; twelfth pass).
 */
const VAGUE_EXPECTED = /^(?:(?:please\s+)?(?:just\s+)?(?:make|get)\s+(?:it|this|them|that|things|everything)\s+(?:work(?:ing)?|better|right|nicer|faster|easier|usable|good)(?:\s+again)?\s*[.!]*$|(?:(?:it|this|the \w+|everything|page|app|feature|firefox|apache|httpd|the (?:browser|server))\s+)?(?:should\s+)?(?:(?:just|simply)\s+)?(?:(?:be\s+)?(?:work(?:s|ing)?|fixed|ok|okay|fine|normal(?:ly)?|correct(?:ly)?|as expected)|(?:not|no|does(?:n['’]?t| not)|do(?:n['’]?t| not)|won['’]?t|never) (?:crash|fail|break|error|hang|freeze)(?:e?s|ed|ing)?)(?:\s+(?:properly|correctly|fine|normally|as expected|again|as before|anymore|any more))*\s*[.!]?$)/i;
/**
 * A failure whose opposite is what should happen: an exception or an error in the log, something that cannot be
 * done or is not done ("the Outline is not generated"), a thing done twice. "Doesn't work" has no opposite to check.
 * Since the twelfth bands pass (read-11): what is done to a state the report calls right ("an 'offline' alert each
 * evening, even though this is normal operation", "rejected although the code is valid"): its opposite, leaving the
 * normal or valid case alone, is what should happen.
 * Since the eighteenth pass: a program that freezes, hangs, stalls, locks up or stops answering, like one that crashes:
 * its opposite (it keeps answering) is as checkable as "it does not crash".
 */
const IMPLIED_EXPECTED = /\b(?:exceptions?|npe|errors?|crash(?:es|ed)?|fails?|failed|failing|freez(?:es|ing)|froze(?:n)?|hangs|hanging|hung|stall(?:s|ed|ing)|locks? up|locked up|unresponsive|can['’]?t|cannot|can not|unable to|(?:does|do|did|is|are|was|were|will|would)(?:n['’]?t| not)(?! (?:work|function)\w*\b)|won['’]?t|not (?:\w+ly )?(?!(?:resolved|fixed|addressed|sorted|handled|answered|solved|escalated|prioriti[sz]ed)\b)\w+(?:ed|en)|twice|(?:even though|although|despite)\b[^.;!?\n]{0,40}?\b(?:normal|valid|correct|allowed|legitimate|permitted|in stock|available)\b)\b/i;
/**
 * A second defect in the same report. "Also happens in staging ...", "Also reproduces on 2.0" tell the same failure in
 * another place, not a second one (bands, eleventh pass); "Also I added a comment ...", "Also we tried ..." tell what the
 * reporter did (markup pass, a Jira export).
 */
const ANOTHER = /^[ \t]*(?:[-*•]\s*)?(?:also(?!,?\s+(?:happens|happened|occurs|occurred|reproduces|reproduced|seen|shows up|showed up|(?:is|was) (?:seen|reproduced|reproducible)|(?:i|we)\s+(?:have\s+)?(?:added|attached|commented|mentioned|asked|wrote|posted|tried|checked|tested|raised|filed|reported))\b)|another (?:bug|issue|problem|defect)|second (?:bug|issue|problem|defect)|additionally|separately|unrelated)\b[^\n]*/gim;
/**
 * The same inside a line, at a sentence's start, when it names something new: "... Also the search box in the sidebar is
 * very slow, but that is another bug." ("Also the same happens in safe mode" tells the first one again.)
 */
const ANOTHER_IN_LINE = /(?=\S)(?<=[.!?][ \t]+)(?:also,? (?!the same\b)(?:the|a|an|my|our)\b|another (?:bug|issue|problem|defect)\b|(?:a )?second (?:bug|issue|problem|defect)\b|unrelated(?:ly)?,? )[^.!?\n]*/gi;
/** A summary that names the code change ("Add null check to applyCoupon()"), not the failure. */
const FIX_VERB = /^(?:change|replace|add|remove|wrap|use|set|rewrite|patch|increase|decrease|catch|handle|call(?! to\b)|return|swap|revert|null-?check)\b/i;
// A web server's modules ("mod_status", "mod_log_config") are what its users configure, not code: "Add JSON output to
// mod_status" asks for a feature.
const CODE = /\w+\(\)|\b\w+\.(?:ts|tsx|js|jsx|py|java|rb|go|cs|php|sql|kt|swift)\b|\b[a-z]+[A-Z]\w*\b|\b(?!mod_)[a-z]+_[a-z_]+\b|`[^`]+`|\b(?:null check|try\/catch|try-catch|if statement|query|index|column|function|method|variable|regex|config)\b/;

interface BugEvidence {
  expected: Evidence | null;
  actual: Evidence | null;
  steps: { evidence: Evidence | null; count: number; trigger: Evidence | null; mends?: boolean };
  environment: Evidence | null;
  impact: Evidence | null;
  /** No account of what happens, but the title names a failure: the description is expected to say what is seen. */
  titleNames: boolean;
  /** No failure word, but an account in sentences of a report that does not ask for something instead. */
  told: boolean;
  /** The expected result is read from a case that works, set beside the failing one. */
  workingCase: boolean;
  /** The report asks for something new (a request, a wish, a title that asks) and tells no failure. */
  asksOnly: boolean;
  /** A change that fixes no failure: its title names a change and its text a cleanup ("unused", "refactor", ...). */
  cleanup: boolean;
  /** Every statement of what happens in the title and the description is judged, not seen (`onlyJudgedFailure`). */
  judgedOnly: boolean;
  /** The statements of what happens `observedIn` reads in the title and in the description, read once per report. */
  seen: { title: Read[]; text: Read[] };
  /** Something that happens is read: an actual result, or a statement of what happens in the title or the description. */
  anyRead: boolean;
}

/** A line of the fields a tracker's form fills in by itself or asks in one word. */
const TRACKER_FIELD = /^[ \t]*(?:user[ -]?agent|build identifier|build id|reproducible|platform|operating system|os|product|component|version|hardware|severity|priority)[ \t]*:[^\n]*$/gim;

/** The description without its labelled sections (steps, expected, environment, ...): what the reporter wrote as prose. */
export function proseOf(input: RuleInput): string {
  let text = input.description;
  for (const sec of [...sections(input)].reverse()) {
    if (sec.key !== null) text = `${text.slice(0, sec.start)}${" ".repeat(sec.end - sec.start)}${text.slice(sec.end)}`;
  }
  return text;
}

/**
 * A text quoted twice, the same but for a letter or two added, dropped or changed inside its words ('"could not open dbm
 * file" is spelled "could not ope dbm file"', '"Lesezeichen-Symbolleistee" ... Richtig wäre "Lesezeichen-Symbolleiste"',
 * '"Pozostało 5 plik" - powinno być "Pozostało 5 plików"'): the text as it stands and as it should read, whatever the
 * language of the words around them (twentieth pass, expected results across writers). Only words: at least eight
 * characters of letters, digits, spaces, hyphens and apostrophes, so no path, file, URL or code ("/a.shtml", "/b.shtml");
 * not two that differ only by case, a space or a mark, or only in their digits ("file1", "file2").
 */
const QUOTED_WORDS = /(?<![\p{L}\p{N}])["“'‘]([\p{L}\p{N}](?:[\p{L}\p{N}]|[ '’-](?=[\p{L}\p{N}])){7,79})["”'’](?![\p{L}\p{N}])/gu;
function correctedText(text: string): Read | null {
  if (!/["“'‘]/.test(text)) return null;
  // (the first 60 quotes: a long log quoting hundreds of names is read in its opening, and the pairs stay few)
  const quoted = [...text.matchAll(QUOTED_WORDS)].slice(0, 60).map((m) => ({ said: m[1], start: m.index, end: m.index + m[0].length }));
  const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
  for (let i = 0; i < quoted.length; i++) for (let j = i + 1; j < quoted.length; j++) {
    const [a, b] = [quoted[i].said, quoted[j].said];
    if (a === b || letters(a) === letters(b) || a.replace(/\d/g, "") === b.replace(/\d/g, "")) continue;
    if (editsAtMost(a, b, 2)) return { start: quoted[i].start, end: quoted[j].end };
  }
  return null;
}
/** Whether one text becomes the other by at most `n` letters added, dropped or changed. */
function editsAtMost(a: string, b: string, n: number): boolean {
  if (Math.abs(a.length - b.length) > n) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    if (Math.min(...next) > n) return false;
    row = next;
  }
  return row[b.length] <= n;
}

/** A correction written with an arrow in a report on a typo or a wording (`CORRECTED_TO`): what should be there. */
function correction(input: RuleInput): Evidence | null {
  const pair = correctedText(input.description);
  if (pair) return evidenceAt(input, "description", pair.start, pair.end);
  if (!ABOUT_WORDING.test(`${input.summary}\n${input.description}`)) return null;
  const m = CORRECTED_TO.exec(input.description);
  if (m) return evidenceAt(input, "description", m.index, m.index + m[0].length);
  // A patch's line taken out and the line put in its place, in such a report ("-    the the Request" over "+    the
  // Request"): the added line is the text as it should read (fifteenth pass, httpd).
  const d = CORRECTED_LINE.exec(input.description);
  return d ? evidenceAt(input, "description", d.index + d[0].length - d[1].length, d.index + d[0].length) : null;
}

/** The first reading of a field, quoted as its sentence; generic ones ("doesn't work") only when nothing else is read. */
function firstRead(input: RuleInput, field: FindingField, reads: Read[]): Evidence | null {
  const specific = reads.find((r) => !r.generic) ?? reads[0];
  return specific ? sentenceEvidence(input, field, specific.start, specific.end) : null;
}

/** Where the paragraph that holds an offset ends: the next blank line, or the text's end. */
function paragraphEnd(text: string, from: number): number {
  const blank = /\n[ \t]*\n/g;
  blank.lastIndex = from;
  return blank.exec(text)?.index ?? text.length;
}

/** A section's text that is one or two lines, each a statement of what should happen and none a step. */
function holdsOnlyExpectation(text: string): boolean {
  const lines = withoutLabels(text).split("\n").map((l) => l.trim()).filter(Boolean);
  return lines.length > 0 && lines.length <= 2 && orderedSteps(text) === 0 && lines.every((l) => {
    const steps = stepsIn(l);
    return expectedIn(l).some((r) => r.kind === "modal" || r.kind === "expect") && !steps.at && !steps.trigger;
  });
}

/** A section's one or two lines of prose, with no list, address or code in them; null when it holds more or other. */
function plainLines(text: string): string[] | null {
  const lines = withoutLabels(text).split("\n").map((l) => l.trim()).filter(Boolean);
  if (lines.length === 0 || lines.length > 2 || orderedSteps(text) > 0 || /https?:\/\/|\bfile:\/|[{}<>$`]/.test(text) || codeLines(text) > 0) return null;
  return lines;
}

/**
 * A steps section of a line or two that tells only the failure ("it doesnt work", "the video is black since the update"):
 * what happens is read in it, and no action is, neither told ("Opened ... and pressed ...") nor given: each line opens
 * as a statement does, with its subject or its time ("it", "the video", "since the update"), not with a verb ("unplug
 * the machine; watch its tile"); no list, address or code either. The form's "Steps to reproduce" was filled with the complaint, not a way
 * there (fifteenth pass, firefox).
 */
const STATEMENT_OPENS = /^(?:it|its|it['’]s|this|that|these|those|the|a|an|my|our|your|their|his|her|i|we|they|he|she|you|there|nothing|everything|all|some|every|since|after|when|now|today|suddenly)\b/i;
function holdsOnlyFailure(text: string): boolean {
  const lines = plainLines(text);
  if (!lines) return false;
  const steps = stepsIn(text);
  if (steps.at || steps.trigger || steps.kinds.length > 0 || observedIn(text).length === 0) return false;
  const words = lines.join(" ").match(/[A-Za-z][\w'’-]*/g) ?? [];
  return !words.some((w) => pastAction(w)) && lines.every((l) => STATEMENT_OPENS.test(l) && !actionStem(/^([A-Za-z]+)/.exec(l)?.[1] ?? ""));
}

/**
 * A steps section of a line or two that names only what the reporter wanted to do ("Want to install my own add-on from
 * a file", "I was trying to print a long page"): a goal is one action at most, the one that sets the failure off, not a
 * way there (fifteenth pass, firefox). Not when the readers read steps in it ("I wanted to print, so I opened ... and
 * pressed ...").
 */
const GOAL_OPENS = /^(?:i\s+|we\s+)?(?:want(?:ed)?|would like|['’]d like|need(?:ed)?|(?:am|was|were|are)\s+trying|tried|try(?:ing)?)\s+to\s+[a-z]/i;
function holdsOnlyGoal(text: string): boolean {
  const lines = plainLines(text);
  return !!lines && GOAL_OPENS.test(lines[0]) && !stepsIn(text).at;
}

/**
 * A steps section that holds one action and nothing more: one line, or one numbered item with the others left empty
 * ("Open a big image gallery page", "Downloaded a file.", "1. use firefox / 2. / 3."). One action is what sets
 * the failure off, not a way there, whatever the heading over it says (the trigger, as decided in the third pass; the
 * nineteenth pass's steps reader, read across the read sets). Not a line the readers read steps in: no second clause or
 * action ("and", "then", a comma), no address, menu path or code, no test case named ("use the attached report design":
 * the attachment is the way there), and no more than twelve words; and only an action done to a thing not named or to
 * the program itself: one done to a place of its own ("click RSS link on heise.de", "Open gmail") or to any ("open any
 * page") is left as it was read.
 */
/** A test case named as the way there ("Preview attached report in ...", "use the attached report design"): a way there of its own. */
const ONE_ACTION_CASE = /\b(?:attach(?:ed|ment)?|test ?cases?|testcase|samples?|examples?|demo|reduced|minimal)\b/i;
/** A place or a thing of its own: a determiner that points at one, a name in capitals, a domain, a figure. */
const ONE_ACTION_PLACE = /\b(?:the|my|our|your|his|her|their|its|this|that|these|those)\b|(?<!^)\b(?!Firefox\b)[A-Z][\w'’-]*|\w\.[a-z]{2,}\b|\d/;
/**
 * A thing not named ("a file", "a big gallery page": which one is not given) or the program itself ("firefox"). Not one
 * done to any ("open any page", "type into any text box"), which says it happens on every one: a product owner's verdict
 * counts that a way there (written-reports/verdicts/bug.no_steps.jsonl, h3f-012).
 */
const ONE_ACTION_ANY = /\b(?:an?|some|something|firefox|it)\b/i;
const ONE_ACTION_EVERY = /\b(?:any|anything|anywhere|anyone|every|everything|each|all)\b/i;
const ONE_ACTION_JOINS = /[,;:]|\b(?:and|then|after|before|while|until|when|whenever|with|if|so)\b|[.!?]\s+\S/i;
function holdsOneAction(text: string): boolean {
  if (/https?:\/\/|\bfile:\/|\babout:|[{}<>$`=]/.test(text) || ONE_ACTION_CASE.test(text) || codeLines(text) > 0) return false;
  const lines = withoutLabels(text).split("\n").map((l) => l.trim().replace(/^(?:\d{1,2}[.)]|[-*•])[ \t]*/, "").trim()).filter(Boolean);
  if (lines.length !== 1) return false;
  const line = lines[0];
  const words = line.match(/[A-Za-z][\w'’-]*/g) ?? [];
  if (words.length > 12 || ONE_ACTION_JOINS.test(line)) return false;
  const first = /^([A-Za-z]+)/.exec(line)?.[1] ?? "";
  // (done to a thing not named, "a file", or to the program itself, "use firefox": a thing or a place of its own,
  // "the site of my radio", "RSS link on heise.de", "Open gmail", names where the failure is, and stays read as it was)
  const rest = line.slice(first.length);
  return (actionStem(first) || pastAction(first)) && !ONE_ACTION_PLACE.test(rest) && !ONE_ACTION_EVERY.test(rest) && (words.length === 1 || ONE_ACTION_ANY.test(rest)) && !stepsIn(line).at;
}

// The findings and the reasoning both read a report's evidence: it is read once per analysis.
const read = new WeakMap<RuleInput, BugEvidence>();

function bugEvidence(input: RuleInput): BugEvidence {
  let e = read.get(input);
  if (!e) read.set(input, (e = readBugEvidence(input)));
  return e;
}

function readBugEvidence(input: RuleInput): BugEvidence {
  const { summary, description } = input;
  const criteria = input.criteria.trim() ? evidenceAt(input, "acceptance_criteria", 0, input.criteria.length) : null;
  const asks = titleAsksFor(summary);
  // In a report on a typo or a wording, "the docs say 'the the'" quotes the wrong text, not a behaviour to hold the
  // program to (`TEXT_HOLDS`).
  const seenWording = wordingSeen(input);
  const statedIn = expectedIn(description).filter((r) => !(r.kind === "expect" && seenWording.some((w) => w.end >= r.start && w.end <= r.end + 1)));
  const stated = statedIn.find((r) => r.kind !== "working_case") ?? statedIn[0];
  const expected = sectionEvidence(input, "expected") ?? criteria ?? firstRead(input, "description", stated ? [stated] : []) ??
    firstRead(input, "summary", expectedIn(summary)) ?? (asks ? evidenceAt(input, "summary", asks.start, asks.end) : null) ?? correction(input);
  // A case that works ("This works fine on Chrome") is set beside the failure, not a vague expectation of its own.
  const workingCase = !sectionEvidence(input, "expected") && !criteria && stated?.kind === "working_case";
  const seenInText = observedIn(description);
  const seenInTitle = observedIn(summary);
  // The title names the failure; a description written in sentences is expected to say what happens. One that is
  // only labelled sections ("Environment: ...") or adds nothing to the title leaves the title's word standing.
  const prose = proseOf(input);
  // Quoted labels, identifiers and build stamps ("&Save and &Send", a build stamp) are data, not sentences.
  // A tracker's own fields ("User-Agent: ...", "Build Identifier: ...", "Reproducible: Always") are no sentences either.
  // A console session (a prompt, the commands typed and what the programs printed) holds none of the reporter's sentences
  // (twelfth pass, httpd).
  const wordsOf = (text: string) => withoutSessions(text).replace(TRACKER_FIELD, " ").replace(/"[^"\n]*"|“[^”\n]*”/g, " ").split(/\s+/).filter((w) => /^[\p{L}][\p{L}'’]+[,.;:!?]?$/u.test(w));
  const sentences = wordsOf(prose);
  // Where it runs and since when ("since Monday. macOS 14. firefox 122") is no sentence of the reporter's either: a
  // description that names only its environment leaves the title's word standing (fourteenth pass, read-12).
  const bare = sentences.length < 3 || addsNothing(summary, prose) ||
    wordsOf(prose.replace(ENVIRONMENT_ALL, " ").replace(PRODUCT_VERSION_ALL, " ").replace(SINCE_OR_SAME_ALL, " ")).length < 3 ||
    (TO_TITLE.test(prose) && addsNothing(summary, prose.replace(TO_TITLE_ALL, " ").replace(ENVIRONMENT_ALL, " ").replace(PRODUCT_VERSION_ALL, " "))) ||
    (ME_TOO.test(prose) && !seenInText.some((r) => !r.generic));
  // A change that fixes no failure ("Remove unused nsIFoo.bar": "nothing calls it any more", "Try run is green") tells
  // facts about the code, no behaviour of the program: no account is read from it, and it asks for a change
  // (thirteenth pass: five of six writers label such reports with no observed behaviour).
  // A title labelled with that sort of change ("Cleanup: remove unused nsIFoo declarations", "Refactor: ...") names it so
  // too, whatever verb follows (sixteenth pass, read-15 firefox); a prefix that names only the area ("[editor] clean up
  // ...") does not.
  const cleanup = (CHANGE_TITLE.test(withoutLabel(summary)) || CLEANUP_LABEL.test(withoutLabel(summary))) && NO_FAILURE_CHANGE.test(`${withoutLabel(summary)}\n${description}`);
  // Nor is a proposal to carry a change made on one branch to another ("Backport r123 to 2.2.x"), where neither the
  // title nor the description tells a failure: it names the change and how far it got, and asks for it (fifteenth pass,
  // read-14). Who the change helps is still asked, as of any request.
  const backport = /^back-?port\b/i.test(withoutLabel(summary)) && ![...seenInTitle, ...seenInText].some((r) => !r.generic);
  const actual = sectionEvidence(input, "actual") ?? (cleanup || backport ? null : firstRead(input, "description", [...seenInText.filter((r) => !r.generic), ...seenWording].sort((a, b) => a.start - b.start)) ??
    // A title that only names a failure ("Login broken") does not say what is seen; "never arrives" does.
    (bare ? firstRead(input, "summary", seenInTitle.filter((r) => !r.generic)) : firstRead(input, "description", seenInText)));
  // A steps section that says the reporter cannot reproduce it ("Unsure how to reproduce") holds no steps.
  // Nor does one that holds only what should happen ("Steps to reproduce: It should remember the zoom level for each site"):
  // the form misused, its expectation is read as one (twelfth pass).
  const stepsFound = NO_STEPS.test(description) ? null : sectionEvidence(input, "steps");
  // One that holds one action is the trigger: the section, heading and all, is no way there for the readers either.
  const oneAction = stepsFound && holdsOneAction(stepsFound.text) ? sectionWith(sections(input), "steps") : undefined;
  const stepsSection = stepsFound && (holdsOnlyExpectation(stepsFound.text) || holdsOnlyFailure(stepsFound.text) || holdsOnlyGoal(stepsFound.text) || oneAction) ? null : stepsFound;
  const stepsText = oneAction ? description.slice(0, oneAction.start) + " ".repeat(oneAction.end - oneAction.start) + description.slice(oneAction.end) : description;
  const inText = stepsIn(stepsText);
  const scenario = stepsSection || inText.at ? null : SCENARIO.exec(stepsText);
  const count = orderedSteps(stepsSection?.text ?? stepsText) || inText.count || (scenario ? scenario[0].trim().split(/\n/).filter((l) => l.trim()).length : 0);
  const steps = {
    // A snippet read as the way there whose first line holds no word ("{", "[") is quoted to its paragraph's end (fifteenth
    // pass, firefox): its first line alone quoted nothing, and the steps read were lost.
    evidence: stepsSection ?? (inText.at ? sentenceEvidence(input, "description", inText.at.start, inText.at.end) ?? evidenceAt(input, "description", inText.at.start, paragraphEnd(description, inText.at.start)) : null) ??
      (scenario ? evidenceAt(input, "description", scenario.index, scenario.index + scenario[0].length) : null), count,
    trigger: inText.trigger ? sentenceEvidence(input, "description", inText.trigger.start, inText.trigger.end) : oneAction && stepsFound ? stepsFound : null,
    mends: inText.trigger?.mends,
  };
  // An environment section that holds only a template's empty labels ("- OS:", "- Browser:") names no environment.
  const envSection = sectionEvidence(input, "environment");
  // A template's example ("- OS: [e.g. iOS]") names no environment (bands, eighth pass).
  // Nor does a mail program's signature ("Sent from my iPhone"): the phone the mail was sent from, not where it fails
  // (`MAIL_SIGNATURE`; twenty-first pass, bands).
  const unsigned = blankMatches(input.description, MAIL_SIGNATURE);
  const asWritten = withDescription(input, TEMPLATE_EXAMPLE_ONE.test(unsigned) ? blankMatches(unsigned, TEMPLATE_EXAMPLE_ALL) : unsigned);
  const environment = (envSection && /[\p{L}\p{N}]/u.test(withoutLabels(envSection.text)) ? envSection : null) ??
    phraseEvidence(asWritten, ENVIRONMENT) ?? phraseEvidence(asWritten, PRODUCT_VERSION);
  const impact = sectionEvidence(input, "impact") ?? firstRead(input, "description", impactIn(description)) ??
    firstRead(input, "summary", impactIn(summary)) ?? firstRead(input, "acceptance_criteria", impactIn(input.criteria));
  const titleNames = !actual && seenInTitle.length > 0;
  // An account of twenty words or more that names no failure word ("the old orders were deleted as well") is still an
  // account of what happens, unless the report asks for something instead (a request, a feature). Twenty was
  // chosen among 6, 12, 20 and 30 on the shared reports (lib/scoring/README.md, "Bug reports ...").
  // Questions ask; they are no account ("Shouldn't this return every post?").
  // An e-mail's headers say who wrote when (bands, seventh pass).
  // A template's labels and prompts left unfilled are the form's words (bands, eighth pass).
  // So are a pasted chat's times and names at the head of its lines ("[10:42] jen: ..."), and a plea to fix it with its
  // deadline ("needs to be fixed before the next one"; bands, twelfth pass), and the names heading a chat pasted without
  // times ("Jen: ...", "Tom: ..."; thirteenth pass, read-12).
  const statements = withoutChatHeads(withoutLabels(prose).replace(MAIL_HEADER, " ").replace(CHAT_SPEAKER, " ")).replace(PLEA_TO_FIX, " ").replace(/https?:\/\/\S+/g, " ").split("\n").filter((l) => !CODE_LINE_OR_TRACE.test(l)).join("\n")
    .split(/(?<=[.!?:])\s+|\n[ \t]*\n/).filter((s) => !(/\?\s*$/.test(s) && QUESTION.test(s.replace(GREETING, ""))))
    // Clauses about people (who tell, chase, want or feel: "the customer called twice", "their VP is threatening to
    // leave") are no account of what the program does (bands, sixth pass).
    .flatMap((s) => s.split(/,?\s(?=(?:and|but|so)\s)/)).filter((c) => !aboutPeople(c) && !addsNothing("", c)).join(" ");
  // Greetings and the sounds of talk ("hey", "oh yeah", "ok", "hmm") are no words of an account (bands, twelfth pass).
  const words = (statements.match(/[\p{L}]{2,}/gu) ?? []).filter((w) => !INTERJECTION.test(w));
  // A title that says what the program should let its users do ("The view should allow to add configurations") asks for
  // a capability: with no failure told, it is a request (fifteenth pass, the Jira bug reading).
  const asksInstead = !!asks || expectedIn(prose).some((r) => r.kind === "request" || r.kind === "wish") || CAPABILITY_ASKED.test(withoutLabel(summary));
  const told = !actual && words.length >= 20 && !asksInstead && !cleanup && !backport;
  return { expected, actual, steps, environment, impact, titleNames, told, workingCase, asksOnly: (asksInstead || cleanup || backport) && !actual, cleanup,
    judgedOnly: onlyJudgedFailure(input, seenInTitle, seenInText), seen: { title: seenInTitle, text: seenInText }, anyRead: !!actual || seenInTitle.length + seenInText.length > 0 };
}

/**
 * The report names its failure only as judged: every statement of what happens read in the title and the description
 * is generic (`observedIn`: "doesn't work", "an error", a mood, an impression), and there is no actual result section.
 * A report where nothing is read is not judged so: the readers miss some plain accounts ("writes an empty partition").
 */
function onlyJudgedFailure(input: RuleInput, seenInTitle: Read[], seenInText: Read[]): boolean {
  // "fail to copy the sub process" names what fails: the operation is the opposite to take; 'error "Index out of
  // bound"' names the error by its message.
  const judged = (text: string, seen: Read[]) => seen.map((r) => !!r.generic && !(/^fail/i.test(text.slice(r.start, r.end)) && /^\s+to\s+\w/.test(text.slice(r.end, r.end + 20))) &&
    // (a contraction the read stops before, the "'t" of "doesn't", the "'s" of "it's", is no quote)
    !/^\s*:?\s*(?!['’](?:t|s|re|ve|ll|d|m)\b)["“'‘`]/.test(text.slice(r.end, r.end + 5)));
  const reads = [...judged(input.summary, seenInTitle), ...judged(input.description, seenInText)];
  return !sectionEvidence(input, "actual") && reads.length > 0 && reads.every(Boolean);
}

/**
 * What a report says happens is only judged ("broken again", "not working", "weird"), or its description adds nothing
 * to the title but pleas, pointers and urgency (`addsNothing`): said so, not inferred from the readers reading nothing.
 */
export function failureOnlyJudged(input: RuleInput): boolean {
  const e = bugEvidence(input);
  return e.judgedOnly || (!e.actual && !e.told && addsNothing(input.summary, input.description));
}

/**
 * A report that says only that something is wrong, however long it is: every statement of what happens is judged
 * (`judgedOnly`), the description itself judges it too ("Its not working.", "app not working for them") or adds nothing
 * to the title, and there are no steps, no action that sets it off, no expected result and no environment. Who called,
 * how upset they were and how often it happens are told around a failure nobody could make happen again or check
 * ("Customer from Germany called support, app not working for them. They were quite upset. Didn't get more details";
 * thirteenth pass). A description that tells something the readers do not read ("Some entries in the history sidebar
 * show the favicon of a different site") is not taken as judging: its nouns are left to `namesNothing`.
 */
export function judgedAndBare(input: RuleInput): boolean {
  const e = bugEvidence(input);
  return e.judgedOnly && !e.expected && !e.steps.evidence && !e.steps.trigger && !e.environment &&
    (e.seen.text.length > 0 || addsNothing(input.summary, input.description));
}

/**
 * A title that tells its failure with where or when it happens: a specific read followed, within a few words, by a
 * condition ("are not sent on Sundays", "returns 403 for paths with a space", "is not allowed in prolog"). Not a failure
 * named only as an event ("500 error on /api/orders when page=0", "crashes when printing"): its opposite is the failure
 * going away, no result to check.
 */
const FAILURE_EVENT = /^(?:[1-5]\d\d\s+)?(?:(?:fatal|internal|server|runtime|unexpected)\s+)?(?:errors?|exceptions?|crash(?:es|ed|ing)?|hangs?|hung|hanging|freez(?:es|ing)|froze(?:n)?|fail(?:s|ed|ing|ures?)?)$/i;
function failsWhere(title: string): boolean {
  return observedIn(title).some((r) => !r.generic && !FAILURE_EVENT.test(title.slice(r.start, r.end).trim()) && /^(?:\s+[^\s.;!?]+){0,4}?\s+(?:for|on|when|whenever|after|with|without|in|if|while|during|under|before|since)\s+\S/i.test(title.slice(r.end)));
}

/**
 * A failure told only as an event of the program or a part of it, with nothing that says where or when it happens
 * ("hang" over "Firefox hangs.", "Apache crashes" over "apache crashes on windows every few hours, have to restart
 * service", "apache dump core every night, I dont know why"): no steps and no action that sets it off, no expected
 * result, no occasion ("when", "after", "on startup", "since the update"), and nothing a developer can look up (a
 * message, a code or crash signature, a file, a URL, a value). How often it happens ("every night", "randomly") says
 * nothing of where. Nobody can make such a failure happen again, or size it: it is one sentence, as a story title
 * with nothing under it is (nineteenth pass: such reports scored 72-77%, beside written-out ones at 80%).
 */
const EVENT_ONLY = /^(?:crash(?:es|ed|ing)?|hangs?|hung|hanging|freez(?:es|ing)|froze(?:n)?|stall(?:s|ed|ing)?|lock(?:s|ed|ing)?\s+up|(?:dumps?|dumped|dumping)\s+core|core\s*dumps?|segfaults?|seg(?:mentation)?\s*faults?|stops?\s+(?:responding|working)|stopped\s+(?:responding|working)|(?:is|was|becomes|became|goes|went)\s+(?:unresponsive|slow)|(?:not|isn'?t|wasn'?t)\s+responding|quits?|closes?)\b/i;
// Where or when: a clause of occasion, a named moment of the program's life, a regression's start ("the day before",
// with nothing after it, is a date).
const OCCASION = /\b(?:(?:when|whenever|after|while|during|upon|as\s+soon\s+as|before|since|if)(?=\s+\w)|each\s+time|every\s+time\s+(?:i|we|you|it|the|a)\b)|\bon\s+(?:start(?:up|ing)?|launch(?:ing)?|load(?:ing)?|exit(?:ing)?|shutdown|close|closing|open(?:ing)?|restart|boot|login|save|print|reload)\b|\b(?:with|in|on|at)\s+(?:the\s+|a\s+|an\s+|this\s+|my\s+)?\S+\s+(?:page|site|tab|window|dialog|menu|file|request|module|directive|url|document|form|screen)\b|\bunder\s+(?:\w+\s+)?(?:load|stress|traffic)\b|\bwith\s+(?:many|large|lots|a\s+lot|big|huge|long|several|multiple|\d+)\b/i;
// Something to look up or run: a command with its option ("htcacheclean -A segfaults"), a URL, a path or file, code, a
// crash signature or ID, an error code, a constant, a quoted message, an exception, a value with its unit (not a version:
// those name the environment).
const LOOKUP = /\b[a-z][\w.-]*\s+--?[A-Za-z]|https?:\/\/|\b[\w-]+\.(?:[ch]|cpp|js|ts|py|java|html?|xml|conf|css|php|so|dll|exe|log)\b|\/\w+\/|\[@|\bbp-[0-9a-f]|\bAH\d{4,5}\b|\b0x[0-9a-fA-F]+\b|\b[A-Z][A-Z_]*_[A-Z_]+\b|"[^"\n]{3,}"|“[^”\n]{3,}”|'[^'\n]{6,}'|`[^`\n]+`|\b\w+\(\)|\b\w+(?:Exception|Error)\b|\b\d+(?:\.\d+)?\s*(?:%|ms|[kKMG]B|px)(?!\w)/;

function unlocatedFailure(input: RuleInput, e: BugEvidence): boolean {
  if (e.steps.evidence || e.steps.trigger || e.expected || e.judgedOnly || e.asksOnly || e.cleanup) return false;
  const text = `${input.summary}\n${input.description}`;
  if (input.criteria.trim() || OCCASION.test(text) || LOOKUP.test(text) || failsWhere(input.summary) || stepsIn(input.summary).trigger) return false;
  const reads = [...e.seen.title.map((r) => input.summary.slice(r.start, r.end)), ...e.seen.text.map((r) => input.description.slice(r.start, r.end))];
  return reads.length > 0 && reads.every((r) => EVENT_ONLY.test(r.trim()));
}

/** `bug.no_expected_result` at high: `summary` quoted, and whether the report tells what goes wrong. */
export function missingExpected(summary: string, failureTold: boolean): Found {
  return found("bug.no_expected_result", "high",
    `${summary} ${failureTold ? "says what goes wrong but not what should happen instead" : "says neither what goes wrong nor what should happen instead"}: there is nothing to check a fix against.`,
    "Add the expected result: what should happen instead, so a tester can check it against the actual one.");
}

export function bugFindings(input: RuleInput): Found[] {
  const e = bugEvidence(input);
  const findings: Found[] = [];
  const summary = summaryQuote(input);
  // A failure named only as judged ("an error", "weird stuff", "doesn't look right", "he was not happy") says that
  // something is wrong, not what: there is no opposite to take as what should happen.
  const judgedOnly = e.judgedOnly;
  // The opposite is taken of a failure read as what happens: a failure word only in a question, a person's act or a
  // purpose ("raising this so it doesn't get lost") gives none (bands, seventh pass).
  // A description that adds nothing leaves the title alone: its failure gives an opposite when the title says where or
  // when it fails ("Scheduled reminders are not sent on Sundays", "Export fails for names with an apostrophe": sent on
  // Sundays, exported with the apostrophe), not when it only names it ("Apache crashes"; bands, twelfth pass).
  if (!e.expected && IMPLIED_EXPECTED.test(`${input.summary}\n${input.description}`) && (!addsNothing(input.summary, input.description) || failsWhere(input.summary)) && !judgedOnly && e.anyRead) {
    // The labelled reports (Chaparro et al.) count an expectation left to the failure's opposite as missing, and a
    // tester needs the result to check; but a report that tells the failure already says what is wrong, so it
    // costs little. "Apache crashes, please fix" tells nothing to take an opposite from.
    findings.push(found("bug.no_expected_result", "low",
      `${summary} says what fails; what should happen is left to its opposite. Say what the operation should produce when it works, so a fix is checked against a result and not only against the failure going away.`,
      "Add what the operation should produce when it works (what is shown, written or kept): the result a tester checks the fix against."));
  } else if (!e.expected) {
    // (a report that says nothing of what happens is not told it does)
    findings.push(missingExpected(summary, !!(e.actual || e.told || e.titleNames || e.anyRead)));
  } else if (!e.workingCase && VAGUE_EXPECTED.test(e.expected.text.replace(/\s+/g, " ").trim())) {
    findings.push(found("bug.vague_expected_result", "medium",
      `The expected result ${q(e.expected)} cannot be checked: it does not say what a tester would see.`,
      "State the expected result as something a tester can see (a message, a value, a page), not \"it works\".", e.expected.at));
  }
  if (!e.actual && !e.told) {
    findings.push(found("bug.no_actual_result", "low",
      e.titleNames ? `${summary} names the failure, but the description does not say what is seen when it happens.`
        // A request or a question filed as a bug ("Add an option to ...", "Is there a way to ...?") tells no failure:
        // what it would change is what happens now.
        : e.asksOnly ? `${summary} asks for a change but does not say what happens now: as it stands it is a request, not a failure to fix.`
        : `${summary} does not say what actually happens.`,
      e.asksOnly ? "Say what happens today that the change would put right (what is shown, done or missing), or file it as a story or a task."
        : "Add the actual result: what happens instead, with the error message if there is one."));
  }
  if (!e.steps.evidence) {
    if (e.steps.trigger) {
      // The one action read may be the change the report asks for ("Please add a directive ...") or what makes the
      // failure go away ("setting disablereuse=On makes it go away"): the message does not call either what sets it off.
      const t = e.steps.trigger.text;
      const message = ASKS_CHANGE.test(t) ? `The report asks for a change (${q(e.steps.trigger)}) but gives no steps that show what happens now.`
        : WORKAROUND.test(t) || e.steps.mends ? `What makes the failure go away is given (${q(e.steps.trigger)}), not the steps that lead to it.`
        : `Only what sets the failure off is given (${q(e.steps.trigger)}), not the steps that lead there.`;
      findings.push(found("bug.no_steps", "low", message,
        "Add the steps that lead there, numbered, from a starting point anyone can reach.", e.steps.trigger.at));
    } else {
      findings.push(found("bug.no_steps", "high",
        input.description.trim() ? "The description gives no steps to reproduce: nobody can make the failure happen again to size or fix it."
          : `${summary} has no description and no steps to reproduce: nobody can make the failure happen again to size or fix it.`,
        "Add steps to reproduce, numbered, from a starting point anyone can reach."));
      if (unlocatedFailure(input, e)) {
        findings.push(found("estimable.no_detail", "high",
          `${summary} tells a failure but not where or when it happens: no action or moment that sets it off, and no message, page, file or value to look up. Nobody can make it happen again or size it.`,
          "Say what you were doing when it happened (the page, file or command, and the action), and quote what it left behind: the message, the crash ID or the log line."));
      }
    }
  }
  // No environment is asked of a report on the documentation or a text's wording, of a change that fixes no failure
  // (a cleanup), or of one that asks for something new and tells no failure: none of them happens somewhere.
  // A cleanup names the change in its title ("Remove the unused ...", "Use X instead of Y"): "Sample has warnings of unused
  // styling items" reports a failure that mentions unused things.
  const { cleanup } = e;
  if (!e.environment && !ABOUT_TEXT.test(withoutLabel(input.summary)) && !cleanup && !e.asksOnly) {
    findings.push(found("bug.no_environment", "medium",
      "The report names no environment: no version or build, browser, device or operating system.",
      "Add the environment: the version or build, the browser or device, and the operating system."));
  }
  // A cleanup of code nobody calls hurts nobody: there is no one to name.
  if (!e.impact && !cleanup) {
    findings.push(missingWhy(input, "bug.no_impact",
      `${summary} does not say who is affected or how badly.`,
      "Say who is affected and how badly: which users, how many, what it costs, and whether there is a workaround.",
      // A template left empty under the title adds nothing either; nor does a description that gives no steps and no
      // expected result and names the failure only as judged: nothing in it names who meets what.
      !e.expected && !e.steps.evidence && (!e.environment && addsNothing(input.summary, withoutLabels(`${input.description}\n${input.criteria}`)) ? true : judgedOnly ? "judged" : false)));
  }

  // One defect per report: a second actual or expected result, or a line that starts another one.
  const all = sections(input);
  // "Describe the bug", logs and stack traces sit beside the actual result; only a second "Actual ..." is a second defect.
  const actuals = all.filter((s) => s.key === "actual" && /\b(?:actual|observed|current behaviou?r|what happens|what happened|result)\b/i.test(s.title) && hasContent(s.body));
  const expecteds = all.filter((s) => s.key === "expected" && hasContent(s.body));
  let second: Evidence | null = null;
  // Two results of one flow ("Result: a prompt appears ... Result: the folder is deleted") are one defect; a second
  // result after another expected result or other steps starts a second one.
  const between = (a: { end: number }, b: { start: number }) => all.some((x) => (x.key === "expected" || x.key === "steps") && x.start >= a.end && x.start < b.start);
  // A first result above any steps or expected result ("h3. What happens" on top) is the report's summary; the
  // "Actual:" of the account that follows tells the same failure again, not a second one.
  const closesAccount = (a: { start: number }) => all.some((x) => (x.key === "expected" || x.key === "steps") && x.start < a.start);
  if (actuals.length > 1 && closesAccount(actuals[0]) && between(actuals[0], actuals[1])) second = evidenceAt(input, "description", actuals[1].start, actuals[1].end);
  else if (expecteds.length > 1) second = evidenceAt(input, "description", expecteds[1].start, expecteds[1].end);
  else {
    for (const re of [ANOTHER, ANOTHER_IN_LINE]) {
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while (!second && (m = re.exec(input.description)) !== null) {
        if (FAILURE.test(m[0]) || SYMPTOM.test(m[0])) second = evidenceAt(input, "description", m.index, m.index + m[0].length);
      }
    }
  }
  if (second) {
    findings.push(found("bug.several_defects", "medium",
      `${q(second)} reports a second defect in the same ticket.`,
      "Report each defect on its own, so each can be fixed and verified on its own.", second.at));
  }

  const title = withoutLabel(input.summary);
  // The finding asks for the failure: none when the description tells it ("refuses to start when ...") or when the change
  // fixes none (a cleanup of unused code).
  if (FIX_VERB.test(title) && CODE.test(title) && !FAILURE.test(title) && !SYMPTOM.test(title) && !observedIn(title).some((r) => !r.generic) &&
    !e.seen.text.some((r) => !r.generic) && !NO_FAILURE_CHANGE.test(`${title}\n${input.description}`)) {
    const start = input.summary.indexOf(title);
    findings.push(found("bug.prescribes_fix", "medium",
      `"${title.length > 70 ? `${title.slice(0, 69)}…` : title}" names the code change, not the failure it fixes.`,
      "Describe the failure (what happens, what should happen) and leave the code change to the team.",
      { field: "summary", start, end: start + title.length }));
  }
  return findings;
}

/** What speaks for each dimension of a bug report when nothing was found against it. */
export function bugEvidenceFor(input: RuleInput): Partial<PerDimension<string>> {
  const e = bugEvidence(input);
  const out: Partial<PerDimension<string>> = {
    negotiable: "Describes the failure and leaves the fix to the team.",
    small: "One defect reported.",
  };
  if (e.expected && e.actual) out.small = "One defect: one expected and one actual result.";
  if (e.impact) out.valuable = `Says who is affected and how badly: ${q(e.impact)}.`;
  if (e.steps.evidence) {
    const steps = e.steps.count >= 2 ? `${e.steps.count} steps to reproduce` : "steps to reproduce";
    out.estimable = `${steps[0].toUpperCase()}${steps.slice(1)}${e.environment ? ` and the environment (${q(e.environment, 40)})` : ""} to size from.`;
  }
  if (e.expected) out.testable = `Expected result stated: ${q(e.expected)}${e.actual ? `, to check against the actual one (${q(e.actual, 50)})` : ""}.`;
  return out;
}
