// An epic's evidence (lib/scoring/README.md, "Work item kinds"): the goal and its value (valuable), the scope and
// what is out of it (estimable), how it breaks down into child stories (small: an epic is small enough when it
// is broken down, not when it is one story), and how success is measured (testable).
import type { PerDimension } from "../types";
import { found, type Found, type RuleInput } from "./finding";
import { evidenceAt, phraseEvidence, q, sectionEvidence, sections, missingWhy, summaryQuote, type Evidence } from "./kind-text";
import { hasContent, listItems, type Section } from "./sections";

/** A goal or a value: a purpose clause, or words that name what the business or its users gain. */
const VALUE = /\b(?:so that|in order to|so (?:we|users|customers|our|that)|because|goal|objective|value|benefits?|revenue|conversion|retention|churn|(?:customers?|users?|members?|teams?) (?:can|will|no longer)|increase|reduce|grow|save|cut)\b/i;
const OUT_OF_SCOPE = /\b(?:out of scope|not in scope|non-goals?|will not|won'?t|excluded|not part of|later phase|future phase)\b/i;
const IN_SCOPE = /\b(?:in scope|scope:|includes|covers)\b/i;
const SUCCESS = /\d+\s*%|\b(?:kpis?|metrics?|measured|success|target|done when|definition of done)\b/i;
const TICKET_KEY = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b|(?<![\w&])#\d{1,6}\b/g;

interface EpicEvidence {
  goal: Evidence | null;
  scope: Evidence | null;
  outOfScope: Evidence | null;
  breakdown: { evidence: Evidence | null; count: number; section: Section | null };
  success: Evidence | null;
}

function breakdownOf(input: RuleInput): EpicEvidence["breakdown"] {
  const section = sections(input).find((s) => s.key === "breakdown" && hasContent(s.body)) ?? null;
  if (section) {
    const count = Math.max(listItems(section.body).length, section.body.match(TICKET_KEY)?.length ?? 0, 1);
    return { evidence: evidenceAt(input, "description", section.bodyStart, section.end), count, section };
  }
  // Child stories linked by key, or written out as story sentences in a list.
  const keys = [...input.description.matchAll(TICKET_KEY)].filter((m) => m[0] !== input.ticket.key?.trim());
  if (keys.length >= 2) {
    const first = keys[0].index!;
    const last = keys[keys.length - 1];
    return { evidence: evidenceAt(input, "description", first, last.index! + last[0].length), count: keys.length, section: null };
  }
  const stories = listItems(input.description).filter((i) => /^as an?\b/i.test(i.text) || /\bI (?:want|need)\b/.test(i.text));
  if (stories.length >= 2) {
    return { evidence: evidenceAt(input, "description", stories[0].start, stories[stories.length - 1].end), count: stories.length, section: null };
  }
  return { evidence: null, count: 0, section: null };
}

function epicEvidence(input: RuleInput): EpicEvidence {
  const { story } = input;
  const ends = story.ends[0];
  const fromSummary = ends && ends.body.end > ends.body.start && !story.placeholderBenefit
    ? evidenceAt(input, "summary", story.a.tokens[ends.indicator.start].start, story.a.tokens[ends.body.end - 1].end) : null;
  return {
    goal: sectionEvidence(input, "why") ?? fromSummary ?? phraseEvidence(input, VALUE, ["summary", "description"]),
    scope: sectionEvidence(input, "scope") ?? phraseEvidence(input, IN_SCOPE, ["description"]),
    outOfScope: sectionEvidence(input, "out_of_scope") ?? phraseEvidence(input, OUT_OF_SCOPE, ["description"]),
    breakdown: breakdownOf(input),
    success: sectionEvidence(input, "done") ??
      (input.criteria.trim() ? evidenceAt(input, "acceptance_criteria", 0, input.criteria.length) : null) ??
      phraseEvidence(input, SUCCESS, ["description"]),
  };
}

/** Ticket keys inside the epic's breakdown are its children, not dependencies (engine.ts drops those findings). */
export function isChildReference(input: RuleInput, start: number): boolean {
  const b = breakdownOf(input);
  if (!b.evidence) return false;
  if (!b.section) return start >= b.evidence.at.start && start < b.evidence.at.end;
  // Under a "Stories" heading a key names a child, unless its line says the epic waits for it ("Blocked by OPS-7").
  if (start < b.section.bodyStart || start >= b.section.end) return false;
  const text = input.description;
  const line = text.slice(text.lastIndexOf("\n", start) + 1, (text.indexOf("\n", start) + 1 || text.length + 1) - 1);
  return !/\b(?:block\w*|depend\w*|wait\w*|after|requires?|prerequisite)\b/i.test(line);
}

export function epicFindings(input: RuleInput): Found[] {
  const e = epicEvidence(input);
  const findings: Found[] = [];
  const summary = summaryQuote(input);
  if (!e.goal) {
    findings.push(missingWhy(input, "epic.no_goal",
      `${summary} names a theme, not the goal it serves or the value it brings.`,
      "State the epic's goal and its value: who benefits, and what changes for them or for the business."));
  }
  if (!e.scope) {
    findings.push(found("epic.no_scope", "medium",
      `${summary} does not say what is in scope.`,
      "List what is in scope, so the team can size the epic."));
  }
  if (!e.outOfScope) {
    findings.push(found("epic.no_out_of_scope", "low",
      `${summary} does not say what is out of scope, so the epic has no edge.`,
      "Say what is out of scope."));
  }
  if (!e.breakdown.evidence) {
    findings.push(found("epic.no_breakdown", "high",
      `${summary} is not broken down: no child stories are listed or linked.`,
      "Break it down: list or link the child stories."));
  }
  if (!e.success) {
    findings.push(found("epic.no_success_measure", "low",
      `${summary} does not say how anyone will know the epic has reached its goal.`,
      "Say how success is measured: a metric with a target, or a done condition."));
  }
  return findings;
}

/** What speaks for each dimension of an epic when nothing was found against it. */
export function epicEvidenceFor(input: RuleInput): Partial<PerDimension<string>> {
  const e = epicEvidence(input);
  const out: Partial<PerDimension<string>> = { negotiable: "States the goal and leaves the design of its stories to the team." };
  if (e.goal) out.valuable = `Goal and value: ${q(e.goal)}.`;
  if (e.scope && e.outOfScope) out.estimable = `Scope (${q(e.scope, 40)}) and what is out of it (${q(e.outOfScope, 40)}) to size from.`;
  if (e.breakdown.evidence) out.small = `Broken down into ${e.breakdown.count} child ${e.breakdown.count === 1 ? "item" : "items"}: ${q(e.breakdown.evidence, 50)}.`;
  if (e.success) out.testable = `Success measured by: ${q(e.success)}.`;
  return out;
}
