import { z } from "zod";
import { explainOverall, overallScore } from "../overall";
import {
  DIMENSIONS,
  dimensionScoreSchema,
  scoringResultSchema,
  type ContextItem,
  type Finding,
  type PerDimension,
  type ScoringResult,
  type TokenUsage,
  type WorkItemKind,
} from "../types";

/**
 * What the model must answer: the six dimension details, the recommendations, the rewrite and the split, taken
 * from the engine's own result schema. Everything else (overall and individual scores, reasoning per dimension,
 * context references, metadata) is derived from the validated answer, so those fields always agree.
 */
export const modelAnswerSchema = z.object({
  scores: scoringResultSchema.shape.scores,
  recommendations: scoringResultSchema.shape.recommendations,
  rewrite: scoringResultSchema.shape.rewrite,
  split: scoringResultSchema.shape.split,
});
export type ModelAnswer = z.infer<typeof modelAnswerSchema>;

// Validation accepts any finite score and clamps it afterwards: a 10.4 or an 11 is a fixable answer, not a
// reason to pay for a repair call. Every other departure from the schema is invalid.
const lenientDimension = dimensionScoreSchema.extend({ score: z.number() });
const lenientAnswerSchema = z.object({
  scores: z.object(Object.fromEntries(DIMENSIONS.map((d) => [d, lenientDimension])) as PerDimension<typeof lenientDimension>),
  recommendations: modelAnswerSchema.shape.recommendations,
  rewrite: modelAnswerSchema.shape.rewrite,
  split: modelAnswerSchema.shape.split,
});
type LenientAnswer = z.infer<typeof lenientAnswerSchema>;

type JsonSchema = { [key: string]: unknown };

/**
 * Structured-output strict mode wants every object closed (`additionalProperties: false`) with all its
 * properties required, and no `$schema` keyword. zod's output-mode schema already closes objects; this
 * enforces both rules everywhere, so a later optional field cannot silently break strict mode.
 */
export function strictJsonSchema(schema: z.ZodType): JsonSchema {
  const root = z.toJSONSchema(schema, { io: "output" }) as JsonSchema;
  delete root.$schema;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const record = node as JsonSchema;
    if (record.type === "object" && record.properties && typeof record.properties === "object") {
      record.required = Object.keys(record.properties);
      record.additionalProperties = false;
    }
    Object.values(record).forEach(visit);
  };
  visit(root);
  return root;
}

export const MODEL_ANSWER_JSON_SCHEMA = strictJsonSchema(modelAnswerSchema);

export type ParsedAnswer = { ok: true; answer: LenientAnswer } | { ok: false; errors: string[] };

/** Parses the model's text as JSON and validates it; the errors feed the repair request. */
export function parseModelAnswer(content: string | null | undefined): ParsedAnswer {
  if (!content || !content.trim()) return { ok: false, errors: ["the answer was empty"] };
  let json: unknown;
  try {
    json = JSON.parse(stripFence(content));
  } catch (error) {
    return { ok: false, errors: [`the answer is not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = lenientAnswerSchema.safeParse(json);
  if (parsed.success) return { ok: true, answer: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  };
}

// Some OpenAI-compatible servers wrap JSON in a Markdown fence even in JSON mode.
function stripFence(text: string): string {
  const match = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return match ? match[1] : text;
}

const clampScore = (value: number) => Math.min(10, Math.max(0, Math.round(value)));
const cleanList = (items: string[]) => items.map((s) => s.trim()).filter(Boolean);

export interface ResultParts {
  answer: LenientAnswer;
  context: ContextItem[];
  findings: Finding[];
  usage: TokenUsage;
  model: { provider: string; model_name: string; temperature: number };
  promptVersion: string;
  /** The kind the item is judged as (the heuristic engine decides it, so both engines agree). */
  workItemType: WorkItemKind;
}

/**
 * Builds the engine result from a validated answer: scores rounded and clamped to 0..10, cited ids kept only
 * when they name a supplied context item (deduplicated), and every derived field computed from the same
 * values so `individual_scores`, `scores`, `reasoning_per_dimension`, `context_references` and the metadata
 * agree. The overall score and its explanation use the same functions as the heuristic engine (../overall.ts), so
 * both engines' overall scores compare. The split is trimmed and deduplicated; fewer than two parts is no split, and a split's first part is the rewrite.
 */
export function resultFromAnswer({ answer, context, findings, usage, model, promptVersion, workItemType }: ResultParts): ScoringResult {
  const supplied = new Set(context.map((item) => item.id));
  const per = <T>(make: (d: (typeof DIMENSIONS)[number]) => T) =>
    Object.fromEntries(DIMENSIONS.map((d) => [d, make(d)])) as PerDimension<T>;
  const scores = per((d) => {
    const detail = answer.scores[d];
    return {
      score: clampScore(detail.score),
      reasoning: detail.reasoning.trim(),
      improvement_suggestions: cleanList(detail.improvement_suggestions),
      reference_context: [...new Set(detail.reference_context.filter((id) => supplied.has(id)))],
    };
  });
  const references = per((d) => [...scores[d].reference_context]);
  const referenced = new Set(DIMENSIONS.flatMap((d) => references[d]));
  const individual = per((d) => scores[d].score);
  const overall = overallScore(individual);
  const parts = [...new Set(cleanList(answer.split))];
  const split = parts.length >= 2 ? parts : [];
  const rewrite = split.length ? split[0] : answer.rewrite?.trim() ? answer.rewrite.trim() : null;
  return scoringResultSchema.parse({
    overall_score: overall,
    overall_reasoning: explainOverall(individual),
    individual_scores: individual,
    scores,
    reasoning_per_dimension: per((d) => scores[d].reasoning),
    recommendations: cleanList(answer.recommendations),
    context_references: references,
    metadata: {
      model,
      prompt_version: promptVersion,
      work_item_type: workItemType,
      token_usage: usage,
      enriched_context_references: per((d) => [...references[d]]),
      context_usage_stats: {
        total_context_items_available: supplied.size,
        context_items_referenced: referenced.size,
        references_per_dimension: per((d) => references[d].length),
      },
    },
    findings,
    rewrite,
    split,
  });
}
