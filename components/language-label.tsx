import { languageName } from "@/lib/scoring/heuristic/language-name";

/**
 * The language a work item was read in, beside its kind, when it is not English (the interface's language, and
 * the default): "German". Its ISO 639-1 code is the title and `data-language`.
 */
export function LanguageLabel({ language }: { language?: string | null }) {
  if (!language || language === "en") return null;
  return (
    <span className="kind-label language-label" title={`Written in ${languageName(language)} (${language})`} data-language={language}>
      {languageName(language)}
    </span>
  );
}
