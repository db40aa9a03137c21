// Which kind of work item a ticket is (lib/scoring/README.md, "Work item kinds"): the tracker's type name when it
// names a kind; else a label before the summary ("Bug: ...", "[Spike] ..."); else a story sentence makes it a
// story; else the description's sections (steps to reproduce with an expected or actual result: a bug); else the
// summary's wording (a failure: a bug; research: a spike; a chore verb: a task); else a story.
import { kindFromTypeName, type TicketData, type WorkItemKind } from "../types";
import { parseStory, type Story } from "./parse-story";
import { stepsIn } from "./bug-readers";
import type { LanguageWords } from "./languages";
import { hasContent, listItems, orderedSteps, sectionsOf, sectionWith, type Section } from "./sections";

/** How the kind was decided, for tests and the backlog report. */
export type KindSource = "type" | "label" | "story_sentence" | "sections" | "summary" | "default";

/** "Bug: ...", "[Spike] ...", "Chore - ...": a type name before the summary. */
const LABEL = /^\W*?\[?\s*(bug|defect|incident|hotfix|regression|spike|research|investigation|poc|epic|initiative|task|sub-?task|chore|tech(?:nical)? debt|story|user story|feature)(?:\s*\]\s*[:\-–—|]?|\s*:|\s*\||\s+[-–—]\s)/i;

