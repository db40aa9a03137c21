// The guarded client from the attacker's side: a host that redirects inward, a name that resolves to loopback (a
// hosts file of the test's own), a name that resolves elsewhere the second time (DNS rebinding), addresses written
// the ways a filter forgets (mapped, NAT64, IPv4-compatible, decimal). "Outside" is 127.0.0.2, which the policy of
// these tests allows as an operator's ALLOW_PRIVATE_ADDRESSES would allow an on-premises tracker; everything else
// on loopback stands for the service's own network.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AddressPolicy } from "@/lib/net/addresses";
import { guardedFetch, OutboundError, type Resolver } from "./client";

interface Server {
  url: string;
  port: number;
  hits: { path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

async function serve(host: string, handle: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Server> {
  const hits: Server["hits"] = [];
  const server = http.createServer((req, res) => {
    hits.push({ path: req.url ?? "/", headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const POLICY: AddressPolicy = { allowPrivate: false, allowed: ["127.0.0.2"] };
/** A hosts file: names to addresses, in the order given; a function for names whose answer changes. */
function hosts(table: Record<string, string[] | (() => string[])>): Resolver {
  return async (hostname) => {
    const entry = table[hostname];
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    const addresses = typeof entry === "function" ? entry() : entry;
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

let internal: Server; // the service's own network: nothing may reach it
let outside: Server; // the tracker or receiver the operator allowed
let elsewhere: Server; // another allowed origin (same address, other port)

beforeAll(async () => {
  internal = await serve("127.0.0.1", (_req, res) => {
    res.writeHead(404, { "content-type": "text/html" });
    res.end("<h1>internal admin console: db password hunter2</h1>");
  });
  elsewhere = await serve("127.0.0.2", (req, res) => {
    res.writeHead(200, { "content-type": "application/json", connection: "close" });
    res.end(JSON.stringify({ authorization: req.headers.authorization ?? null }));
  });
  outside = await serve("127.0.0.2", (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) {
      res.writeHead(Number(url.searchParams.get("status") ?? 302), { location: to, connection: "close" });
      return res.end();
    }
    if (url.pathname === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    if (url.pathname === "/hang") return;
    if (url.pathname === "/big") {
      res.writeHead(200, { "content-type": "text/plain" });
      return res.end("x".repeat(64 * 1024));
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ method: req.method, body: Buffer.concat(chunks).toString("utf8"), authorization: req.headers.authorization ?? null }));
    });
  });
});

afterAll(async () => {
  await Promise.all([internal, outside, elsewhere].map((server) => server?.close()));
});

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("the guarded client", () => {
  it("fetches from an allowed host as fetch does: method, body, headers and the JSON answer", async () => {
    const response = await guardedFetch(`${outside.url}/echo`, { method: "POST", body: '{"a":1}', headers: { authorization: "Bearer t" } }, { policy: POLICY });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: "POST", body: '{"a":1}', authorization: "Bearer t" });
  });

  it("refuses a name that resolves to loopback, before connecting", async () => {
    const resolver = hosts({ "jira.attacker.test": ["127.0.0.1"] });
    const error = await refusal(guardedFetch(`http://jira.attacker.test:${internal.port}/`, {}, { policy: POLICY, resolver }));
    expect(error.code).toBe("private_address");
    expect(error.message).toBe("jira.attacker.test resolves to 127.0.0.1, a loopback address: requests to private, loopback, link-local and reserved addresses are refused");
    expect(internal.hits).toHaveLength(0);
  });

  it("refuses localhost through the system's own resolver", async () => {
    const error = await refusal(guardedFetch(`http://localhost:${internal.port}/`, {}, { policy: POLICY }));
    expect(error.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(internal.hits).toHaveLength(0);
  });

  it("refuses a name with one public-looking and one private address", async () => {
    const resolver = hosts({ "split.attacker.test": ["127.0.0.2", "10.0.0.7"] });
    const error = await refusal(guardedFetch(`http://split.attacker.test:${outside.port}/`, {}, { policy: POLICY, resolver }));
    expect(error.message).toContain("10.0.0.7, a private address");
  });

  it("checks the address again at every connection, so a name rebound to loopback is refused", async () => {
    let lookups = 0;
    const resolver = hosts({ "rebind.attacker.test": () => (++lookups === 1 ? ["127.0.0.2"] : ["127.0.0.1"]) });
    const first = await guardedFetch(`http://rebind.attacker.test:${outside.port}/echo`, {}, { policy: POLICY, resolver });
    expect(first.status).toBe(200);
    await first.text();
    const error = await refusal(guardedFetch(`http://rebind.attacker.test:${outside.port}/echo`, {}, { policy: POLICY, resolver }));
    expect(error.code).toBe("private_address");
    expect(lookups).toBe(2);
  });

  it.each([
    ["mapped", "::ffff:127.0.0.1"],
    ["NAT64", "64:ff9b::7f00:1"],
    ["IPv4-compatible", "::7f00:1"],
    ["link-local metadata", "169.254.169.254"],
  ])("refuses a name resolving to a %s form of an internal address", async (_form, address) => {
    const resolver = hosts({ "forms.attacker.test": [address] });
    const error = await refusal(guardedFetch(`http://forms.attacker.test:${internal.port}/`, {}, { policy: POLICY, resolver }));
    expect(error.code).toBe("private_address");
  });

  it.each([
    ["decimal", (port: number) => `http://2130706433:${port}/`],
    ["mapped literal", (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ["IPv4-compatible literal", (port: number) => `http://[::127.0.0.1]:${port}/`],
    ["shorthand", (port: number) => `http://127.1:${port}/`],
  ])("refuses an IP literal written as %s", async (_form, url) => {
    const error = await refusal(guardedFetch(url(internal.port), {}, { policy: POLICY }));
    expect(error.code).toBe("private_address");
    expect(internal.hits).toHaveLength(0);
  });

  it("refuses a redirect to an internal address, and never sends the internal answer back", async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const to = encodeURIComponent(`http://127.0.0.1:${internal.port}/admin`);
      const error = await refusal(guardedFetch(`${outside.url}/redirect?status=${status}&to=${to}`, {}, { policy: POLICY }));
      expect(error.code).toBe("private_address");
      expect(error.message).toBe(
        `127.0.0.2 redirected to http://127.0.0.1:${internal.port}, and 127.0.0.1 is a loopback address: requests to private, loopback, link-local and reserved addresses are refused`,
      );
    }
    expect(internal.hits).toHaveLength(0);
  });

  it("refuses a redirect to a name that resolves to loopback", async () => {
    const resolver = hosts({ "inward.attacker.test": ["127.0.0.1"] });
    const to = encodeURIComponent(`http://inward.attacker.test:${internal.port}/admin`);
    const error = await refusal(guardedFetch(`${outside.url}/redirect?to=${to}`, {}, { policy: POLICY, resolver }));
    expect(error.message).toContain("inward.attacker.test resolves to 127.0.0.1");
    expect(internal.hits).toHaveLength(0);
  });

  it("refuses redirects to other schemes and endless redirects", async () => {
    const file = await refusal(guardedFetch(`${outside.url}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`, {}, { policy: POLICY }));
    expect(file.message).toBe("127.0.0.2 redirected to a file address, which is not followed");
    const loop = await refusal(guardedFetch(`${outside.url}/loop`, {}, { policy: POLICY }));
    expect(loop.message).toBe("127.0.0.2 redirected more than 5 times");
  });

  it("follows a redirect to an allowed origin without the credentials of the first", async () => {
    const response = await guardedFetch(`${outside.url}/redirect?to=${encodeURIComponent(`${elsewhere.url}/`)}`, { headers: { authorization: "Bearer secret-token" } }, { policy: POLICY });
    expect(response.redirected).toBe(true);
    expect(response.url).toBe(`${elsewhere.url}/`);
    expect(await response.json()).toEqual({ authorization: null });
  });

  it("hands a redirect back as it is when asked to (webhook deliveries follow none)", async () => {
    const response = await guardedFetch(`${outside.url}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/`)}`, { redirect: "manual" }, { policy: POLICY });
    expect(response.status).toBe(302);
    expect(internal.hits).toHaveLength(0);
  });

  it("trusts the origin the operator configured, and checks any other a redirect leads to", async () => {
    const trusted = await guardedFetch(`${internal.url}/models`, {}, { policy: POLICY, trustedOrigin: internal.url });
    expect(trusted.status).toBe(404);
    await trusted.text();
    const hits = internal.hits.length;
    const error = await refusal(
      guardedFetch(`${outside.url}/redirect?to=${encodeURIComponent(`http://localhost:${internal.port}/`)}`, {}, { policy: POLICY, trustedOrigin: internal.url }),
    );
    expect(error.code).toBe("private_address");
    expect(internal.hits).toHaveLength(hits);
  });

  it("says in words why a host cannot be reached", async () => {
    const missing = await refusal(guardedFetch("https://acme.atlassian.net/rest/api/3/search/jql", {}, { policy: POLICY, resolver: hosts({}) }));
    expect(missing).toMatchObject({ code: "not_found", retryable: false, message: "the name acme.atlassian.net does not resolve" });
    const closed = await serve("127.0.0.2", () => {});
    await closed.close();
    const refused = await refusal(guardedFetch(`${closed.url}/`, {}, { policy: POLICY }));
    expect(refused).toMatchObject({ code: "refused", retryable: true, message: `127.0.0.2 refused the connection on port ${closed.port}` });
  });

  it("ends the whole exchange at its deadline, and bounds the answer", async () => {
    const started = Date.now();
    const timeout = await refusal(guardedFetch(`${outside.url}/hang`, {}, { policy: POLICY, timeoutMs: 300 }));
    expect(timeout).toMatchObject({ code: "timeout", message: "127.0.0.2 did not answer within 300 ms" });
    expect(Date.now() - started).toBeLessThan(3000);
    const big = await guardedFetch(`${outside.url}/big`, {}, { policy: POLICY, maxResponseBytes: 1024 });
    await expect(big.text()).rejects.toThrow("127.0.0.2 sent an answer longer than 1 KB");
  });
});
