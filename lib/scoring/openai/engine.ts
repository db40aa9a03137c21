import OpenAI from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { EngineUnavailable } from "../errors";
import { scoreTicket, scoreTickets } from "../heuristic";
import type { ContextItem, ScoringEngine, ScoringItem, ScoringResult, TicketData, TokenUsage } from "../types";
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, resultFromAnswer } from "./answer";
import type { ViolationReason } from "./formats";
import { cacheKey, createMemoryCache, type ScoringCache } from "./cache";
import { sharedLimiter } from "./limiter";
import { PROMPT_VERSION, repairMessage, systemMessage, systemPrompt, userMessage, type ResponseFormat } from "./prompt";

/** The slice of the OpenAI client the engine uses; tests and other SDKs can pass their own. */
export interface ChatClient {
  chat: { completions: { create(body: ChatCompletionCreateParamsNonStreaming): Promise<ChatCompletion> } };
}

export interface OpenAIEngineOptions {
  /** OpenAI-compatible endpoint, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:8000/v1`. */
  baseURL: string;
  apiKey?: string;
  model: string;
  temperature?: number;
  /** Per attempt; the client retries timed-out attempts too. */
  timeoutMs?: number;
  /** Retries of 429, 5xx, timeouts and connection errors (exponential backoff with jitter, Retry-After honoured). */
  maxRetries?: number;
  /** Calls in flight to this endpoint, shared by every engine of the process. */
  concurrency?: number;
  cache?: ScoringCache;
  /** Defaults to `openai` for api.openai.com and `openai-compatible` otherwise. */
  provider?: string;
  client?: ChatClient;
  /** The fetch the client sends its requests with (the service passes its guarded client). */
  fetch?: typeof fetch;
  /**
   * How JSON is asked for (`SCORING_RESPONSE_FORMAT`, default `json_schema`): a strict structured output, JSON
   * mode (`json_object`) or nothing (`none`); with the last two the schema is put in the system prompt.
   */
  responseFormat?: ResponseFormat;
  /**
   * Requests sent again after an answer that broke the schema, with the validation errors (default 1; 0 fails
   * at the first broken answer, which the LLM benchmark uses to measure what the retry is worth).
   */
  schemaRetries?: number;
  /** Told of every model call and its outcome (the service counts them and logs them: lib/llm-metrics.ts). */
  onEvent?: (event: LlmEvent) => void;
}

/** What the engine reports to `onEvent`. `key` is the ticket's key when it has one (for the logs). */
export type LlmEvent =
  /** An attempt got an answer from the endpoint (attempt 1, or 2 for the retry after a broken answer). */
  | { type: "answer"; attempt: number; ms: number; usage: TokenUsage; finish_reason: string | null }
  /** An answer broke the schema; `retrying` when another request follows. */
  | { type: "schema_violation"; attempt: number; reasons: ViolationReason[]; errors: string[]; retrying: boolean; key?: string }
  /** The retry's answer followed the schema. */
  | { type: "repaired"; key?: string }
  /** The last attempt broke the schema too: the score fails with ModelAnswerError (502 on the API). */
  | { type: "schema_failure"; attempts: number; reasons: ViolationReason[]; errors: string[]; key?: string }
  /** The endpoint stayed unavailable after the client's retries (EngineUnavailable, 503 on the API). */
  | { type: "unavailable"; message: string }
  /** The endpoint refused the request (a 4xx other than 408/409/429: configuration). */
  | { type: "refused"; status: number; message: string }
  /** A score made by the model (not from the cache), with its tokens (every attempt's) and its time. */
  | { type: "scored"; attempts: number; ms: number; usage: TokenUsage };

/**
 * The model's answers broke the schema on every attempt (the first and the retry with the errors): not valid JSON,
 * missing dimensions, scores outside 0-10, wrong types. The API answers 502 `bad_gateway` and bills nothing.
 */
export class ModelAnswerError extends Error {
  constructor(
    readonly errors: string[],
    readonly reasons: ViolationReason[],
    readonly attempts: number,
    /** The tokens the broken answers cost (reported, never billed). */
    readonly usage: TokenUsage,
    /** The ticket's key, when it has one. */
    readonly key?: string,
  ) {
    const tries = attempts === 1 ? "with no retry" : `after ${attempts - 1} ${attempts === 2 ? "retry" : "retries"} with the errors`;
    super(`the model's answer${key ? ` for ${key}` : ""} did not follow the schema (${tries}): ${errors.slice(0, 3).join("; ")}`);
    this.name = "ModelAnswerError";
  }
}

