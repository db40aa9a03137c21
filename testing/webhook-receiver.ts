// A real HTTP receiver on loopback for callback tests: records every delivery, verifies its Standard Webhooks
// signature with the `standardwebhooks` library, and answers with a scripted sequence of statuses.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
  verified: boolean;
  at: number;
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

export interface WebhookReceiver {
  url: string;
  deliveries: ReceivedDelivery[];
  /** Replies used in order; after the last, `defaultReply` (200 unless set). */
  replies: Reply[];
  defaultReply?: Reply;
  /** Requests being answered now, and the most there ever were at once. */
  inFlight: number;
  maxInFlight: number;
  secret?: string;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = "/hooks/stories"): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: "",
    deliveries: [],
    replies: [],
    inFlight: 0,
    maxInFlight: 0,
    waitFor: async (count, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (receiver.deliveries.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${receiver.deliveries.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return receiver.deliveries;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = http.createServer((request, response) => {
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
      receiver.deliveries.push({ headers, body, json, verified, at: Date.now() });
      const reply = receiver.replies[receiver.deliveries.length - 1] ?? receiver.defaultReply ?? { status: 200 };
      if (reply.hang) return;
      receiver.inFlight++;
      receiver.maxInFlight = Math.max(receiver.maxInFlight, receiver.inFlight);
      setTimeout(() => {
        receiver.inFlight--;
        response.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        response.end(request.url === path ? (reply.body ?? "ok") : "wrong path");
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
