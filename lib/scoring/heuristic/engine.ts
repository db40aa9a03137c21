import {
  DIMENSIONS,
  type ContextItem,
  type Finding,
  type PerDimension,
  type ScoringEngine,
  type ScoringItem,
  type ScoringResult,
  type TicketData,
} from "../types";
import { uniformFindings, uniqueFindings } from "./batch";
import { citeContext } from "./context";
import { storyFeatures } from "./features";
import type { RuleInput } from "./finding";
import { decide, type ModelDecision } from "./model";
import { parseStory, type ParsedStory } from "./parse-story";
import { proposeRewrite } from "./rewrite";
import { atomicFindings } from "./rules-atomic";
import { criteriaFindings, criteriaItems } from "./rules-criteria";
import { dependencyFindings } from "./rules-dependency";
import { formFindings } from "./rules-form";
import { minimalFindings } from "./rules-minimal";
import { solutionFindings } from "./rules-solution";
import { unambiguousFindings } from "./rules-unambiguous";
import {
  dimensionScore,
  overallScore,
  reasoningFor,
  recommendationsFor,
  sortFindings,
  suggestionsFor,
  type Evidence,
} from "./scoring";

export const HEURISTIC_MODEL = { provider: "heuristic", model_name: "invest-heuristic", temperature: 0 } as const;
export const HEURISTIC_PROMPT_VERSION = "heuristic-1.0";

// Rules read at most this much of each field, so a 200 KB paste costs the same as a long story.
const MAX_FIELD = 20_000;

function field(value: unknown): string {
  if (typeof value !== "string") return "";
  return value.length > MAX_FIELD ? value.slice(0, MAX_FIELD) : value;
}

interface Analysis {
  input: RuleInput;
  findings: Finding[];
  penalties: ModelDecision["penalties"];
  notes: ModelDecision["notes"];
}

function analyse(ticket: TicketData): Analysis {
  const summary = field(ticket?.summary);
  const input: RuleInput = {
    ticket: ticket ?? { summary: "" },
    summary,
    description: field(ticket?.description),
    criteria: field(ticket?.acceptance_criteria),
    story: parseStory(summary),
  };
  const atomic = atomicFindings(input);
  const minimal = minimalFindings(input);
  const unambiguous = unambiguousFindings(input);
  const features = storyFeatures(input, [...atomic, ...minimal, ...unambiguous]);
  const decision = decide(input, atomic, unambiguous, features);
  const findings = [
    ...formFindings(input),
    ...minimal,
    ...decision.findings,
    ...solutionFindings(input),
    ...dependencyFindings(input),
    ...criteriaFindings(input),
  ];
  return { input, findings, penalties: decision.penalties, notes: decision.notes };
}

function perDimension<T>(make: (d: (typeof DIMENSIONS)[number]) => T): PerDimension<T> {
  return Object.fromEntries(DIMENSIONS.map((d) => [d, make(d)])) as PerDimension<T>;
}

function buildResult(analysis: Analysis, context: ContextItem[] | undefined, extra: Finding[]): ScoringResult {
  const { input } = analysis;
  const items = Array.isArray(context) ? context.filter((c) => c && typeof c.id === "string") : [];
  const ctx = citeContext(input.ticket, items);
  const findings = sortFindings([...analysis.findings, ...extra, ...ctx.findings]);
  const criteria = input.criteria.trim();
  const evidence: Evidence = {
    hasDescription: input.description.trim().length >= 40,
    hasCriteria: criteria.length > 0,
    verifiableCriteria: criteria.length > 0 && criteriaItems(criteria).length > 0,
    hasEnds: input.story.ends !== null,
    citedValue: ctx.citedValue,
    citedDefinitionOfDone: ctx.citedDefinitionOfDone,
    modelPenalties: analysis.penalties,
  };
  const individual = perDimension((d) => dimensionScore(d, findings, evidence));
  const citations = ctx.citations;
  const reasoning = perDimension((d) => reasoningFor(d, individual[d], findings, citations[d],
    d === "independent" ? analysis.notes.independent : undefined));
  const referenced = new Set(DIMENSIONS.flatMap((d) => citations[d]));
  return {
    overall_score: overallScore(individual),
    individual_scores: individual,
    scores: perDimension((d) => ({
      score: individual[d],
      reasoning: reasoning[d],
      improvement_suggestions: suggestionsFor(d, findings),
      reference_context: [...citations[d]],
    })),
    reasoning_per_dimension: reasoning,
    recommendations: recommendationsFor(findings),
    context_references: perDimension((d) => [...citations[d]]),
    metadata: {
      model: { ...HEURISTIC_MODEL },
      prompt_version: HEURISTIC_PROMPT_VERSION,
      token_usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      enriched_context_references: perDimension((d) => [...citations[d]]),
      context_usage_stats: {
        total_context_items_available: new Set(items.map((c) => c.id)).size,
        context_items_referenced: referenced.size,
        references_per_dimension: perDimension((d) => citations[d].length),
      },
    },
    findings,
    rewrite: proposeRewrite(input.story, findings),
  };
}

/** Scores one ticket synchronously; never throws. */
export function scoreTicket(ticket: TicketData, context?: ContextItem[]): ScoringResult {
  return buildResult(analyse(ticket), context, []);
}

/** Scores tickets as one batch: adds `unique.` and `uniform.` findings across the batch. */
export function scoreTickets(items: ScoringItem[]): ScoringResult[] {
  const analyses = items.map((item) => analyse(item?.ticket));
  const stories: ParsedStory[] = analyses.map((a) => a.input.story);
  const unique = uniqueFindings(analyses.map((a) => a.input.summary));
  const uniform = uniformFindings(stories);
  return analyses.map((a, i) => buildResult(a, items[i]?.context, [...unique[i], ...uniform[i]]));
}

export function createHeuristicEngine(): ScoringEngine {
  return {
    name: "heuristic",
    cost: "cheap",
    score: async (ticket, context) => scoreTicket(ticket, context),
    scoreBatch: async (items) => scoreTickets(items),
  };
}
