// A spike's evidence (lib/scoring/README.md, "Work item kinds"): the question it answers (valuable), a timebox
// (estimable: a spike is sized by how long the team may spend) and its output, a write-up, a prototype or a
// decision (testable: what shows it is done).
import type { PerDimension } from "../types";
import { found, type Found, type RuleInput } from "./finding";
import { phraseEvidence, q, sectionEvidence, missingWhy, summaryQuote, type Evidence } from "./kind-text";

/**
 * A question: a question mark, or a clause that asks one ("whether", "which of", "can we", "investigate if the
 * section needs to be faster": "if" after a verb of finding out is "whether").
 */
const QUESTION = /\?|\b(?:(?:investigate|check|find out|determine|evaluate|assess|verify|analy[sz]e|see)\s+(?:if|whether)|whether|which (?:of|one|library|option|approach|tool|vendor|provider)|how (?:to|can|do|does|should|much|many|well|fast|long|we)|what (?:is|are|would|should|it takes)|why (?:does|do|is|are)|can we|could we|should we|is it possible|if we can|feasib(?:le|ility))\b/i;
/** A duration, or the word timebox. */
const TIMEBOX = /\b(?:(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|ten|half an?|an?)[ -]?(?:hours?|hrs?|h|days?|d|weeks?|wks?|sprints?|iterations?|story points?|points|sp)|time[ -]?box(?:ed)?|(?:by|until|before) (?:the )?end of (?:the )?(?:sprint|week|day|iteration))\b/i;
/**
 * What the spike hands over; "if so, move the task off the UI thread" and "if necessary, improve it" name a
 * decision and what follows from it.
 */
const OUTPUT = /\b(?:if (?:so|yes|necessary|needed|required)\b|write-?ups?|report|document(?:ed|ation)?|docs?|recommendations?|recommend|decisions?|decide|adrs?|prototypes?|proof of concept|poc|demo|comparison|presentation|findings|go\/no-go|go or no-go|wiki page|confluence page|rfc|design doc|memo|benchmark results?|estimates?|proposal|summary)\b/i;

interface SpikeEvidence {
  question: Evidence | null;
  timebox: Evidence | null;
  output: Evidence | null;
}

function spikeEvidence(input: RuleInput): SpikeEvidence {
  return {
    question: sectionEvidence(input, "question") ?? phraseEvidence(input, QUESTION, ["summary", "description"]),
    timebox: sectionEvidence(input, "timebox") ?? phraseEvidence(input, TIMEBOX),
    output: sectionEvidence(input, "output") ?? phraseEvidence(input, OUTPUT),
  };
}

export function spikeFindings(input: RuleInput): Found[] {
  const e = spikeEvidence(input);
  const findings: Found[] = [];
  const summary = summaryQuote(input);
  if (!e.question) {
    findings.push(missingWhy(input, "spike.no_question",
      `${summary} names a topic, not the question the spike answers.`,
      'State the question the spike answers ("Can we ...?", "Which of ... fits?").'));
  }
  if (!e.timebox) {
    findings.push(found("spike.no_timebox", "high",
      `${summary} has no timebox: research without one has no size.`,
      "Add a timebox: how long the team spends before it stops and reports."));
  }
  if (!e.output) {
    findings.push(found("spike.no_output", "high",
      `${summary} does not say what the spike produces: nothing shows it is done.`,
      "Name the output: a write-up, a prototype or a decision, and who receives it."));
  }
  return findings;
}

/** What speaks for each dimension of a spike when nothing was found against it. */
export function spikeEvidenceFor(input: RuleInput): Partial<PerDimension<string>> {
  const e = spikeEvidence(input);
  const out: Partial<PerDimension<string>> = {
    negotiable: "Asks a question and leaves the answer open.",
    small: "One question, within its timebox.",
  };
  if (e.question) out.valuable = `The question it answers: ${q(e.question)}.`;
  if (e.timebox) out.estimable = `Timeboxed: ${q(e.timebox)}.`;
  if (e.output) out.testable = `Its output: ${q(e.output)}.`;
  return out;
}