const SCHEMA_NAME = "invest_score";
const ZERO_USAGE: TokenUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

function addUsage(total: TokenUsage, usage: ChatCompletion["usage"]): TokenUsage {
  if (!usage) return total;
  const prompt = total.prompt_tokens + (usage.prompt_tokens ?? 0);
  const completion = total.completion_tokens + (usage.completion_tokens ?? 0);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: total.total_tokens + (usage.total_tokens ?? prompt + completion) };
}

function providerOf(baseURL: string): string {
  try {
    return new URL(baseURL).hostname === "api.openai.com" ? "openai" : "openai-compatible";
  } catch {
    return "openai-compatible";
  }
}

/** Provider trouble the caller should retry later (EngineUnavailable); anything else is a real failure. */
function classify(error: unknown, format: ResponseFormat): unknown {
  if (error instanceof OpenAI.APIConnectionError || error instanceof OpenAI.APIUserAbortError) {
    const timedOut = error instanceof OpenAI.APIConnectionTimeoutError;
    return new EngineUnavailable(timedOut ? "the model endpoint timed out" : "the model endpoint is unreachable", { cause: error });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const status = error.status;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return new EngineUnavailable(`the model endpoint answered ${status} after retries`, { cause: error });
    }
    // A server that does not take the structured output the engine asks for says so in a 400 (llama.cpp and
    // older Ollama name response_format or json_schema): say which setting fixes it.
    const hint =
      status === 400 && format !== "none" && /response_format|json_schema|json_object|structured|grammar/i.test(error.message)
        ? ` (set SCORING_RESPONSE_FORMAT=${format === "json_schema" ? "json_object, or none," : "none"} if this server does not support response_format ${format})`
        : "";
    return new Error(`the model endpoint refused the request (${status}): ${error.message}${hint}`, { cause: error });
  }
  return error;
}

/**
 * The LLM engine: one chat completion per ticket with a JSON-schema structured output (or JSON mode, or the
 * schema in the prompt: `responseFormat`), validated with zod, asked once more with the validation errors when
 * the answer breaks the schema, and failed with ModelAnswerError when that answer breaks it too. Answers are
 * cached by (prompt version, model, content fingerprint), and identical requests in flight share one call.
 */
