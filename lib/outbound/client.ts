// The one client for every request the service makes to another host: webhook callbacks, tracker syncs, and the
// LLM engine's requests anywhere but the endpoint the operator configured. It speaks fetch's interface (a Request
// in, a Response out) over node:http, so that it can check what fetch cannot:
// - every address a host name resolves to, at connection time (the socket's own DNS lookup goes through the
//   check, so a name that resolved to a public address when it was registered and to 127.0.0.1 now is refused),
//   and every IP literal, against lib/net/addresses.ts;
// - every redirect hop (followed by hand: the same checks, no scheme but http and https, no step down from https
//   to http, credentials dropped when the origin changes, at most five hops);
// - a deadline for the whole exchange and a bound on the answer's size.
// Failures are OutboundError, in words a person can act on ("the name acme.atlassian.net does not resolve").
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { addressAllowed, describeAddress, type AddressPolicy } from "@/lib/net/addresses";

export type OutboundFailure = "private_address" | "not_found" | "dns" | "refused" | "reset" | "timeout" | "tls" | "redirect" | "too_large" | "network";

/** A request that got no usable answer. `retryable`: the same request may succeed later (a refused connection, a timeout). */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
    readonly host: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundError";
  }
}

/** Looks a host name up: every address it has. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

const overrides = globalThis as unknown as { __sscOutboundResolver?: Resolver };

/** Tests only: resolve names through this (a hosts-file of the test's own) instead of the system's resolver. */
export function setOutboundResolver(resolver: Resolver | undefined): void {
  overrides.__sscOutboundResolver = resolver;
}

export interface OutboundOptions {
  /** Addresses allowed: by default ALLOW_PRIVATE_CALLBACKS and ALLOW_PRIVATE_ADDRESSES. */
  policy?: AddressPolicy;
  /**
   * An origin the operator configured (OPENAI_BASE_URL): requests to it are not address-checked (a local model
   * server is a normal setup), while any other origin a redirect leads to is.
   */
  trustedOrigin?: string;
  /** The whole exchange, answer included (default 30 s). */
  timeoutMs?: number;
  /** Redirects followed at most (default 5); 0 refuses them. Ignored when the request asks for `redirect: "manual"`. */
  maxRedirects?: number;
  /** An answer longer than this fails with `too_large` (default 16 MB). */
  maxResponseBytes?: number;
  resolver?: Resolver;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
/** Sent to the first origin only: a redirect to another host must not carry the tracker token or a cookie. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];
/**
 * Connections are kept alive per policy: a socket opened to a host under one policy (or to the trusted origin,
 * unchecked) is never handed to a request under another, which would skip that request's address check.
 */
const IDLE_SOCKET_MS = 4_000;
const agentPools = new Map<string, { http: http.Agent; https: https.Agent }>();
function agentFor(url: URL, check: AddressPolicy | null): http.Agent {
  const key = check ? JSON.stringify(check) : "trusted";
  let pool = agentPools.get(key);
  if (!pool) {
    // An idle socket is dropped after 4 s, or before the server's own Keep-Alive timeout when it announces one
    // (Node's agent honours the hint only when it has a timeout of its own): reusing a socket the server is closing
    // fails the request (a reset). A request in progress is not affected.
    pool = { http: new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }), https: new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }) };
    agentPools.set(key, pool);
  }
  return url.protocol === "https:" ? pool.https : pool.http;
}

/** The policy the operator set. */
export function outboundPolicy(): AddressPolicy {
  const config = env();
  return { allowPrivate: config.ALLOW_PRIVATE_CALLBACKS, allowed: config.ALLOW_PRIVATE_ADDRESSES };
}

const bare = (hostname: string) => (hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname);

