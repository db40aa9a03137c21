// QUS "well-formed" and "conceptually sound", INVEST "valuable": who the story serves, what they need, why.
import { found, quote, type Edit, type Found, type RuleInput } from "./finding";
import { descriptionSaysWhoAndWhy, descriptionSaysWhy } from "./kind-text";
import { NON_PERSON_ROLES, NO_FEATURE_VERBS, PLACEHOLDERS } from "./lexicon";
import { analyzeText, charSpan, isWord, type Tok } from "./nlp";

// A means made only of these words asks for nothing buildable ("I want everything to work").
const EMPTY_MEANS = new Set(["everything", "anything", "something", "it", "all", "things", "stuff", "to", "work", "works",
  "function", "be", "fine", "good", "ok", "okay", "well", "properly", "correctly", "always", "just"]);

/** Where ", so that [the benefit]" goes: after the last word of the story sentence. */
function benefitInsertion(input: RuleInput): Edit | null {
  const { story } = input;
  const t = story.a.tokens;
  let last = story.storyEnd - 1;
  while (last >= 0 && !isWord(t[last]) && !/^[)\]}"'”’]$/.test(t[last].text)) last--;
  if (last < 0) return null;
  return { start: t[last].end, end: t[last].end, text: `, so that ${PLACEHOLDERS.benefit}` };
}

function rolePrefix(input: RuleInput, lowerFirst: boolean): Edit | null {
  const t = input.story.a.tokens;
  const first = t.find((x) => isWord(x));
  if (!first) return null;
  const edit: Edit = { start: first.start, end: first.start, text: `As a ${PLACEHOLDERS.role}, ` };
  if (lowerFirst && /^\p{Lu}\p{Ll}/u.test(first.text)) {
    return { start: first.start, end: first.start + 1, text: `${edit.text}${first.text[0].toLowerCase()}` };
  }
  return edit;
}

// Words a verb phrase cannot end on ("I want to see the", "I want to export and"); a preposition can ("what
// repository an object belongs to", "the supplies the camp is short of").
const DANGLING_WORDS = new Set(["and", "or", "nor", "but", "my", "your", "our", "their", "the", "a", "an"]);

/**
 * A means that is not a verb phrase: after "I want to" a word no reading takes as a verb ("I want to the
 * report"), or a phrase that stops on an article, a conjunction or a preposition ("I want to create, so that").
 * A garbled sentence is a finding of its own, so it never scores above a story it was made from.
 */
const PRE_VERB = new Set(["either", "both", "not", "also", "just", "only", "then", "first", "still", "always", "never"]);

function brokenMeans(input: RuleInput): { start: number; end: number } | null {
  const { story } = input;
  const a = story.a;
  const t = a.tokens;
  if (!story.meansIndicator || !story.means || !story.meansIsAction) return null;
  const words = t.slice(story.means.start, story.means.end).filter(isWord);
  if (words.length === 0) return null;
  const span = charSpan(a, story.means);
  const last = words[words.length - 1];
  const lastTok = t[story.means.end - 1];
  if (lastTok === last && DANGLING_WORDS.has(last.lower)) return span;
  // The infinitive's verb: the first word, after an adverb or "not" ("to quickly see", "to not lose").
  const head = words.find((x) => x.pos !== "ADV" && x.pos !== "PART" && !PRE_VERB.has(x.lower));
  if (!head || head.pos === "AUX") return null;
  // An inflected verb where the infinitive's should stand ("I want to recycling facilities' information").
  if (head.pos === "VERB") return head.lower !== head.lemma && /(?:ing|ed|s)$/.test(head.lower) && !t.slice(story.means.start, head.i).some((x) => x.pos === "ADV") ? span : null;
  const again = analyzeText(`to ${a.text.slice(head.start, span.end)}`).tokens[1];
  if (again && (again.pos === "VERB" || again.pos === "AUX")) return null;
  if (["DET", "ADP", "CCONJ", "PRON", "NUM", "PUNCT"].includes(head.pos)) return span;
  // A noun where the verb should be is a garble when it cannot be a verb the tagger does not know ("checkout a
  // selection", "unpublish a report" take an object): a plural ("I want to games that ..."), or a noun phrase
  // followed by its own clause ("I want to data to be validated", "I want to submission errors to represent").
  if (head.pos !== "NOUN" && head.pos !== "PROPN") return null;
  let k = head.i + 1;
  while (k < story.means.end && (t[k].pos === "NOUN" || t[k].pos === "PROPN")) k++;
  const plural = head.lower !== head.lemma && /s$/.test(head.lower);
  // "login to my account" is a verb the tagger does not know; "data to be validated" is a noun with a clause.
  const clause = ["that", "which", "who"].includes(t[k]?.lower ?? "") || t[k]?.pos === "AUX" ||
    (t[k]?.lower === "to" && (k > head.i + 1 || t[k + 1]?.lower === "be"));
  return plural || clause ? span : null;
}

