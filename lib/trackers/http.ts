// The HTTP layer the three tracker clients share: one request with retries (exponential backoff with jitter for
// 429, 5xx and network errors), the waits a tracker asks for (Retry-After in seconds or as an HTTP date, or a
// tracker-specific reset header read by the client), abort through the caller's signal, and the body read as
// JSON. What a non-2xx answer means (bad token, missing project, bad query) is each client's to say: this layer
// only decides whether to try again. Nothing here logs, so no token can end up in a log line.
// Every request goes through the guarded client (lib/outbound/client.ts): each connection's addresses and each
// redirect hop are checked, so a tracker host cannot lead a sync to the service's own network. What reaches a
// message is the tracker's own error words, never the body of whatever answered.
import { describeNetworkError, guardedFetch, OutboundError } from "@/lib/outbound/client";
import { TrackerError, type FetchIssuesOptions } from "./types";

export const DEFAULT_MAX_RETRIES = 5;
/** The longest wait honoured by default (a GitHub secondary limit asks for a minute; a primary reset can be an hour). */
export const DEFAULT_MAX_WAIT_MS = 120_000;
/** One request may take this long before it counts as a network error (and is retried). */
export const REQUEST_TIMEOUT_MS = 30_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 30_000;

export interface TrackerResponse {
  status: number;
  headers: Headers;
  /** The body parsed as JSON, or its text when it is not JSON ("" when empty). */
  body: unknown;
}

/**
 * What a client says about an answer before the generic rules apply: `{ waitMs }` when the tracker asks to wait
 * (a rate limit, however this tracker signals it), null when the answer is not a rate limit.
 */
export type RateLimitReader = (response: TrackerResponse) => { waitMs: number; reason: string } | null;

export interface RequestSpec {
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers: Record<string, string>;
  body?: string;
  /** The tracker's name for messages ("Jira", "GitHub", "Linear"). */
  tracker: string;
  /** What the connection calls its URL, for advice ("the site URL" for Jira; "the base URL" by default). */
  urlName?: string;
  rateLimit?: RateLimitReader;
  /**
   * False for a request that must not be sent twice (creating a comment): a network error or a 5xx may mean it was
   * carried out, so it is not retried; the caller looks before trying again. A rate limit is retried all the same
   * (the tracker did not act on it). Default true.
   */
  idempotent?: boolean;
}

/** An abortable timer: rejects with the signal's reason when it is aborted while waiting. */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Retry-After as seconds ("120") or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | null {
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Exponential backoff with full jitter on the upper half: attempt 0 waits 250-500 ms, attempt 1 500-1000 ms, ... */
export function backoffMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return "";
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request, trying again after a rate limit (the tracker's wait), a 5xx or a network error (backoff),
 * up to `maxRetries` times. Returns the last answer that is neither (any status: 2xx or a 4xx for the client to
 * map); throws TrackerError `rate_limited` / `unavailable` when the retries run out, or at once when the tracker
 * asks for a wait longer than `maxWaitMs`. An abort through `signal` rejects with the signal's reason.
 */
export async function trackerRequest(spec: RequestSpec, options: FetchIssuesOptions = {}): Promise<TrackerResponse> {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const sleep = options.sleep ?? defaultSleep;
  const signal = options.signal;
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    let response: TrackerResponse;
    // Each request follows the caller's signal through a signal of its own, whose listener goes when the request
    // ends: a sync's one signal outlives thousands of write requests, and a Request made with it keeps a listener
    // on it until it is collected (Node warns past 1,500).
    const own = new AbortController();
    const relay = () => own.abort(signal?.reason);
    signal?.addEventListener("abort", relay, { once: true });
    try {
      const raw = await guardedFetch(spec.url, { method: spec.method ?? "GET", headers: spec.headers, body: spec.body, signal: own.signal }, { timeoutMs: REQUEST_TIMEOUT_MS });
      response = { status: raw.status, headers: raw.headers, body: await readBody(raw) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const failure = error instanceof OutboundError ? error : describeNetworkError(error, new URL(spec.url));
      // A name that does not resolve, a refused address or a bad certificate will be the same in a moment; a refused
      // connection, a reset or a timeout may not be.
      if (!failure.retryable || attempt >= maxRetries || spec.idempotent === false) throw new TrackerError("unavailable", unreachable(spec, failure, attempt + 1));
      await sleep(backoffMs(attempt), signal);
      continue;
    } finally {
      signal?.removeEventListener("abort", relay);
    }

    const limit = spec.rateLimit?.(response) ?? (response.status === 429 ? { waitMs: retryAfterMs(response.headers) ?? backoffMs(attempt), reason: "429 Too Many Requests" } : null);
    if (limit) {
      if (limit.waitMs > maxWaitMs) {
        throw new TrackerError(
          "rate_limited",
          `${spec.tracker} rate limit (${limit.reason}): it asks to wait ${Math.ceil(limit.waitMs / 1000)} s, longer than the ${Math.ceil(maxWaitMs / 1000)} s this sync waits; try again later`,
          response.status,
        );
      }
      if (attempt >= maxRetries) {
        throw new TrackerError("rate_limited", `${spec.tracker} rate limit (${limit.reason}) still in force after ${attempt + 1} attempts; try again later`, response.status);
      }
      await sleep(limit.waitMs, signal);
      continue;
    }
    if (response.status >= 500) {
      if (attempt >= maxRetries || spec.idempotent === false) {
        throw new TrackerError("unavailable", `${spec.tracker} answered ${response.status} after ${attempt + 1} attempts; try again later`, response.status);
      }
      // A 503 may say when to come back; otherwise back off.
      const asked = retryAfterMs(response.headers);
      await sleep(asked !== null ? Math.min(asked, maxWaitMs) : backoffMs(attempt), signal);
      continue;
    }
    return response;
  }
}

/** The sentence a sync shows when the tracker could not be reached: once, in words, with what to check. */
function unreachable(spec: RequestSpec, failure: OutboundError, attempts: number): string {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : "";
  const advice =
    failure.code === "not_found" || failure.code === "private_address" || failure.code === "tls"
      ? `: check ${spec.urlName ?? "the base URL"}`
      : failure.code === "redirect"
        ? `: give ${spec.urlName ?? "the base URL"} as the tracker's own address`
        : "";
  return `${spec.tracker} could not be reached${tries}: ${failure.message}${advice}.`;
}

/**
 * A tracker's own error words, from its JSON error shape, for a message: one line, at most 300 characters, no
 * control characters. A body that is not the tracker's JSON (a proxy's HTML page, whatever a redirect reached) is
 * never quoted: "" then, and the message says the status alone.
 */
export function ownWords(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A base URL without its trailing slashes, so paths can be appended. */
export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}
