// A local OpenAI-compatible chat-completions server for tests and benchmarks: a real HTTP server on
// 127.0.0.1 that answers structured-output requests with a plausible INVEST score (derived from the
// heuristic engine for the ticket in the prompt), and that can be told to be slow, to fail with 429/500, to
// answer malformed or schema-invalid JSON, or to never answer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { DIMENSIONS, scoreTicket, type ContextItem, type TicketData } from "@/lib/scoring";
import type { ModelAnswer } from "@/lib/scoring/openai";

/** What the server does with one request. Queued behaviours are used in order; then `ok`. */
export type FakeBehaviour =
  | { kind: "ok"; latencyMs?: number; edit?: (answer: ModelAnswer) => unknown }
  | { kind: "status"; status: number; retryAfter?: string; retryAfterMs?: number; latencyMs?: number }
  | { kind: "malformed"; latencyMs?: number }
  | { kind: "invalid"; latencyMs?: number }
  | { kind: "hang" };

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

export async function startFakeOpenAI(options: { latencyMs?: number; port?: number } = {}): Promise<FakeOpenAI> {
  const queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const hung = new Set<http.ServerResponse>();
  let completions = 0;

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
      const behaviour = queue.shift() ?? { kind: "ok" };
      const record: RecordedRequest = { body, authorization: req.headers.authorization, status: 0, kind: behaviour.kind };
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
          res.writeHead(behaviour.status, headers).end(JSON.stringify({ error: { message: `fake ${behaviour.status}`, type: "fake_error" } }));
          done();
          return;
        }
        const { ticket, context } = storyFromPrompt(body);
        let content: string;
        if (behaviour.kind === "malformed") content = '{"scores": {"independent": {"score": 7, "reasoning": "cut off';
        else if (behaviour.kind === "invalid") content = JSON.stringify({ scores: { independent: { score: "high" } }, recommendations: "none" });
        else {
          const answer = plausibleAnswer(ticket, context);
          content = JSON.stringify(behaviour.edit ? behaviour.edit(answer) : answer);
        }
        const prompt = tokens(JSON.stringify(body.messages ?? []));
        const completion = tokens(content);
        record.status = 200;
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: `chatcmpl-fake-${++completions}`,
            object: "chat.completion",
            created: Math.floor(Date.now() / 1000),
            model: body.model ?? "fake-model",
            choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
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
    reset() {
      queue.length = 0;
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
