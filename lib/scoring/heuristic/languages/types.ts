// What the heuristic rules need to know of a language other than English (lib/scoring/README.md, "Languages").
// English keeps its own lexicon (../lexicon.ts) and the tagger; the languages here have no tagger, so the rules
// read them from these word lists and from punctuation.
import type { SectionKey } from "../sections";

export interface LanguageWords {
  code: "de" | "fr" | "es" | "pt";
  /** The story template as this language's teams write it, for advice. */
  template: string;
  /** How the template's parts are named in advice: the role's opening, the wish, the benefit's opening. */
  roleExample: string;
  meansExample: string;
  endsExample: string;
  /** The role's opening at the start of the story sentence, with an optional article: "Als", "En tant qu'". */
  role: RegExp;
  /** The wish that opens the means ("möchte ich", "je veux", "quiero"), longest first, lower case. */
  means: string[];
  /** Ends indicators that always open a benefit ("damit", "afin de"), longest first, lower case. */
  ends: string[];
  /** Ends indicators that open a benefit only before an infinitive or after a comma ("para", "pour", "um ... zu"). */
  weakEnds: string[];
  /** Words joining two actions or two things. */
  conjunctions: string[];
  /** Articles, possessives and other words before a noun: a word after them is not a verb. */
  determiners: string[];
  /** Is this lower-case word an infinitive (as it is written, `raw`, for German's capitalised nouns)? */
  infinitive: (lower: string, raw: string) => boolean;
  /** Where a verb stands in an infinitive clause: last (German) or first (French, Spanish, Portuguese). */
  verbPosition: "first" | "last";
  /** Subjective words a tester cannot check. */
  vague: string[];
  /** Phrases that leave a way out ("wenn möglich", "etc."). */
  loopholes: string[];
  /** Words that open a concession or circumstance in the story sentence ("obwohl", "même si"). */
  concessive: string[];
  /** Technical terms that prescribe a design (beside the English ones, which teams use in every language). */
  solution: string[];
  /** Gherkin's keywords in this language (from Gherkin's gherkin-languages.json, MIT licence). */
  gherkin: { given: string[]; when: string[]; then: string[]; and: string[]; but: string[] };
  /** Words of a criterion that states something a tester can see. */
  observable: RegExp;
  /** Section headings of bugs, tasks, spikes and epics, matched in order (the first names the section). */
  sections: [SectionKey, RegExp][];
  /** A failure in a title: the item is a bug report. */
  failure: RegExp;
}

/** A word in lower case not inside another word, for the `u` flag (JavaScript's \b knows ASCII letters only). */
export function words(list: string): string {
  return `(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`;
}

/** A heading pattern: any of these words or phrases in the heading. */
export function heading(list: string): RegExp {
  return new RegExp(words(list), "u");
}
