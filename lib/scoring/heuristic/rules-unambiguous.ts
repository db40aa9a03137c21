// QUS "unambiguous": subjective, general or open-ended wording in what the story asks for and why.
import { found, type Edit, type Found, type RuleInput } from "./finding";
import { GENERAL_TERMS, LOOPHOLE_PHRASES, PLACEHOLDERS, VAGUE_TERMS, VAGUE_WHERE_TAGGED } from "./lexicon";
import type { Segment, Tok } from "./nlp";
import { byFirstWord, phraseAt } from "./regions";
import { listedInDescription } from "./sections";
import { sectionEvidence } from "./kind-text";
import { criteriaInDescription } from "./rules-criteria";

const LOOPHOLES = byFirstWord(LOOPHOLE_PHRASES);
const INTENSIFIERS = new Set(["more", "most", "very", "really", "so", "too", "quite", "extra", "super", "less", "as"]);

/**
 * The edit that takes a vague word out: a modifier (an adverb, or an adjective before its noun) is deleted with
 * its intensifier and a vague partner ("quickly and properly"); a word that carries the requirement ("the
 * website is easy") becomes a placeholder for the measure the author has to write.
 */
function vagueEdit(summary: string, t: Tok[], k: number, vague: (x: Tok | undefined) => boolean, inMeans: boolean): { edit: Edit; covers: number[] } {
  let first = k;
  let last = k;
  const covers = [k];
  if (["and", "or", "&"].includes(t[k + 1]?.lower ?? "") && vague(t[k + 2])) {
    last = k + 2;
    covers.push(k + 2);
  }
  while (first > 0 && INTENSIFIERS.has(t[first - 1].lower) && t[first - 1].lower !== "as") first--;
  const tok = t[k];
  const next = t[last + 1];
  // In the means the word is part of the requirement ("a flexible pick up time"): it becomes the placeholder for
  // its measure. In the benefit it decorates ("so that I can easily create a bill"): it goes.
  const modifier = !inMeans && (tok.pos === "ADV" || (tok.pos === "ADJ" && next !== undefined && (next.pos === "NOUN" ||
    next.pos === "PROPN" || (next.pos === "ADJ" && !/(?:ing|ed)$/.test(next.lower)))));
  if (modifier) {
    const article = t[first - 1];
    if (article && (article.lower === "a" || article.lower === "an") && next) {
      // "a quick overview" -> "an overview".
      const an = /^(?:[aeio]|u(?!s|ni|ti|r|k))/i.test(next.text) ? "an" : "a";
      return { edit: { start: article.start, end: t[last].end, text: article.text[0] === "A" ? an.replace("a", "A") : an }, covers };
    }
    let start = t[first].start;
    while (start > 0 && /\s/.test(summary[start - 1])) start--;
    return { edit: { start, end: t[last].end, text: "" }, covers };
  }
  return { edit: { start: t[first].start, end: t[last].end, text: PLACEHOLDERS.target }, covers };
}

/** A hyphenated compound starting at token k ("user-friendly", "state-of-the-art"): its lower-case text and last token. */
function compoundAt(t: Tok[], k: number, end: number): { text: string; last: number } | null {
  if (t[k + 1]?.text !== "-" || t[k + 1].start !== t[k].end || (k > 0 && t[k - 1].text === "-" && t[k - 1].end === t[k].start)) return null;
  let last = k;
  while (last + 2 < end && t[last + 1].text === "-" && t[last + 1].start === t[last].end && t[last + 2].start === t[last + 1].end) last += 2;
  if (last === k) return null;
  return { text: t.slice(k, last + 1).map((x) => x.lower).join(""), last };
}

/**
 * A general word that what follows it defines: a relative clause with its own subject ("the things I need to
 * bring", "something I request"), or an example list after it ("aspects of a master file ..., including file
 * size, creation date ...").
 */
function definedAfter(t: Tok[], k: number, end: number): boolean {
  const next = t[k + 1];
  if (next && k + 1 < end && next.pos === "PRON" && /^(?:i|we|you|they|he|she)$/.test(next.lower)) return true;
  for (let j = k + 1; j < end; j++) {
    if (t[j].lower === "including" || (t[j].lower === "such" && t[j + 1]?.lower === "as")) return true;
  }
  return false;
}

