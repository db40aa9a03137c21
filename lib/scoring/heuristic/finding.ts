import type { Dimension, Finding, FindingField, Severity, TicketData } from "../types";
import type { ParsedStory } from "./parse-story";
import type { Span } from "./text";

/** What every rule reads: the ticket and the parsed summary. */
export interface RuleInput {
  ticket: TicketData;
  summary: string;
  description: string;
  criteria: string;
  story: ParsedStory;
}

export function finding(
  code: string,
  dimension: Dimension,
  severity: Severity,
  message: string,
  at?: { field: FindingField; span: Span },
): Finding {
  const f: Finding = { code, dimension, severity, message };
  if (at && at.span.end > at.span.start) {
    f.field = at.field;
    f.start = at.span.start;
    f.end = at.span.end;
  }
  return f;
}

export function quote(text: string, span: Span, max = 60): string {
  const s = text.slice(span.start, span.end).replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
