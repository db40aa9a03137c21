import { z } from "zod";
import { createHeuristicEngine } from "./heuristic";
import { createOpenAIEngine, RESPONSE_FORMATS, type LlmEvent, type ScoringCache } from "./openai";
import type { ScoringEngine } from "./types";

export * from "./types";
export * from "./errors";
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

/** Builds an engine by name; the openai engine validates its options (an unusable setup throws EngineUnavailableError). */
export function createEngine(name: EngineName = "heuristic", options: EngineOptions = {}): ScoringEngine {
  switch (name) {
    case "heuristic":
      return createHeuristicEngine();
    case "openai": {
      const parsed = openaiOptionsSchema.safeParse(options);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");
        throw new EngineUnavailableError("openai", `needs an endpoint (baseURL) and a model: ${problems}`);
      }
      return createOpenAIEngine(parsed.data);
    }
    default:
      throw new Error(`unknown scoring engine: ${String(name)}`);
  }
}
