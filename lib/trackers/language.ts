// The language a tracker names for an issue (issue 47): a "lang:de" / "language:de" label, or a Jira field.
import { normalizeLanguage, trackerLanguage } from "@/lib/scoring/heuristic/language";

const LABEL = /^(?:lang|language)\s*[:=/]\s*([a-z]{2}(?:[-_][a-z]{2})?)$/i;

/** The language a label names ("lang:de", "Language: pt-BR"), ISO 639-1, or null. */
export function languageFromLabels(labels: string[]): string | null {
  for (const label of labels) {
    const m = LABEL.exec(label.trim());
    if (m) return normalizeLanguage(m[1]);
  }
  return null;
}

/** A Jira issue's language: its "language" field (text or a select's `{ value }`), else a label. */
export function jiraLanguage(fields: Record<string, unknown>, labels: string[]): string | null {
  return trackerLanguage(fields.language) ?? languageFromLabels(labels);
}
