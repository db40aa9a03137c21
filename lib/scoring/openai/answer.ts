import { z } from "zod";
import type { ViolationReason } from "./formats";
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
  type WorkItemTypeSource,
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

// A score is a number from 0 to 10 as answered; a fraction inside the range (7.5) is rounded, as the scale is
// whole points. Anything outside the range (42, -3, 10.4) is a schema failure, never clamped: a model that
// answers 42 has not understood the scale, and a clamped 10 would be a score nobody gave.
const answeredDimension = dimensionScoreSchema.extend({ score: z.number().min(0).max(10) });
const answeredSchema = z.object({
  scores: z.object(Object.fromEntries(DIMENSIONS.map((d) => [d, answeredDimension])) as PerDimension<typeof answeredDimension>),
  recommendations: modelAnswerSchema.shape.recommendations,
  rewrite: modelAnswerSchema.shape.rewrite,
  split: modelAnswerSchema.shape.split,
});
type AnsweredModel = z.infer<typeof answeredSchema>;

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


export type ParsedAnswer = { ok: true; answer: AnsweredModel } | { ok: false; errors: string[]; reasons: ViolationReason[] };

export interface AnswerMeta {
  /** The choice's `finish_reason`: `length` means the server cut the answer at its token limit. */
  finishReason?: string | null;
  /** The choice's `refusal` (structured outputs), when the model declined. */
  refusal?: string | null;
}

const MAX_ERRORS = 20;

/**
 * Parses the model's text as JSON and validates it against the answer schema. The errors are sentences for the
 * model (they go into the retry request) and for the operator's logs: "your answer had no scores.small",
 * "scores.small.score was 42; a score is a number from 0 to 10".
 */
export function parseModelAnswer(content: string | null | undefined, meta: AnswerMeta = {}): ParsedAnswer {
  const refused = meta.refusal ? [`the model refused: ${meta.refusal}`] : [];
  const fail = (reason: ViolationReason, errors: string[]): ParsedAnswer => ({
    ok: false,
    errors: [...refused, ...errors],
    reasons: refused.length ? ["refused", reason] : [reason],
  });
  if (!content || !content.trim()) return fail("empty", ["the answer was empty"]);
  const extracted = extractJson(content);
  if (extracted.kind === "none") return fail("not_json", ["the answer holds no JSON object; answer with the JSON object alone"]);
  let json: unknown;
  try {
    json = JSON.parse(extracted.text);
  } catch (error) {
    const cutOff = extracted.kind === "unclosed" || meta.finishReason === "length";
    const why = meta.finishReason === "length" ? "it was cut off at the token limit" : cutOff ? "it is cut off before its end" : (error as Error).message;
    return fail(cutOff ? "cut_off" : "not_json", [`the answer is not valid JSON (${why}); answer again with the complete JSON object`]);
  }
  const parsed = answeredSchema.safeParse(json, { reportInput: true });
  if (parsed.success) return { ok: true, answer: parsed.data };
  const described = parsed.error.issues.map(describeIssue);
  const reasons = [...new Set(described.map((d) => d.reason))];
  const errors = described.slice(0, MAX_ERRORS).map((d) => d.text);
  if (described.some((d) => d.reason === "missing_field" && /^scores\.\w+$/.test(d.where))) {
    errors.push("answer again with all six dimensions: independent, negotiable, valuable, estimable, small and testable");
  }
  return { ok: false, errors: [...refused, ...errors], reasons: refused.length ? ["refused", ...reasons] : reasons };
}

