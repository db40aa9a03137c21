// Requests Next cannot read, sent as a client would to a server that uses the guard as scripts/server.mjs does:
// TRACE and the other methods no route serves (405), paths with a malformed escape or an encoded NUL (400), each
// in its family's shape, never a 500, and nothing of the request echoed back.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readablePath, refuseUnreadableRequest } from "./request-guard.mjs";

let server: http.Server;
let port: number;
const reachedNext: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (refuseUnreadableRequest(req, res)) return;
    reachedNext.push(req.method ?? "");
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(method: string, path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers: { cookie: "next-auth.session-token=secret" } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("methods no route serves", () => {
  it.each([
    ["/api/v1/score", { error: "method_not_allowed", details: ["method: TRACE is not served"] }],
    ["/stats/summary", { error: "method_not_allowed" }],
    ["/api/health", { error: "method_not_allowed" }],
    ["/evaluate/upload", { detail: "Method Not Allowed" }],
  ])("TRACE %s answers 405 in its family's shape", async (path, shape) => {
    const response = await send("TRACE", path);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(response.body)).toMatchObject(shape);
    expect(response.body).not.toContain("secret");
  });

  it("answers a page's TRACE in plain text, and other unknown methods alike", async () => {
    const page = await send("TRACE", "/dashboard");
    expect(page).toMatchObject({ status: 405, body: "Method Not Allowed\n" });
    expect(page.headers.allow).toBe("GET, HEAD");
    for (const method of ["PROPFIND", "MKCOL", "PURGE", "SEARCH"]) expect((await send(method, "/api/v1/keys")).status).toBe(405);
  });

  it.each([
    ["/api/v1/jobs/%ZZ", { error: "bad_request", details: ["path: every % must start a valid UTF-8 escape, and none may encode NUL"] }],
    ["/api/v1/keys/%E0%A4", { error: "bad_request" }],
    ["/evaluate/results/%ZZ", { detail: "The path holds a malformed percent-encoding or an encoded NUL." }],
  ])("GET %s answers 400 in its family's shape", async (path, shape) => {
    const response = await send("GET", path);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject(shape);
  });

  it("answers a page's unreadable path in plain text, and reads the paths Next can", async () => {
    expect(await send("GET", "/dashboard/stories/%00")).toMatchObject({ status: 400, body: "The path holds a malformed percent-encoding or an encoded NUL.\n" });
    expect((await send("GET", "/results/%ZZ")).status).toBe(400);
    for (const path of ["/dashboard/stories/ACME%2D1", "/dashboard/stories/%E2%9C%93", "/results/abc?x=%ZZ", "/a%20b"]) expect(readablePath(path.split("?")[0])).toBe(true);
  });

  it("lets every method a route may serve through to Next", async () => {
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect((await send(method, "/api/v1/score")).status).toBe(200);
    expect(reachedNext).toEqual(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
  });
});
