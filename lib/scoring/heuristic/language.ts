// Which language a work item is written in (lib/scoring/README.md, "Languages"): named by the ticket
// (`ticket_data.language`, a tracker's field), else detected by ELD (the `eld` package, its small n-gram
// database; docs/decisions.md says why this library). Short English one-liners must never be read as another
// language, so the detector's answer is taken only when it is clearly ahead of English.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { eld as Eld } from "eld";

const ELD_PACKAGE = path.join("node_modules", "eld", "src");

/** The folder of ELD's sources: upwards from this file's folder (the bundle names a virtual one), the working directory, then the folder of the script Node runs. */
function eldSources(): string {
  const starts = [typeof __dirname === "string" ? __dirname : undefined, process.cwd(), process.argv[1] && path.dirname(process.argv[1])].filter(
    (dir): dir is string => typeof dir === "string" && dir !== "",
  );
  for (const start of starts) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const sources = path.join(dir, ELD_PACKAGE);
      if (existsSync(path.join(sources, "languageDetector.js"))) return sources;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new Error(`The language detector (${ELD_PACKAGE}) is not installed: run npm install.`);
}

/**
 * ELD's small n-gram database file (`export const ngramsData = {...}`: an object literal of quoted and bare keys,
 * numbers and single-quoted strings) as the object it exports, read as JSON. Imported as a module, V8 compiles
 * its 81,206 entries as one literal: 145 MB of resident memory, 70 MB of it the C allocator keeps after the
 * compiler frees it, against 42 MB parsed as JSON, whose objects are also smaller (28 MB of heap against 44).
 */
export function readNgrams(file: string): unknown {
  const source = readFileSync(file, "utf8");
  const literal = source.slice(source.indexOf("{", source.indexOf("ngramsData")), source.lastIndexOf("}") + 1);
  const json = literal.replace(/'((?:[^'\\]|\\.)*)'|([{,])([^'{}:,]+):/g, (_, text: string | undefined, before: string, key: string) =>
    text === undefined ? `${before}${JSON.stringify(key)}:` : JSON.stringify(text.replace(/\\(.)/g, "$1")),
  );
  return JSON.parse(json);
}

/**
 * ELD's detector with its small database, built as the package's own `static.small.js` entry builds it, but from
 * the database read as JSON (readNgrams) and loaded by Node from node_modules, never bundled. Bundled, the
 * database's 1.6 MB of source sat in every server chunk that reached this file (seven in the production build),
 * all loaded at start: 20 MB more heap (docs/operations.md, "Memory"). The package's "exports" offer its entries
 * to `import` only, which the CLI and scripts (tsx, CommonJS) cannot use; its files are ES modules that Node
 * 20.19+ lets `require` load, so they are named by path.
 */
function loadEld(): typeof Eld {
  const sources = eldSources();
  const detectorFile = path.join(sources, "languageDetector.js");
  const { createEld } = createRequire(detectorFile)(/* webpackIgnore: true */ detectorFile) as {
    createEld: () => { instance: typeof Eld; loadData: (data: unknown) => void };
  };
  const { instance, loadData } = createEld();
  loadData(readNgrams(path.join(sources, "ngrams", "small.js")));
  return instance;
}

const eld = loadEld();

/** Languages whose words the heuristic rules read; any other is named but its wording is not checked. */
export const READ_LANGUAGES = ["en", "de", "fr", "es", "pt"] as const;
export type ReadLanguage = (typeof READ_LANGUAGES)[number];

// Fewer letters than this is too little to tell a language from: English, the interface's language.
const MIN_LETTERS = 12;
const ENOUGH_LETTERS = new RegExp(`(?:\\p{L}[^\\p{L}]*){${MIN_LETTERS}}`, "u");
// Another language is named only when English scores below this share of its score.
const ENGLISH_MARGIN = 0.9;
// Among languages this close to the best, one the rules read wins ("Añadir modo oscuro": Italian 0.62, Spanish 0.61).
const READ_MARGIN = 0.95;
// The detector reads at most this much text: the start of a work item says which language it is in, and ELD's
// time grows with the text (about 50 µs for 120 characters, 90 µs for 240 on this machine).
const MAX_TEXT = 160;

const ISO_639_1 = /^[a-z]{2}$/;

/** A language code as a ticket may give it ("de", "DE", "de-AT", "pt_BR"): its ISO 639-1 part, or null. */
export function normalizeLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase().split(/[-_]/)[0];
  return ISO_639_1.test(code) ? code : null;
}

