import { EngineUnavailable, ModelAnswerError, type ContextItem, type Dismissal, type RuleSettingsInput, type ScoringEngine, type ScoringResult, type TicketData } from "@/lib/scoring";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { SERVICE_VERSION } from "@/lib/version";
import type { ScoreResponse } from "@/lib/pipeline/schemas";

export { EngineUnavailable };

/** The 502's message, and the failed async job's error: the model answered, but not in the schema. */
export const MODEL_ANSWER_MESSAGE = "The model's answer did not follow the schema, also when asked again; the story was not billed. Try again.";

interface Scored {
  result: ScoringResult;
  processingTimeMs: number;
}

/** The customer's rule settings and the findings dismissed for this text (lib/rules/settings.ts). */
export interface ScoringSettings {
  rules?: RuleSettingsInput;
  dismissals?: Dismissal[];
}

interface Queued {
  engine: ScoringEngine;
  ticket: TicketData;
  context: ContextItem[];
  settings: ScoringSettings;
  resolve(scored: Scored): void;
  reject(error: unknown): void;
}

/** The stories waiting for the end of this turn of the event loop (see `scoreInTurn`). */
let thisTurn: Queued[] | undefined;

/**
 * Score with a cheap engine (one that does its work when called, in this thread: the heuristic engine) at the end
 * of this turn of the event loop, one story after another with the others that reached the engine in the same
 * turn. Each story is scored on its own, exactly as before (not as a batch, whose stories would be checked
 * against each other).
 *
 * Under load the requests of a turn move through the server together, so scored one by one each story was scored
 * between other requests' work: the engine's tagger and word lists (the tagger's model alone is 17 MB of heap)
 * were out of the CPU's caches every time, and the engine pushed the server's own code and data out in turn. On
 * this project's 2-vCPU machine the engine took 46 µs a story scored back to back but 0.12-0.15 ms in the server,
 * and the server spent 0.23 ms more of its main thread per score request with the engine than with a ready
 * result. Scored together, the score route's main thread took 0.18 ms less per request and the whole process
 * 0.27 ms less (10 interleaved rounds of 3 s at 16 connections, 2026-11-25; docs/operations.md, "Benchmarks").
 */
function scoreInTurn(engine: ScoringEngine, ticket: TicketData, context: ContextItem[], settings: ScoringSettings): Promise<Scored> {
  return new Promise((resolve, reject) => {
    if (!thisTurn) {
      thisTurn = [];
      setImmediate(scoreTurn);
    }
    thisTurn.push({ engine, ticket, context, settings, resolve, reject });
  });
}

function scoreTurn(): void {
  const queued = thisTurn ?? [];
  thisTurn = undefined;
  for (const { engine, ticket, context, settings, resolve, reject } of queued) {
    const started = performance.now();
    let scoring: Promise<ScoringResult>;
    try {
      scoring = engine.score(ticket, context, settings);
    } catch (error) {
      reject(error);
      continue;
    }
    // A cheap engine has done its work by the time `score` returns: that is this story's time.
    const processingTimeMs = performance.now() - started;
    scoring.then((result) => resolve({ result, processingTimeMs }), reject);
  }
}

/**
 * Run the engine, timing it (milliseconds, two decimals): a cheap engine at the end of this turn with the other
 * stories of the turn (`scoreInTurn`), an expensive one at once. The engine's own errors are thrown as they are
 * (EngineUnavailable, ModelAnswerError, ...): each path says them in its own terms.
 */
export async function runEngine(
  engine: ScoringEngine,
  ticket: TicketData,
  context: ContextItem[],
  settings: ScoringSettings = {},
): Promise<{ result: ScoringResult; processingTimeMs: number; engine: string }> {
  let scored: Scored;
  if (engine.cost === "cheap") scored = await scoreInTurn(engine, ticket, context, settings);
  else {
    const started = performance.now();
    scored = { result: await engine.score(ticket, context, settings), processingTimeMs: performance.now() - started };
  }
  return { result: scored.result, processingTimeMs: Math.round(scored.processingTimeMs * 100) / 100, engine: engine.name };
}

/**
 * Run the engine (`runEngine`) for an HTTP answer. An engine failure becomes a 503 (the provider unavailable), a
 * 502 (the model's answers broke the schema, after the engine's retry) or a 500; nothing is billed.
 */
export async function scoreWithEngine(
  engine: ScoringEngine,
  ticket: TicketData,
  context: ContextItem[],
  settings: ScoringSettings = {},
): Promise<{ result: ScoringResult; processingTimeMs: number; engine: string }> {
  try {
    return await runEngine(engine, ticket, context, settings);
  } catch (error) {
    logger().error({ err: error, engine: engine.name }, "scoring engine failed");
    if (error instanceof EngineUnavailable) {
      throw new ApiError("service_unavailable", "The scoring engine is unavailable; the story was not billed. Try again shortly.", [], {
        "Retry-After": "30",
      });
    }
    if (error instanceof ModelAnswerError) {
      // What was wrong, for the caller's logs (no ticket text: paths and values the model gave).
      throw new ApiError("bad_gateway", MODEL_ANSWER_MESSAGE, error.errors.slice(0, 5).map((e) => `model answer: ${e}`));
    }
    throw new ApiError("internal_error", "Scoring failed; the story was not billed.");
  }
}

/**
 * The spec's score response: the engine's result plus the run's id, status, ticket echo and run metadata. Built
 * field by field (the type checks the shape; the route tests parse it with `scoreResponseSchema`) rather than
 * by parsing with zod on every request.
 */
export function buildScoreResponse(result: ScoringResult, run: { jobId: string; ticketId: string; at: Date; processingTimeMs: number }): ScoreResponse {
  return {
    status: "completed",
    job_id: run.jobId,
    ticket_id: run.ticketId,
    overall_score: result.overall_score,
    overall_reasoning: result.overall_reasoning,
    individual_scores: result.individual_scores,
    scores: result.scores,
    reasoning_per_dimension: result.reasoning_per_dimension,
    recommendations: result.recommendations,
    context_references: result.context_references,
    metadata: {
      model: result.metadata.model,
      prompt_version: result.metadata.prompt_version,
      work_item_type: result.metadata.work_item_type,
      ...(result.metadata.work_item_type_source ? { work_item_type_source: result.metadata.work_item_type_source } : {}),
      language: result.metadata.language ?? "en",
      token_usage: result.metadata.token_usage,
      enriched_context_references: result.metadata.enriched_context_references,
      context_usage_stats: result.metadata.context_usage_stats,
      // UTC without a zone suffix, as in the specification's sample shape.
      timestamp: run.at.toISOString().replace(/Z$/, ""),
      processing_time_ms: run.processingTimeMs,
      service_version: SERVICE_VERSION,
      ...(result.metadata.rules ? { rules: result.metadata.rules } : {}),
    },
    findings: result.findings,
    silenced_findings: result.silenced_findings ?? [],
    rewrite: result.rewrite,
    split: result.split,
  };
}
