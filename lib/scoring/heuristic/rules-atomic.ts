import type { Finding } from "../types";
import { finding, quote, type RuleInput } from "./finding";
import { ADVERBS_BETWEEN, FIXED_COORDINATIONS, NOUN_VERBS, QUALITY_ADJECTIVES, VERBS } from "./lexicon";
import { ingToBase } from "./parse-story";
import { bracketSpans, insideAny, type Span, type Token, tokenize } from "./text";

const DETERMINERS = new Set([
  "the", "a", "an", "my", "our", "their", "its", "his", "her", "your", "this", "these", "those", "them", "it",
  "all", "any", "each", "every", "new", "me", "us", "him", "other", "some", "more",
]);
const EXAMPLE_MARKERS = /\b(?:such\s+as|including|e\.g\.?|i\.e\.?|for\s+example|for\s+instance|like|namely|especially|particularly|ranging\s+from)\b/gi;
const CONJUNCTIONS = new Set(["and", "or", "&"]);

function isAdverb(t: Token): boolean {
  return ADVERBS_BETWEEN.has(t.lower) || (t.lower.length > 4 && t.lower.endsWith("ly") && !t.lower.endsWith("ply"));
}

const MODALS = new Set(["can", "could", "will", "would", "should", "must", "may", "might"]);
const PREPOSITIONS = new Set(["of", "for", "in", "on", "with", "from", "to", "by", "about", "across", "into", "within",
  "using", "via", "through", "that", "which", "who", "when", "where", "so", "at", "over", "under", "between",
  "during", "based", "without", "while", "as", "against", "among", "per", "towards", "toward", "along"]);

function verbBase(t: Token): string | null {
  if (VERBS.has(t.lower)) return t.lower;
  if (t.lower.endsWith("ies") && VERBS.has(t.lower.slice(0, -3) + "y")) return t.lower.slice(0, -3) + "y";
  if (t.lower.endsWith("s") && !t.lower.endsWith("ss")) {
    const stem = t.lower.endsWith("es") && VERBS.has(t.lower.slice(0, -2)) ? t.lower.slice(0, -2) : t.lower.slice(0, -1);
    if (VERBS.has(stem) && !NOUN_VERBS.has(stem)) return stem;
  }
  return null;
}

/** Is this token a verb starting a new verb phrase, judged from its neighbours? */
function startsVerbPhrase(tokens: Token[], i: number, leftIsVerb: boolean, leftHasObject = false): boolean {
  const t = tokens[i];
  if (!t) return false;
  if (MODALS.has(t.lower)) return true;
  const base = verbBase(t);
  if (!base) return false;
  if (!NOUN_VERBS.has(base)) return true;
  // Ambiguous noun/verb: a verb when an object follows or the left conjunct is a verb too.
  const next = tokens[i + 1];
  if (leftIsVerb || (next !== undefined && DETERMINERS.has(next.lower))) return true;
  // "manage my account and export reports": a bare noun object after the word marks it as a verb.
  return leftHasObject && next !== undefined && !PREPOSITIONS.has(next.lower) && !CONJUNCTIONS.has(next.lower) &&
    t.lower === base && /^[a-z]/.test(next.text);
}

function isFixed(lowerText: string, conj: Token, tokens: Token[], i: number): boolean {
  const from = tokens[Math.max(0, i - 2)].start;
  const to = tokens[Math.min(tokens.length - 1, i + 3)].end;
  const window = lowerText.slice(from, to);
  return FIXED_COORDINATIONS.some((p) => window.includes(p)) || conj.text === "&" && /\w&\w/.test(lowerText.slice(conj.start - 1, conj.end + 1));
}

const CLAUSE_END = /,\s+(?:to|so|which|that|while|and\s+(?:then|also))\b|[.;:]\s/g;

function exampleRegions(text: string, means: Span, brackets: Span[]): Span[] {
  const regions: Span[] = [];
  EXAMPLE_MARKERS.lastIndex = means.start;
  let m: RegExpExecArray | null;
  while ((m = EXAMPLE_MARKERS.exec(text)) !== null && m.index < means.end) {
    if (m[0].toLowerCase() === "like" && /\b(?:would|I|we)\s+$/i.test(text.slice(Math.max(0, m.index - 8), m.index))) continue;
    // An example list runs to the end of its bracket or clause.
    const bracket = brackets.find((b) => m!.index >= b.start && m!.index < b.end);
    if (bracket) {
      regions.push(bracket);
      continue;
    }
    CLAUSE_END.lastIndex = m.index;
    const stop = CLAUSE_END.exec(text);
    regions.push({ start: m.index, end: stop && stop.index < means.end ? stop.index : means.end });
  }
  return regions;
}

