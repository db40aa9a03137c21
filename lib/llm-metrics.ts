// The LLM engine's counters for the operator: what the model was asked, what it answered, and how often its
// answers broke the schema. The configured engine reports every event here (lib/scoring-engine.ts); each one is
// counted and logged as one JSON line (`event: "llm_..."`). Read them with GET /api/admin/metrics (ADMIN_TOKEN).
// Counted per process since it started: a separate `npm run worker` process counts its own and logs the same lines.
import { VIOLATION_REASONS, type LlmEvent, type TokenUsage, type ViolationReason } from "@/lib/scoring";
import { logger } from "@/lib/log";

export interface LlmCounters {
  /** Answers the endpoint gave (first attempts and retries). */
  requests: number;
  /** Of those, answers to a retry request (after a broken answer). */
  retry_requests: number;
  /** Scores the model made (cache hits are not counted: they cost no call). */
  scored: number;
  /** Of those, scores whose first answer broke the schema and whose retry followed it. */
  scored_after_retry: number;
  /** Answers that broke the schema (first attempts and retries). */
  schema_violations: number;
  /** The same answers by what was wrong (an answer may count under several reasons). */
  schema_violations_by_reason: Record<ViolationReason, number>;
  /** Scores that failed because the last answer broke the schema too (502 on the API; nothing billed). */
  schema_failures: number;
  /** Scores that failed because the endpoint stayed unavailable after the client's retries (503). */
  unavailable: number;
  /** Requests the endpoint refused with a 4xx (a wrong model name, a response format it does not take). */
  refused: number;
  /** Tokens of every answer, the broken ones included. */
  tokens: TokenUsage;
  /** Milliseconds the endpoint took for those answers, added up: `answer_ms / requests` is the time of one answer. */
  answer_ms: number;
}

interface Holder {
  __sscLlmMetrics?: { since: Date; counters: LlmCounters };
}
const holder = globalThis as unknown as Holder;

function fresh(): { since: Date; counters: LlmCounters } {
  return {
    since: new Date(),
    counters: {
      requests: 0,
      retry_requests: 0,
      scored: 0,
      scored_after_retry: 0,
      schema_violations: 0,
      schema_violations_by_reason: Object.fromEntries(VIOLATION_REASONS.map((reason) => [reason, 0])) as Record<ViolationReason, number>,
      schema_failures: 0,
      unavailable: 0,
      refused: 0,
      tokens: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      answer_ms: 0,
    },
  };
}

function state() {
  holder.__sscLlmMetrics ??= fresh();
  return holder.__sscLlmMetrics;
}

/** A copy of the counters, and when counting began. */
export function llmMetrics(): { since: string; counters: LlmCounters } {
  const { since, counters } = state();
  return { since: since.toISOString(), counters: structuredClone(counters) };
}

/** Tests only: start counting from zero. */
export function resetLlmMetrics(): void {
  holder.__sscLlmMetrics = fresh();
}

/** At most this many validation errors go into a log line (the model can answer hundreds). */
const LOGGED_ERRORS = 5;

/** Count one engine event and log it. */
export function recordLlmEvent(event: LlmEvent): void {
  const c = state().counters;
  const log = logger();
  switch (event.type) {
    case "answer":
      c.requests++;
      if (event.attempt > 1) c.retry_requests++;
      c.tokens.prompt_tokens += event.usage.prompt_tokens;
      c.tokens.completion_tokens += event.usage.completion_tokens;
      c.tokens.total_tokens += event.usage.total_tokens;
      c.answer_ms += event.ms;
      log.debug({ event: "llm_answer", attempt: event.attempt, duration_ms: event.ms, tokens: event.usage.total_tokens, finish_reason: event.finish_reason }, "LLM answered");
      return;
    case "schema_violation":
      c.schema_violations++;
      for (const reason of event.reasons) c.schema_violations_by_reason[reason]++;
      // A warning: the score goes on, or fails with its own line (llm_schema_failure).
      log.warn(
        { event: "llm_schema_violation", attempt: event.attempt, reasons: event.reasons, errors: event.errors.slice(0, LOGGED_ERRORS), retrying: event.retrying, key: event.key },
        event.retrying ? "the model's answer broke the schema; asking again with the errors" : "the model's answer broke the schema again",
      );
      return;
    case "repaired":
      c.scored_after_retry++;
      log.info({ event: "llm_repaired", key: event.key }, "the model's answer followed the schema after the retry");
      return;
    case "schema_failure":
      c.schema_failures++;
      log.error(
        { event: "llm_schema_failure", attempts: event.attempts, reasons: event.reasons, errors: event.errors.slice(0, LOGGED_ERRORS), key: event.key },
        "not scored: the model's answers did not follow the schema (502, not billed)",
      );
      return;
    case "unavailable":
      c.unavailable++;
      log.warn({ event: "llm_unavailable", error: event.message }, "not scored: the model endpoint is unavailable (503, not billed)");
      return;
    case "refused":
      c.refused++;
      log.error({ event: "llm_refused", status: event.status, error: event.message }, "the model endpoint refused the request");
      return;
    case "scored":
      c.scored++;
      return;
  }
}

const PROMETHEUS_NAMES: [keyof LlmCounters, string, string][] = [
  ["requests", "llm_requests_total", "Answers the model endpoint gave, retries included."],
  ["retry_requests", "llm_retry_requests_total", "Answers to a retry request sent after a broken answer."],
  ["scored", "llm_scored_total", "Scores the model made (cache hits excluded)."],
  ["scored_after_retry", "llm_scored_after_retry_total", "Scores whose first answer broke the schema and whose retry followed it."],
  ["schema_violations", "llm_schema_violations_total", "Answers that broke the schema."],
  ["schema_failures", "llm_schema_failures_total", "Scores failed because the answers broke the schema (502)."],
  ["unavailable", "llm_unavailable_total", "Scores failed because the endpoint was unavailable (503)."],
  ["refused", "llm_refused_total", "Requests the endpoint refused with a 4xx."],
];

/** The counters in Prometheus' text format (version 0.0.4). */
export function llmMetricsPrometheus(): string {
  const { counters } = llmMetrics();
  const lines: string[] = [];
  for (const [field, name, help] of PROMETHEUS_NAMES) {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} counter`, `${name} ${counters[field] as number}`);
  }
  lines.push("# HELP llm_schema_violations_by_reason_total Answers that broke the schema, by what was wrong.", "# TYPE llm_schema_violations_by_reason_total counter");
  for (const reason of VIOLATION_REASONS) lines.push(`llm_schema_violations_by_reason_total{reason="${reason}"} ${counters.schema_violations_by_reason[reason]}`);
  lines.push("# HELP llm_tokens_total Tokens of every answer, broken ones included.", "# TYPE llm_tokens_total counter");
  lines.push(`llm_tokens_total{kind="prompt"} ${counters.tokens.prompt_tokens}`, `llm_tokens_total{kind="completion"} ${counters.tokens.completion_tokens}`);
  lines.push("# HELP llm_answer_seconds_total Time the endpoint took for its answers, added up.", "# TYPE llm_answer_seconds_total counter");
  lines.push(`llm_answer_seconds_total ${counters.answer_ms / 1000}`);
  return `${lines.join("\n")}\n`;
}
