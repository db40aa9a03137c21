// One callback delivery attempt: POST the payload signed per Standard Webhooks (the `standardwebhooks`
// library) through the guarded client (lib/outbound/client.ts: every connection checked against private
// addresses), redirects not followed, 10 s for the whole exchange.
import { Webhook } from "standardwebhooks";
import type { AddressPolicy } from "@/lib/net/addresses";
import { guardedFetch, OutboundError } from "@/lib/outbound/client";

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
  /** Addresses the receiver may have: by default the operator's (ALLOW_PRIVATE_CALLBACKS, ALLOW_PRIVATE_ADDRESSES). */
  policy?: AddressPolicy;
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

export async function deliverCallback(delivery: SignedDelivery): Promise<DeliveryOutcome> {
  const headers = signedHeaders(delivery.webhookSecret, delivery.webhookId, delivery.payload, delivery.now ?? new Date());
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await guardedFetch(
      delivery.url,
      { method: "POST", headers, body: delivery.payload, redirect: "manual" },
      { policy: delivery.policy, timeoutMs: delivery.timeoutMs ?? DELIVERY_TIMEOUT_MS },
    );
    return {
      status: response.status,
      retryAfterSeconds: parseRetryAfter(response.headers.get("retry-after") ?? undefined),
      error: null,
      responseExcerpt: excerpt(await readHead(response)),
      durationMs: took(),
    };
  } catch (error) {
    const message = error instanceof OutboundError ? error.message : error instanceof Error ? error.message : String(error);
    return { status: null, retryAfterSeconds: null, error: message, responseExcerpt: null, durationMs: took() };
  }
}

/**
 * The first RESPONSE_EXCERPT_BYTES of an answer. The rest is read up to MAX_RESPONSE_BYTES (so the connection can
 * be reused) and dropped; an answer that breaks off keeps what arrived.
 */
async function readHead(response: Response): Promise<Buffer> {
  const head: Buffer[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (received < RESPONSE_EXCERPT_BYTES) head.push(Buffer.from(value.subarray(0, RESPONSE_EXCERPT_BYTES - received)));
      received += value.length;
      if (received > MAX_RESPONSE_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The receiver broke off: what arrived is the excerpt.
  }
  return Buffer.concat(head);
}

/** Bytes of an answer as text: a multi-byte character cut at the end is dropped, NUL bytes (which PostgreSQL text refuses) too. */
export function excerpt(bytes: Buffer): string {
  return new TextDecoder("utf-8", { fatal: false })
    .decode(bytes)
    .replace(/\uFFFD$/, "")
    .replace(/\u0000/g, "");
}
