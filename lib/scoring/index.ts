import { z } from "zod";
import { createHeuristicEngine } from "./heuristic";
import { createOpenAIEngine, RESPONSE_FORMATS, type LlmEvent, type ScoringCache } from "./openai";
import { codeEnabled, normaliseRules, ruleSettingsSchema, rulesMetadata, silenced, silenceFor, silencesOf, type Dismissal, type RuleSettingsInput } from "./rules";
import type { ScoreOptions, ScoringEngine, ScoringResult, TicketData } from "./types";

export * from "./types";
export * from "./errors";
export * from "./rules";
export { createHeuristicEngine, scoreTicket, scoreTickets } from "./heuristic";
export {
  createOpenAIEngine,
  createMemoryCache,
  ModelAnswerError,
  PROMPT_VERSION as OPENAI_PROMPT_VERSION,
  RESPONSE_FORMATS,
  VIOLATION_REASONS,
  type LlmEvent,
  type OpenAIEngineOptions,
  type ResponseFormat,
  type ViolationReason,
  type ScoringCache,
} from "./openai";

export const ENGINE_NAMES = ["heuristic", "openai"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Options an engine may need (the openai engine: endpoint, key, model, tuning, an injected cache or client). */
export type EngineOptions = Record<string, unknown>;

/** The engine cannot be built as configured (the openai engine without an endpoint or a model). */
export class EngineUnavailableError extends Error {
  constructor(readonly engine: string, reason = "is not available yet") {
    super(`the ${engine} engine ${reason}`);
    this.name = "EngineUnavailableError";
  }
}

const cacheSchema = z.custom<ScoringCache>(
  (value) => !!value && typeof (value as ScoringCache).get === "function" && typeof (value as ScoringCache).set === "function",
  "must have get and set",
);

// Unset values (undefined) fall back to the engine's defaults.
const openaiOptionsSchema = z.object({
  baseURL: z.url({ protocol: /^https?$/ }),
  apiKey: z.string().optional(),
  model: z.string().min(1),
  temperature: z.number().min(0).max(2).optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  concurrency: z.number().int().positive().optional(),
  provider: z.string().optional(),
  cache: cacheSchema.optional(),
  fetch: z.custom<typeof fetch>((value) => typeof value === "function", "must be a function").optional(),
  responseFormat: z.enum(RESPONSE_FORMATS).optional(),
  schemaRetries: z.number().int().min(0).max(3).optional(),
  onEvent: z.custom<(event: LlmEvent) => void>((value) => typeof value === "function", "must be a function").optional(),
});

export function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/**
 * A model's findings under the team's settings: codes switched off dropped, silenced ones set apart with their
 * reason, `metadata.rules` recorded. The model's scores are its own (it is not told the settings), so a re-cost
 * or a silence does not move them; the heuristic engine's do (docs/rules.md).
 */
function settleModelResult(result: ScoringResult, ticket: TicketData, rules: RuleSettingsInput | undefined, dismissals: Dismissal[] = []): ScoringResult {
  const settings = normaliseRules(rules);
  const silences = silencesOf(ticket?.description);
  const findings: ScoringResult["findings"] = [];
  const out = [...(result.silenced_findings ?? [])];
  for (const f of result.findings) {
    if (!codeEnabled(settings, f.code)) continue;
    const why = silenceFor(f.code, silences, dismissals);
    if (why) out.push(silenced(f, why));
    else findings.push(f);
  }
  return { ...result, findings, silenced_findings: out, metadata: { ...result.metadata, rules: rulesMetadata(settings) } };
}

function withRules(engine: ScoringEngine, base: RuleSettingsInput | undefined): ScoringEngine {
  return {
    name: engine.name,
    cost: engine.cost,
    score: async (ticket, context, call) => settleModelResult(await engine.score(ticket, context), ticket, call?.rules ?? base, call?.dismissals),
    scoreBatch: async (items, call?: ScoreOptions) => {
      const results = await engine.scoreBatch(items);
      return results.map((r, i) => settleModelResult(r, items[i]?.ticket, call?.rules ?? base, items[i]?.dismissals));
    },
  };
}

function rulesOption(options: EngineOptions): RuleSettingsInput | undefined {
  if (options.rules === undefined) return undefined;
  const parsed = ruleSettingsSchema.safeParse(options.rules);
  if (!parsed.success) throw new Error(`invalid rules: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  return parsed.data;
}

/**
 * Builds an engine by name; the openai engine validates its options (an unusable setup throws EngineUnavailableError).
 * `options.rules` (lib/scoring/rules.ts) are the rule settings of every call that names none of its own.
 */
export function createEngine(name: EngineName = "heuristic", options: EngineOptions = {}): ScoringEngine {
  const rules = rulesOption(options);
  switch (name) {
    case "heuristic":
      return createHeuristicEngine({ rules });
    case "openai": {
      const { rules: _rules, ...rest } = options;
      void _rules;
      const parsed = openaiOptionsSchema.safeParse(rest);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
        throw new EngineUnavailableError("openai", `needs an endpoint (baseURL) and a model: ${problems}`);
      }
      return withRules(createOpenAIEngine(parsed.data), rules);
    }
    default:
      throw new Error(`unknown scoring engine: ${String(name)}`);
  }
}
