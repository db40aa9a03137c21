import { FINDING_CODES, type FindingCode, type SeverityOf } from "../codes";
import type { RulePreset } from "../rules";
import type { Finding, FindingField, TicketData, WorkItemKind } from "../types";
import type { KindSource } from "./kind-of";
import type { LanguageWords } from "./languages";
import type { Story } from "./parse-story";
import type { Section } from "./sections";

/** What every rule reads: the ticket, its fields as the engine reads them, and the parsed summary. */
export interface RuleInput {
  ticket: TicketData;
  summary: string;
  description: string;
  criteria: string;
  story: Story;
  /** What the ticket is judged as (kind-of.ts): a story unless its type or its text says otherwise. */
  kind: WorkItemKind;
  /**
   * How the kind was decided (kind-of.ts). "default": nothing in the ticket decided it; it is reported as a story
   * but judged on what every kind needs (rules-kinds.ts, neutral), not on the story template. Absent: given.
   */
  kindBy?: KindSource;
  /** The language the item is written in (ISO 639-1, language.ts); absent: English. */
  language?: string;
  /** That language's word lists when the rules read it and it is not English (languages/*.ts). */
  words?: LanguageWords;
  /** The description's sections (sections.ts), worked out on first use. */
  sections?: Section[];
  /** How the story criteria are read (lib/scoring/rules.ts): absent is `default`. */
  preset?: RulePreset;
  /** The criteria's items and how many are verifiable (rules-criteria.ts), worked out on first use. */
  criteriaItems?: { items: string[]; verifiable: number };
}

/**
 * The ticket read with another description of the same length (parts of it blanked: `blankMatches`), or the same ticket
 * when nothing was blanked, so what was worked out on first use (sections, criteria) is kept.
 */
export function withDescription(input: RuleInput, description: string): RuleInput {
  return description === input.description ? input : { ...input, description };
}

/** A change to the summary that fixes a finding: replace `summary.slice(start, end)` with `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * A compound story cut into one story per feature: story `i` is the summary with `summary.slice(start, end)`
 * (the list) replaced by the text of `parts[i]` (one of its items, as a span of the summary).
 */
export interface SplitPlan {
  start: number;
  end: number;
  parts: { start: number; end: number }[];
  /**
   * Words after the list, up to `end`, that belong to the items from `from` on only ("read the applications and
   * approve or reject them": "them" is what "approve" and "reject" act on); a story of an earlier item drops them.
   */
  tail?: { end: number; from: number };
  /** The object of the last item, which the bare verbs before it share ("list, price and ship my products"). */
  object?: { start: number; end: number };
  /**
   * What the items are: `actions` the user asks for (verb phrases, or bare verbs sharing an object when
   * `verbsOnly`), `things` under one action, or a `second` story after the first. Only actions and second
   * stories are cut into stories; a list of things stays whole in every story (lib/scoring/README.md).
   */
  kind: "actions" | "things" | "second";
  verbsOnly?: boolean;
}

/**
 * A finding as the rules report it: the public finding (what was found, where) plus what the author can do
 * about it. `advice` is the fix in one imperative sentence; `edits` are safe to apply to the summary (the
 * rewrite applies them); `split` cuts a compound story into stories.
 */
export interface Found extends Finding {
  /** One of the registry's codes (../codes.ts). */
  code: FindingCode;
  advice: string;
  /** The cost the team's rule settings give this code (lib/scoring/rules.ts), in place of the engine's. */
  cost?: number;
  edits?: Edit[];
  split?: SplitPlan;
}

export interface Location {
  field: FindingField;
  start: number;
  end: number;
}

/**
 * A finding of `code`, on the dimension the registry gives it (../codes.ts). The severity must be one the
 * registry lists for the code: TypeScript refuses a code the registry does not name, or a severity it does not.
 */
export function found<C extends FindingCode>(
  code: C,
  severity: SeverityOf<C>,
  message: string,
  advice: string,
  at?: Location,
  fix?: { edits?: Edit[]; split?: SplitPlan },
): Found {
  const f: Found = { code, dimension: FINDING_CODES[code].dimension, severity, message, advice };
  if (at && at.end > at.start) {
    f.field = at.field;
    f.start = at.start;
    f.end = at.end;
  }
  if (fix?.edits && fix.edits.length > 0) f.edits = fix.edits;
  if (fix?.split) f.split = fix.split;
  return f;
}

/** The public shape of a finding (the API's `findings` entries). */
export function publicFinding(f: Found): Finding {
  const out: Finding = { code: f.code, dimension: f.dimension, severity: f.severity, message: f.message };
  if (f.field !== undefined) {
    out.field = f.field;
    out.start = f.start;
    out.end = f.end;
  }
  return out;
}

/** The text of a span, whitespace collapsed and cut to `max` characters, for quoting in a message. */
export function quote(text: string, span: { start: number; end: number }, max = 70): string {
  const s = text.slice(span.start, span.end).replace(/\s+/g, " ").trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
