// The rules that read words, for a story in German, French, Spanish or Portuguese (lib/scoring/README.md,
// "Languages"): atomic (two actions joined by a conjunction, a second wish), vague words, loopholes, concessions
// and solution terms from the language's word lists; the acceptance criteria read with Gherkin's keywords in that
// language. And, for a language the rules do not read, the finding that says its wording is not checked.
import { found, quote, type Found, type RuleInput } from "./finding";
import { languageName } from "./language";
import type { LanguageWords } from "./languages";
import { SOLUTION_TERMS } from "./lexicon";
import { charSpan } from "./nlp";
import { words as wordPattern } from "./languages/types";

const patterns = new WeakMap<LanguageWords, Record<"conj" | "vague" | "loophole" | "concessive" | "solution", RegExp>>();

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
}

function listPattern(list: string[], inflected = false): RegExp {
  const body = [...list].sort((x, y) => y.length - x.length).map(escape).join("|");
  // Whole words only: "table" is not in "tableau"; "etc." is followed by a space or the end. An adjective may
  // carry its ending ("benutzerfreundliche", "rapides", "rápidas").
  const ending = inflected ? "(?:e|en|er|es|em|s|a|as|os)?" : "";
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})${ending}(?![\\p{L}\\p{N}])`, "giu");
}

function patternsOf(w: LanguageWords) {
  let p = patterns.get(w);
  if (!p) {
    p = {
      conj: new RegExp(wordPattern(w.conjunctions.map(escape).join("|")), "giu"),
      vague: listPattern(w.vague, true),
      loophole: listPattern(w.loopholes),
      concessive: listPattern(w.concessive),
      solution: listPattern(w.solution),
    };
    patterns.set(w, p);
  }
  return p;
}

const CLITICS = new Set(["les", "le", "la", "l", "lo", "los", "las", "me", "se", "te", "nos", "lhe", "lhes", "o", "a", "os", "as", "en", "y"]);

/** The words of a text with their offsets. */
function wordsOf(text: string, offset: number): { text: string; lower: string; start: number; end: number }[] {
  const out: { text: string; lower: string; start: number; end: number }[] = [];
  const re = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) out.push({ text: m[0], lower: m[0].toLowerCase(), start: offset + m.index, end: offset + m.index + m[0].length });
  return out;
}

/** A part of the means (between conjunctions) that is an action: its verb in the language's place, not after an article. */
function isAction(w: LanguageWords, part: ReturnType<typeof wordsOf>): boolean {
  if (part.length === 0) return false;
  const determiners = new Set(w.determiners);
  if (w.verbPosition === "last") {
    const verb = part[part.length - 1];
    const before = part[part.length - 2];
    return w.infinitive(verb.lower, verb.text) && !(before && determiners.has(before.lower));
  }
  let k = 0;
  // "les envoyer", "l'exporter": a pronoun before the verb.
  while (k < part.length - 1 && CLITICS.has(part[k].lower.replace(/['’]$/, ""))) k++;
  const verb = part[k];
  const elided = /^[ldm]['’](\p{L}+)$/u.exec(verb.lower);
  const word = elided ? elided[1] : verb.lower;
  return w.infinitive(word, verb.text);
}

function atomicIn(input: RuleInput, w: LanguageWords): Found[] {
  const { story, summary } = input;
  const findings: Found[] = [];
  if (story.means) {
    const span = charSpan(story.a, story.means);
    const text = summary.slice(span.start, span.end);
    const conj = patternsOf(w).conj;
    conj.lastIndex = 0;
    const cuts: { start: number; end: number }[] = [];
    for (let m = conj.exec(text); m; m = conj.exec(text)) cuts.push({ start: m.index, end: m.index + m[0].length });
    if (cuts.length > 0) {
      const parts: { start: number; end: number }[] = [];
      let from = 0;
      for (const c of cuts) {
        parts.push({ start: from, end: c.start });
        from = c.end;
      }
      parts.push({ start: from, end: text.length });
      const actions = parts.filter((p) => isAction(w, wordsOf(text.slice(p.start, p.end), span.start + p.start)));
      if (actions.length >= 2) {
        const several = actions.length >= 3;
        findings.push(found(several ? "atomic.several_features" : "atomic.two_actions", "high",
          `"${quote(summary, span)}" asks for ${several ? `${actions.length} actions` : "two actions"} in one story.`,
          "Split it into one story per action, each with its own benefit.", { field: "summary", ...span }));
      }
    }
  }
  if (story.secondMeans && findings.length === 0) {
    const at = charSpan(story.a, { start: story.secondMeans.indicator.start, end: Math.max(story.secondMeans.body.end, story.secondMeans.indicator.end) });
    findings.push(found("atomic.second_story", "high", `"${quote(summary, at)}" is a second story after the first.`,
      "Write the second need as a story of its own.", { field: "summary", ...at }));
  }
  return findings;
}

function phraseFindings(input: RuleInput, w: LanguageWords): Found[] {
  const { summary, criteria } = input;
  const p = patternsOf(w);
  const findings: Found[] = [];
  const each = (re: RegExp, text: string, max: number, make: (m: RegExpExecArray) => Found) => {
    re.lastIndex = 0;
    const seen = new Set<string>();
    for (let m = re.exec(text); m && seen.size < max; m = re.exec(text)) {
      const key = m[0].toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(make(m));
    }
  };
  const at = (m: RegExpExecArray) => ({ field: "summary" as const, start: m.index, end: m.index + m[0].length });
  each(p.loophole, summary, 2, (m) => found("unambiguous.loophole", "medium", `"${m[0]}" leaves the scope open.`,
    `Decide whether what "${m[0]}" covers is in scope: if it is, drop the phrase; if not, say what happens otherwise.`, at(m)));
  each(p.vague, summary, 2, (m) => found("unambiguous.vague_term", "medium", `"${m[0]}" is subjective: nobody can check it.`,
    "Replace it with a measure a tester can check: a time, a count or a limit.", at(m)));
  each(p.vague, criteria, 2, (m) => found("testable.vague_criterion", "low", `"${m[0]}" in the acceptance criteria cannot be checked.`,
    "Replace it with a measurable condition.", { field: "acceptance_criteria", start: m.index, end: m.index + m[0].length }));
  each(p.concessive, summary, 1, (m) => {
    const rest = summary.slice(m.index);
    const stop = /[,;.!?)]/.exec(rest.slice(m[0].length));
    const end = m.index + m[0].length + (stop ? stop.index : rest.length - m[0].length);
    return found("minimal.concession", "low", `"${quote(summary, { start: m.index, end })}" comments on the request.`,
      "Keep the story to role, means and benefit; put the exception or circumstance in the description or the acceptance criteria.",
      { field: "summary", start: m.index, end });
  });
  // Solution terms in the means: the language's own, and the English ones teams use in every language ("API", "SQL").
  const means = input.story.means ? charSpan(input.story.a, input.story.means) : null;
  if (means) {
    const text = summary.slice(means.start, means.end);
    const terms: { start: number; end: number; text: string }[] = [];
    p.solution.lastIndex = 0;
    for (let m = p.solution.exec(text); m; m = p.solution.exec(text)) terms.push({ start: means.start + m.index, end: means.start + m.index + m[0].length, text: m[0] });
    for (const x of wordsOf(text, means.start)) if (SOLUTION_TERMS.has(x.lower)) terms.push(x);
    for (const x of terms.sort((a, b) => a.start - b.start).slice(0, 2)) {
      findings.push(found("problem_oriented.solution_term", "medium", `"${x.text}" prescribes the solution.`,
        "State the user's need and leave the design to the team.", { field: "summary", start: x.start, end: x.end }));
    }
  }
  return findings;
}

/** The word rules of a story in one of the languages besides English. */
export function languageFindings(input: RuleInput, w: LanguageWords): Found[] {
  return [...atomicIn(input, w), ...phraseFindings(input, w)];
}

function keywordPattern(list: string[]): string {
  return [...list].sort((x, y) => y.length - x.length).map((k) => escape(k).replace(/['’]/g, "['’]")).join("|");
}

/** Acceptance criteria items in the language: lines, and a Gherkin scenario's continuation lines joined to it. */
export function criteriaOfIn(criteria: string, w: LanguageWords): { items: string[]; verifiable: number } {
  const g = w.gherkin;
  const start = (list: string[]) => new RegExp(`^(?:[-*•]\\s*)?(?:${keywordPattern(list)})(?![\\p{L}])`, "iu");
  const continues = start([...g.and, ...g.then, ...g.when, ...g.but, "and", "then", "when", "but"]);
  const givenWhen = new RegExp(`(?<![\\p{L}])(?:${keywordPattern([...g.given, ...g.when, "given", "when"])})(?![\\p{L}])[\\s\\S]{0,400}?(?<![\\p{L}])(?:${keywordPattern([...g.then, "then"])})(?![\\p{L}])`, "iu");
  const lines = criteria.split(/\r?\n/).map((l) => l.trim()).filter((l) => /[\p{L}\p{N}]/u.test(l));
  const items: string[] = [];
  for (const line of lines) {
    if (items.length > 0 && continues.test(line)) items[items.length - 1] += ` ${line}`;
    else items.push(line);
  }
  const verifiable = items.filter((i) => givenWhen.test(i) || /\d/.test(i) || w.observable.test(i)).length;
  return { items, verifiable };
}

/** For a language the rules do not read: what is not checked, and where to have it read; `noun` names the ticket's kind. */
export function notReadFinding(language: string, noun = "story"): Found {
  return found("language.not_read", "low",
    `This ${noun} is in ${languageName(language)}: its wording is not checked; the LLM engine reads any language.`,
    "Score it with the LLM engine to have its wording read, or write it in English, German, French, Spanish or Portuguese.");
}

const ENGLISH_TEMPLATE = '"As a <type of user>, I want <goal>, so that <benefit>"';

/**
 * The English rules' findings as a story in another language reads them: the template named in its language,
 * and no rewrite or split (they would be written in English).
 */
export function localize(findings: Found[], w: LanguageWords): Found[] {
  const ends = w.endsExample.replace(/\s*<.*$/, "");
  const say = (s: string) => s.split(ENGLISH_TEMPLATE).join(`"${w.template}"`)
    .split('"As a <type of user>"').join(`"${w.roleExample}"`)
    .split('"I want <goal>"').join(`"${w.meansExample} <…>"`)
    .split('"I want ..."').join(`"${w.meansExample} ..."`)
    .split('"so that <outcome>"').join(`"${w.endsExample}"`)
    .split('"so that ..."').join(`"${ends} ..."`)
    .split('"so that"').join(`"${ends}"`)
    .split("Given/When/Then").join(`${w.gherkin.given[0]}/${w.gherkin.when[0]}/${w.gherkin.then[0]}`);
  return findings.map((f) => {
    const out: Found = { ...f, message: say(f.message), advice: say(f.advice) };
    delete out.edits;
    delete out.split;
    return out;
  });
}
