// Which kind of work item a ticket is (lib/scoring/README.md, "Work item kinds"), read as a product owner reads a
// ticket that arrives with no type (a CSV export without its type column, a webhook without `issuetype`):
// 1. the tracker's type name when it names a kind (source "given");
// 2. else the text (source "text"): a type label before the summary ("Bug: ...", "[Spike] ..."); a story sentence
//    ("As a ..., I want ..."); a bug report's structure (steps with an expected or actual result, in headings or
//    inline, wiki or Markdown; a stack trace or an exception); a summary that states a failure or a wrong result;
//    research; technical work (upgrade, refactor, migrate, remove, document, configure, after any component
//    prefix such as "CLI:"); a summary that asks for something a user wants; a description that reports a failure;
// 3. else nothing decides (source "default"): the ticket is reported as a story (DESIGN: "else story") but judged
//    on what every kind needs (what, why, when done, how big), never on the story template (rules-kinds.ts).
import { kindFromTypeName, type TicketData, type WorkItemKind, type WorkItemTypeSource } from "../types";
import { plainSpaces } from "./reflow";
import { segmentText } from "./nlp";
import { parseStory, type Story } from "./parse-story";
import { ASKS_FOR_NEWS, observedIn, stepsIn, titleAsksFor } from "./bug-readers";
import type { LanguageWords } from "./languages";
import { hasContent, listItems, orderedSteps, sectionsOf, sectionWith, type Section } from "./sections";

/** How the kind was decided, for tests and the backlog report. */
export type KindSource = "type" | "label" | "story_sentence" | "sections" | "summary" | "description" | "default";

/** How sure the inference is, as results report it (`metadata.work_item_type_source`). */
export function typeSourceOf(by: KindSource): WorkItemTypeSource {
  return by === "type" ? "given" : by === "default" ? "default" : "text";
}

/** "Bug: ...", "[Spike] ...", "Chore - ...": a type name before the summary. */
const LABEL = /^\W*?\[?\s*(bug|defect|incident|hotfix|regression|spike|research|investigation|poc|epic|initiative|task|sub-?task|chore|tech(?:nical)? debt|story|user story|feature)(?:\s*\]\s*[:\-–—|]?|\s*:|\s*\||\s+[-–—]\s)/i;

