// The one callback receiver of the tests, the fault suite and the benchmarks: a real HTTP server on loopback that
// records every delivery, verifies its Standard Webhooks signature with the `standardwebhooks` library, and answers
// as told: by a policy per webhook-id (the n-th request carrying it), else by a scripted sequence of replies, else
// 200. It can go down (callers get ECONNREFUSED) and come back on the same port.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
  verified: boolean;
  /** The `webhook-id` header, and the payload's job_id ("" when absent). */
  webhookId: string;
  jobId: string;
  /** When the request arrived (Date.now()). */
  at: number;
  /** When the answer was sent (null: not yet, or never: the sender hung up first), and its status. */
  answeredAt: number | null;
  status: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Never answer (the sender must time out). */
  hang?: boolean;
  /** Answer after this long (a slow receiver). */
  delayMs?: number;
  /** The answer's body (default "ok"). */
  body?: string;
}

/** What to answer to the `nth` (1-based) request carrying `webhookId`. */
export type Policy = (webhookId: string, nth: number) => Reply;

export interface ReceiverOptions {
  /** The path callbacks are registered on (requests elsewhere are answered "wrong path"). */
  path?: string;
  policy?: Policy;
  /** Keep every delivery in `deliveries` (default true); a benchmark of thousands passes false and counts in `onDelivery`. */
  keep?: boolean;
  /** Called on every request once it is read, before it is answered. */
  onDelivery?: (delivery: ReceivedDelivery) => void;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  deliveries: ReceivedDelivery[];
  /** Replies used in order when there is no policy, the n-th for the n-th delivery kept (emptying `deliveries`
   * starts them again); after the last, `defaultReply` (200 unless set). */
  replies: Reply[];
  defaultReply?: Reply;
  policy?: Policy;
  /** Requests being answered now, and the most there ever were at once. */
  inFlight: number;
  maxInFlight: number;
  secret?: string;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  /** The distinct webhook-ids answered with a 2xx. */
  deliveredIds(): Set<string>;
  /** Waits until each id has been answered with a 2xx; answers how long that took (ms). */
  waitForDelivered(ids: string[], timeoutMs: number): Promise<number>;
  /** Stops accepting connections (callers get ECONNREFUSED); `up` listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function poll(done: () => boolean, timeoutMs: number, failure: () => string): Promise<number> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

export async function startWebhookReceiver(options: string | ReceiverOptions = {}): Promise<WebhookReceiver> {
  const { path = "/hooks/stories", policy, keep = true, onDelivery } = typeof options === "string" ? { path: options } : options;
  const seen = new Map<string, number>();
  let count = 0;
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified = false;
      if (receiver.secret) {
        try {
          new Webhook(receiver.secret).verify(body, headers);
          verified = true;
        } catch {
          verified = false;
        }
      }
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body);
      } catch {
        // recorded as is
      }
      const webhookId = headers["webhook-id"] ?? "";
      const nth = (seen.get(webhookId) ?? 0) + 1;
      seen.set(webhookId, nth);
      // Scripted replies count from the deliveries kept (a test that empties them starts its script again).
      const index = keep ? receiver.deliveries.length : count++;
      const reply = receiver.policy?.(webhookId, nth) ?? receiver.replies[index] ?? receiver.defaultReply ?? { status: 200 };
      const delivery: ReceivedDelivery = {
        headers,
        body,
        json,
        verified,
        webhookId,
        jobId: typeof json.job_id === "string" ? json.job_id : "",
        at: Date.now(),
        answeredAt: null,
        status: reply.status,
      };
      if (keep) receiver.deliveries.push(delivery);
      onDelivery?.(delivery);
      if (reply.hang) return;
      receiver.inFlight++;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
      setTimeout(() => {
        receiver.inFlight--;
        if (response.destroyed) return;
        delivery.answeredAt = Date.now();
        response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        response.end(request.url === path ? (reply.body ?? "ok") : "wrong path");
      }, reply.delayMs ?? 0);
    });
  };
  const listen = async (port: number) => {
    const created = http.createServer(handler);
    created.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => created.listen(port, "127.0.0.1", resolve));
    return created;
  };
  let server = await listen(0);
  const closeServer = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  const port = (server.address() as AddressInfo).port;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}${path}`,
    port,
    deliveries: [],
    replies: [],
    policy,
    inFlight: 0,
    maxInFlight: 0,
    waitFor: async (wanted, timeoutMs = 20_000) => {
      await poll(() => receiver.deliveries.length >= wanted, timeoutMs, () => `expected ${wanted} deliveries, got ${receiver.deliveries.length}`);
      return receiver.deliveries;
    },
    deliveredIds: () => new Set(receiver.deliveries.filter((d) => d.answeredAt !== null && d.status >= 200 && d.status < 300).map((d) => d.webhookId)),
    waitForDelivered: (ids, timeoutMs) => {
      const missing = () => {
        const delivered = receiver.deliveredIds();
        return ids.filter((id) => !delivered.has(id));
      };
      // The failure names the first few ids left and what this receiver saw of each, so a run that fails once
      // says which job to look for and whether it was never sent or only never answered with a 2xx.
      const seenOf = (id: string) => receiver.deliveries.filter((r) => r.webhookId === id).map((r) => (r.answeredAt === null ? "unanswered" : String(r.status)));
      const failure = () => {
        const left = missing();
        const named = left.slice(0, 5).map((id) => `${id} (${seenOf(id).join(", ") || "never sent"})`);
        return `${left.length} of ${ids.length} callbacks not delivered within ${timeoutMs} ms: ${named.join("; ")}`;
      };
      return poll(() => missing().length === 0, timeoutMs, failure);
    },
    down: closeServer,
    up: async () => {
      server = await listen(port);
    },
    close: () => closeServer().catch(() => undefined),
  };
  return receiver;
}
