// A task's evidence (task, sub-task, chore; lib/scoring/README.md, "Work item kinds"): why it is needed
// (valuable) and a done condition that can be checked (testable). No role and no "so that" are asked for.
import type { PerDimension } from "../types";
import { found, type Found, type RuleInput, withDescription } from "./finding";
import { blankMatches, expectedIn, KEPT_ON_RECORD, observedIn } from "./bug-readers";
import { evidenceAt, phraseEvidence, q, sectionEvidence, missingWhy, sentenceEvidence, SINCE_CAUSE, summaryQuote, type Evidence } from "./kind-text";
import { criteriaItems } from "./rules-criteria";
import { authorsText, withLineBreaks } from "./machine-text";
import { listItems } from "./sections";

/**
 * A reason: a purpose, cause or consequence clause ("so that", "because", ", so anyone ...", "which means",
 * "otherwise"), what it unblocks or prevents, a deadline or a risk; what could happen without the work ("Without
 * enforcement, a single phished admin could change ...": what it prevents; bands, seventh pass).
 * What it blocks is named: "blocking the March release" says why; "blocking everything", "blocking everyone" or a bare
 * "blocking" at a clause's end is urgency, with nothing named that waits on it (bands, twelfth pass).
 */
export const REASON = new RegExp(String.raw`,\s*so\b|\b(?:therefore|thus|hence|consequently|as a result|which means|this means|that means|meaning (?:that )?\w+|(?:leads?|led|leading) to|results? in|caus(?:e|es|ed|ing)|as part of (?:the |our |a )?(?:[\w.-]+ ){0,2}(?:release|migration|project|effort|initiative|epic|upgrade|rollout|work)|to be (?:used|reused|shared|called|run|deployed)|for (?:re)?use (?:in|by)|(?:ready|done|in place|finished|available|fixed) (?:by|before|till|until)\b|saves? (?:\w+ )?(?:time|effort|money|clicks|steps|work)|(?:anyone|anybody|everyone|attackers?|outsiders|customers?|users?|we|they|it) (?:can|could|might|may|will) (?:read|access|see|steal|lose|leak|break|expose|delete|change|bypass|log in|sign in)|risks?|exposed?|leak(?:s|ed)?|by mistake|accidentally|so (?:anyone|everyone|anybody|every|all|any|\w+ (?:can|could|will|would|won['’]?t|cannot|can['’]?t|is|are|has|have|must|need|needs|stays?|keeps?|gets?))|so that|so (?:we|they|users?|the|it|that|customers?|our|nobody|no one)|in order to|because|${SINCE_CAUSE}|otherwise|to (?:avoid|prevent|allow|enable|reduce|unblock|comply|support|keep|stop|speed up|save|meet|remove|let|make sure|ensure|get rid of|free up|cut|lower)|(?:needed|required|necessary) (?:for|by|to|before)|(?:blocks|blocking)(?!\s+(?:everything|everyone|everybody|all|things|stuff))(?!\s*(?:[.,;!]|$))|due to|end[- ]of[- ]life|eol|(?:out of|end of) support|unsupported|no longer (?:supported|maintained)|deprecated|vulnerabilit(?:y|ies)|cve-\d+|expires?|expiring|compliance|audit|(?:after|from|at) which (?:point |time |date )?(?:we|they|it|you|users?|customers?|the \w+)|(?=without )(?<=(?:^|[.!?;]\s+|\n\s*))without (?:it|this|that|them|the [\w-]+|[\w-]+)(?: [\w-]+){0,2},\s*(?:[\w'’-]+\s+){1,5}?(?:can|could|would|will|may|might)(?: still| easily| then)? [a-z]+)\b`, "i");
/** "Done when" written inline ("Done when the build is green", "make sure ...", "To test: ..."). */
const DONE_INLINE = /\b(?:done when|definition of done|finished when|complete when|make sure (?:that )?|ensure (?:that )?|verify (?:that )?|to (?:test|verify|check)(?: (?:this|it|the fix))?\s*:)/i;
/**
 * A target the work reaches, which says by itself when it is done: a version or revision to move to or ship
 * ("Update WebKit to cef_rev392", "Test and release 4.2.1", "will include cxf 2.5.0 or higher"), a named version to
 * be compatible with ("compatible with IntelliJ 15"), a test or build that has to pass ("let the CWMPluginTest
 * test case run successfully").
 */
const TARGET = /\b(?:(?:to|onto|release|releases|ship|include|includes|use|using|requires?)\s+(?:[A-Za-z][\w+-]*\s+){0,3}?v?(?:\d+(?:\.\d+)+(?:\.x)?|[a-z_-]*rev[_-]?\d+|r\d{3,})|compatible with\s+(?:[A-Za-z][\w+.-]*\s+){1,2}v?\d+(?:\.\d+)*|(?:runs?|passe?s?|builds?|succeeds?)\s+(?:successfully|green|cleanly|again))\b/i;
/** A done condition nobody can check: "done", "it works", "code is cleaner". */
const VAGUE_ITEM = /^(?:(?:it|this|everything|all|the (?:task|code|work|change))\s+)?(?:is\s+|are\s+)?(?:works?|working|done|finished|complete(?:d)?|fixed|ok|okay|good|better|cleaner|nicer|improved)(?:\s+(?:well|properly|correctly|fine|as expected))?\s*[.!]?$/i;

interface TaskEvidence {
  reason: Evidence | null;
  done: Evidence | null;
  items: string[];
}

