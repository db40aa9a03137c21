// A local OpenAI-compatible chat-completions server for tests and benchmarks: a real HTTP server on
// 127.0.0.1 that answers structured-output requests with a plausible INVEST score (derived from the
// heuristic engine for the ticket in the prompt), and that can be told to be slow, to fail with 429/500, to
// answer as small local models do when they fail (cut off mid-JSON, five of six dimensions missing, scores
// of 42 and -3, strings for numbers; JSON wrapped in a fence or in prose), to refuse response formats it does
// not support, or to never answer. `chaos` makes it misbehave at random (seeded) with a long-tailed latency,
// for the LLM benchmark.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DIMENSIONS, scoreTicket, type ContextItem, type TicketData } from "@/lib/scoring";
import type { ModelAnswer } from "@/lib/scoring/openai";

/** What the server does with one request. Queued behaviours are used in order; then `ok`. */
export type FakeBehaviour =
  /** A plausible answer, `edit`ed if given, `wrap`ped as a model without structured output may write it. */
  | { kind: "ok"; latencyMs?: number; edit?: (answer: ModelAnswer) => unknown; wrap?: Wrap }
  | { kind: "status"; status: number; retryAfter?: string; retryAfterMs?: number; latencyMs?: number }
  /** A fixed answer cut off mid-JSON. */
  | { kind: "malformed"; latencyMs?: number }
  /** Strings where a number and a list belong, and five dimensions missing. */
  | { kind: "invalid"; latencyMs?: number }
  /** The plausible answer cut off halfway, `finish_reason: "length"` (the server's token limit). */
  | { kind: "truncated"; latencyMs?: number }
  /** Only the first dimension: five of the six missing. */
  | { kind: "partial"; latencyMs?: number }
  /** `small: 42` and `testable: -3`. */
  | { kind: "out_of_range"; latencyMs?: number }
  | { kind: "hang" };

/** How a model without structured output wraps its JSON: a Markdown fence, a sentence around it, a think block. */
export type Wrap = "fence" | "prose" | "think";

/** Random misbehaviour for the benchmark: each request without a queued behaviour draws its fate. */
export interface Chaos {
  /** Share of first answers that break the schema (evenly truncated, partial, out_of_range, invalid). */
  broken: number;
  /** Share of answers to a retry request (one that carries an earlier answer) that break it. */
  repairBroken: number;
  /** Share of good answers wrapped (fence, prose or think block) when the request asks for no json_schema. */
  wrapped: number;
  /** Latency: lognormal around `latencyMs` (its median) with this sigma (0.6: the 99th percentile about 4x the median). */
  sigma: number;
  /** The seed of every draw (the same seed and request, the same fate). */
  seed: number;
}

const BROKEN_KINDS = ["truncated", "partial", "out_of_range", "invalid"] as const;
const WRAPS: Wrap[] = ["fence", "prose", "think"];

export interface RecordedRequest {
  body: {
    model?: string;
    temperature?: number;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
  };
  authorization: string | undefined;
  status: number;
  kind: FakeBehaviour["kind"];
  /** The wrap a good answer was given, if any. */
  wrap?: Wrap;
}

