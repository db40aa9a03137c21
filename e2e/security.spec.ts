// Headers every response carries, the server-side redirect of signed-out dashboard requests, the icons, and
// the /evaluate address.
import { expect, test, type APIResponse } from "@playwright/test";

function expectSecurityHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  expect(headers["content-security-policy"], label).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"], label).toContain("script-src 'self'");
  expect(headers["content-security-policy"], label).toContain("object-src 'none'");
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], label).toBe("DENY");
}

test("pages, API answers, errors and static files carry the security headers", async ({ request }) => {
  const page = await request.get("/");
  expect(page.status()).toBe(200);
  expectSecurityHeaders(page, "the home page");

  const api = await request.get("/api/health");
  expect(api.status()).toBe(200);
  expectSecurityHeaders(api, "an API answer");

  const apiError = await request.post("/api/v1/score", { data: {} });
  expect(apiError.status()).toBe(401);
  expectSecurityHeaders(apiError, "an API error");

  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expectSecurityHeaders(missing, "a page that does not exist");

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/image\//);
  expectSecurityHeaders(icon, "the favicon");

  // HSTS only over HTTPS (behind a proxy that says so), never over plain HTTP.
  expect(page.headers()["strict-transport-security"]).toBeUndefined();
  const overHttps = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(overHttps.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a page's scripts run only with the nonce of its own Content-Security-Policy", async ({ page, request }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  const csp = response!.headers()["content-security-policy"];
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // A fresh nonce for every answer.
  expect((await request.get("/")).headers()["content-security-policy"]).not.toContain(nonce);
  // Every script of the page carries it, and they run: Next's client runtime starts (it sets window.next).
  const nonces = await page.locator("script").evaluateAll((scripts) => scripts.map((script) => (script as HTMLScriptElement).nonce));
  expect(nonces.length).toBeGreaterThan(0);
  expect(new Set(nonces)).toEqual(new Set([nonce]));
  await expect.poll(() => page.evaluate(() => typeof (window as unknown as { next?: { version?: string } }).next?.version)).toBe("string");
  expect(violations).toEqual([]);
  // Injected markup runs nothing: an inline event handler, as a stored XSS would plant one, is refused.
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<img src="/no-such-image.png" onerror="window.__injected = true">'));
  await expect.poll(() => violations.length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});

test("a page can not be framed by another site", async ({ page }) => {
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors|Refused to display/i.test(message.text())) blocked.push(message.text());
  });
  const home = new URL("/", test.info().project.use.baseURL ?? `http://127.0.0.1:${process.env.E2E_PORT || 3210}`).toString();
  await page.setContent(`<iframe id="f" src="${home}" title="framed"></iframe>`);
  // Chromium refuses the frame: it says so on the console and shows its error page instead of ours.
  await expect
    .poll(() => blocked.length > 0 || page.frames().some((frame) => frame.url().startsWith("chrome-error://")), { timeout: 10_000 })
    .toBe(true);
  await expect(page.frameLocator("#f").getByRole("heading", { name: /INVEST/ })).toHaveCount(0);
});

test("signed out, the dashboard answers a 307 to the login page from the server", async ({ request }) => {
  for (const path of ["/dashboard", "/dashboard?customer=demo", "/dashboard/stories/abc"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    const location = new URL(response.headers()["location"], "http://localhost");
    expect(location.pathname, path).toBe("/login");
    expect(location.searchParams.get("callbackUrl"), path).toBe(path);
    expect(await response.text(), path).not.toContain("Dashboard");
  }
});

test("the icons answer, and /evaluate leads to the evaluator", async ({ page, request }) => {
  const svg = await request.get("/icon.svg");
  expect(svg.status()).toBe(200);
  await page.goto("/evaluate");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INVEST");
  // The page links its icon, and the browser finds it.
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  expect((await request.get(href!)).status()).toBe(200);
});
