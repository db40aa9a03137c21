// One callback delivery attempt: POST the payload signed per Standard Webhooks (the `standardwebhooks`
// library), redirects not followed, 10 s timeout, every connection checked against private addresses.
import http from "node:http";
import https from "node:https";
import { Webhook } from "standardwebhooks";
import { guardedLookup } from "@/lib/integrations/ssrf";

export const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of a receiver's answer is kept with each attempt (shown in the deliveries list). */
export const RESPONSE_EXCERPT_BYTES = 500;

export interface DeliveryOutcome {
  /** HTTP status, or null when no response arrived (timeout, refused, private address). */
  status: number | null;
  retryAfterSeconds: number | null;
  error: string | null;
  /** From sending the request to the end of the answer (or the error). */
  durationMs: number;
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body, as text; null when none arrived. */
  responseExcerpt: string | null;
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export interface SignedDelivery {
  url: string;
  webhookSecret: string;
  webhookId: string;
  payload: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  now?: Date;
}

export function signedHeaders(webhookSecret: string, webhookId: string, payload: string, at: Date): Record<string, string> {
  const signature = new Webhook(webhookSecret).sign(webhookId, at, payload);
  return {
    "content-type": "application/json",
    "user-agent": "StoryScoringService-Webhooks/1",
    "webhook-id": webhookId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signature,
  };
}

export function deliverCallback(delivery: SignedDelivery): Promise<DeliveryOutcome> {
  const url = new URL(delivery.url);
  const headers = signedHeaders(delivery.webhookSecret, delivery.webhookId, delivery.payload, delivery.now ?? new Date());
  const transport = url.protocol === "https:" ? https : http;
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<DeliveryOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: Math.round(performance.now() - started) });
    };
    const request = transport.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(delivery.payload) },
        lookup: guardedLookup(delivery.allowPrivate) as never,
        timeout: delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        let received = 0;
        const head: Buffer[] = [];
        // Read a bounded amount of the body (so the connection can be reused or closed cleanly); keep its start.
        response.on("data", (chunk: Buffer) => {
          if (received < RESPONSE_EXCERPT_BYTES) head.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - received));
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        const done = () =>
          finish({
            status: response.statusCode ?? null,
            retryAfterSeconds: parseRetryAfter(response.headers["retry-after"] as string | undefined),
            error: null,
            responseExcerpt: excerpt(Buffer.concat(head)),
          });
        response.on("end", done);
        response.on("close", done);
        response.on("error", done);
      },
    );
    // A hard deadline for the whole exchange, not just socket inactivity.
    const deadline = setTimeout(() => {
      request.destroy(new Error(`no answer within ${(delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s`));
    }, delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS);
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => finish({ status: null, retryAfterSeconds: null, error: error.message, responseExcerpt: null }));
    request.on("close", () => clearTimeout(deadline));
    request.end(delivery.payload);
  });
}

/** Bytes of an answer as text: a multi-byte character cut at the end is dropped, NUL bytes (which PostgreSQL text refuses) too. */
export function excerpt(bytes: Buffer): string {
  return new TextDecoder("utf-8", { fatal: false })
    .decode(bytes)
    .replace(/\uFFFD$/, "")
    .replace(/\u0000/g, "");
}