type Issue = z.core.$ZodIssue;

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return `a ${typeof value}`;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** One validation issue as a sentence, with the kind of departure it is. */
function describeIssue(issue: Issue): { reason: ViolationReason; where: string; text: string } {
  // Plain text, no Markdown: the sentences also reach API callers in `details` and the docs page shows them as sent.
  const where = issue.path.length ? issue.path.map(String).join(".") : "the answer";
  const input = (issue as { input?: unknown }).input;
  const isScore = issue.path.at(-1) === "score";
  if (issue.code === "invalid_type") {
    if (input === undefined) return { reason: "missing_field", where, text: `your answer had no ${where}` };
    const expected = issue.expected === "array" ? "a list" : issue.expected === "object" ? "an object" : `a ${issue.expected}`;
    return { reason: "wrong_type", where, text: `${where} was ${typeName(input)} (${shown(input)}); it must be ${expected}${isScore ? " from 0 to 10" : ""}` };
  }
  if ((issue.code === "too_big" || issue.code === "too_small") && isScore) {
    return { reason: "out_of_range", where, text: `${where} was ${shown(input)}; a score is a number from 0 to 10` };
  }
  return { reason: "other", where, text: `${where}: ${issue.message}` };
}

/**
 * The JSON object in a model's text. Servers without strict structured output, and small models, wrap it: a
 * Markdown fence, a sentence before it ("Here is the assessment:"), a reasoning model's `<think>` block, prose
 * after it. Answers the first balanced `{...}` (strings and escapes respected) after those are removed;
 * `unclosed` when the object never closes (an answer cut off), `none` when there is no `{` at all.
 */
export function extractJson(text: string): { kind: "object" | "unclosed"; text: string } | { kind: "none" } {
  // A closed think block goes; an unclosed one (the answer was cut off while thinking) takes the rest with it.
  let body = text.replace(/<think>[\s\S]*?<\/think>/gi, "").replace(/<think>[\s\S]*$/i, "");
  // A fence is looked for only when the text does not start with the object (whose strings may hold one).
  const fence = body.trimStart().startsWith("{") ? null : /```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)(?:```|$)/.exec(body);
  if (fence && fence[1].includes("{")) body = fence[1];
  const start = body.indexOf("{");
  if (start < 0) return { kind: "none" };
  let depth = 0;
  let inString = false;
  for (let i = start; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return { kind: "object", text: body.slice(start, i + 1) };
  }
  return { kind: "unclosed", text: body.slice(start) };
}

// Validation kept every score within 0-10; a fraction is rounded to whole points.
const wholeScore = (value: number) => Math.round(value);
const cleanList = (items: string[]) => items.map((s) => s.trim()).filter(Boolean);

export interface ResultParts {
  answer: AnsweredModel;
  context: ContextItem[];
  findings: Finding[];
  usage: TokenUsage;
  model: { provider: string; model_name: string; temperature: number };
  promptVersion: string;
  /** The kind the item is judged as (the heuristic engine decides it, so both engines agree). */
  workItemType: WorkItemKind;
  /** How the kind was decided (the heuristic engine's reading of the same ticket). */
  workItemTypeSource?: WorkItemTypeSource;
  /** The language the item is written in (ISO 639-1), as the heuristic evidence read it. */
  language?: string;
}

/**
 * Builds the engine result from a validated answer: scores rounded to whole points, cited ids kept only
 * when they name a supplied context item (deduplicated), and every derived field computed from the same
 * values so `individual_scores`, `scores`, `reasoning_per_dimension`, `context_references` and the metadata
 * agree. The overall score and its explanation use the same functions as the heuristic engine (../overall.ts), so
 * both engines' overall scores compare. The split is trimmed and deduplicated; fewer than two parts is no split. The rewrite is the model's whole item with its fixes; a rewrite that is only one
 * part of the split (or the story unchanged) would drop requirements, so it is answered as no rewrite (null).
 */
export function resultFromAnswer({ answer, context, findings, usage, model, promptVersion, workItemType, workItemTypeSource, language }: ResultParts): ScoringResult {
  const supplied = new Set(context.map((item) => item.id));
  const per = <T>(make: (d: (typeof DIMENSIONS)[number]) => T) =>
    Object.fromEntries(DIMENSIONS.map((d) => [d, make(d)])) as PerDimension<T>;
  const scores = per((d) => {
    const detail = answer.scores[d];
    return {
      score: wholeScore(detail.score),
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
  const proposed = answer.rewrite?.trim() || null;
  const rewrite = proposed && !split.includes(proposed) ? proposed : null;
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
      ...(workItemTypeSource ? { work_item_type_source: workItemTypeSource } : {}),
      ...(language ? { language } : {}),
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
