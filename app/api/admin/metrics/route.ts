// GET /api/admin/metrics: the LLM engine's counters for the operator (lib/llm-metrics.ts): calls, answers that
// broke the schema by reason, retries that fixed them, scores that failed (502, 503), tokens. JSON by default;
// `?format=prometheus` (or `Accept: text/plain`) answers Prometheus' text format for a scraper.
import { adminRoute } from "@/lib/api/route";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { llmMetrics, llmMetricsPrometheus } from "@/lib/llm-metrics";

export const dynamic = "force-dynamic";

export const GET = adminRoute(async ({ request }) => {
  const format = new URL(request.url).searchParams.get("format");
  if (format !== null && format !== "json" && format !== "prometheus") {
    throw new ApiError("validation_error", "Invalid query parameters.", [`format: must be json or prometheus, got '${format.slice(0, 32)}'`]);
  }
  const prometheus = format === "prometheus" || (format === null && /^text\/plain\b/.test(request.headers.get("accept") ?? ""));
  if (prometheus) {
    return new Response(llmMetricsPrometheus(), { headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const config = env();
  const { since, counters } = llmMetrics();
  return Response.json(
    {
      since,
      scoring: {
        engine: config.SCORING_ENGINE,
        model: config.SCORING_ENGINE === "openai" ? (config.SCORING_MODEL ?? null) : null,
        response_format: config.SCORING_ENGINE === "openai" ? config.SCORING_RESPONSE_FORMAT : null,
      },
      llm: counters,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