export function createOpenAIEngine(options: OpenAIEngineOptions): ScoringEngine {
  const temperature = options.temperature ?? 0;
  const model = { provider: options.provider ?? providerOf(options.baseURL), model_name: options.model, temperature };
  const client: ChatClient =
    options.client ??
    new OpenAI({
      baseURL: options.baseURL,
      // Local OpenAI-compatible servers need no key, but the client insists on one.
      apiKey: options.apiKey || "not-needed",
      timeout: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  const format: ResponseFormat = options.responseFormat ?? "json_schema";
  const schemaRetries = options.schemaRetries ?? 1;
  const emit = (event: LlmEvent) => {
    try {
      options.onEvent?.(event);
    } catch {
      // A broken listener must not fail a score.
    }
  };
  const responseFormat: Pick<ChatCompletionCreateParamsNonStreaming, "response_format"> =
    format === "json_schema"
      ? { response_format: { type: "json_schema", json_schema: { name: SCHEMA_NAME, strict: true, schema: MODEL_ANSWER_JSON_SCHEMA } } }
      : format === "json_object"
        ? { response_format: { type: "json_object" } }
        : {};
  const limiter = sharedLimiter(options.baseURL, options.concurrency ?? 8);
  const cache = options.cache ?? createMemoryCache();
  const inFlight = new Map<string, Promise<ScoringResult>>();

  async function complete(messages: ChatCompletionMessageParam[], attempt: number): Promise<ChatCompletion> {
    const started = performance.now();
    let completion: ChatCompletion;
    try {
      completion = await client.chat.completions.create({ model: options.model, temperature, messages, ...responseFormat });
    } catch (error) {
      const classified = classify(error, format);
      if (classified instanceof EngineUnavailable) emit({ type: "unavailable", message: classified.message });
      else if (error instanceof OpenAI.APIError && error.status !== undefined) emit({ type: "refused", status: error.status, message: (classified as Error).message });
      throw classified;
    }
    emit({
      type: "answer",
      attempt,
      ms: Math.round(performance.now() - started),
      usage: addUsage(ZERO_USAGE, completion.usage),
      finish_reason: completion.choices[0]?.finish_reason ?? null,
    });
    return completion;
  }

  async function askModel(ticket: TicketData, context: ContextItem[], evidence: ScoringResult): Promise<ScoringResult> {
    const started = performance.now();
    const findings = evidence.findings;
    const key = ticket.key?.trim() || undefined;
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: systemMessage(format, MODEL_ANSWER_JSON_SCHEMA) },
      // The kind is the heuristic engine's decision (the type name, else the text), so both engines agree.
      { role: "user", content: userMessage(ticket, context, findings, evidence.metadata.work_item_type, evidence.metadata.language) },
    ];
    let usage = ZERO_USAGE;
    for (let attempt = 1; ; attempt++) {
      const completion = await complete(messages, attempt);
      usage = addUsage(usage, completion.usage);
      const choice = completion.choices[0];
      const content = choice?.message?.content;
      const parsed = parseModelAnswer(content, { finishReason: choice?.finish_reason, refusal: choice?.message?.refusal });
      if (parsed.ok) {
        if (attempt > 1) emit({ type: "repaired", key });
        emit({ type: "scored", attempts: attempt, ms: Math.round(performance.now() - started), usage });
        return resultFromAnswer({
          answer: parsed.answer, context, findings, usage, model, promptVersion: PROMPT_VERSION,
          workItemType: evidence.metadata.work_item_type,
          workItemTypeSource: evidence.metadata.work_item_type_source,
          language: evidence.metadata.language,
        });
      }
      const retrying = attempt <= schemaRetries;
      emit({ type: "schema_violation", attempt, reasons: parsed.reasons, errors: parsed.errors, retrying, key });
      if (!retrying) {
        emit({ type: "schema_failure", attempts: attempt, reasons: parsed.reasons, errors: parsed.errors, key });
        throw new ModelAnswerError(parsed.errors, parsed.reasons, attempt, usage, key);
      }
      // The conversation goes on: the broken answer, then what was wrong with it.
      messages.push({ role: "assistant", content: content ?? "" }, { role: "user", content: repairMessage(parsed.errors) });
    }
  }

  /** `evidence` is the heuristic result for this ticket (alone, or within its batch). */
  async function scoreOne(ticket: TicketData, context: ContextItem[], evidence: ScoringResult): Promise<ScoringResult> {
    const findings = evidence.findings;
    const key = cacheKey({
      promptVersion: PROMPT_VERSION,
      promptHash: systemPrompt().hash,
      workItemType: evidence.metadata.work_item_type,
      model: options.model,
      temperature,
      ticket,
      context,
      batchFindingCodes: findings.filter((f) => f.code.startsWith("unique.") || f.code.startsWith("uniform.")).map((f) => f.code),
    });
    // A reused answer cost nothing this time; its findings are recomputed so their offsets match this text.
    const reuse = (result: ScoringResult): ScoringResult => ({
      ...result,
      metadata: { ...result.metadata, token_usage: { ...ZERO_USAGE } },
      findings,
    });
    const cached = await cache.get(key);
    if (cached) return reuse(cached);
    const pending = inFlight.get(key);
    if (pending) return reuse(await pending);
    const call = limiter
      .run(() => askModel(ticket, context, evidence))
      .then(async (result) => {
        await cache.set(key, result);
        return result;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, call);
    return call;
  }

  const contextOf = (context: ContextItem[] | undefined) =>
    Array.isArray(context) ? context.filter((item) => item && typeof item.id === "string") : [];

  return {
    name: "openai",
    cost: "expensive",
    async score(ticket, context) {
      const items = contextOf(context);
      return scoreOne(ticket, items, scoreTicket(ticket, items));
    },
    async scoreBatch(batch: ScoringItem[]) {
      const evidence = scoreTickets(batch);
      // Every ticket is its own call; the shared limiter bounds how many run at once.
      return Promise.all(batch.map((item, i) => scoreOne(item.ticket, contextOf(item.context), evidence[i])));
    },
  };
}
