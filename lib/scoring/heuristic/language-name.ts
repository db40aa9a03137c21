// A language's English name, for messages and pages; apart from language.ts so a page names a language without
// loading the detector's database.
const NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** "de" -> "German". */
export function languageName(code: string): string {
  try {
    return NAMES.of(code) ?? code;
  } catch {
    return code;
  }
}