function refusal(host: string, address: string): OutboundError {
  const where = host === address ? `${address} is` : `${host} resolves to ${address},`;
  return new OutboundError(
    "private_address",
    `${where} ${describeAddress(address)}: requests to private, loopback, link-local and reserved addresses are refused`,
    host,
    false,
  );
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The socket's DNS lookup, checking every address the name has before anything connects. */
function checkingLookup(host: string, policy: AddressPolicy | null, resolver: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
        const blocked = policy ? addresses.find((entry) => !addressAllowed(entry.address, policy)) : undefined;
        if (blocked) return callback(refusal(host, blocked.address) as unknown as NodeJS.ErrnoException, []);
        if (options.all) return callback(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** A network error in words, for the host it was talking to. */
export function describeNetworkError(error: unknown, url: URL): OutboundError {
  if (error instanceof OutboundError) return error;
  const host = bare(url.hostname);
  const code = (error as NodeJS.ErrnoException)?.code ?? "";
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const said = error instanceof Error ? error.message : String(error);
  const make = (kind: OutboundFailure, message: string, retryable: boolean) => new OutboundError(kind, message, host, retryable, { cause: error });
  if (code === "ENOTFOUND") return make("not_found", `the name ${host} does not resolve`, false);
  if (code === "EAI_AGAIN") return make("dns", `the name ${host} could not be looked up (the DNS server did not answer)`, true);
  if (code === "ECONNREFUSED") return make("refused", `${host} refused the connection on port ${port}`, true);
  if (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/i.test(said)) return make("reset", `${host} closed the connection before answering`, true);
  if (code === "ETIMEDOUT" || code === "ENETUNREACH" || code === "EHOSTUNREACH") return make("network", `${host} could not be reached (no route to it, or it did not accept the connection)`, true);
  if (/^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/.test(code)) {
    return make("tls", `${host}'s TLS certificate is not valid (${said})`, false);
  }
  return make("network", `${host} could not be reached (${said})`, true);
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** One request and its answer's head; the body is a stream still to be read. */
function send(hop: Hop, check: AddressPolicy | null, resolver: Resolver, signal: AbortSignal): Promise<http.IncomingMessage> {
  const { url } = hop;
  const host = bare(url.hostname);
  if (check && ipaddr.isValid(host) && !addressAllowed(host, check)) return Promise.reject(refusal(host, host));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: hop.method,
      headers: { ...hop.headers, ...(hop.body ? { "content-length": String(hop.body.length) } : {}) },
      agent: agentFor(url, check),
      // Node calls no lookup for an IP literal, which was checked above.
      lookup: checkingLookup(host, check, resolver) as never,
      signal,
    });
    request.once("response", resolve);
    request.once("error", (error) => reject(signal.aborted ? signal.reason : describeNetworkError(error, url)));
    request.end(hop.body ?? undefined);
  });
}

/** The answer's body as a web stream: decompressed, bounded, and ended by the same deadline as the request. */
function bodyStream(response: http.IncomingMessage, host: string, maxBytes: number, done: () => void): ReadableStream<Uint8Array> {
  const encoding = String(response.headers["content-encoding"] ?? "").trim().toLowerCase();
  let source: Readable = response;
  if (encoding === "gzip" || encoding === "x-gzip") source = response.pipe(zlib.createGunzip());
  else if (encoding === "deflate") source = response.pipe(zlib.createInflate());
  else if (encoding === "br") source = response.pipe(zlib.createBrotliDecompress());
  if (source !== response) response.once("error", (error) => source.destroy(error));
  let received = 0;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) return callback(new OutboundError("too_large", `${host} sent an answer longer than ${Math.round(maxBytes / 1024)} KB`, host, false));
      callback(null, chunk);
    },
  });
  source.once("error", (error) => bounded.destroy(error));
  bounded.once("close", done);
  return Readable.toWeb(source.pipe(bounded)) as ReadableStream<Uint8Array>;
}

function headersOf(response: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) headers.append(response.rawHeaders[i], response.rawHeaders[i + 1]);
  return headers;
}