// Words that are English and are not words of the languages ELD names for Latin-script work items ("in", "is",
// "of", "on", "so", "will", "as", "do", "a", "an", "for" are words of German, Dutch, French, Portuguese, Spanish or
// Danish too, so they are not here).
const ENGLISH_ONLY = new Set(
  ("the and to be are was were with that this these those should would could want wants need needs when where which " +
    "what who how not it its my our your their they we you i i'm can must shall have has had from by at into about " +
    "after before than then there here only also each every any all been being does did get see user users able " +
    "like more some other use using used because without through between over under again same way just while " +
    "doesn't don't can't isn't it's there's").split(" "),
);
// A text is plainly English when at least this many of its words, and this share of them, are such words.
const PLAIN_WORDS = 3;
/** A letter beyond ASCII's: every language the rules read but English writes one in most sentences. */
const BEYOND_ASCII = /(?![A-Za-z])\p{L}/u;
const PLAIN_SHARE = 0.12;

/**
 * Whether a text is English beyond doubt without asking the detector: only ASCII letters (every language the
 * rules read but English writes accents in most sentences) and enough words that only English has. The detector
 * costs 50-90 µs a text, a third of what scoring a story costs (docs/operations.md, bench:engine); most work items
 * are plainly English. `npm run bench:language` checks that this never says English where the detector would name
 * another language, and counts how often it spares the detector.
 */
export function plainlyEnglish(text: string): boolean {
  if (BEYOND_ASCII.test(text)) return false;
  const words = text.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g);
  if (!words) return false;
  let english = 0;
  for (const word of words) if (ENGLISH_ONLY.has(word)) english++;
  return english >= PLAIN_WORDS && english >= words.length * PLAIN_SHARE;
}

/** What the detector reads of a text: its start, without URLs, code and ticket keys; null when too short to tell. */
function proseOf(text: string): string | null {
  const sample = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  // URLs, code and ticket keys say nothing about the language the sentence is written in.
  const prose = /https?:|`|[A-Z]-\d/.test(sample) ? sample.replace(/https?:\/\/\S+|`[^`]*`|\b[A-Z][A-Z0-9]+-\d+\b/g, " ") : sample;
  return ENOUGH_LETTERS.test(prose) ? prose : null;
}

/** The language of a text, ISO 639-1; English when the text is short, plainly English or the detector is unsure. */
export function detectLanguage(text: string): string {
  const prose = proseOf(text);
  return prose === null || plainlyEnglish(prose) ? "en" : detectorAnswer(prose);
}

/** The detector's answer for a text, without the plainly-English shortcut (bench:language compares the two). */
export function detectorLanguage(text: string): string {
  const prose = proseOf(text);
  return prose === null ? "en" : detectorAnswer(prose);
}

// A language the rules do not read is named from a few plain Latin words only when there are at least this many: "Firefox
// hangs." was Dutch, "Re: Fwd: problem" Slovenian, "AspectJ spike" Albanian (the per-ticket reading of the written
// reports, the band tickets and the Jira issues: every one of the three such notes on plain Latin words of three or
// fewer was wrong). A letter beyond ASCII (Cyrillic, CJK, an accent) is evidence enough on its own.
const FEW_WORDS = 4;

function detectorAnswer(prose: string): string {
  const result = eld.detect(prose);
  // The scores cost ten times the detection: English, most work items, is taken without them.
  if (!result.language || result.language === "en") return "en";
  const scores = result.getScores() as Record<string, number>;
  const ranked = Object.entries(scores).sort((x, y) => y[1] - x[1]);
  if (ranked.length === 0) return "en";
  const [best, top] = ranked[0];
  if (best === "en") return "en";
  if ((scores.en ?? 0) >= top * ENGLISH_MARGIN) return "en";
  const read = ranked.find(([code, score]) => score >= top * READ_MARGIN && (READ_LANGUAGES as readonly string[]).includes(code));
  if (read) return read[0];
  return !BEYOND_ASCII.test(prose) && (prose.match(/\p{L}+/gu) ?? []).length < FEW_WORDS ? "en" : best;
}

/** The language of a ticket: the one it names, else the one its summary, description and criteria are written in. */
export function languageOf(ticket: { summary?: unknown; description?: unknown; acceptance_criteria?: unknown; language?: unknown } | undefined): string {
  const named = normalizeLanguage(ticket?.language);
  if (named) return named;
  const parts = [ticket?.summary, ticket?.description, ticket?.acceptance_criteria].filter((x): x is string => typeof x === "string" && x.trim() !== "");
  return detectLanguage(parts.join("\n"));
}

export { languageName } from "./language-name";

/** A tracker's language field as an ISO 639-1 code: text ("de-AT") or a select field's `{ value: "de" }`; else null. */
export function trackerLanguage(field: unknown): string | null {
  if (field && typeof field === "object" && "value" in field) return normalizeLanguage((field as { value: unknown }).value);
  return normalizeLanguage(field);
}
