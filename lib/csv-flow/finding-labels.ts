// Short names for finding codes, for places that list many findings at once (the CSV export, the summary
// cards), where each finding's full message would repeat the same sentence row after row. The names are the
// registry's labels (lib/scoring/codes.ts).
import { FINDING_CODES, isFindingCode } from "@/lib/scoring/codes";

/** "Vague term" for `unambiguous.vague_term`; a code the registry does not name (another engine's) is read as words. */
export function findingLabel(code: string): string {
  if (isFindingCode(code)) return FINDING_CODES[code].label;
  const words = (code.split(".").pop() ?? code).replace(/[_-]+/g, " ").trim();
  return words ? words[0].toUpperCase() + words.slice(1) : code;
}
