import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryDelayMs } from "@/lib/jobs/async-jobs";
import { deliverCallback, excerpt, parseRetryAfter, RESPONSE_EXCERPT_BYTES } from "./deliver";

const LOCAL = { allowPrivate: true, allowed: [] };
const STRICT = { allowPrivate: false, allowed: [] };
const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
let server: http.Server;
let base: string;
let lastHeaders: http.IncomingHttpHeaders = {};
let lastBody = "";

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      lastHeaders = request.headers;
      lastBody = Buffer.concat(chunks).toString("utf8");
      if (request.url === "/hang") return;
      if (request.url === "/long") {
        // 300 two-byte characters: the 500-byte excerpt ends on a character boundary.
        response.writeHead(503, { "content-type": "text/plain; charset=utf-8" });
        return response.end("é".repeat(300));
      }
      if (request.url === "/redirect") {
        response.writeHead(301, { location: "/ok" });
        return response.end();
      }
      response.writeHead(200);
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("callback delivery", () => {
  it("signs per Standard Webhooks so the receiver can verify with the library", async () => {
    const payload = JSON.stringify({ type: "score.completed", job_id: "j" });
    const outcome = await deliverCallback({ url: `${base}/ok`, webhookSecret: secret, webhookId: "msg_1", payload, policy: LOCAL });
    expect(outcome).toEqual({ status: 200, retryAfterSeconds: null, error: null, durationMs: expect.any(Number), responseExcerpt: expect.any(String) });
    expect(lastBody).toBe(payload);
    expect(lastHeaders["webhook-id"]).toBe("msg_1");
    expect(() => new Webhook(secret).verify(lastBody, lastHeaders as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 8).toString("base64")}`).verify(lastBody, lastHeaders as Record<string, string>)).toThrow();
  });

  it("keeps the first 500 bytes of the receiver's answer and how long the attempt took", async () => {
    const outcome = await deliverCallback({ url: `${base}/long`, webhookSecret: secret, webhookId: "msg_2", payload: "{}", policy: LOCAL });
    expect(outcome.status).toBe(503);
    expect(outcome.responseExcerpt).toBe("é".repeat(RESPONSE_EXCERPT_BYTES / 2));
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    const ok = await deliverCallback({ url: `${base}/ok`, webhookSecret: secret, webhookId: "msg_3", payload: "{}", policy: LOCAL });
    expect(ok.responseExcerpt).toBe("ok");
  });

  it("cuts an excerpt's broken last character and NUL bytes, which PostgreSQL text refuses", () => {
    expect(excerpt(Buffer.from("abé").subarray(0, 3))).toBe("ab");
    expect(excerpt(Buffer.from("a\u0000b"))).toBe("ab");
  });

  it("does not follow redirects", async () => {
    const outcome = await deliverCallback({ url: `${base}/redirect`, webhookSecret: secret, webhookId: "msg_2", payload: "{}", policy: LOCAL });
    expect(outcome.status).toBe(301);
  });

  it("gives up on a receiver that never answers", async () => {
    const started = Date.now();
    const outcome = await deliverCallback({ url: `${base}/hang`, webhookSecret: secret, webhookId: "msg_3", payload: "{}", policy: LOCAL, timeoutMs: 300 });
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/time|answer/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("refuses to connect to a private address at delivery time unless private callbacks are allowed", async () => {
    const outcome = await deliverCallback({ url: `http://localhost:${new URL(base).port}/ok`, webhookSecret: secret, webhookId: "msg_4", payload: "{}", policy: STRICT });
    expect(outcome.status).toBeNull();
    expect(outcome.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address: requests to private, loopback, link-local and reserved addresses are refused/);
  });

  it("reads Retry-After as seconds or an HTTP date, and backs off exponentially with jitter", () => {
    expect(parseRetryAfter("120")).toBe(120);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:30 GMT", Date.parse("Wed, 21 Oct 2026 07:28:00 GMT"))).toBe(30);
    expect(parseRetryAfter("soon")).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(retryDelayMs(1, 5000, () => 1)).toBe(5000);
    expect(retryDelayMs(3, 5000, () => 1)).toBe(20_000);
    expect(retryDelayMs(3, 5000, () => 0)).toBe(10_000);
    expect(retryDelayMs(40, 5000, () => 1)).toBe(6 * 60 * 60 * 1000);
  });
});