export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>/v1` */
  readonly baseURL: string;
  /** Every request received, including failed and hung ones. */
  readonly requests: RecordedRequest[];
  /** Requests currently being answered, and the most seen at once. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Latency of every answer that sets none of its own. */
  latencyMs: number;
  /** Queue behaviours for the next requests, in order. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** `response_format` types answered 400 as an older server does (e.g. `["json_schema"]`). */
  rejectFormats: string[];
  /** Random misbehaviour for requests without a queued behaviour; null: always `ok`. */
  chaos: Chaos | null;
  /** Forget requests, queued behaviours and the in-flight peak. */
  reset(): void;
  close(): Promise<void>;
}

/** The ticket and context the engine put in the user message (a JSON object). */
function storyFromPrompt(body: RecordedRequest["body"]): { ticket: TicketData; context: ContextItem[] } {
  const user = body.messages?.find((message) => message.role === "user");
  try {
    const payload = JSON.parse(user?.content ?? "{}") as { ticket?: TicketData; context_items?: ContextItem[] };
    return { ticket: payload.ticket ?? { summary: "" }, context: payload.context_items ?? [] };
  } catch {
    return { ticket: { summary: user?.content ?? "" }, context: [] };
  }
}

/** A plausible answer: the heuristic engine's view of the ticket, in the shape the model must answer. */
export function plausibleAnswer(ticket: TicketData, context: ContextItem[]): ModelAnswer {
  const result = scoreTicket(ticket, context);
  return {
    scores: Object.fromEntries(DIMENSIONS.map((d) => [d, { ...result.scores[d] }])) as ModelAnswer["scores"],
    recommendations: result.recommendations,
    rewrite: result.rewrite,
    split: result.split,
  };
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** mulberry32: a small seeded generator, so a benchmark's fates repeat from run to run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wrapAnswer(json: string, wrap: Wrap | undefined): string {
  if (wrap === "fence") return "```json\n" + json + "\n```";
  if (wrap === "prose") return `Here is my assessment of the ticket:\n\n${json}\n\nLet me know if you want more detail.`;
  if (wrap === "think") return `<think>\nThe ticket asks for one feature; the criteria are {checkable}.\n</think>\n${json}`;
  return json;
}

/** The answer a behaviour gives, and the finish_reason it ends with. */
function answerFor(behaviour: Exclude<FakeBehaviour, { kind: "status" } | { kind: "hang" }>, ticket: TicketData, context: ContextItem[]): { content: string; finish: string } {
  const answer = plausibleAnswer(ticket, context);
  switch (behaviour.kind) {
    case "malformed":
      return { content: '{"scores": {"independent": {"score": 7, "reasoning": "cut off', finish: "stop" };
    case "invalid":
      return { content: JSON.stringify({ scores: { independent: { score: "high" } }, recommendations: "none" }), finish: "stop" };
    case "truncated": {
      const json = JSON.stringify(answer);
      return { content: json.slice(0, Math.floor(json.length / 2)), finish: "length" };
    }
    case "partial":
      return { content: JSON.stringify({ ...answer, scores: { independent: answer.scores.independent } }), finish: "stop" };
    case "out_of_range":
      return {
        content: JSON.stringify({ ...answer, scores: { ...answer.scores, small: { ...answer.scores.small, score: 42 }, testable: { ...answer.scores.testable, score: -3 } } }),
        finish: "stop",
      };
    case "ok":
      return { content: wrapAnswer(JSON.stringify(behaviour.edit ? behaviour.edit(answer) : answer), behaviour.wrap), finish: "stop" };
  }
}

export async function startFakeOpenAI(options: { latencyMs?: number; port?: number } = {}): Promise<FakeOpenAI> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const hung = new Set<http.ServerResponse>();
  let completions = 0;
  /**
   * A request's fate under chaos, drawn from the seed and the request's messages: the same request meets the same
   * fate whatever the order requests arrive in, so two benchmark passes over the same stories break the same first
   * answers. A retry request carries an earlier (assistant) answer, so its fate is drawn apart.
   */
  const chaotic = (chaos: Chaos, body: RecordedRequest["body"]): FakeBehaviour => {
    const digest = createHash("sha256").update(`${chaos.seed}:${JSON.stringify(body.messages ?? [])}`).digest();
    const draw = seeded(digest.readUInt32LE(0));
    const retry = (body.messages ?? []).some((message) => message.role === "assistant");
    // A standard normal from two uniforms (Box-Muller), for the lognormal latency.
    const normal = Math.sqrt(-2 * Math.log(1 - draw())) * Math.cos(2 * Math.PI * draw());
    const latencyMs = Math.round(Math.min(fake.latencyMs * Math.exp(chaos.sigma * normal), fake.latencyMs * 20));
    const fate = draw();
    const pick = draw();
    if (fate < (retry ? chaos.repairBroken : chaos.broken)) return { kind: BROKEN_KINDS[Math.floor(pick * BROKEN_KINDS.length)], latencyMs };
    const wrap = body.response_format?.type !== "json_schema" && pick < chaos.wrapped ? WRAPS[Math.floor((pick / chaos.wrapped) * WRAPS.length)] : undefined;
    return { kind: "ok", latencyMs, wrap };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      let body: RecordedRequest["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "bad JSON" } }));
        return;
      }
      const format = body.response_format?.type;
      const behaviour: FakeBehaviour =
        format && fake.rejectFormats.includes(format)
          ? { kind: "status", status: 400, latencyMs: 0 }
          : (queue.shift() ?? (fake.chaos ? chaotic(fake.chaos, body) : { kind: "ok" }));
      const record: RecordedRequest = { body, authorization: req.headers.authorization, status: 0, kind: behaviour.kind };
      if (behaviour.kind === "ok" && behaviour.wrap) record.wrap = behaviour.wrap;
      requests.push(record);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let finished = false;
      const done = () => {
        if (!finished) {
          finished = true;
          inFlight--;
        }
      };
      res.on("close", done);
      if (behaviour.kind === "hang") {
        hung.add(res);
        return;
      }
      const latency = behaviour.latencyMs ?? fake.latencyMs;
      setTimeout(() => {
        if (res.destroyed) return;
        if (behaviour.kind === "status") {
          record.status = behaviour.status;
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (behaviour.retryAfter !== undefined) headers["retry-after"] = behaviour.retryAfter;
          if (behaviour.retryAfterMs !== undefined) headers["retry-after-ms"] = String(behaviour.retryAfterMs);
          // An unsupported response format is refused in the words llama.cpp's server uses.
          const message = behaviour.status === 400 && format && fake.rejectFormats.includes(format) ? `response_format type "${format}" is not supported` : `fake ${behaviour.status}`;
          res.writeHead(behaviour.status, headers).end(JSON.stringify({ error: { message, type: "fake_error" } }));
          done();
          return;
        }
        const { ticket, context } = storyFromPrompt(body);
        const { content, finish } = answerFor(behaviour, ticket, context);
        const prompt = tokens(JSON.stringify(body.messages ?? []));
        const completion = tokens(content);
        record.status = 200;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-fake-${++completions}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? "fake-model",
            choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: finish, logprobs: null }],
            usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
          }),
        );
        done();
      }, latency);
    });
  });
  // Keep-alive sockets are reused by the client; never let the server time them out under a slow test.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeOpenAI = {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    latencyMs: options.latencyMs ?? 0,
    enqueue: (...behaviours) => void queue.push(...behaviours),
    rejectFormats: [],
    chaos: null,
    reset() {
      queue.length = 0;
      fake.rejectFormats = [];
      fake.chaos = null;
      requests.length = 0;
      maxInFlight = inFlight;
    },
    async close() {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