/** A failure, stated so that the text is a bug report whatever else it says. */
export const FAILURE = /\b(?:crash(?:es|ed|ing)?|broken|breaks|bugs?(?!-free)|defects?|regression|exceptions?|fail(?:s|ed|ing|ure)?|not (?:working|loading|showing|saving|updating|responding|displayed|shown|sent|received)|(?:doesn'?t|does not|don'?t|do not|won'?t|will not) (?:work|load|open|save|start|show|update|respond)|freez(?:e|es|ing)|froze|hangs?|hanging|stuck|blank (?:page|screen)|times? out|timed out|http 5\d\d|50[0-4] error|404|(?:does|do|did) nothing|nothing happens|never (?:arrives?|arrived|appears?|loads?|shows?|finishes|completes|saves?|returns?|works?|gets? \w+)|no longer \w+|not (?:arriving|appearing|visible|available))\b/i;
/** A failure in a title that does not start by asking for something ("App is slow", "Wrong total on invoices"). */
export const SYMPTOM = /\b(?:errors?|slow(?:ness)?|sluggish|laggy|wrong|incorrect(?:ly)?|missing|cannot|can'?t|unable to|disappear(?:s|ed)?|glitch(?:es)?|duplicated?|timeouts?|problems?|issues?(?=\s+(?:with|on|in|when|while)\b|\W*$))\b/i;

/** What happens set against what should: "still shows 4", "shows X instead of Y". */
export const CONTRAST = /\b(?:still|instead|but (?:it|the|nothing|i get|we get|there)|actually)\b/i;

/** First words that open research: a spike. */
const SPIKE_START = /^(?:investigate|investigation|research|explore|exploration|evaluate|evaluation|assess|assessment|spike|prototype|poc|proof of concept|find out|look into|figure out|determine whether)\b/i;

/** First words of work that changes the system but gives no user anything new: a task. */
const TASK_START = /^(?:refactor|upgrade|downgrade|migrate|bump|configure|install|rename|clean ?up|cleanup|tidy up|deprecate|deploy|automate|rotate|back ?up|reorgani[sz]e|pin|patch|set up|setup|decommission|provision)\b/i;
/** "Add/Write/Update/Remove X" is a task when X is a technical artefact, not something a user gets ("Delete account" is not). */
const TASK_ARTEFACT = /^(?:add|write|create|set up|enable|disable|fix|update|remove|delete|move|replace|document|archive|extract)\s+(?:(?:a|an|the|our|all|more|missing|some|new|basic|old|legacy|unused)\s+)?(?:[\w.\/-]+\s+){0,3}?(?:tests?|docs?|documentation|readme|changelog|runbook|logging|logs|monitoring|metrics|alerts?|alerting|index(?:es)?|pipeline|ci|cd|ci\/cd|scripts?|migrations?|cron|jobs?|config(?:uration)?|lint(?:ing|er)?|types|typings|dependenc(?:y|ies)|packages?|librar(?:y|ies)|certificates?|secrets?|dockerfile|docker|images?|feature flags?|flags?|typos?|comments|endpoints?|apis?|services?|modules?|code|tables?|columns?|buckets?|servers?|database|db|repo(?:sitory)?|branch(?:es)?|webhooks?)\b/i;

/** Replacing or removing something old: "Replace the deprecated moment.js with date-fns". */
const OLD_THING = /^(?:replace|remove|delete|drop|retire|update|upgrade)\b.{0,60}\b(?:deprecated|legacy|outdated|obsolete|unused|dead|end-of-life|eol)\b/i;

function labelKind(summary: string): WorkItemKind | null {
  const m = LABEL.exec(summary);
  return m ? kindFromTypeName(m[1]) : null;
}

/** The summary without a leading type label, for the wording checks. */
export function withoutLabel(summary: string): string {
  const m = LABEL.exec(summary);
  return (m ? summary.slice(m[0].length) : summary).trim();
}

/** "As a ... " or "I want / I need / I would like ...": the template's own words (a modal alone is not one). */
export function isStorySentence(story: Story): boolean {
  if (story.roleIndicator) return true;
  const key = story.meansKey;
  return !!key && !["can", "could", "should", "must", "shall", "will", "may", "might", "have to", "am able to"].includes(key);
}

function sectionsKind(sections: Section[], description: string): WorkItemKind | null {
  const has = (...keys: Parameters<typeof sectionWith>[1][]) => !!sectionWith(sections, ...keys);
  const steps = has("steps") || orderedSteps(description) >= 2 || (has("expected") && !!stepsIn(description).at);
  if ((steps && (has("expected") || has("actual"))) || (has("expected") && has("actual"))) return "bug";
  if ((has("question") && (has("timebox") || has("output"))) || (has("timebox") && has("output"))) return "spike";
  const breakdown = sections.find((s) => s.key === "breakdown" && listItems(s.body).length >= 2);
  if (breakdown && (has("scope") || has("out_of_scope") || has("why"))) return "epic";
  // "Done when", "Definition of done", a checklist: how a task says it is finished (a story says "Acceptance criteria").
  if (sections.some((s) => s.key === "done" && /\b(?:done|checklist)\b/i.test(s.title) && hasContent(s.body))) return "task";
  if (/^[ \t]*[-*] \[[ xX]\]/m.test(description) || /\b(?:done when|definition of done)\b/i.test(description)) return "task";
  return null;
}

function summaryKind(summary: string, description: string): WorkItemKind | null {
  const text = withoutLabel(summary);
  if (FAILURE.test(text)) return "bug";
  if (SPIKE_START.test(text) || /\?\s*$/.test(text)) return "spike";
  if (TASK_START.test(text) || TASK_ARTEFACT.test(text) || OLD_THING.test(text)) return "task";
  // A symptom counts in a title that states something, not in one that asks for it ("Show an error when ...").
  const asks = /^(?:add|show|display|allow|let|support|create|make|enable|provide|give|send|warn|notify)\b/i.test(text);
  if (!asks && SYMPTOM.test(text)) return "bug";
  // Numbered steps with a failure, or with what happens against what should ("still shows 4", "instead").
  if (!asks && orderedSteps(description) >= 2 && (FAILURE.test(description) || SYMPTOM.test(description) || CONTRAST.test(description))) return "bug";
  return null;
}

/** The kind of a ticket and what decided it. */
export function inferKind(ticket: TicketData, story?: Story, sections?: Section[], words?: LanguageWords): { kind: WorkItemKind; by: KindSource } {
  const typed = kindFromTypeName(ticket?.issue_type);
  if (typed) return { kind: typed, by: "type" };
  const summary = typeof ticket?.summary === "string" ? ticket.summary : "";
  const description = typeof ticket?.description === "string" ? ticket.description : "";
  const labelled = labelKind(summary);
  if (labelled) return { kind: labelled, by: "label" };
  const parsed = story ?? parseStory(summary);
  if (isStorySentence(parsed)) return { kind: "story", by: "story_sentence" };
  const fromSections = sectionsKind(sections ?? sectionsOf(description), description);
  if (fromSections) return { kind: fromSections, by: "sections" };
  const fromSummary = summaryKind(summary, description);
  if (fromSummary) return { kind: fromSummary, by: "summary" };
  // A failure named in the item's own language ("Absturz beim Hochladen"): a bug report.
  if (words?.failure.test(withoutLabel(summary))) return { kind: "bug", by: "summary" };
  return { kind: "story", by: "default" };
}

/**
 * What a ticket is judged as: the kind its type names ("Defect" -> bug), else the kind its text shows, else a
 * story. A story sentence ("As a ..., I want ...") is a story unless its type says otherwise.
 */
export function workItemKindOf(ticket: TicketData, story?: Story, sections?: Section[], words?: LanguageWords): WorkItemKind {
  return inferKind(ticket, story, sections, words).kind;
}
