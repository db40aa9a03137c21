import OpenAI from "openai";
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { EngineUnavailable } from "../errors";
import { scoreTicket, scoreTickets } from "../heuristic";
import type { ContextItem, ScoringEngine, ScoringItem, ScoringResult, TicketData, TokenUsage } from "../types";
import { MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer, resultFromAnswer } from "./answer";
import { cacheKey, createMemoryCache, type ScoringCache } from "./cache";
import { sharedLimiter } from "./limiter";
import { PROMPT_VERSION, repairMessage, systemPrompt, userMessage } from "./prompt";

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
}

/** The model answered twice with output that is not valid JSON or does not match the schema. */
export class ModelAnswerError extends Error {
  constructor(readonly errors: string[]) {
    super(`the model returned an invalid answer twice (after one repair request): ${errors.slice(0, 3).join("; ")}`);
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
function classify(error: unknown): unknown {
  if (error instanceof OpenAI.APIConnectionError || error instanceof OpenAI.APIUserAbortError) {
    const timedOut = error instanceof OpenAI.APIConnectionTimeoutError;
    return new EngineUnavailable(timedOut ? "the model endpoint timed out" : "the model endpoint is unreachable", { cause: error });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const status = error.status;
    if (status === 408 || status === 409 || status === 429 || status >= 500) {
      return new EngineUnavailable(`the model endpoint answered ${status} after retries`, { cause: error });
    }
    return new Error(`the model endpoint refused the request (${status}): ${error.message}`, { cause: error });
  }
  return error;
}

/**
 * The LLM engine: one chat completion per ticket with a JSON-schema structured output, validated with zod,
 * repaired once when malformed. Answers are cached by (prompt version, model, content fingerprint), and
 * identical requests in flight share one call.
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
  const limiter = sharedLimiter(options.baseURL, options.concurrency ?? 8);
  const cache = options.cache ?? createMemoryCache();
  const inFlight = new Map<string, Promise<ScoringResult>>();

  async function complete(messages: ChatCompletionMessageParam[]): Promise<ChatCompletion> {
    try {
      return await client.chat.completions.create({
        model: options.model,
        temperature,
        messages,
        response_format: { type: "json_schema", json_schema: { name: SCHEMA_NAME, strict: true, schema: MODEL_ANSWER_JSON_SCHEMA } },
      });
    } catch (error) {
      throw classify(error);
    }
  }

  async function askModel(ticket: TicketData, context: ContextItem[], evidence: ScoringResult): Promise<ScoringResult> {
    const findings = evidence.findings;
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: systemPrompt().text },
      // The kind is the heuristic engine's decision (the type name, else the text), so both engines agree.
      { role: "user", content: userMessage(ticket, context, findings, evidence.metadata.work_item_type) },
    ];
    const first = await complete(messages);
    let usage = addUsage(ZERO_USAGE, first.usage);
    const firstMessage = first.choices[0]?.message;
    let parsed = parseModelAnswer(firstMessage?.content);
    if (!parsed.ok) {
      const errors = firstMessage?.refusal ? [`the model refused: ${firstMessage.refusal}`, ...parsed.errors] : parsed.errors;
      const repaired = await complete([
        ...messages,
        { role: "assistant", content: firstMessage?.content ?? "" },
        { role: "user", content: repairMessage(errors) },
      ]);
      usage = addUsage(usage, repaired.usage);
      parsed = parseModelAnswer(repaired.choices[0]?.message?.content);
      if (!parsed.ok) throw new ModelAnswerError(parsed.errors);
    }
    return resultFromAnswer({
      answer: parsed.answer, context, findings, usage, model, promptVersion: PROMPT_VERSION,
      workItemType: evidence.metadata.work_item_type,
    });
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