/** QUS "atomic": one story, one feature. Conjunctions in the means that join verb phrases or quality goals. */
export function atomicFindings({ summary, story }: RuleInput): Finding[] {
  const findings: Finding[] = [];
  // A purpose clause ("to X and Y") still states what the user wants; only a "so that" benefit is exempt.
  const means = story.means && story.endsKind !== "so_that" && story.endsKind !== null
    ? { start: story.means.start, end: story.mainEnd }
    : story.means;
  if (means) {
    const lower = summary.toLowerCase();
    const tokens = tokenize(summary, means.start, means.end);
    // The direct object runs from the main verb to the first preposition or clause boundary.
    let objectEnd = -1;
    const firstVerb = story.meansIsAction ? 1 : 0;
    for (let k = firstVerb; k < tokens.length; k++) {
      if (PREPOSITIONS.has(tokens[k].lower) || CONJUNCTIONS.has(tokens[k].lower) && k > 0 && verbBase(tokens[k + 1] ?? tokens[k]) !== null && k + 1 < tokens.length && startsVerbPhrase(tokens, k + 1, false)) break;
      if (k > firstVerb && /,/.test(summary.slice(tokens[k - 1].end, tokens[k].start))) break;
      objectEnd = k;
    }
    const skip = [...bracketSpans(summary), ...exampleRegions(summary, means, bracketSpans(summary))];
    for (let i = 1; i < tokens.length - 1; i++) {
      const conj = tokens[i];
      if (!CONJUNCTIONS.has(conj.lower) || insideAny(conj.start, skip)) continue;
      if (summary.slice(conj.end, conj.end + 1) === "/" || summary.slice(conj.start - 1, conj.start) === "/") continue;
      if (isFixed(lower, conj, tokens, i)) continue;
      const before = tokens.slice(Math.max(0, i - 6), i);
      if (before.some((t) => t.lower === "between") && !summary.slice(before[0].start, conj.start).includes(",")) continue;

      let j = i + 1;
      while (j < tokens.length && isAdverb(tokens[j])) j++;
      const prev = tokens[i - 1];
      const leftIsVerb = verbBase(prev) !== null && !DETERMINERS.has(tokens[i - 2]?.lower ?? "");
      const nextTok = tokens[j];
      if (!nextTok) continue;

      let kind: "verbs" | "gerunds" | "qualities" | "objects" | null = null;
      if (startsVerbPhrase(tokens, j, leftIsVerb, story.meansIsAction && i >= 2 && verbBase(tokens[0]) !== null)) kind = "verbs";
      else if (nextTok.lower.endsWith("ing") && prev.lower.endsWith("ing") && ingToBase(nextTok.lower) && ingToBase(prev.lower)) kind = "gerunds";
      else if (QUALITY_ADJECTIVES.has(prev.lower) && QUALITY_ADJECTIVES.has(nextTok.lower)) {
        // "fast and reliable" as a requirement bundles two quality goals; "a fast and cheap route" names one thing.
        const after = tokens[j + 1];
        const predicative = !after || /^(?:in|for|across|to|when|with|on|at|under|so)$/.test(after.lower) ||
          /[,.]/.test(summary.slice(nextTok.end, nextTok.end + 1));
        if (predicative) kind = "qualities";
      }
      else if (i <= objectEnd && i >= 2 && !PREPOSITIONS.has(nextTok.lower) && !DETERMINERS.has(prev.lower)) {
        // Two heads of the direct object ("alerts and notifications about ..."), not a pre-modifier pair
        // ("blood and urine samples"): what follows the second conjunct is a preposition or the end.
        const after = tokens[j + 1];
        const punct = /^[\s]*[,.;:)]/.test(summary.slice(nextTok.end, nextTok.end + 3));
        const both = tokens.slice(Math.max(0, i - 4), i).some((t) => t.lower === "both");
        if (both || punct || !after || PREPOSITIONS.has(after.lower)) kind = "objects";
      }
      if (!kind) continue;

      const span = { start: prev.start, end: nextTok.end };
      const message =
        kind === "qualities"
          ? `"${quote(summary, span)}" bundles separate quality goals; give each its own story or acceptance criterion.`
          : kind === "objects"
            ? `"${quote(summary, span)}" asks for two things at once; one story per deliverable keeps it small.`
            : `"${quote(summary, span)}" joins two actions with "${conj.text}"; split the story so each delivers one feature.`;
      const code = kind === "qualities" ? "atomic.quality_conjunction" : kind === "objects" ? "atomic.multiple_objects" : "atomic.conjunction";
      findings.push(finding(code, "small",
        kind === "qualities" ? "medium" : "high", message, { field: "summary", span }));
    }
  }

  // "I want ... I also want ..." in a trailing sentence is a second story.
  if (story.trailing) {
    const re = /\b(?:I|we)\s+(?:also\s+)?(?:want|need|would like|should be able)\b/gi;
    re.lastIndex = story.trailing.start;
    const m = re.exec(summary);
    if (m) {
      findings.push(finding("atomic.multiple_stories", "small", "high",
        "The text states a second need in a separate sentence; make it its own story.",
        { field: "summary", span: { start: m.index, end: m.index + m[0].length } }));
    }
  }
  return findings;
}
