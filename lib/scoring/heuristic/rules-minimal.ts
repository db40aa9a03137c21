// QUS "minimal": a story holds a role, a means and an ends and nothing else. Brackets, example lists, notes
// around the story sentence, a second reason and stray punctuation are extra text a reader has to get past.
import { found, quote, type Edit, type Found, type RuleInput } from "./finding";
import { CONCESSIVE_PHRASES, PLACEHOLDERS } from "./lexicon";
import { charSpan, type Segment, type Tok } from "./nlp";
import { withoutPrefix } from "./kind-of";
import { bracketRegions, byFirstWord, exampleLists, phraseAt } from "./regions";

const CONCESSIVE = byFirstWord(CONCESSIVE_PHRASES);

const PLACEHOLDER_TEXTS = new Set<string>(Object.values(PLACEHOLDERS));
const STRAY_PUNCTUATION = new Set([";", ":", "!", "*", "–", "—", "…"]);

/** Deletes a span with the spaces before it, so the sentence closes up. */
export function deletion(summary: string, span: { start: number; end: number }): Edit {
  let start = span.start;
  while (start > 0 && /\s/.test(summary[start - 1])) start--;
  return { start, end: span.end, text: "" };
}

/**
 * A bracket or an example list is an aside when the sentence reads the same without it: it follows a complete
 * phrase (a noun, a number, a comma) and no conjunction or preposition is left hanging. "estimate with {0, 1}
 * or {0, 2}" and "see things like ..." carry the sentence, so the rewrite keeps them.
 */
function isAside(t: Tok[], seg: Segment): boolean {
  const before = t[seg.start - 1];
  const after = t[seg.end];
  if (after && (after.pos === "CCONJ" || after.pos === "ADP" && after.lower !== "so")) return false;
  if (!before) return true;
  return ["NOUN", "PROPN", "NUM", "ADJ", "ADV", "PUNCT", "X", "PRON"].includes(before.pos) && before.lower !== "things";
}

export function minimalFindings({ summary, story }: RuleInput): Found[] {
  const a = story.a;
  const t = a.tokens;
  const findings: Found[] = [];
  const field = "summary" as const;

  // A component prefix ("iOS: ...", "[New Launcher] Add ...", "Studio: Login: ...") says what part of the product
  // the ticket is about, as trackers' titles do: its brackets, colons and dashes are the team's label, not the story.
  const prefixEnd = summary.length - withoutPrefix(summary).length;
  const brackets = bracketRegions(a);
  for (const b of brackets) {
    const span = charSpan(a, b);
    if (PLACEHOLDER_TEXTS.has(summary.slice(span.start, span.end))) continue;
    if (span.end <= prefixEnd) continue;
    // Part of a word's spelling ("collection(s)", "(re-)use"), not a remark: one short piece glued to a word.
    const glued = (t[b.start - 1] && t[b.start - 1].end === span.start && /\p{L}$/u.test(t[b.start - 1].text)) ||
      (t[b.end] && t[b.end].start === span.end && /^\p{L}/u.test(t[b.end].text));
    if (glued && b.end - b.start <= 4 && !/\s/.test(summary.slice(span.start, span.end))) continue;
    findings.push(found("minimal.brackets", "medium",
      `Bracketed text "${quote(summary, span)}" adds detail beyond role, means and ends.`,
      "Move the bracketed detail to the description.", { field, ...span },
      { edits: isAside(t, b) ? [deletion(summary, span)] : [] }));
  }

  for (const e of exampleLists(story)) {
    if (brackets.some((b) => e.marker.start > b.start && e.marker.start < b.end)) continue;
    const markerSpan = charSpan(a, e.marker);
    const listSpan = charSpan(a, e.list);
    findings.push(found("minimal.example", "low",
      `"${quote(summary, listSpan)}" gives examples inside the story.`,
      "Keep the story to the need and list the examples in the description or the acceptance criteria.",
      { field, ...markerSpan }, { edits: isAside(t, e.list) ? [deletion(summary, listSpan)] : [] }));
  }

  // A second story after the first is reported as one (atomic), not as a note.
  const secondStory = story.secondMeans !== null && story.secondMeans.indicator.start >= story.storyEnd;
  for (const [seg, where] of [[story.lead, "before"], [secondStory ? null : story.trailing, "after"]] as [Segment | null, string][]) {
    if (!seg) continue;
    const span = charSpan(a, seg);
    findings.push(found(where === "after" ? "minimal.trailing_text" : "minimal.leading_text", "medium",
      `"${quote(summary, span)}" is a note ${where} the story sentence.`,
      "Move the note to the description.", { field, ...span }, { edits: [deletion(summary, span)] }));
  }

  // Indicators: "so that so that" is a slip of the template; a second reason ("so I ..., so that ...") is extra.
  for (let i = 1; i < story.ends.length; i++) {
    const previous = story.ends[i - 1];
    const e = story.ends[i];
    if (previous.body.end <= previous.body.start) {
      const span = charSpan(a, e.indicator);
      findings.push(found("minimal.repeated_indicator", "low",
        `"${quote(summary, { start: charSpan(a, previous.indicator).start, end: span.end })}" repeats the indicator.`,
        "Remove the repeated words.", { field, ...span }, { edits: [deletion(summary, span)] }));
    } else {
      const span = { start: charSpan(a, e.indicator).start, end: charSpan(a, e.body).end };
      findings.push(found("minimal.extra_reason", "low",
        `"${quote(summary, span)}" adds a second reason to the story.`,
        "Keep one benefit in the story and move the rest to the description.", { field, ...span }));
    }
  }

  const end = story.storyEnd;
  // A concession ("even though not all estimators have given theirs", "despite my impairments") comments on the
  // request: to the next comma or the end of the story sentence.
  for (let k = 1; k < end; k++) {
    const words = phraseAt(t, k, CONCESSIVE);
    if (!words || brackets.some((b) => k > b.start && k < b.end)) continue;
    let stop = k + words.length;
    while (stop < end && !/^[,;.!?)]$/.test(t[stop].text)) stop++;
    if (stop === k + words.length) continue;
    const span = charSpan(a, { start: k, end: stop });
    findings.push(found("minimal.concession", "low",
      `"${quote(summary, span)}" comments on the request.`,
      "Keep the story to role, means and benefit; put the exception or circumstance in the description or the acceptance criteria.",
      { field, ...span }));
    break;
  }

  for (let k = 0; k < end; k++) {
    const x = t[k];
    if (!STRAY_PUNCTUATION.has(x.text)) continue;
    if (field === "summary" && x.end <= prefixEnd) continue;
    // "!" closing the sentence and "10:30" are not stray.
    if (x.text === "!" && t.slice(k + 1, end).every((y) => !/[\p{L}\p{N}]/u.test(y.text))) continue;
    // Part of a code or a name ("00*****", "e-mail"): glued to a word on both sides or repeated.
    if ((x.text === "*" || x.text === "–") && (t[k - 1]?.end === x.start && /[\p{L}\p{N}*]$/u.test(t[k - 1].text))) continue;
    if (x.text === ":" && /\d$/.test(t[k - 1]?.text ?? "") && /^\d/.test(t[k + 1]?.text ?? "")) continue;
    findings.push(found("minimal.punctuation", "low",
      `"${x.text}" splits the story sentence into extra clauses.`,
      "Keep one sentence of role, means and ends; move the rest to the description.", { field, start: x.start, end: x.end }));
    break;
  }
  return findings;
}
