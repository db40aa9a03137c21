// The evidence each kind of work item is judged on (lib/scoring/README.md, "Work item kinds"). A story keeps the
// story rules; a bug, task, spike or epic drops the story template's findings (role, "I want", "so that",
// acceptance criteria, the QUS minimal and uniform checks) and is judged on its own evidence instead.
import type { PerDimension, WorkItemKind } from "../types";
import { found, type Found, type Location, type RuleInput, withDescription } from "./finding";
import type { KindSource } from "./kind-of";
import { missingWhy, phraseEvidence, REASON, sectionEvidence, summaryQuote } from "./kind-text";
import { criteriaOf } from "./rules-criteria";
import { bugEvidenceFor, bugFindings, ENVIRONMENT, failureOnlyJudged, judgedAndBare, missingExpected, PRODUCT_VERSION, proseOf } from "./rules-bug";
import { epicEvidenceFor, epicFindings } from "./rules-epic";
import { spikeEvidenceFor, spikeFindings } from "./rules-spike";
import { REASON as TASK_REASON, taskEvidenceFor, taskFindings } from "./rules-task";
import { aboutPeopleSentence, addsNothing, BARE_COMPARATIVE, blankMatches, expectedIn, KEPT_ON_RECORD, MAIL_HEADER, TICKET_ASKED, observedIn, peopleTitle, personRightBefore, PLEA_TO_FIX, stepsIn, VAGUE_FAILURE, withoutChatHeads } from "./bug-readers";
import { analyzeText } from "./nlp";
import { OPEN_ENDED_VERBS } from "./lexicon";

/** Findings of the story template: never reported on another kind. */
const STORY_ONLY = /^(?:well_formed\.|valuable\.no_benefit$|conceptually_sound\.|testable\.no_acceptance_criteria$|testable\.unverifiable_criteria$|minimal\.|uniform\.)/;

/** Shared findings a kind's own evidence replaces, or that do not fit it. */
const REPLACED: Record<Exclude<WorkItemKind, "story">, RegExp> = {
  // Steps and the environment say what a bug takes; naming the component that fails prescribes nothing.
  // One defect is read from the report (bug.several_defects), not from the grammar of its title ("500 error on
  // /api/orders when page=0" is one failure).
  bug: /^(?:atomic\.|estimable\.no_detail$|estimable\.open_ended$|problem_oriented\.|negotiable\.implementation_detail$)/,
  // A task is technical work by nature. Its title names one piece of work with the things it touches ("Unify the
  // basic and evolution templates", "Prepare documentation on CAC and AAC", "configure Clover + Bamboo"): QUS
  // counts two things asked for as two features a user wants, and a task asks for no feature (read on the shared
  // Jira issues: 6 of 7 two-things firings on tasks were one piece of work). Two actions stay two tasks
  // ("Upgrade the driver and remove the old config").
  task: /^(?:atomic\.(?:two_objects|two_qualities|list_detail)$|problem_oriented\.|negotiable\.implementation_detail$)/,
  // Research is what a spike is; its timebox is its size.
  spike: /^(?:estimable\.no_detail$|estimable\.open_ended$|estimable\.broad_goal$|problem_oriented\.|negotiable\.implementation_detail$)/,
  // An epic holds many features: it is small enough when it is broken down.
  epic: /^(?:atomic\.|small\.many_criteria$|small\.long_text$)/,
};

/**
 * Whether a shared finding is reported on this kind of work item. A ticket whose kind nothing decided (`by`
 * "default") is reported as a story but is not held to the story template: it may be a bug or a task.
 */
export function appliesTo(kind: WorkItemKind, f: Found, by?: KindSource): boolean {
  if (kind === "story") return by !== "default" || !STORY_ONLY.test(f.code);
  if (STORY_ONLY.test(f.code) || REPLACED[kind].test(f.code)) return false;
  return true;
}

export const NOUN: Record<WorkItemKind, string> = { story: "story", bug: "bug report", task: "task", spike: "spike", epic: "epic" };
const SUMMARY_ADVICE: Record<WorkItemKind, string> = {
  story: "",
  bug: "Write a one-line summary of the failure: what goes wrong, where.",
  task: "Write a one-line summary of the work: what changes.",
  spike: "Write a one-line summary of the question the spike answers.",
  epic: "Write a one-line summary of the epic's goal.",
};

/**
 * What shows a ticket is done, in any form teams use: criteria, an expected result, a list of rules, "should" statements.
 * Not "should" before the team's deliberation ("should consider", "should probably rethink it", "should have a
 * conversation about it"; the last two seventeenth pass, bands): talking it over again names nothing that must hold.
 */