/**
 * A cause told with "as" and the party whose act is the reason ("... as AWS puts PG 11 into paid support", "as the
 * EU requires ..."): "as", a named subject (capitalised, or "we", "they"), and its verb. Not a comparison ("same as",
 * "such as", "as Chrome does") nor "as soon as", "as long as". Read with its case: a capital names the party.
 */
const CAUSE_AS = /(?<!\b(?:[Ss]ame|[Ss]uch|[Ww]ell|[Ss]oon|[Ll]ong|[Ff]ar|[Mm]uch|[Mm]any|[Jj]ust|[Ss]o) )\bas (?:the |our |their )?(?:[A-Z][\w-]*(?: [A-Z0-9][\w-]*)*|we|they) (?:(?:will|now|no longer|soon|already|only) )?(?:is|are|has|have|will|won['’]t|can['’]t|(?!(?:does|goes|says|this|thus|plus|yes|its)\b)[a-z]{2,}s)\b/;

function taskEvidence(input: RuleInput): TaskEvidence {
  const { story } = input;
  const ends = story.ends[0];
  const fromSummary = ends && ends.body.end > ends.body.start && !story.placeholderBenefit
    ? evidenceAt(input, "summary", story.a.tokens[ends.indicator.start].start, story.a.tokens[ends.body.end - 1].end) : null;
  // A failure the task puts right is its reason ("The parser crashes on files over 2 MB", "Login broken").
  const inText = observedIn(input.description)[0];
  const inTitle = observedIn(input.summary)[0];
  // The "so" clauses of the ticket's own bookkeeping ("Creating ticket so we don't forget") say why it was filed, not why
  // the work matters (`KEPT_ON_RECORD`; twenty-first pass, bands).
  const asked = withDescription(input, blankMatches(input.description, KEPT_ON_RECORD));
  const reason = sectionEvidence(input, "why") ?? fromSummary ?? phraseEvidence(asked, REASON, ["summary", "description"]) ?? phraseEvidence(asked, CAUSE_AS, ["summary", "description"]) ??
    (inText ? sentenceEvidence(input, "description", inText.start, inText.end) : inTitle ? sentenceEvidence(input, "summary", inTitle.start, inTitle.end) : null);
  let done: Evidence | null = null;
  let items: string[] = [];
  if (input.criteria.trim()) {
    done = evidenceAt(input, "acceptance_criteria", 0, input.criteria.length);
    items = criteriaItems(input.criteria);
  } else {
    done = sectionEvidence(input, "done");
    if (done) items = listItems(done.text).map((i) => i.text);
    else {
      const listed = listItems(withLineBreaks(authorsText(input.description)));
      const checklist = listed.filter((i) => /^\[[ xX]\]/.test(i.text));
      // A task's list of what it does ("Need to do: * Upgrade the CXF version * Test that components work") is
      // done when every item is: two or more items of a few words each, not a list of ticket keys.
      const todo = checklist.length ? checklist : listed.filter((i) => /[\p{L}]{2,}\S*\s+\S*[\p{L}]{2,}/u.test(i.text));
      const list = checklist.length || todo.length >= 2 ? todo : [];
      // An end state stated as what should be ("The order id should be filled in", "Expected result: ...") is checkable.
      const shouldBe = expectedIn(input.description).find((r) => r.kind === "modal" || r.kind === "expect");
      done = list.length ? evidenceAt(input, "description", list[0].start, list[list.length - 1].end) :
        phraseEvidence(input, DONE_INLINE, ["description"]) ?? sectionEvidence(input, "expected") ??
        (shouldBe ? sentenceEvidence(input, "description", shouldBe.start, shouldBe.end) : null) ??
        phraseEvidence(input, TARGET, ["summary", "description"]);
      items = list.map((i) => i.text);
    }
    if (done && items.length === 0) items = [done.text];
  }
  return { reason, done, items };
}

export function taskFindings(input: RuleInput): Found[] {
  const e = taskEvidence(input);
  const findings: Found[] = [];
  const summary = summaryQuote(input);
  if (!e.reason) {
    findings.push(missingWhy(input, "task.no_reason",
      `${summary} does not say why it is needed: nothing says what it unblocks, prevents or makes possible.`,
      "Say why the task is needed: what it unblocks, prevents or makes possible."));
  }
  if (!e.done) {
    findings.push(found("task.no_done_condition", "high",
      `${summary} has no done condition: nothing says when the task is finished.`,
      'Add a done condition: a "Done when" list of results anyone can check.'));
  } else if (e.items.every((i) => VAGUE_ITEM.test(i.replace(/^\[[ xX]\]\s*/, "").trim()))) {
    findings.push(found("task.vague_done_condition", "medium",
      `The done condition ${q(e.done)} cannot be checked.`,
      "Make each done condition checkable: name the state, file, version or number that shows it is done.", e.done.at));
  }
  return findings;
}

/** What speaks for each dimension of a task when nothing was found against it. */
export function taskEvidenceFor(input: RuleInput): Partial<PerDimension<string>> {
  const e = taskEvidence(input);
  const out: Partial<PerDimension<string>> = { negotiable: "Says what has to change." };
  if (e.reason) out.valuable = `Says why it is needed: ${q(e.reason)}.`;
  if (e.done) {
    const n = e.items.length;
    out.testable = `Done when: ${n} condition${n === 1 ? "" : "s"} to check (${q(e.done, 50)}).`;
  }
  return out;
}
