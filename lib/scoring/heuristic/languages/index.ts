// The languages the heuristic rules read besides English (lib/scoring/README.md, "Languages").
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { pt } from "./pt";
import type { LanguageWords } from "./types";

export type { LanguageWords } from "./types";

export const LANGUAGE_WORDS: Record<string, LanguageWords> = { de, fr, es, pt };

/** The word lists of a language the rules read besides English, or undefined (English, or a language not read). */
export function wordsFor(language: string | undefined): LanguageWords | undefined {
  return language ? LANGUAGE_WORDS[language] : undefined;
}