/** A failure, stated so that the text is a bug report whatever else it says. */
export const FAILURE = /\b(?:crash(?:es|ed|ing)?|broken|breaks|broke|bugs?(?!-free)|defects?|regression|exceptions?|fail(?:s|ed|ing|ure)?|not (?:working|loading|showing|saving|updating|responding|displayed|shown|sent|received)|(?:doesn'?t|does not|don'?t|do not|won'?t|will not) (?:work|load|open|save|start|show|update|respond)|freez(?:e|es|ing)|froze|hangs?|hanging|stuck|blank (?:page|screen)|times? out|timed out|http 5\d\d|50[0-4] error|404|(?:does|do|did) nothing|nothing happens|never (?:arrives?|arrived|appears?|loads?|shows?|finishes|completes|saves?|returns?|works?|gets? \w+)|no longer \w+|not (?:arriving|appearing|visible|available))\b/i;
/** A failure in a title that does not start by asking for something ("App is slow", "Wrong total on invoices"). */
export const SYMPTOM = /\b(?:errors?|slow(?:ness)?|sluggish|laggy|wrong|incorrect(?:ly)?|missing|cannot|can'?t|unable to|disappear(?:s|ed)?|glitch(?:es)?|duplicated?|timeouts?|problems?|issues?(?=\s+(?:with|on|in|when|while)\b|\W*$))\b/i;

/** What happens set against what should: "still shows 4", "shows X instead of Y". */
export const CONTRAST = /\b(?:still|instead|but (?:it|the|nothing|i get|we get|there)|actually)\b/i;

/**
 * A program's own failure, named as it prints it or as a reader recognises it: an exception type, a null
 * pointer, running out of memory, a negated ability ("does not install", "is not generated", "cannot be
 * installed"), a program that stops responding, data out of sync, a spelling mistake on screen.
 */
const PROGRAM_FAILURE = /(?:\b[A-Z]\w*(?:Exception|Error)\b|\bNPEs?\b|\bnull ?pointer\b|\bout of memory\b|\bstack ?overflow\b|\bdeadlocks?\b|\bmemory leaks?\b|\bunresponsive\b|\bleaks?\b|\b(?:not possible|impossible)\b|\bnot [\w-]+able\b|\btoo slow(?:ly)?\b|\b(?:twice|inconsistent)\b|\bnot responding\b|\bout of sync\b|\bspelling (?:mistakes?|errors?)\b|\btypos?\b|\bmisspel\w*|\b(?:does|do|did|is|are|was|were|can|could|will|would)(?:n['’]?t| ?not)\s+(?:be\s+|get\s+|always\s+|properly\s+|correctly\s+)?\w+|\bnot (?:be )?(?:\w+ed|\w+en|shown|found|set|run|kept|read)\b(?! by default)|\bfails? to\b|\bunable to\b)/i;

/** A stack frame, as Java, .NET, Python, PHP and JavaScript print it. */
const STACK = /(?:\bat [\w$.<>]+\([\w$.]*:\d+\)|\bat [\w$.<>]+\((?:Native Method|Unknown Source)\)|Traceback \(most recent call last\)|\bFile "[^"]+", line \d+|(?:^|\s)#\d+ [\w\\/:.]+\(\d+\)|!STACK \d|\bCaused by: [\w.$]+)/;

/** Bug-report headings as teams write them, inline or on their own line, wiki ("h3.") or Markdown ("###"). */
const STEPS_MARK = /\b(?:steps? (?:to|for) (?:reproduc\w*|replicate)|to reproduce|how to reproduce|reproduc(?:e|tion|ible) steps|repro(?:duction)? steps|test steps|str\s*:)/i;
/** Numbered steps written on one line, as exports that lose line breaks keep them: "1. Open ... 2. Click ...", Jira's "# Open ... # Click ...". */
const INLINE_STEPS = /(?:^|\s)1\s*[.)-]\s*[A-Za-z][\s\S]{3,400}?\s2\s*[.)-]\s*[A-Za-z]|(?:^|\s)#\s+[A-Za-z][^#\n]{3,300}\s#\s+[A-Za-z]/;
const EXPECTED_MARK = /\b(?:expected(?: (?:results?|behaviou?rs?|outcomes?|output))?\s*[:\-]|expected (?:results?|behaviou?rs?|outcomes?)\b|h\d\.\s*expected\b|#+\s*expected\b)/i;
const ACTUAL_MARK = /\b(?:actual(?: (?:results?|behaviou?rs?|outcomes?|output))?\s*[:\-]|actual (?:results?|behaviou?rs?|outcomes?)\b|observed (?:results?|behaviou?rs?)\b|h\d\.\s*actual\b|#+\s*actual\b)/i;

/** First words that open research: a spike. */
const SPIKE_START = /^(?:investigate|investigation|research|explore|exploration|evaluate|evaluation|assess|assessment|spike|prototype|poc|proof of concept|find out|look into|figure out|determine whether)\b/i;

/** First words of work that changes the system but gives no user anything new: a task. */
const TASK_START = /^(?:refactor(?:ing)?|re-?factor|upgrade|downgrade|migrate|migration|bump|configure|install|rename|clean ?up|cleanup|tidy up|deprecate|deploy|automate|rotate|back ?up|reorgani[sz]e|restructure|pin|patch|set up|setup|decommission|provision|merge|port|externali[sz]e|internationali[sz]e|locali[sz]e|convert|extract|document|write (?:the )?docs|update (?:the )?(?:docs|documentation|readme|version|dependenc\w+|to\b)|move (?:the )?(?:sources?|code|classes|files?|repo\w*|modules?|projects?|build)|retire|split (?:the )?(?:code|module|class|project|bundle|plugin)|release|publish|build|compile|package|re-?enable|disable (?:the )?(?:tests?|build|job)|use (?:the )?(?:new|latest|newer)\b|switch (?:to|from)\b|get rid of|integrate (?:the )?(?:new|latest)|code review|unit tests?|tests? for|create (?:a |an |the )?(?:branch|job|build|release|tag|repo\w*|pipeline|installer)|make (?:\w+ )?compatible with|upload|unify|align|harmoni[sz]e|split|mov(?:e|ing) to|technical|competence transfer|best practices)\b/i;
/** Noun titles of technical work: "Documentation for ...", "Upgrade of ...", "Migration to ...". */
const TASK_NOUN = /^(?:documentation|docs|upgrade|migration|refactoring|cleanup|clean-up|merge|release|build|packaging|code review|review|test(?:s|ing)?|unit tests?)\b/i;
/** "Add/Write/Update/Remove X" is a task when X is a technical artefact, not something a user gets ("Delete account" is not). */
const TASK_ARTEFACT = /^(?:add|write|create|prepare|improve|set up|enable|disable|fix|update|remove|delete|move|replace|document|archive|extract)\s+(?:(?:a|an|the|our|all|more|missing|some|new|basic|old|legacy|unused)\s+)?(?:[\w.\/-]+\s+){0,3}?(?:tests?|docs?|documentation|readme|changelog|runbook|logging|logs|monitoring|metrics|alerts?|alerting|index(?:es)?|pipeline|ci|cd|ci\/cd|scripts?|migrations?|cron|jobs?|config(?:uration)?|lint(?:ing|er)?|types|typings|dependenc(?:y|ies)|packages?|librar(?:y|ies)|certificates?|secrets?|dockerfile|docker|images?|feature flags?|flags?|typos?|comments|endpoints?|apis?|services?|modules?|code|tables?|columns?|buckets?|servers?|database|db|repo(?:sitory)?|branch(?:es)?|webhooks?|jars?|bundles?|plugins?|builds?|poms?|keystores?|versions?)\b/i;
/** A version named as what the work moves to: "to ActiveMQ 5.7.0", "CXF 2.4.2". */
const VERSION_TARGET = /\b(?:to|with|use|using|new|latest)\s+(?:[\w.-]+\s+){0,3}?v?\d+\.\d+(?:\.\d+)*\b/i;

/** Replacing or removing something old: "Replace the deprecated moment.js with date-fns". */
const OLD_THING = /^(?:replace|remove|delete|drop|retire|update|upgrade)\b.{0,60}\b(?:deprecated|legacy|outdated|obsolete|unused|dead|end-of-life|eol)\b/i;

/**
 * Something a user wants: a story's own words ("I want", "I'd like", "the ability to", "users should be able
 * to", "allow users to", "it would be nice"), or a title that asks for a capability ("Add support for ...",
 * "Allow ...", "Provide a way to ...", "Show ..."). Technical artefacts are tasks (checked before).
 */
const USER_WANT = /\b(?:as an? [\w -]{1,40}?,? i (?:want|need|would like|'d like)|i(?:['’]d| would) like|i (?:want|need) to|(?:the )?ability to|(?:users?|customers?|developers?|admins?|administrators?|people|one|you|we) (?:should|could|would|must|need to|want to|wants to) (?:be able to|have|get|see|easily)|(?:allow|let|enable)s? (?:the )?(?:users?|customers?|developers?|admins?|people|you|me|us) to|(?:it|this) would be (?:\w+ )?(?:nice|great|good|useful|helpful|handy)|would be (?:nice|great|useful|helpful) (?:to|if)|feature request|a way to|(?:is|are) (?:needed|required|wanted))\b/i;
/** A wish in a description: the user wants, not the program allows. */
const WISH_IN_TEXT = /\b(?:as (?:an?|the|someone|somebody|anyone|anybody) [\w -]{1,40}?,? i (?:want|need|would like|'d like)|i(?:['’]d| would) like (?:to|a|an|the)|(?:it|this) would be (?:\w+ )?(?:nice|great|useful|helpful|handy)|would be (?:nice|great|useful|helpful) (?:to|if)|feature request|(?:users?|customers?|developers?|we|i) (?:should|would like to|want to|need to) be able to)\b/i;
/**
 * The story template written in the description: "As an administrator I want ...". Its role may open on "the",
 * "someone" or "anyone" too ("As someone entering a show for the first time, I want ..."; bands, fifteenth pass).
 */
const STORY_IN_TEXT = /\bas (?:an?|the|someone|somebody|anyone|anybody) [\w -]{1,40}?,? i (?:want|need|would like|'d like)\b/i;
const ASKS_FOR = /^(?:add|allow|support|provide|enable|implement|introduce|offer|show|display|expose|let|need|request|want|create|make|improve|enhance|extend|include|give|ability|option|possibility|auto-?\w+|customi[sz]e|highlight|warn|notify|remember|suggest|preview|set)\b/i;

/**
 * A component prefix before the title ("Titanium Studio: Login: ...", "[DataSense] ...", "Routebuilder - ESBDemo -
 * ..."): what the ticket is about, not what it says. The wording checks read what follows.
 */
const PREFIX = /^(?:\s*(?:\[[^\]]{1,60}\]|[\w.&/'()#+-]+(?: [\w.&/'()#+-]+){0,2}\s*:(?!\/\/)|[\w.&/'()#+]{1,30}(?: [\w.&/'()#+]{1,30})?\s+[-–—]\s))+\s*/;

function labelKind(summary: string): WorkItemKind | null {
  const m = LABEL.exec(summary);
  return m ? kindFromTypeName(m[1]) : null;
}

/** The summary without a leading type label, for the wording checks. */
export function withoutLabel(summary: string): string {
  const m = LABEL.exec(summary);
  return (m ? summary.slice(m[0].length) : summary).trim();
}

/** The summary without its component prefixes ("CLI: Add ..." -> "Add ..."); the summary itself when all is prefix. */
export function withoutPrefix(summary: string): string {
  const text = withoutLabel(summary);
  const m = PREFIX.exec(text);
  const rest = m ? text.slice(m[0].length).trim() : text;
  return /[\p{L}\p{N}]/u.test(rest) ? rest : text;
}

/** What "As" opens when it refers to what was said or agreed, not to a role ("As discussed", "As per", "As you know"). */
const AS_SAID = /^(?:discussed|mentioned|agreed|requested|promised|noted|stated|described|explained|reported|said|per|you know|we know|above|below|usual|always|of|soon|well)\b/i;

/** "As a ... " or "I want / I need / I would like ...": the template's own words (a modal alone is not one). */
export function isStorySentence(story: Story): boolean {
  // "As discussed", "As per the call", "As mentioned": a reference to what was said, not a role (bands, eighth pass).
  if (story.roleIndicator && story.roleKey === "as" && AS_SAID.test(segmentText(story.a, story.role))) return false;
  if (story.roleIndicator) return true;
  const key = story.meansKey;
  return !!key && !["can", "could", "should", "must", "shall", "will", "may", "might", "have to", "am able to"].includes(key);
}

/** A bug report's structure: steps with an expected or actual result, or both results, in sections or inline. */
function bugStructure(sections: Section[], description: string): boolean {
  const has = (...keys: Parameters<typeof sectionWith>[1][]) => !!sectionWith(sections, ...keys);
  const steps = has("steps") || orderedSteps(description) >= 2 || (has("expected") && !!stepsIn(description).at) || STEPS_MARK.test(description);
  const expected = has("expected") || EXPECTED_MARK.test(description);
  const actual = has("actual") && sections.some((s) => s.key === "actual" && !/^(?:logs?|error messages?|stack ?traces?)$/i.test(s.title)) || ACTUAL_MARK.test(description);
  return (steps && (expected || actual)) || (expected && actual) || STEPS_MARK.test(description);
}

function sectionsKind(sections: Section[], description: string): WorkItemKind | null {
  const has = (...keys: Parameters<typeof sectionWith>[1][]) => !!sectionWith(sections, ...keys);
  if (bugStructure(sections, description)) return "bug";
  if ((has("question") && (has("timebox") || has("output"))) || (has("timebox") && has("output"))) return "spike";
  const breakdown = sections.find((s) => s.key === "breakdown" && listItems(s.body).length >= 2);
  if (breakdown && (has("scope") || has("out_of_scope") || has("why"))) return "epic";
  // "Done when", "Definition of done", a checklist: how a task says it is finished (a story says "Acceptance criteria").
  if (sections.some((s) => s.key === "done" && /\b(?:done|checklist)\b/i.test(s.title) && hasContent(s.body))) return "task";
  if (/^[ \t]*[-*] \[[ xX]\]/m.test(description) || /\b(?:done when|definition of done)\b/i.test(description)) return "task";
  return null;
}

/** Whether the title starts by asking for something rather than stating what happens. */
function asks(title: string): boolean {
  // What a request is conditional on ("Show a warning if the update is out of scope") is no failure of its own.
  const text = title.split(/\s(?:if|when|whenever|while|unless|once|after|before)\s/i)[0];
  if (titleAsksFor(text)) return true;
  // "Show an error when ...", "Warn about ...": an error the ticket asks for is no failure.
  if (/^(?:show|display|warn|notify|alert|log|report|raise|throw|return)\b/i.test(text)) return true;
  // A capability asked for, unless the title states a failure of the program ("create a report twice: the second
  // time can not be saved"); the readers' wider "what happens" is not asked here ("Improve the dashboard and the
  // reports" reads "the ... reports" as something seen).
  return ASKS_FOR.test(text) && !PROGRAM_FAILURE.test(text) && !FAILURE.test(text);
}

/** The part of a title before any "should": what is stated, not what is wished. */
function stated(text: string): string {
  return text.split(/\bshould\b|\bshall\b|\bmust\b/i)[0];
}

/** A title without its quoted names ("Add a 'Don't warn me again' checkbox"): a quoted label states nothing. */
function unquoted(text: string): string {
  return text.replace(/(^|[\s(])(["'“‘])[^"'“”‘’]{1,80}["'”’]/g, (m, lead: string) => (/error|exception|fail/i.test(m) ? m : `${lead}X`));
}

/**
 * A topic with a bare call for opinions after it ("Escape room bookings - thoughts?", "Checkout flow: any ideas?"): it
 * asks what people think of something named only by its area, no question research answers, so no spike ("Should the
 * export move to Parquet?" is one; bands, twelfth pass).
 */
const OPINIONS_ASKED = /(?:^|\s[-–—:|]\s*|:\s*)(?:any\s+)?(?:thoughts|ideas|opinions|comments|feedback|input)\s*\?+\s*$/i;

function summaryKind(summary: string, description: string): WorkItemKind | null {
  const text = unquoted(withoutPrefix(summary));
  const asking = asks(text);
  if (STACK.test(summary)) return "bug";
  if (FAILURE.test(text) && !/^(?:fix|handle|catch|report|log|show|display)\b/i.test(text)) return "bug";
  if (/^fix(?:es|ed)?\b/i.test(text) && !TASK_ARTEFACT.test(text)) return "bug";
  // A question asks in words: a title of one word and question marks ("settings??") is bewilderment, not a question;
  // one that asks for news ("Any update?", "Is there an ETA?") chases the team, it opens no research (bands, eighth pass).
  if (SPIKE_START.test(text) || (/\?\s*$/.test(text) && /[\p{L}\p{N}]\S*\s+\S*[\p{L}\p{N}]/u.test(text) && !ASKS_FOR_NEWS.test(text) && !OPINIONS_ASKED.test(text)) || /^(?:\S+\s+){0,2}(?:spike|investigate)\b/i.test(text) || /\bspike\s*$/i.test(text)) return "spike";
  if (/\b(?:junit|unit tests?|test cases?|integration tests)\b/i.test(text) && !/\b(?:not|fails?|failed|failing)\b/i.test(text)) return "task";
  if (TASK_START.test(text) || TASK_NOUN.test(text) || TASK_ARTEFACT.test(text) || OLD_THING.test(text)) return "task";
  if (!asking && (SYMPTOM.test(stated(text)) || PROGRAM_FAILURE.test(stated(text)) || observedIn(stated(text)).some((r) => !r.generic))) return "bug";
  // "X should not ..." states what currently happens and should not.
  if (!asking && /^(?!(?:we|users?|you|i|one|it would)\b)[^.]{2,80}?\bshould(?:n['’]?t| not)\b/i.test(text)) return "bug";
  // Numbered steps with a failure, or with what happens against what should ("still shows 4", "instead").
  if (!asking && orderedSteps(description) >= 2 && (FAILURE.test(description) || SYMPTOM.test(description) || CONTRAST.test(description))) return "bug";
  // Steps on one line with what goes wrong: "1. Create a folder 2. Browse it: the folder appears as a file".
  if (!asking && INLINE_STEPS.test(description) && observedIn(description).some((r) => !r.generic)) return "bug";
  // "Update the WebKit implementation to cef_rev392", "Bump Jackson to 2.15": moving to a version is technical work.
  if (/^(?:update|upgrade|bump|move|switch)\b.*\bto\b.*\d/i.test(text)) return "task";
  if (USER_WANT.test(text)) return "story";
  if ((titleAsksFor(text) || ASKS_FOR.test(text)) && asking && !VERSION_TARGET.test(text)) return "story";
  if (VERSION_TARGET.test(text) && /^(?:use|support|update|upgrade|move|switch|align)\b/i.test(text)) return "task";
  return null;
}

/** The description's own report: a stack trace, a failure or a wish in its first sentences. */
function descriptionKind(summary: string, description: string): WorkItemKind | null {
  if (STACK.test(description)) return asks(withoutPrefix(summary)) ? null : "bug";
  const opening = description.replace(/\{(?:code|noformat)[^}]*\}[\s\S]*?\{(?:code|noformat)\}/g, " ").slice(0, 400);
  if (/\bacceptance criteria\b/i.test(description) || WISH_IN_TEXT.test(opening)) return "story";
  if (asks(withoutPrefix(summary))) return null;
  const failure = FAILURE.test(opening) || PROGRAM_FAILURE.test(opening) || /\b(?:but (?:it|the|nothing|i get|we get|there)|currently (?:it )?(?:shows?|returns?|displays?|does))\b/i.test(opening);
  return failure ? "bug" : null;
}

/** The kind of a ticket and what decided it. */
export function inferKind(ticket: TicketData, story?: Story, sections?: Section[], words?: LanguageWords): { kind: WorkItemKind; by: KindSource } {
  const typed = kindFromTypeName(ticket?.issue_type);
  if (typed) return { kind: typed, by: "type" };
  // (read with plain line ends and spaces, as the rules read it: reflow.ts)
  const summary = typeof ticket?.summary === "string" ? plainSpaces(ticket.summary) : "";
  const description = typeof ticket?.description === "string" ? plainSpaces(ticket.description) : "";
  const labelled = labelKind(summary);
  if (labelled) return { kind: labelled, by: "label" };
  const parsed = story ?? parseStory(summary);
  if (isStorySentence(parsed)) return { kind: "story", by: "story_sentence" };
  // A title that says what a user wants is a story whatever template its description was filed with.
  if (USER_WANT.test(withoutPrefix(summary))) return { kind: "story", by: "summary" };
  const technical = TASK_START.test(withoutPrefix(summary)) && VERSION_TARGET.test(summary);
  if (!technical && STORY_IN_TEXT.test(description.slice(0, 600))) return { kind: "story", by: "description" };
  const fromSections = sectionsKind(sections ?? sectionsOf(description), description);
  if (fromSections) return { kind: fromSections, by: "sections" };
  const fromSummary = summaryKind(summary, description);
  if (fromSummary) return { kind: fromSummary, by: "summary" };
  // A failure named in the item's own language ("Absturz beim Hochladen"): a bug report.
  if (words?.failure.test(withoutLabel(summary))) return { kind: "bug", by: "summary" };
  const fromDescription = descriptionKind(summary, description);
  if (fromDescription) return { kind: fromDescription, by: "description" };
  return { kind: "story", by: "default" };
}

/**
 * What a ticket is judged as: the kind its type names ("Defect" -> bug), else the kind its text shows, else a
 * story. A story sentence ("As a ..., I want ...") is a story unless its type says otherwise.
 */
export function workItemKindOf(ticket: TicketData, story?: Story, sections?: Section[], words?: LanguageWords): WorkItemKind {
  return inferKind(ticket, story, sections, words).kind;
}