/** What to write instead of a vague word, by what the word promises: the measure a tester can check. */
const MEASURES: [RegExp, string][] = [
  [/^(?:easy|easily|simple|simply|intuitive|intuitively|user-friendly|easy-to-use|convenient|conveniently|seamless|seamlessly|smooth|smoothly|comfortable)$/,
    "how easy: the steps or clicks it takes, or who can do it without help (\"one click from the item page\")"],
  [/^(?:fast|faster|quick|quickly|swift|swiftly|promptly|timely|early)$/, "how fast: a time limit (\"within 2 seconds\", \"by 9 am the next day\")"],
  [/^(?:responsive|responsively|snappy)$/, "how responsive: the time it takes to react (\"within 200 ms of a tap\") or the screens it fits (\"from 768 px wide\")"],
  [/^(?:secure|securely|safe|safely)$/, "secure against what: who may see or change it (\"only the owner and the admins\")"],
  [/^(?:reliable|reliably|robust|robustly|scalable)$/, "how reliable: the uptime, error rate or load it must stand (\"1,000 users at once\")"],
  [/^(?:accurate|accurately)$/, "how accurate: the tolerance (\"to the cent\", \"within 1%\")"],
  [/^(?:efficient|efficiently|optimal|optimally|effective|effectively)$/, "what it must save: the time, steps or cost to beat (\"in half the steps of today\")"],
  [/^(?:appropriate|appropriately|suitable|proper|properly|adequate|adequately|sufficient|sufficiently|reasonable|reasonably|meaningful)$/,
    "which ones: the rule that decides (\"the fields the funder requires\")"],
  [/^(?:flexible)$/, "which choices the user gets (\"any pick-up time between 8 am and 6 pm\")"],
  [/^(?:proactive|proactively)$/, "what it does before being asked, and when (\"an email a week before the deadline\")"],
];

/** The advice for a vague word: say what it means, in the words of what it promises. */
export function measureAdvice(word: string): string {
  const w = word.toLowerCase();
  const hint = MEASURES.find(([re]) => re.test(w))?.[1] ?? "what makes it so: a property a tester can check (\"shows the total before payment\")";
  return `Replace "${word}" with what it means: say ${hint}, in the story or its acceptance criteria.`;
}


/** Measures an acceptance criterion can give a quality word: a time, a count of steps, a share, a size, a named standard. */
const CRITERIA_MEASURES = {
  time: /\b\d+(?:[.,]\d+)?\s*(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?)\b|\b\d+\s*(?:rps|qps|tps|requests? (?:per|a) second)\b/i,
  steps: /\b(?:\d+|one|two|three|a single|single) (?:clicks?|taps?|steps?|screens?|pages?|fields?|keystrokes?)\b|\bwithout (?:help|training|instructions|documentation|a manual)\b/i,
  share: /\b\d+(?:[.,]\d+)?\s*(?:%|percent)/i,
  size: /\b\d[\d,.]*\s*(?:kb|mb|gb|tb|px|characters?|chars|items?|rows?|records?|users?|requests?|decimal places?|digits?|cents?)\b/i,
  // A named standard, or a control that says what "secure" means: a second factor, a lockout after N failed attempts, a session that expires.
  // Since the eighth bands pass, the same controls in other words: "5 wrong passcode attempts", "blocked from the meeting
  // for 15 minutes", "a link stops working 24 hours after", "passcodes of at least 8 digits".
  standard: /\b(?:wcag|owasp|iso ?\d+|pci(?:-dss)?|gdpr|hipaa|soc ?2|tls ?1\.\d|aes-?\d+|https|2fa|mfa|two-factor|encrypt\w*|hash(?:ed|es)?|bcrypt|argon2|second factor|multi-?factor|one-time (?:code|password)|\d+ (?:failed|wrong|incorrect|invalid|unsuccessful) (?:\w+ )?attempts|(?:lock|block)(?:ed|s)?(?: out)?(?: (?:from|of) (?:the |that )?\w+)? (?:for|after) \d|(?:sessions?|tokens?|links?|passcodes?|invit(?:e|ation)s?) (?:\w+ )?(?:expires?|stops? working)|(?:passwords?|passcodes?|pins?|passphrases?) (?:\w+ ){0,2}(?:at least|a minimum of|minimum|of) \d+ (?:characters?|chars|digits?))\b/i,
};
type Measure = keyof typeof CRITERIA_MEASURES;
/** Which measures make each kind of quality word checkable; a word not listed takes any measure. */
const MEASURED_BY: [RegExp, Measure[]][] = [
  [/^(?:fast|faster|quick|quickly|swift|swiftly|promptly|timely|efficient|efficiently|smooth|smoothly|early)$/, ["time", "size"]],
  [/^(?:easy|easily|simple|simply|intuitive|intuitively|user-friendly|easy-to-use|convenient|conveniently|seamless|seamlessly|comfortable)$/, ["steps", "time", "share", "standard"]],
  [/^(?:reliable|reliably|robust|robustly)$/, ["share", "time", "size"]],
  [/^(?:responsive|responsively|snappy)$/, ["time", "size"]],
  [/^(?:secure|securely|safe|safely)$/, ["standard"]],
  [/^(?:accurate|accurately)$/, ["share", "size"]],
  [/^(?:scalable)$/, ["size", "time"]],
];

