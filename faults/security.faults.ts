// The production server started with the defaults (NODE_ENV=production, ADMIN_TOKEN set, no AUTH_SECRET, no
// ALLOW_PRIVATE_CALLBACKS, no DEMO_PASSWORD), probed from outside as an attacker and a careless client would:
// the published demo password, TRACE and unreadable paths, a tab-prefixed callback after sign-in, a session reused
// after sign-out, a page's CSP, callbacks to loopback, a shared results link, and a backup without the key (then a
// start without the key file). docs/decisions.md ("Security") lists what each guards.
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, api, startExpectingExit, startServer, type ServerProcess } from "../testing/processes";

const PORT = Number(process.env.FAULTS_SECURITY_PORT || 3361);
const DEFAULTS = { ALLOW_PRIVATE_CALLBACKS: "", AUTH_SECRET: "", NEXTAUTH_SECRET: "", DEMO_PASSWORD: "", ENCRYPTION_KEY: "", ENCRYPTION_KEY_FILE: "", SEED_DEMO: "" };

/** A cookie jar of one browser: what the server set, sent back with every request. */
class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  async request(route: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(`${this.base}${route}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      redirect: "manual",
      headers: { cookie: this.header(), ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}), ...init.headers },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
  async csrf(): Promise<string> {
    return ((await (await this.request("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  }
  /** Signs in as the sign-in form does (next-auth's credentials callback, CSRF token included); the JSON it answers. */
  async signIn(email: string, password: string, callbackUrl = "/dashboard"): Promise<{ url: string }> {
    const answer = await this.request("/api/auth/callback/credentials", { form: { csrfToken: await this.csrf(), email, password, callbackUrl, json: "true" } });
    return (await answer.json()) as { url: string };
  }
  async signOut(): Promise<void> {
    await this.request("/api/auth/signout", { form: { csrfToken: await this.csrf(), json: "true" } });
  }
  get session(): string | undefined {
    return this.cookies.get("next-auth.session-token");
  }
}

/** A TRACE, which fetch refuses to send, through node:http as any client can send it. */
function trace(route: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`http://127.0.0.1:${PORT}${route}`, { method: "TRACE" }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("a production start with the defaults, from outside", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ssc-faults-security-"));
  const pgliteDir = path.join(dataDir, "pglite");
  let server: ServerProcess | undefined;
  let demoPassword = "";

  // A first start seeds the demo, which takes minutes on a busy machine: in the hook, whose time limit is longer.
  beforeAll(async () => {
    server = await startServer({ port: PORT, pgliteDir, env: DEFAULTS, timeoutMs: 280_000 });
  });

  afterAll(async () => {
    await server?.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("publishes no password: the demo logins' passwords are random, printed once, and the README's old one opens nothing", async () => {
    const banner = server!.stdout();
    const printed = /email demo@example\.com {2}password (\S+)/.exec(banner)?.[1];
    expect(printed, banner).toMatch(/^[A-Za-z0-9_-]{16}$/);
    demoPassword = printed!;
    expect(banner).toContain("A production install starts on an empty database with SEED_DEMO=false");
    const attacker = new Browser(server!.base);
    for (const email of ["demo@example.com", "lead@example.com"]) {
      const answer = await attacker.signIn(email, "demo-password");
      expect(answer.url, email).toMatch(/error=CredentialsSignin/);
      expect(attacker.session).toBeUndefined();
    }
    const owner = new Browser(server!.base);
    expect((await owner.signIn("demo@example.com", demoPassword)).url).toMatch(/\/dashboard$/);
    expect(owner.session).toBeTruthy();
  });

  it("answers TRACE with 405 and an unreadable path with 400, in each family's shape, never 500", async () => {
    for (const [route, shape] of [
      ["/api/v1/score", { error: "method_not_allowed" }],
      ["/evaluate/upload", { detail: "Method Not Allowed" }],
    ] as const) {
      const answer = await trace(route);
      expect(answer.status, route).toBe(405);
      expect(JSON.parse(answer.body)).toMatchObject(shape);
    }
    expect((await trace("/dashboard")).status).toBe(405);
    for (const route of ["/api/v1/jobs/%ZZ", "/results/%ZZ", "/dashboard/stories/%00", "/evaluate/results/%E0%A4"]) expect((await api(server!.base, route)).status, route).toBe(400);
    expect((await api(server!.base, "/api/auth/error?error=%00")).status).toBe(400);
    expect(server!.stderr()).not.toMatch(/TypeError|URIError/);
  });

  it("sends a signed-in browser only to its own paths after sign-in, however the callback is written", async () => {
    const user = new Browser(server!.base);
    // The tab is removed by the browser, which would read "//evil.example": the sign-in answers this site instead.
    expect((await user.signIn("demo@example.com", demoPassword, "/\t/evil.example/phish")).url).toBe(`http://localhost:${PORT}/dashboard`);
    for (const callback of ["/%09/evil.example/phish", "/%0a/x", "/%5Cevil.example", "/.//evil.example", "https://evil.example/"]) {
      const answer = await user.request(`/login?callbackUrl=${callback}`);
      expect(answer.status, callback).toBe(307);
      expect(answer.headers.get("location"), callback).toBe("/dashboard");
    }
    expect((await user.request("/login?callbackUrl=%2Fdashboard%2Fsettings")).headers.get("location")).toBe("/dashboard/settings");
  });

  it("ends a session on sign-out: a copy of its cookie taken before signs nobody in", async () => {
    const user = new Browser(server!.base);
    await user.signIn("demo@example.com", demoPassword);
    const copied = user.session!;
    const withCopy = { headers: { cookie: `next-auth.session-token=${copied}` } };
    expect((await api(server!.base, "/api/v1/keys", withCopy)).status).toBe(200);
    await user.signOut();
    expect(user.session).toBeUndefined();
    const reused = await api(server!.base, "/api/v1/keys", withCopy);
    expect(reused.status).toBe(401);
    expect((await api(server!.base, "/stats/summary", withCopy)).status).toBe(401);
  });

  it("gives every page a CSP whose scripts need this answer's nonce", async () => {
    for (const route of ["/", "/login", "/pricing", "/docs"]) {
      const answer = await fetch(`${server!.base}${route}`);
      const csp = answer.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, route).toBeTruthy();
      expect(csp, route).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const html = await answer.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, route).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, route).toContain(`nonce="${nonce}"`);
    }
  });

  it("refuses a callback on loopback and says how to allow one for local testing; refuses [::127.0.0.1]", async () => {
    const key = (await api(server!.base, "/api/admin/customers", { json: { customer_id: "acme", plan: "team" }, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).body.api_key as string;
    const register = (url: string) => api(server!.base, "/api/v1/installations", { json: { cloudId: "c1", source: "jira", callback_url: url }, headers: { authorization: `Bearer ${key}` } });
    const local = await register("http://127.0.0.1:9000/hooks");
    expect(local.status).toBe(400);
    expect(JSON.stringify(local.body)).toContain("ALLOW_PRIVATE_CALLBACKS=true");
    for (const url of ["https://[::127.0.0.1]/", "https://[::ffff:127.0.0.1]/", "https://localhost/"]) expect((await register(url)).status, url).toBe(400);
  });

  it("lets a shared results link read the results, not replace them", async () => {
    const form = new FormData();
    form.append("file", new Blob(["summary\nAs a shopper, I want to save my cart so that I can finish checkout later.\n"], { type: "text/csv" }), "backlog.csv");
    const uploaded = await fetch(`${server!.base}/evaluate/upload`, { method: "POST", body: form });
    const { session_id: id, score_token: token } = (await uploaded.json()) as { session_id: string; score_token: string };
    expect((await api(server!.base, "/evaluate/score", { json: { session_id: id } })).status).toBe(200);
    expect((await api(server!.base, `/evaluate/results/${id}`)).status).toBe(200);
    expect((await api(server!.base, "/evaluate/score", { json: { session_id: id, mapping: { summary: "summary" } } })).status).toBe(403);
    expect((await api(server!.base, "/evaluate/score", { json: { session_id: id, score_token: token } })).status).toBe(200);
  });

  it("keeps the encryption key beside the database and out of every backup; without it the server does not start", async () => {
    const keyFile = `${pgliteDir}.key`;
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, "utf8").trim();
    const backup = await fetch(`${server!.base}/api/admin/backup`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(backup.status).toBe(200);
    const tar = gunzipSync(Buffer.from(await backup.arrayBuffer()));
    expect(tar.length).toBeGreaterThan(1_000_000);
    for (const form of [Buffer.from(key), Buffer.from(key, "base64"), Buffer.from(Buffer.from(key, "base64").toString("hex"))]) expect(tar.includes(form)).toBe(false);

    // A restore onto a machine without the key file: the start stops with one line saying what is missing.
    await server!.stop();
    server = undefined;
    rmSync(keyFile);
    const refused = await startExpectingExit({ port: PORT, pgliteDir, env: DEFAULTS, timeoutMs: 240_000 });
    await refused.server?.kill9();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Story Scoring Service cannot start: this database's secrets were sealed with an encryption key that is not here: set ENCRYPTION_KEY, or put its key file back at ${keyFile}`);
  }, 280_000);
});
