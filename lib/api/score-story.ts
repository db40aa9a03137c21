import { EngineUnavailable, type ContextItem, type ScoringEngine, type ScoringResult, type TicketData } from "@/lib/scoring";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { SERVICE_VERSION } from "@/lib/version";
import type { ScoreResponse } from "./schemas";

export { EngineUnavailable };

/** Run the engine, timing it. An engine failure becomes a 503 (unavailable) or 500; nothing is billed. */
export async function scoreWithEngine(
  engine: ScoringEngine,
  ticket: TicketData,
  context: ContextItem[],
): Promise<{ result: ScoringResult; processingTimeMs: number; engine: string }> {
  const started = performance.now();
  try {
    const result = await engine.score(ticket, context);
    return { result, processingTimeMs: Math.round((performance.now() - started) * 100) / 100, engine: engine.name };
  } catch (error) {
    logger().error({ err: error, engine: engine.name }, "scoring engine failed");
    if (error instanceof EngineUnavailable) {
      throw new ApiError("service_unavailable", "The scoring engine is unavailable; the story was not billed. Try again shortly.", [], {
        "Retry-After": "30",
      });
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
      token_usage: result.metadata.token_usage,
      enriched_context_references: result.metadata.enriched_context_references,
      context_usage_stats: result.metadata.context_usage_stats,
      // UTC without a zone suffix, as in the specification's sample shape.
      timestamp: run.at.toISOString().replace(/Z$/, ""),
      processing_time_ms: run.processingTimeMs,
      service_version: SERVICE_VERSION,
    },
    findings: result.findings,
    rewrite: result.rewrite,
    split: result.split,
  };
}