export function formFindings(input: RuleInput): Found[] {
  const { summary, story } = input;
  const a = story.a;
  const t = a.tokens;
  const findings: Found[] = [];
  if (!t.some(isWord)) {
    findings.push(found("well_formed.not_a_story", "high", "The summary is empty.",
      'Write the story as "As a <type of user>, I want <goal>, so that <benefit>".'));
    return findings;
  }

  // Who and why wherever they are written: a description that names who is served and gives a reason in any
  // sentence or a Why / Background / Problem section ("Users cannot ..., because ...") says what the template would.
  const hasBenefit = (story.ends.some((e) => e.body.end > e.body.start) && !story.placeholderBenefit) || descriptionSaysWhy(input);
  if (!story.roleIndicator && !story.meansIndicator && descriptionSaysWhoAndWhy(input)) return findings;
  if (!story.roleIndicator && !story.meansIndicator) {
    // A title ("Settings page") or a task ("Fix the login bug"): nobody, no need, and usually no reason.
    const span = story.means ? charSpan(a, story.means) : { start: 0, end: summary.length };
    const edits: Edit[] = [];
    if (story.meansIsAction) {
      const prefix = rolePrefix(input, true);
      if (prefix) edits.push({ ...prefix, text: prefix.text.replace(/, (.?)$/, ", I want to $1") });
      const benefit = hasBenefit ? null : benefitInsertion(input);
      if (benefit) edits.push(benefit);
    }
    // A statement has a verb of its own ("Users should be able to ...", "The system shall ...").
    const statement = !story.meansIsAction && t.some((x) => x.pos === "AUX" || x.pos === "VERB");
    const kind = story.meansIsAction ? "a task" : statement ? "a requirement statement" : "a title";
    findings.push(found("well_formed.not_a_story", "high",
      `"${quote(summary, span)}" is ${kind}, not a story: it does not say which user needs it${hasBenefit ? "" : " or why"}.`,
      'Write it as "As a <type of user>, I want <goal>, so that <benefit>".', { field: "summary", ...span }, { edits }));
    return findings;
  }

  if (!story.roleIndicator || story.placeholderRole) {
    const prefix = story.placeholderRole ? null : rolePrefix(input, true);
    findings.push(found("well_formed.no_role", "medium",
      story.placeholderRole ? `The role is still the placeholder ${PLACEHOLDERS.role}.` : "The story names no role: nobody is said to need it.",
      story.placeholderRole ? `Replace ${PLACEHOLDERS.role} with the kind of user who needs it ("As a shopper").`
        : 'Start with "As a <type of user>" so the team knows whom the story serves.', undefined,
      { edits: prefix ? [prefix] : [] }));
  } else if (story.role) {
    // The head of the role is the last noun before anything that qualifies it ("system administrator of ...").
    let head: Tok | undefined;
    for (let k = story.role.start; k < story.role.end; k++) {
      const x = t[k];
      if (x.pos === "NOUN" || x.pos === "PROPN") head = x;
      else if (head && (x.pos === "ADP" || x.pos === "VERB" || x.pos === "PRON" || x.text === ",")) break;
    }
    if (head && NON_PERSON_ROLES.has(head.lower)) {
      findings.push(found("conceptually_sound.role_not_user", "medium",
        `The role "${quote(summary, charSpan(a, story.role))}" is not a person.`,
        "Name the user who benefits, and let the system be what they use.", { field: "summary", ...charSpan(a, story.role) }));
    }
  }

  if (!story.meansIndicator) {
    findings.push(found("well_formed.no_means", "medium",
      'The story says who but not what: there is no "I want ...".', 'Say what the user needs: "I want <goal>".'));
  } else if (story.means) {
    const words = t.slice(story.means.start, story.means.end).filter(isWord);
    const head = words[0];
    const empty = words.every((x) => EMPTY_MEANS.has(x.lower));
    if (empty || (story.meansIsAction && head && NO_FEATURE_VERBS.has(head.lemma))) {
      const span = charSpan(a, story.means);
      findings.push(found("conceptually_sound.no_feature", "medium",
        `"${quote(summary, span)}" is a wish, not a feature the team can build.`,
        "Name the capability the user gets.", { field: "summary", ...span }));
    }
  }

  const broken = brokenMeans(input);
  if (broken) {
    findings.push(found("well_formed.broken_means", "high",
      `"${quote(summary, broken)}" is not a sentence: the story does not say what the user wants to do.`,
      "Write what the user wants as a verb and what it acts on (\"I want to download my invoices\").", { field: "summary", ...broken }));
    // Nor can anyone size what cannot be read: a garbled sentence never scores above a story it was made from.
    findings.push(found("estimable.unreadable", "high", "What the story asks cannot be read, so it cannot be sized.",
      "Write what the user wants as a verb and what it acts on (\"I want to download my invoices\").", { field: "summary", ...broken }));
  }

  if (!hasBenefit) {
    // A benefit needs something to be the benefit of: without a means there is nothing to append it to.
    const insertion = story.placeholderBenefit || !story.means ? null : benefitInsertion(input);
    findings.push(found("valuable.no_benefit", "medium",
      story.placeholderBenefit ? `The benefit is still the placeholder ${PLACEHOLDERS.benefit}.` : 'The story gives no reason: there is no "so that ...".',
      story.placeholderBenefit ? `Replace ${PLACEHOLDERS.benefit} with what the user gains ("so that I can file my expenses").`
        : 'Add "so that <outcome>" to say why the story matters.', undefined, { edits: insertion ? [insertion] : [] }));
  }
  return findings;
}
