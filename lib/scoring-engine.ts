import { createEngine, type ScoringEngine } from "@/lib/scoring";
import { env } from "@/lib/env";
import { createDatabaseLlmCache } from "@/lib/llm-cache";
import { recordLlmEvent } from "@/lib/llm-metrics";
import { createGuardedFetch } from "@/lib/outbound/client";

const holder = globalThis as unknown as { __sscEngine?: ScoringEngine; __sscEngineOverride?: ScoringEngine };

/** The configured scoring engine (SCORING_ENGINE), built once per process. It never sees customer credentials. */
export function scoringEngine(): ScoringEngine {
  if (holder.__sscEngineOverride) return holder.__sscEngineOverride;
  const config = env();
  holder.__sscEngine ??= createEngine(config.SCORING_ENGINE, {
    baseURL: config.OPENAI_BASE_URL,
    apiKey: config.OPENAI_API_KEY,
    model: config.SCORING_MODEL,
    temperature: config.SCORING_TEMPERATURE,
    timeoutMs: config.SCORING_TIMEOUT_MS,
    maxRetries: config.SCORING_MAX_RETRIES,
    concurrency: config.SCORING_CONCURRENCY,
    responseFormat: config.SCORING_RESPONSE_FORMAT,
    // Every call and every answer that breaks the schema is counted and logged (GET /api/admin/metrics).
    onEvent: config.SCORING_ENGINE === "openai" ? recordLlmEvent : undefined,
    // LLM answers are kept in the database (LLM_CACHE_TTL_DAYS), so unchanged content is not sent to the model twice.
    cache: config.SCORING_ENGINE === "openai" ? createDatabaseLlmCache({ ttlDays: config.LLM_CACHE_TTL_DAYS }) : undefined,
    // The endpoint the operator configured may be a model server on this machine; any other origin a redirect leads
    // to is checked as every outbound request is (lib/outbound/client.ts). The client's own timeout ends a call first.
    fetch: config.OPENAI_BASE_URL ? createGuardedFetch({ trustedOrigin: config.OPENAI_BASE_URL, timeoutMs: config.SCORING_TIMEOUT_MS + 5_000 }) : undefined,
  });
  return holder.__sscEngine;
}

/** Tests only: score with another engine (a failing one, a slow one). */
export function setScoringEngineOverride(engine: ScoringEngine | undefined): void {
  holder.__sscEngineOverride = engine;
}

/** Tests only: build the configured engine again on next use (after the environment changed). */
export function resetScoringEngine(): void {
  holder.__sscEngine = undefined;
}
