// The HTTP layer the three tracker clients share: one request with retries (exponential backoff with jitter for
// 429, 5xx and network errors), the waits a tracker asks for (Retry-After in seconds or as an HTTP date, or a
// tracker-specific reset header read by the client), abort through the caller's signal, and the body read as
// JSON. What a non-2xx answer means (bad token, missing project, bad query) is each client's to say: this layer
// only decides whether to try again. Nothing here logs, so no token can end up in a log line.
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
  method?: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
  /** The tracker's name for messages ("Jira", "GitHub", "Linear"). */
  tracker: string;
  rateLimit?: RateLimitReader;
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
    try {
      const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const raw = await fetch(spec.url, {
        method: spec.method ?? "GET",
        headers: spec.headers,
        body: spec.body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: "follow",
      });
      response = { status: raw.status, headers: raw.headers, body: await readBody(raw) };
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      // A refused connection, a reset, a DNS failure or our own timeout: the tracker may be back in a moment.
      if (attempt >= maxRetries) {
        const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new TrackerError("unavailable", `${spec.tracker} could not be reached after ${attempt + 1} attempts: ${cause}`);
      }
      await sleep(backoffMs(attempt), signal);
      continue;
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
      if (attempt >= maxRetries) {
        throw new TrackerError("unavailable", `${spec.tracker} answered ${response.status} ${errorText(response.body) || ""}`.trim() + ` after ${attempt + 1} attempts`, response.status);
      }
      // A 503 may say when to come back; otherwise back off.
      const asked = retryAfterMs(response.headers);
      await sleep(asked !== null ? Math.min(asked, maxWaitMs) : backoffMs(attempt), signal);
      continue;
    }
    return response;
  }
}

/** A short text of an error body for messages: a string body as is (cut), else "". Clients read their own shapes. */
export function errorText(body: unknown): string {
  if (typeof body !== "string") return "";
  const text = body.replace(/\s+/g, " ").trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
export const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** A base URL without its trailing slashes, so paths can be appended. */
export function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}