/** The acceptance criteria give the vague word a measure of its kind ("faster" and "shown in under 3 seconds"). */
function measuredBy(word: string, criteria: string): boolean {
  if (!/\d|[a-z]/i.test(criteria)) return false;
  const kinds = MEASURED_BY.find(([re]) => re.test(word))?.[1] ?? (Object.keys(CRITERIA_MEASURES) as Measure[]);
  return kinds.some((k) => CRITERIA_MEASURES[k].test(criteria));
}

/** Whether token k stands inside quotation marks: the product's own text ("what can be better"), not the author's. */
/**
 * What people read, which "clear" before it describes rather than empties ("Clear discharge instructions"); not what a
 * user may want emptied (messages, notifications, errors, status, "clear text").
 */
const CLEAR_READ = /^(?:instructions?|labels|labell?ing|information|guidance|wording|explanations?|directions|descriptions?|copy|signage|pricing|terms|language|summar(?:y|ies)|communication|headings|navigation|layout)$/;

function quoted(summary: string, x: Tok): boolean {
  return ((summary.slice(0, x.start).match(/["“”]/g) ?? []).length % 2) === 1;
}

const NEGATION = new Set(["not", "n't", "never", "no", "nothing", "cannot"]);
/**
 * A word that states what goes wrong, not what is asked for: it stands under a negation a few words before it
 * ("is not compacted properly", "are not properly reset", "should not print anything"). The failure is the point;
 * what it should do instead is the report's expected result (bug.*), checked there.
 */
function negated(t: Tok[], k: number, floor: number): boolean {
  for (let j = k - 1; j >= Math.max(floor, k - 3); j--) if (NEGATION.has(t[j].lower)) return true;
  return false;
}

// A hyphenated compound is read whole: "user-friendly" is vague, "early-stage" is a term of its own.
function joined(t: Tok[], x: Tok): boolean {
  return (t[x.i + 1]?.text === "-" && t[x.i + 1].start === x.end) || (t[x.i - 1]?.text === "-" && t[x.i - 1].end === x.start);
}
// A summary's first word is capitalised, and the tagger reads "Reliable offline sync" as a name: a vague word that
// opens a sentence before a noun is the adjective it would be in lower case.
// A gerund is a noun there too when a preposition or the end follows it ("Secure sharing of lab reports": bands,
// seventh pass; "Simple onboarding for new clinic staff", which the tagger reads as a verb: bands, tenth pass); before
// a noun it may be the object of an imperative ("Secure signing keys before the audit").
// So is one before an adverb of when or where, which the tagger may read as an adjective ("Reliable misting overnight";
// bands, fifteenth pass).
// The tagger may call the preposition after it a conjunction ("Easy booking for escape room groups": "for" as SCONJ;
// bands, twenty-second pass, read-20).
function gerund(t: Tok[], y: Tok): boolean {
  return /.{3}ing$/.test(y.lower) && !/thing$/.test(y.lower) && (!t[y.i + 1] || ["ADP", "SCONJ", "PUNCT", "ADV", "ADJ"].includes(t[y.i + 1].pos));
}
// So is a verb's bare form the tagger reads as a verb after the capitalised word when a preposition or the end follows
// it: an action named as a noun ("Reliable unlock at docking stations", "Easy renew at the desk"; bands, twenty-first
// pass, read-19).
function actionNoun(t: Tok[], y: Tok): boolean {
  return y.pos === "VERB" && !/(?:ed|ing)$/.test(y.lower) && (!t[y.i + 1] || ["ADP", "SCONJ", "PUNCT"].includes(t[y.i + 1].pos));
}
function nounAfter(t: Tok[], y: Tok | undefined): boolean {
  return !!y && (["NOUN", "ADJ", "PROPN"].includes(y.pos) || gerund(t, y) || actionNoun(t, y));
}
function opening(t: Tok[], x: Tok): boolean {
  return x.pos === "PROPN" && (x.i === 0 || t[x.i - 1].pos === "PUNCT") && nounAfter(t, t[x.i + 1]);
}
// "Best practices" names a kind of guide, not a quality to measure.
function term(t: Tok[], x: Tok): boolean {
  return x.lower === "best" && /^practices?$/.test(t[x.i + 1]?.lower ?? "");
}
// "Clear" opens a summary as a verb as often as an adjective ("Clear cache on logout"): capitalised there, a word read only
// where tagged (`VAGUE_WHERE_TAGGED`) is the quality only before what people read ("Clear discharge instructions for pet
// owners"; bands, twenty-first pass, read-19), and never after a quote, where it names a command ("'Clear Recent
// History' does not clear cookies").
function readAfter(t: Tok[], x: Tok): boolean {
  for (let j = x.i + 1; j <= x.i + 3 && t[j] && ["NOUN", "ADJ", "PROPN"].includes(t[j].pos); j++) if (CLEAR_READ.test(t[j].lower)) return true;
  return false;
}
function clearOpening(summary: string, t: Tok[], x: Tok): boolean {
  return !VAGUE_WHERE_TAGGED.has(x.lower) || (readAfter(t, x) && !/['‘"“]$/.test(summary.slice(0, x.start)));
}
// A word inside an identifier is the code's name, not a quality asked for ("crash in apr_pool_clear").
function inName(summary: string, x: Tok): boolean {
  return /[\w]_$/.test(summary.slice(0, x.start)) || /^_\w/.test(summary.slice(x.end));
}
/**
 * Whether a token of the summary is a vague word asked for (the predicate `unambiguousFindings` reads each token with),
 * returned unnamed: under tsx (the worker's and the benches' path), which keeps functions' names, every named closure
 * made on each call cost a property definition (the predicates above were ten of them).
 */
function vagueIn(summary: string, t: Tok[]): (x: Tok | undefined) => boolean {
  return (x) => !!x && (VAGUE_TERMS.has(x.lower) || VAGUE_WHERE_TAGGED.has(x.lower)) && (x.pos === "ADJ" || x.pos === "ADV" || (opening(t, x) && clearOpening(summary, t, x))) &&
    !joined(t, x) && !term(t, x) && !inName(summary, x);
}

/** A summary that states what happens now ("Currently the agent generates ...") asks for nothing yet. */
const STATES_NOW = /^\s*(?:currently|at (?:the )?(?:moment|present)|right now|today|at this time)\b/i;

export function unambiguousFindings(input: RuleInput): Found[] {
  const { summary, story, description } = input;
  // The acceptance criteria measure a vague word wherever the team wrote them: their own field, a section of the
  // description headed as criteria ("Acceptance criteria:", "Done when"), or the description when it holds criteria in
  // a form teams write them in (Given/When/Then, a list of rules, limits said in prose: `criteriaInDescription`).
  const criteria = /[\p{L}\p{N}]/u.test(input.criteria) ? input.criteria
    : (sectionEvidence(input, "done")?.text ?? (criteriaInDescription(description) ? description : ""));
  const t = story.a.tokens;
  const findings: Found[] = [];
  const now = STATES_NOW.test(summary);
  const listed = listedInDescription(description);
  // The role may say "concerned about safety", the benefit "so that I get a quick overview": only what the story
  // asks for sets its scope, so only the means must be precise (precision samples: 11 of 20 vague words and 10 of
  // 20 general words on the shared backlogs were in the benefit alone, where making them measurable changes no work).
  const parts: Segment[] = [];
  if (story.means) parts.push(story.means);
  const vague = vagueIn(summary, t);
  const seen = new Set<string>();
  const covered = new Set<number>();
  const loopholeAt = new Set<number>();
  for (const part of parts) {
    for (let k = part.start; k < part.end; k++) {
      const phrase = phraseAt(t, k, LOOPHOLES);
      if (phrase) {
        const last = k + phrase.length - 1;
        for (let j = k; j <= last; j++) loopholeAt.add(j);
        const text = summary.slice(t[k].start, t[last].end);
        // "as soon as possible" hides a target; "if possible" only a way out; "and/or" means "or".
        const edit: Edit = phrase[0] === "and" ? { start: t[k].start, end: t[last].end, text: "or" }
          : phrase[0] === "as" ? { start: t[k].start, end: t[last].end, text: PLACEHOLDERS.target }
          : { start: t[k].start - (t[k].start > 0 && summary[t[k].start - 1] === " " ? 1 : 0), end: t[last].end, text: "" };
        findings.push(found("unambiguous.loophole", "medium", `"${text}" leaves the scope open.`,
          phrase[0] === "and" ? `Say "or" where either is enough, or "and" where both are needed.`
            : phrase[0] === "as" ? `Replace "${text}" with the number it hides: a time, a count or a limit a tester can check.`
            : `Decide whether "${text}" is in scope: if it is, drop the phrase; if not, say what happens otherwise.`,
          { field: "summary", start: t[k].start, end: t[last].end }, { edits: [edit] }));
        k = last;
      }
    }
  }
  for (const part of parts) {
    for (let k = part.start; k < part.end; k++) {
      const compound = compoundAt(t, k, part.end);
      if (compound) {
        if (VAGUE_TERMS.has(compound.text) && !seen.has(compound.text) && !measuredBy(compound.text, criteria)) {
          seen.add(compound.text);
          const span = { start: t[k].start, end: t[compound.last].end };
          findings.push(found("unambiguous.vague_term", "medium", `"${summary.slice(span.start, span.end)}" is subjective: nobody can check it.`,
            measureAdvice(summary.slice(span.start, span.end)), { field: "summary", ...span },
            { edits: [{ ...span, text: PLACEHOLDERS.target }] }));
        }
        k = compound.last;
        continue;
      }
      const x = t[k];
      if (loopholeAt.has(k) || covered.has(k) || seen.has(x.lower)) continue;
      if (now || quoted(summary, x)) continue;
      if (GENERAL_TERMS.has(x.lower) && (x.pos === "NOUN" || x.pos === "PRON") && !definedAfter(t, k, part.end) && !negated(t, k, part.start) && !listed) {
        seen.add(x.lower);
        findings.push(found("unambiguous.general_term", "low", `"${x.text}" names nothing concrete.`,
          "Name the concrete thing or action the user needs.", { field: "summary", start: x.start, end: x.end }));
        continue;
      }
      if (!vague(x)) continue;
      // "know how secure data is": the word is what is asked about, not a quality the feature must have.
      if (t[k - 1]?.lower === "how") continue;
      if (negated(t, k, part.start)) continue;
      // "to be null safe", "is thread safe": a noun and the adjective after a copula are one term ("null-safe"),
      // written open; the word names a property the code has or lacks, not a taste.
      if (x.pos === "ADJ" && t[k - 1]?.pos === "NOUN" && t[k - 2]?.pos === "AUX") continue;
      // "faster search" with a criterion "results are shown in under 3 seconds": the criteria measure it.
      if (measuredBy(x.lower, criteria)) continue;
      seen.add(x.lower);
      const { edit, covers } = vagueEdit(summary, t, k, vague, part === story.means);
      for (const c of covers) covered.add(c);
      for (const c of covers.slice(1)) seen.add(t[c].lower);
      const words = covers.map((c) => `"${t[c].text}"`).join(" and ");
      findings.push(found("unambiguous.vague_term", "medium",
        `${words} ${covers.length > 1 ? "are" : "is"} subjective: nobody can check ${covers.length > 1 ? "them" : "it"}.`,
        covers.map((c) => measureAdvice(t[c].text)).join(" "),
        { field: "summary", start: x.start, end: t[covers[covers.length - 1]].end }, { edits: [edit] }));
    }
  }
  // Each "[measurable target]" of a rewrite still has to be written: it costs what the vague word it replaced did.
  for (let target = summary.indexOf(PLACEHOLDERS.target); target >= 0; target = summary.indexOf(PLACEHOLDERS.target, target + 1)) {
    findings.push(found("unambiguous.placeholder", "medium", `The placeholder ${PLACEHOLDERS.target} is still to be filled in.`,
      "Replace it with the measure: a number, a limit or a named standard.",
      { field: "summary", start: target, end: target + PLACEHOLDERS.target.length }));
  }
  return findings;
}