/** The next hop of a redirect, or an OutboundError saying why it is not followed. */
function nextHop(hop: Hop, status: number, location: string | undefined, first: URL): Hop {
  const host = bare(hop.url.hostname);
  if (!location) throw new OutboundError("redirect", `${host} answered ${status} without saying where to`, host, false);
  let target: URL;
  try {
    target = new URL(location, hop.url);
  } catch {
    throw new OutboundError("redirect", `${host} redirected to an address that is not a URL`, host, false);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new OutboundError("redirect", `${host} redirected to a ${target.protocol.replace(/:$/, "")} address, which is not followed`, host, false);
  }
  if (hop.url.protocol === "https:" && target.protocol === "http:") {
    throw new OutboundError("redirect", `${host} redirected from https to plain http (${target.host}), which is not followed`, host, false);
  }
  const headers = { ...hop.headers };
  if (target.origin !== first.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  // As fetch does: a 303, or a 301/302 after a POST, continues as a GET without the body.
  const asGet = status === 303 || ((status === 301 || status === 302) && hop.method === "POST");
  if (asGet) {
    delete headers["content-type"];
    delete headers["content-length"];
  }
  return { url: target, method: asGet ? (hop.method === "HEAD" ? "HEAD" : "GET") : hop.method, headers, body: asGet ? null : hop.body };
}

/**
 * fetch, guarded (see the top of this file). Accepts what fetch accepts; `redirect: "manual"` hands a 3xx back as
 * it is, `"error"` fails on one, `"follow"` (the default) follows up to `maxRedirects` hops, each checked.
 */
export async function guardedFetch(input: string | URL | Request, init: RequestInit = {}, options: OutboundOptions = {}): Promise<Response> {
  const request = new Request(input, init);
  const first = new URL(request.url);
  if (first.protocol !== "http:" && first.protocol !== "https:") throw new TypeError(`only http and https URLs can be fetched, not ${first.protocol}`);
  const policy = options.policy ?? outboundPolicy();
  const resolver = options.resolver ?? overrides.__sscOutboundResolver ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = request.redirect === "follow" ? (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS) : 0;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;

  // One controller ends everything: the caller's abort, the deadline, or the answer read to its end.
  const controller = new AbortController();
  const deadline = setTimeout(() => {
    controller.abort(new OutboundError("timeout", `${bare(first.hostname)} did not answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`, bare(first.hostname), true));
  }, timeoutMs);
  // A body nobody reads must not hold the process open until the deadline.
  deadline.unref();
  const onAbort = () => controller.abort(init.signal?.reason ?? request.signal.reason);
  const callerSignal = init.signal ?? request.signal;
  if (callerSignal.aborted) onAbort();
  else callerSignal.addEventListener("abort", onAbort, { once: true });
  const finish = () => {
    clearTimeout(deadline);
    callerSignal.removeEventListener("abort", onAbort);
  };

  let hop: Hop = { url: first, method: request.method, headers, body };
  try {
    for (let hops = 0; ; hops++) {
      const check = options.trustedOrigin && hop.url.origin === new URL(options.trustedOrigin).origin ? null : policy;
      const response = await send(hop, check, resolver, controller.signal).catch((error: unknown) => {
        // Say where the refused address came from: the host the caller asked for sent us there.
        if (hops > 0 && error instanceof OutboundError && error.code === "private_address") {
          throw new OutboundError("private_address", `${bare(first.hostname)} redirected to ${hop.url.origin}, and ${error.message}`, error.host, false);
        }
        throw error;
      });
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && request.redirect !== "manual") {
        response.resume();
        const host = bare(hop.url.hostname);
        if (request.redirect === "error") throw new OutboundError("redirect", `${host} answered a redirect (${status}), which this request does not follow`, host, false);
        if (hops >= maxRedirects) throw new OutboundError("redirect", `${host} redirected more than ${maxRedirects} times`, host, false);
        hop = nextHop(hop, status, response.headers.location, first);
        continue;
      }
      const noBody = NULL_BODY.has(status) || hop.method === "HEAD";
      if (noBody) response.resume();
      const stream = noBody ? null : bodyStream(response, bare(hop.url.hostname), options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, finish);
      controller.signal.addEventListener("abort", () => response.destroy(controller.signal.reason as Error), { once: true });
      if (noBody) finish();
      const answer = new Response(stream, { status, statusText: response.statusMessage, headers: headersOf(response) });
      Object.defineProperty(answer, "url", { value: hop.url.toString() });
      Object.defineProperty(answer, "redirected", { value: hops > 0 });
      return answer;
    }
  } catch (error) {
    finish();
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  }
}

/** A fetch function with these options fixed, for a library that takes one (the OpenAI client). */
export function createGuardedFetch(options: OutboundOptions = {}): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => guardedFetch(input, init, options)) as typeof fetch;
}