export const DONE_WORDS = /\b(?:should(?!\s+(?:(?:really|probably|maybe|perhaps)\s+)?(?:do something|do anything|look (?:at|into)|have a look|consider|think about|talk|discuss|rethink|re-think|reconsider|re-?evaluate|have a (?:conversation|chat|discussion|talk)|investigate|check (?:it|this)|fix (?:it|this|that)|be (?:fixed|looked at|looked into|improved|better|investigated|sorted))\b)|must|shall|needs? to|has to|have to|expected|acceptance criteria|done when|definition of done|make sure|ensure)\b/i;

/**
 * A benefit said as what the change would make better ("It would look a lot cleaner", "will greatly simplify
 * usability"), or a problem said as what is hard now ("very hard to read", "no way to ...", "only ... is supported").
 */
const BENEFIT_OR_PROBLEM = /\b(?:(?:would|will)\s+(?:\w+ly\s+)?(?:look|be|feel|read|work|run|make (?:it|this|things|\w+)|get)\s+(?:(?:a lot|much|far|way|a bit|even)\s+)?(?:cleaner|easier|clearer|simpler|faster|safer|better|nicer|more (?:readable|usable|consistent|robust|reliable|useful|intuitive|professional))|(?:would|will)\s+(?:\w+ly\s+)?(?:simplify|improve|speed up|shorten|reduce)|(?:very |really |quite |almost )?(?:hard|difficult|impossible|confusing|tedious|cumbersome|painful) to (?:read|use|find|see|follow|understand|search|navigate|work with|maintain|debug|locate)|(?:there is|there's|we have|has) no (?:way|option|means|support) to|(?:is|are) not (?:supported|possible|available|necessary|needed)|won['’]?t be (?:necessary|needed)|(?:recogni[sz]es|supports|accepts|handles|allows|shows) only|only \w+(?: \w+)? (?:can|is|are) (?:be )?(?:supported|registered|used|shown|allowed))\b/i;

/**
 * A summary that states the end state ("Sections should be vertically aligned", "The tab shall have a scroll bar"). Not
 * one that asks only for a comparative of a quality ("Monitoring should be more robust", "The search must be faster"):
 * it names how the thing should feel and nothing to check the work against, as `doneSaid` reads the description
 * (`BARE_COMPARATIVE`; sixteenth pass, bands).
 */
const SUMMARY_END_STATE = /\b(?:should|shall|must)(?:\s+(?:not|now|also|always|never))?\s+(?:be|have|show|display|appear|return|open|list|contain|use|keep|stay|remain|work|export|support|handle|report|match|print)\b/i;
const SUMMARY_END_STATE_ALL = new RegExp(SUMMARY_END_STATE.source, "gi");
function endStateSaid(summary: string): boolean {
  return [...summary.matchAll(SUMMARY_END_STATE_ALL)].some((m) => !BARE_COMPARATIVE.test(summary.slice(m.index + m[0].length, m.index + m[0].length + 60)));
}

/**
 * How the thing behaves, stated as a "When ..., ..." sentence ("When unchecked, the component works as it does
 * today"): a criterion without its "Given", checkable as it stands.
 */
const BEHAVIOUR = /(?:^|[.!?:]\s+|\n\s*)when\b[^.!?\n]{2,80},\s*(?:the |it |this |a |an |each |every |all )?[\w-]+(?: [\w-]+)?\s+(?:is|are|works?|shows?|displays?|returns?|opens?|appears?|becomes?|gets?|stays?|keeps?|lists?|contains?|goes|moves?|closes?|saves?)\b/i;

/**
 * The ticket names no work and no failure: no statement of what happens but a judged one (`observedIn`'s generic
 * reads: a mood, an impression, "doesn't work"), no request, wish or "should" (`expectedIn`), no steps, a title with
 * no verb but a plea's or a judgement's, and a description with no more than three things of its own.
 */
/**
 * Verbs of a plea, a judgement or a feeling: they name no act of the program nor any work ("pls check", "feels off");
 * nor does a reference to what was said ("As discussed", "as agreed"; bands, eighth pass).
 */
const PLEA_OR_JUDGEMENT = /^(?:discussed|mentioned|agreed|talked|said|check|checking|see|look|looks|looking|fix|fixing|help|investigate|investigating|review|advise|sort|sorting|handle|prioriti[sz]e|annoyed|upset|frustrated|disappointed|worried|feel|feels|felt|seem|seems|seemed|appear|appears|sound|sounds|need|needs|want|wants|happen|happens|happening|complain|complains|complaining|escalate|escalated|escalating|follow|ping)$/i;

/**
 * A time: a day, a month, a part of a day, a deadline's short form ("EOD", "COB"), "PM" after a clock. When a thing
 * happens or is wanted is no part of the product, so it is not one of the description's own things.
 */
const TIME_WORD = /^(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|days?|weeks?|months?|years?|hours?|minutes?|mins?|morning|afternoon|evening|night|tonight|today|tomorrow|yesterday|weekend|eod|cob|eow|eom|am|pm)$/i;

/** A release named as the time something started: "since the update", "since last week's patch". */
const SINCE_RELEASE = /\bsince (?:the |this |that |our |last |latest |yesterday['’]?s |\w+ week['’]?s |\w+day['’]?s )?(?:last |latest |new |recent )?(?:update|release|upgrade|deploy(?:ment)?|patch|hotfix|migration|version|build|rollout)\b/gi;

/** What a phrase is read as after it: a word, an article, a possessive or an adjective before a thing. */
const BEFORE_A_THING = new Set(["ADP", "DET", "ADJ", "PRON"]);

/**
 * The description uses the title's words as the name of a thing: the whole title comes after a preposition, an article
 * or a possessive ("unhappy with transfer references"), or is the subject of a sentence, a verb following it ("Leave
 * approval workflow is confusing", "Push notifications need some love") or a judgement with its verb left out ("Live map
 * not great").
 */
function titleNamedAsThing(input: RuleInput): boolean {
  const title = input.story.a.tokens.filter((t) => t.word).map((t) => t.lower);
  if (title.length === 0) return false;
  const body = analyzeText(input.description).tokens;
  for (let k = 0; k + title.length <= body.length; k++) {
    if (!title.every((w, j) => body[k + j].lower === w)) continue;
    const before = body[k - 1];
    const after = body[k + title.length];
    // A judgement after it with its verb left out ("Live map not great", "Checkout flow clunky") names it too (bands,
    // tenth pass).
    const judged = after && (after.pos === "ADJ" || (after.lower === "not" && body[k + title.length + 1]?.pos === "ADJ"));
    if ((before && BEFORE_A_THING.has(before.pos)) || (after && (after.pos === "VERB" || after.pos === "AUX")) || judged) return true;
  }
  return false;
}

/**
 * The title names no act: its verbs are a plea's, a judgement's or a feeling's, or the description names the title as a
 * thing. A title that tells what something does ("A historical report contains link to an XML report") names an act.
 */
function titleNamesNoAct(input: RuleInput): boolean {
  const tokens = input.story.a.tokens.filter((t) => t.word);
  return !tokens.some((t, i) => t.pos === "VERB" && !PLEA_OR_JUDGEMENT.test(t.text) && !nounAsVerb(tokens, i) && !pointedAt(tokens, i)) || titleNamedAsThing(input) || peopleTitle(input.summary);
}

/**
 * The participle of a pointer to something else ("Membership issue - see attached", "see enclosed"): what is attached is
 * the file, no act of the program ("Invoice attached to the wrong order" names one; twenty-first pass, bands: titles of
 * bands-read-19, -14, -7 and -6).
 */
function pointedAt(tokens: { lower: string }[], i: number): boolean {
  return /^(?:attached|enclosed)$/.test(tokens[i].lower) && tokens[i - 1]?.lower === "see";
}

/**
 * A word the tagger takes for a verb where the grammar makes it a noun: the title's last word after a preposition
 * ("Problem after update", "Interpreters unhappy with pay"), or a word in its base form between two nouns, the first of
 * one, as a compound's middle ("weather hold stuff"). A verb after its subject keeps its reading, whatever its form
 * ("Login fail", "Gate scanner stuck", "mod_x with q flag broken", "Berth B4 shown free").
 */
const PREPOSITION = /^(?:after|before|since|with|without|from|during|of|in|on|for|about|re|per|around|over)$/i;
function nounAsVerb(tokens: { text: string; lower: string; pos: string }[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (!before) return false;
  if (!after) return PREPOSITION.test(before.text);
  return before.pos === "NOUN" && after.pos === "NOUN" && !/s$/i.test(before.text) && /^[a-z]+$/i.test(tokens[i].text) && !/(?:s|ed|ing|en|wn)$/i.test(tokens[i].text);
}

function namesNothing(input: RuleInput): boolean {
  const text = `${input.summary}\n${input.description}`;
  const expected = expectedIn(input.description);
  if (!observedIn(text).every((r) => r.generic) || expected.length > 0 || stepsIn(input.description).at) return false;
  // A title that tells what something does ("A historical report contains link to an XML report") names an act; a
  // name, a mood, a judgement or a plea ("Firmware", "urgent!!!", "The new version is terrible", "game feels off",
  // "pls check screenshot") does not.
  // A title the description names as a thing ("Push notifications need some love", "not happy with transfer references")
  // is a name, whatever its first word could be read as: it names no act (bands, ninth pass).
  if (!titleNamesNoAct(input)) return false;
  // Nor does it name things of its own: at most three nouns beyond the title's and the words of pleas and urgency
  // (`addsNothing`), so "Walk AST and register methods in a database" or a dialog to overhaul still names its work.
  // A time ("Thursday", "by EOD", "2:14 PM") is when, not what: it is not counted.
  // An e-mail's header lines ("From: ...", "Sent: Monday 14:02", "Subject: Fwd: ...") say who wrote when, not what
  // the ticket is about (bands, sixth pass).
  // Nor is a release named as when it started ("since the update", "since last week's patch"; bands, eighth pass).
  const body = blankMatches(input.description, MAIL_HEADER, SINCE_RELEASE);
  const own = analyzeText(body).tokens.filter((t) => (t.pos === "NOUN" || t.pos === "PROPN") && !addsNothing(input.summary, t.text) && !TIME_WORD.test(t.text));
  // A thing named twice ("maya" heading each of her chat lines) is one thing.
  return new Set(own.map((t) => t.text.toLowerCase())).size <= 3;
}

/** Where a sentence of a ticket's prose ends: a stop before a blank or the end, or a line break. */
const SENTENCE_BREAK = /[.!?](?=\s|$)|\n/;
/**
 * A value a developer could look for: a number that is not a year, a clock time, a day of the month, a count of time
 * ("30 mins", "six years" has none) or a share of the business ("40% of our year"). "0%", "00:00" in an account, "12"
 * items, "v2" are values.
 */
const VALUE = /(?<![\w.:])(?!(?:19|20)\d\d(?![\d.,:%]))\d+(?:[.,]\d+)*(?![\d:]|st\b|nd\b|rd\b|th\b|\s*(?:mins?|minutes?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b|\s*%\s+of\s+(?:our|the|my|their|your)\b)/;
/** A text of the program quoted after what shows it: a message, a label, a button, a status ("the page shows 'due'"). */
const PROGRAM_QUOTE = /\b(?:shows?|showed|shown|showing|displays?|displayed|reads?|returns?|returned|prints?|printed|errors?|messages?|warnings?|buttons?|labels?|fields?|menus?|tabs?|options?|status|columns?|prompts?|pop-?ups?|dialogs?|banners?|links?|pages?|screens?)\s*:?\s*(?:as\s+)?["“'‘`][^"“”'‘’`\n]{1,60}["”'’`]/i;
/** An identifier of the program: a path, a URL, a name with dots, underscores or inner capitals ("new_checkout_v2", "userId"). */
const IDENTIFIER = /(?:https?:\/\/|\b\w+\/\w+\/|\b[a-z]+_[a-z\d_]+\b|\b[a-z]+[A-Z]\w*\b|\b\w+\.(?:json|xml|csv|pdf|js|ts|py|java|log|txt|html|yml|yaml)\b)/;
/** A speed or an amount judged with no measure ("slow", "too many", "trending down"): nothing to time or count a fix by. */
const UNMEASURED = /^(?:(?:is|are|was|were|has been|have been|gets?|got)\s+)?(?:(?:very|really|quite|so|a bit|kind of)\s+)?(?:slow(?:er|ly)?|sluggish|laggy|too (?:many|much|few|little|long|slow)|trending (?:down|up)|(?:going|went) (?:down|up))$/i;
/** A part of a program a developer could open and look at: a page, a screen, a button, a field, a message. */
const PROGRAM_PART = /\b(?:pages?|screens?|buttons?|fields?|menus?|tabs?|dialogs?|forms?|columns?|rows?|links?|icons?|checkbox(?:es)?|dropdowns?|pop-?ups?|windows?|toolbars?|sidebars?|urls?|text ?box(?:es)?|messages?|errors?|emails?|e-mails?|passwords?|logins?|log-?in|settings?|options?|filters?|search|totals?|labels?)\b/i;
const DONE_AT = new RegExp(`^(?:${DONE_WORDS.source})`, "i");
/** People as they come across beside others: "we look bad", "we seem dated". */
const COMPARED_PEOPLE = /\b(?:we|i|you|they|us|our \w+)\s+(?:look|looks|seem|seems|feel|feels|come across|sound|sounds|are|were)\b/i;
/** A want of people: what follows is what they want done. */
const PEOPLE_WANT = /(?<!(?:n['’]t|\bnot|\bnever)\s+)\b(?:would (?:like|love)|wants?|wanted|asked for|asks? for|requested|requests?)\b/gi;
/** A subject that names no thing: "something needs to change", "the whole thing needs to feel more under control". */
const NO_THING_BEFORE = /\b(?:something|anything|everything|things|stuff|it all|all of it|the whole thing|(?:the|this) whole \w+)\s+(?:\w+\s+)?$/i;
/** A release named with no version as when it started ("since the update", "after the last update"): when, not where. */
const AROUND_RELEASE = /\b(?:since|after|before|with) (?:the |this |that |our |last |latest |yesterday['’]?s |today['’]?s |\w+ week['’]?s |\w+day['’]?s )?(?:last |latest |new |recent )?(?:update|release|upgrade|deploy(?:ment)?|patch|hotfix|migration|version|build|rollout)\b/gi;

/**
 * The ticket names nothing a developer could look at or check, whatever its length: no steps, no version, build or
 * environment, no value, no identifier, no text of the program quoted, no labelled account; every statement of what
 * happens, read as a specific one, is said in a sentence about people (who feel, tell, want or met: `aboutPeopleSentence`)
 * or of people right before it, or judges a speed or an amount with no measure; and every expectation is people's (what
 * "we" should do, "would be good to discuss"), has no thing as its subject ("something needs to change") or names no
 * thing after it. What is left are feelings, meetings, hearsay, comparisons, aspirations and pleas: nothing to plan from
 * (nineteenth pass, bands: 43 useless tickets of 16 authors scored above 40%, "Returns process", a letter of hearsay, at
 * 90%). The title must name no act either (`titleNamesNoAct`), so a title that tells its failure is left to its reading.
 */
export function nothingToLookAt(input: RuleInput): boolean {
  if (input.language && input.language !== "en") return false;
  if (!/[\p{L}\p{N}]/u.test(input.description) || input.criteria.trim()) return false;
  if (["steps", "expected", "actual", "environment"].some((k) => sectionEvidence(input, k as "steps"))) return false;
  // Nor is the ticket asked for ("can we get a ticket for this", `TICKET_ASKED`) a statement of what happens.
  const body = withoutChatHeads(blankMatches(input.description, MAIL_HEADER, TICKET_ASKED));
  const text = `${input.summary}\n${body}`;
  const unreleased = blankMatches(text, AROUND_RELEASE);
  if (ENVIRONMENT.test(unreleased) || PRODUCT_VERSION.test(text) || VALUE.test(text) || PROGRAM_QUOTE.test(text) || IDENTIFIER.test(text)) return false;
  // What it does say is about people: at least one of its sentences is; and no part of the program is named outside such
  // a sentence ("No updates are showing on my home page").
  // Or its failure is told with nothing named (`VAGUE_FAILURE`: "is the stock thing doing it again", "Might be nothing, but
  // possibly something off", "Is the chart supposed to work like this?"), in the title or a sentence: nothing is seen,
  // whatever the title's verb (twentieth pass).
  const sentences = body.split(SENTENCE_BREAK);
  const vague = VAGUE_FAILURE.test(input.summary) || sentences.some((x) => VAGUE_FAILURE.test(x));
  if (!vague && !sentences.some((x) => /\p{L}/u.test(x) && aboutPeopleSentence(x))) return false;
  if (sentences.some((x) => PROGRAM_PART.test(x) && !aboutPeopleSentence(x))) return false;
  if (!vague && !titleNamesNoAct(input)) return false;
  if (stepsIn(input.description).at) return false;
  const sentenceAt = (at: number) => {
    // The title's first sentence starts at the text's start (a stop not found is -1, which must not count as one at 0).
    const from = Math.max(text.lastIndexOf("\n", at - 1) + 1, ...[". ", "! ", "? "].map((p) => { const i = text.lastIndexOf(p, at - 1); return i < 0 ? 0 : i + 2; }));
    return text.slice(from, at + 200).split(SENTENCE_BREAK)[0];
  };
  const peoples = (start: number) => aboutPeopleSentence(sentenceAt(start)) || personRightBefore(text.slice(Math.max(0, start - 60), start));
  for (const r of observedIn(text)) {
    if (r.generic) continue;
    const start = r.start + (/^\W*/.exec(text.slice(r.start, r.end))?.[0].length ?? 0);
    if (!peoples(start) && !UNMEASURED.test(text.slice(start, r.end).trim())) return false;
  }
  const offset = input.summary.length + 1;
  let tokens: ReturnType<typeof analyzeText>["tokens"] | undefined;
  const namesThing = (from: number, to: number) => {
    tokens ??= analyzeText(text).tokens;
    return tokens.some((t) => t.start >= from && t.end <= to && (t.pos === "NOUN" || t.pos === "PROPN") && !TIME_WORD.test(t.text) &&
      !/^(?:something|anything|everything|thing|things|stuff|bar|time|way|people|competitors?|others?|ideas?|ticket|call|meeting|chat|priority)$/i.test(t.text) && !addsNothing(input.summary, t.text));
  };
  // What people want is the work when it names a thing ("Sales would like an update to the price list"): only a want of
  // nothing named ("we need it fixed", "nobody wants that again") names no work.
  for (const m of text.matchAll(PEOPLE_WANT)) {
    const from = m.index + m[0].length;
    if (aboutPeopleSentence(sentenceAt(m.index)) && namesThing(from, from + text.slice(from).split(SENTENCE_BREAK)[0].length)) return false;
  }
  for (const r of expectedIn(body)) {
    const start = offset + r.start;
    if (NO_THING_BEFORE.test(text.slice(Math.max(0, start - 40), start))) continue;
    // A "should" of the team's deliberation ("we should do something about it", "should probably talk"), as `DONE_WORDS`
    // reads it, and a comparison of how people come across ("Compared to the others we look tired") name no result.
    const read = body.slice(r.start, r.end);
    if (/^(?:should|shall|must|needs? to|has to|have to)\b/i.test(read) && !DONE_AT.test(text.slice(start))) continue;
    if (r.kind === "working_case" && /^\W*(?:compared|unlike|like)\b/i.test(read) && COMPARED_PEOPLE.test(sentenceAt(start))) continue;
    const from = offset + r.end;
    const to = from + text.slice(from).split(SENTENCE_BREAK)[0].length;
    if (namesThing(from, to)) return false;
  }
  return true;
}

/** The first failure read only as judged ("not working", "acting weird"), the description's before the title's, with where it stands. */
function judgedWords(input: RuleInput): { text: string; at: Location } | null {
  for (const field of ["description", "summary"] as const) {
    const text = input[field];
    const r = observedIn(text).find((x) => x.generic);
    if (r) return { text: text.slice(r.start, r.end).replace(/\s+/g, " ").trim(), at: { field, start: r.start, end: r.end } };
  }
  return null;
}

const DONE_WORDS_ALL = new RegExp(DONE_WORDS.source, "gi");
/**
 * A done word that says what must hold: not one followed only by a comparative of a quality ("Needs to be more user
 * friendly", "should be clearer"), which names how it should feel and nothing to check the work against, as the bug
 * readers do not take it for an expected result (`BARE_COMPARATIVE`; thirteenth bands pass).
 */
function doneSaid(text: string): boolean {
  return [...text.matchAll(DONE_WORDS_ALL)].some((m) => !BARE_COMPARATIVE.test(text.slice(m.index + m[0].length, m.index + m[0].length + 60)));
}

/**
 * The ticket with its pleas to fix blanked (the same length, so what is read keeps its place), the "so" clauses of
 * its own bookkeeping ("so it's on record", `KEPT_ON_RECORD`; twenty-first pass, bands) and the ticket asked for ("can we
 * get a ticket for this", `TICKET_ASKED`; twenty-second pass): none says why the work matters.
 */
function withoutPleas(input: RuleInput): RuleInput {
  return withDescription(input, blankMatches(input.description, PLEA_TO_FIX, KEPT_ON_RECORD, TICKET_ASKED));
}

/** A reason said in any form a bug or a task gives it: a Why section, a reason clause, a benefit or the problem put right. */
function reasonSaid(input: RuleInput): boolean {
  return !!(sectionEvidence(input, "why", "impact") ?? phraseEvidence(input, REASON) ?? phraseEvidence(input, TASK_REASON) ??
    phraseEvidence(input, BENEFIT_OR_PROBLEM));
}

/**
 * The findings of a ticket whose kind nothing decided: what every kind needs. What it is (the summary, and
 * detail to size from: the shared estimable rules), why it matters, and when it is done.
 */
function neutralFindings(ticket: RuleInput): Found[] {
  const findings: Found[] = [];
  // Read without the pleas to fix: "needs to be fixed before the review" is no done condition nor a reason.
  const input = withoutPleas(ticket);
  // Why it matters, in any form a bug or a task gives it: a reason clause, a benefit ("It would look a lot
  // cleaner"), or the problem it puts right stated as what happens now ("The popup is very hard to read", "the
  // plugin recognizes only ..."): a ticket of no decided kind may be either.
  const said = reasonSaid(input);
  const reason = said || observedIn(input.description).length > 0 || observedIn(input.summary).length > 0;
  // A reason is read by English words: in another language its absence is not claimed.
  const english = !input.language || input.language === "en";
  const titleOnly = !/[\p{L}\p{N}]/u.test(input.description) && !/[\p{L}\p{N}]/u.test(input.criteria);
  let done = criteriaOf(input).items.length > 0 || !!sectionEvidence(input, "done", "expected", "output") ||
    (!titleOnly && (doneSaid(`${input.description}\n${input.criteria}`) || BEHAVIOUR.test(input.description))) ||
    endStateSaid(input.summary);
  // Nothing decided its kind from the title, and the description names no work and no failure either: no request,
  // no step, no statement of what happens but a judged one ("feels off", "very bad", "as per our call"). Such a
  // ticket is nothing to plan from, whatever it is filed as: its missing why and done cost what a title's do, and it
  // gives nothing to size from.
  // A failure named only as judged ("it feels sluggish") is no reason either when the ticket names nothing else.
  // A reason said does not name the work: "Need this done ASAP, blocking everything" over "urgent!!" still names nothing
  // to plan from (its done condition and detail are missing at high), though its reason is not denied (bands, twelfth
  // pass: it scored 90% with one medium finding).
  // Nor does one that names nothing to look at (`nothingToLookAt`), whatever its "should"s say: what "we should" do
  // or what "needs to change" is no done condition (nineteenth pass).
  const nothingSeen = english && !titleOnly && nothingToLookAt(ticket);
  const nothing = english && !titleOnly && ((!done && namesNothing(input)) || nothingSeen);
  if (nothingSeen) done = false;
  const noWhy = (!reason || (nothing && !said)) && english;
  if (noWhy) {
    findings.push(missingWhy(input, "work_item.no_reason", "The ticket does not say why it matters: nobody affected, no problem, no goal.",
      "Say who needs it or what goes wrong without it (\"because ...\", \"so that ...\", a Background section).", nothing));
  }
  // A ticket that says neither why it matters nor when it is done gives nothing to plan or check the work against: its
  // missing done condition costs what a task's does (a task's is high), not less because nothing decided its kind
  // ("Customers unhappy with tracking" over "Getting a lot of grumbling ... FYI." scored 85%; bands, twelfth pass).
  if (!done) {
    findings.push(found("work_item.no_done_condition", titleOnly || nothing || noWhy ? "high" : "medium",
      "The ticket does not say when it is done: no criteria, no expected result, no list of what must hold.",
      "Add what must be true when it is done: a short list of checks, or the expected result."));
  }
  // Whatever its length: a short description ("attached") had the shared finding at low when its title was long
  // enough to size from, and this one replaces it (engine.ts keeps a kind's finding over a shared one of its code).
  if (nothing) {
    findings.push(found("estimable.no_detail", "high", "The description names no work and no failure: nothing to size from.",
      "Say what is wanted or what goes wrong, where, and for whom."));
  }
  return findings;
}

/** The findings of a bug, task, spike or epic on its own evidence (none for a story: the story rules judge it). */
export function kindFindings(input: RuleInput): Found[] {
  const { kind } = input;
  if (kind === "story") return input.kindBy === "default" ? neutralFindings(input) : [];
  const findings: Found[] = [];
  if (!/[\p{L}\p{N}]/u.test(input.summary)) {
    findings.push(found("work_item.no_summary", "high", `The ${NOUN[kind]} has no summary.`, SUMMARY_ADVICE[kind]));
  }
  const own = kind === "bug" ? bugFindings(input) : kind === "task" ? taskFindings(input) : kind === "spike" ? spikeFindings(input) : epicFindings(input);
  // A report that names nothing to plan from: no failure but a judged one ("broken again", "not working"), no request,
  // no step, a title with no act, and no more than three things of its own ("URGENT - broken again" over "Third time
  // this month. Please fix ASAP, the client is furious."). Nobody can size or start it, whatever it says of its
  // urgency: its missing parts cost what they cost, and it gives nothing to size from. A title alone, or a title with
  // only labelled sections under it, is left to the missing parts' findings (adding the section a finding asks for
  // never adds this one).
  // Nor does one that judges its failure and gives nothing else a reader plans from (no steps, no trigger, no expected
  // result, no environment), whatever it says of who is upset (`judgedAndBare`): its other nouns are people, calls and
  // meetings (thirteenth pass: "Your software is not working for us AGAIN ... My team cannot do their jobs." scored 46%).
  // A report that names nothing to look at (`nothingToLookAt`) has no expected result, no steps and no one the failure
  // meets either: what the readers took for them are people's words ("we should be doing more with the portal", "following
  // on from Monday's meeting", "our members deserve better"), so those findings cost what they cost when nothing is said
  // (nineteenth pass).
  const seen = kind === "bug" && nothingToLookAt(input);
  if (seen) {
    for (let k = 0; k < own.length; k++) {
      const f = own[k];
      if ((f.code === "bug.no_expected_result" || f.code === "bug.no_steps" || f.code === "bug.no_impact") && f.severity !== "high") own[k] = { ...f, severity: "high" };
    }
    if (!own.some((f) => f.code === "bug.no_expected_result")) {
      own.push(missingExpected(summaryQuote(input), false));
    }
  }
  if (kind === "bug" && !own.some((f) => f.code === "estimable.no_detail") && (!input.language || input.language === "en") && /[\p{L}\p{N}]/u.test(proseOf(input)) && ((failureOnlyJudged(input) && namesNothing(input)) || judgedAndBare(input) || seen)) {
    // The judgement is quoted where there is one, so the author sees which words to replace with what was seen.
    const judged = judgedWords(input);
    own.push(found("estimable.no_detail", "high",
      judged ? `The report names nothing to plan from: "${judged.text}" judges the failure without saying what is seen, and there is no way to make it happen and no result to check a fix against.`
        : "The report names nothing to plan from: no failure beyond a judgement, no way to make it happen and no result to check a fix against.",
      "Say what you saw happen (the message, the wrong value, what stayed on screen), what you did just before, and what you expected.", judged?.at));
  }
  // A spike that names nothing to find out ("Look into the thing Raj mentioned" over "can someone follow up"): no
  // question, no request, a title that only pleas, no more than three things of its own. Nobody can plan research from it
  // either. As for a report, a title with only labelled sections under it is left to the missing parts' findings
  // (bands, ninth pass).
  // A task filed as research ("Look into the thing Ravi mentioned", "Investigate print shop website") over the same
  // nothing ("Can someone follow up?", "Something seems to be going on") is that spike filed as a task: its title's verb
  // is research, so what it is about is left to the description, and the description names nothing (twenty-second pass,
  // bands: bands-read-14, -19 and -20).
  const research = kind === "task" && researchTitle(input);
  if ((kind === "spike" || research) && (!input.language || input.language === "en") && /[\p{L}\p{N}]/u.test(proseOf(input)) && (namesNothing(input) || nothingToLookAt(input))) {
    own.push(found("estimable.no_detail", "high",
      `The ${NOUN[kind]} names nothing to find out: no question, no subject beyond a mention, nothing to plan research from.`,
      "Say what question the research answers, about what, and what the team decides with the answer."));
    // Its reason is read as a ticket's that names nothing (`neutralFindings`): only a reason said counts, not a failure
    // told with nothing named ("Something seems to be going on"), and its absence costs what a title's does.
    if (research) {
      const k = own.findIndex((f) => f.code === "task.no_reason");
      if (k >= 0) own[k] = { ...own[k], severity: "high" };
      else if (!reasonSaid(withoutPleas(input))) {
        own.push(missingWhy(input, "task.no_reason", `${summaryQuote(input)} does not say why it is needed: nothing says what it unblocks, prevents or makes possible.`,
          "Say why the task is needed: what it unblocks, prevents or makes possible.", true));
      }
    }
  }
  return [...findings, ...own];
}

/**
 * A title that asks for research: its first word (after a "please") a verb of finding out ("Investigate ...", "Explore
 * ...", `OPEN_ENDED_VERBS`) or "look into".
 */
function researchTitle(input: RuleInput): boolean {
  const words = input.story.a.tokens.filter((t) => t.word);
  const i = words[0]?.lower === "please" ? 1 : 0;
  const head = words[i];
  if (!head) return false;
  return OPEN_ENDED_VERBS.has(head.lemma) || (head.lower === "look" && words[i + 1]?.lower === "into");
}

/** What speaks for each dimension of a non-story when nothing was found against it (the story's text otherwise). */
export function kindEvidenceFor(input: RuleInput): Partial<PerDimension<string>> {
  switch (input.kind) {
    case "bug": return bugEvidenceFor(input);
    case "task": return taskEvidenceFor(input);
    case "spike": return spikeEvidenceFor(input);
    case "epic": return epicEvidenceFor(input);
    default: return {};
  }
}
