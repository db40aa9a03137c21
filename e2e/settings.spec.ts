// /dashboard/settings: API keys created and revoked in the page, an integration registered, tested and
// redelivered to a real receiver, a company login acting for one of its customers, the signed-out redirect,
// accessibility and the phone layout.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";
import { expectNoSidewaysScroll } from "./fixtures/layout";
import { DEMO, LEAD } from "./fixtures/demo";

const SCORE_BODY = {
  ticket_id: "SETTINGS-1",
  ticket_data: { summary: "As a shopper, I want to save my cart so that I can finish checkout later." },
};

// Every sign-in attempt counts against the email's limit (10 in 15 minutes, shared with the other specs), so
// each login signs in once per worker and later tests reuse its session cookies.
type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
const sessions = new Map<string, Cookies>();

/** On `path` (a settings page), signed in as `login`. */
async function openSettings(page: Page, login = DEMO, path = "/dashboard/settings") {
  const session = sessions.get(login.email);
  if (session) {
    await page.context().addCookies(session);
    await page.goto(path);
  } else {
    await page.goto(`/login?callbackUrl=${encodeURIComponent(path)}`);
    await page.getByLabel("Email").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  if (!session) sessions.set(login.email, await page.context().cookies());
  // The sections load after the page: wait until the lists are there (rows, or their empty state).
  await expect(page.getByRole("region", { name: "API keys", exact: true }).locator("tbody")).not.toContainText("Loading");
  await expect(page.getByRole("region", { name: "Integrations", exact: true }).locator("tbody")).not.toContainText("Loading");
}

/** Every WCAG A/AA violation, whatever its impact. */
async function expectNoA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${label}: ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Create a key in the page; returns its row and the key read from the one-time box. */
async function createKey(page: Page, name: string): Promise<{ row: Locator; key: string }> {
  const keys = page.getByRole("region", { name: "API keys", exact: true });
  await keys.getByLabel("Key name").fill(name);
  await keys.getByRole("button", { name: "Create key" }).click();
  const box = keys.getByTestId("one-time-secrets");
  await expect(box).toContainText("will not be shown again");
  await expect(box).toBeFocused();
  const key = ((await box.getByTestId("new-api-key").textContent()) ?? "").trim();
  expect(key).toMatch(/^ssk_[A-Za-z0-9_-]{20,}$/);
  const row = keys.getByTestId("key-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return { row, key };
}

/** Register an integration in the page; returns its row and the secrets read from the one-time box. */
async function registerIntegration(page: Page, cloudId: string, callbackUrl: string) {
  const section = page.getByRole("region", { name: "Integrations", exact: true });
  await section.getByLabel("Site id (cloudId)").fill(cloudId);
  await expect(section.getByLabel("Source (the tracker)")).toHaveValue("");
  await expect(section.getByLabel("Source (the tracker)")).toHaveAttribute("placeholder", "jira");
  await section.getByLabel("Source (the tracker)").fill("jira");
  await section.getByLabel("Callback URL", { exact: true }).fill(callbackUrl);
  await section.getByRole("button", { name: "Register integration" }).click();
  const box = section.getByTestId("one-time-secrets");
  await expect(box).toContainText("will not be shown again");
  const secret = ((await box.getByTestId("new-secret").textContent()) ?? "").trim();
  const webhookSecret = ((await box.getByTestId("new-webhook-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^sss_/);
  expect(webhookSecret).toMatch(/^whsec_/);
  const row = section.getByTestId("installation-row").filter({ hasText: cloudId });
  await expect(row).toContainText("Enabled");
  // What the row's actions open or answer is in the row right below it.
  return { section, row, detail: row.locator("xpath=following-sibling::tr[1]"), secret, webhookSecret };
}

test("a key created in the page scores until it is revoked in the page", async ({ page, request }) => {
  await openSettings(page);
  const name = `e2e key ${Date.now()}`;
  const { row, key } = await createKey(page, name);
  const prefix = ((await row.locator("code").first().textContent()) ?? "").replace("…", "");
  expect(prefix.length).toBeGreaterThan(4);
  expect(key.startsWith(prefix)).toBe(true);
  await expect(row).toContainText("never");
  await expect(row).toContainText("Active");
  await expect(row).toContainText(DEMO.email);
  await expectNoA11yViolations(page, "/dashboard/settings with a new key");

  const scored = await request.post("/api/v1/score", { headers: { authorization: `Bearer ${key}` }, data: SCORE_BODY });
  expect(scored.status()).toBe(200);

  await row.getByRole("button", { name: /^Revoke/ }).click();
  const confirm = row.getByRole("button", { name: /^Confirm revoke/ });
  await expect(confirm).toBeFocused();
  // Cancel puts it back; the second time it is confirmed.
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row.getByRole("button", { name: /^Revoke/ })).toBeFocused();
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await confirm.click();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const refused = await request.post("/api/v1/score", { headers: { authorization: `Bearer ${key}` }, data: SCORE_BODY });
  expect(refused.status()).toBe(401);

  // Both changes are in the audit trail, newest first, with who made them.
  const audit = page.getByRole("region", { name: "Audit trail", exact: true });
  await expect(audit.getByTestId("audit-row").first()).toContainText("key.revoked");
  await expect(audit.getByTestId("audit-row").first()).toContainText(DEMO.email);
  await expect(audit.getByTestId("audit-row").nth(1)).toContainText("key.created");

  // The key is never shown again: not after a reload, not in the list.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "API keys", exact: true }).getByTestId("key-row").filter({ hasText: name })).toContainText("Revoked");
  expect(await page.content()).not.toContain(key);
});

test("an integration registered in the page gets a test event, and a redelivery with the same webhook-id", async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    await openSettings(page);
    const cloudId = `e2e-${Date.now()}.atlassian.net`;
    const { row, detail, webhookSecret } = await registerIntegration(page, cloudId, receiver.url);
    receiver.secret = webhookSecret;
    await expect(row.getByRole("cell").nth(2)).toHaveText(receiver.url);

    await row.getByRole("button", { name: /^Send test event/ }).click();
    await expect(detail.getByTestId("ping-outcome")).toContainText("HTTP 200");
    await expect(detail.getByTestId("ping-result")).toContainText("ok");
    await receiver.waitFor(1);

    await row.getByRole("button", { name: /^Deliveries/ }).click();
    const deliveries = page.getByRole("region", { name: /^Deliveries/ });
    await expect(deliveries.getByRole("heading", { name: new RegExp(`Deliveries for ${cloudId.replace(/\./g, "\\.")}`) })).toBeFocused();
    const delivery = deliveries.getByTestId("delivery").first();
    await expect(delivery).toContainText("ping");
    await expect(delivery).toContainText("Delivered");
    await delivery.locator("summary").click();
    await expect(delivery.getByTestId("attempt-status")).toHaveText(["200"]);
    await expectNoA11yViolations(page, "/dashboard/settings with a delivery open");

    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await expect(delivery.getByTestId("attempt-status")).toHaveText(["200", "200"]);
    await expect(delivery.getByRole("status")).toContainText("Sent again: HTTP 200");
    const received = await receiver.waitFor(2);
    expect(received).toHaveLength(2);
    expect(received.map((item) => item.verified)).toEqual([true, true]);
    const webhookId = received[0].headers["webhook-id"];
    expect(webhookId).toBeTruthy();
    expect(received[1].headers["webhook-id"]).toBe(webhookId);
    await expect(delivery).toContainText(webhookId);

    // The status filter: the delivery is under Delivered, not under Failed.
    const filter = deliveries.getByRole("group", { name: "Delivery status" });
    await filter.getByRole("button", { name: "Failed" }).click();
    await expect(filter.getByRole("button", { name: "Failed" })).toHaveAttribute("aria-pressed", "true");
    await expect(deliveries.getByText("No failed deliveries.")).toBeVisible();
    await filter.getByRole("button", { name: "Delivered" }).click();
    await expect(deliveries.getByTestId("delivery")).toHaveCount(1);

    const audit = page.getByRole("region", { name: "Audit trail", exact: true });
    await expect(audit.getByTestId("audit-row").first()).toContainText("delivery.redelivered");
  } finally {
    await receiver.close();
  }
});

test("an integration's callback URL is edited, its secrets rotated, and it is disabled and enabled again", async ({ page }) => {
  const receiver = await startWebhookReceiver();
  try {
    await openSettings(page);
    const cloudId = `e2e-edit-${Date.now()}.atlassian.net`;
    const { section, row, detail, secret } = await registerIntegration(page, cloudId, receiver.url);
    await section.getByRole("button", { name: "I have saved them" }).click();
    await expect(section.getByTestId("one-time-secrets")).toHaveCount(0);

    const moved = receiver.url.replace("/hooks/stories", "/hooks/moved");
    await row.getByRole("button", { name: /^Edit URL/ }).click();
    const input = detail.getByLabel(/New callback URL/);
    await expect(input).toBeFocused();
    await input.fill(moved);
    await detail.getByRole("button", { name: "Save", exact: true }).click();
    await expect(row.getByRole("cell").nth(2)).toHaveText(moved);

    await row.getByRole("button", { name: /^Rotate secrets/ }).click();
    await row.getByRole("button", { name: /^Confirm rotate/ }).click();
    await expect(detail.getByTestId("rotated-secret")).toHaveText(/^sss_/);
    await expect(detail.getByTestId("rotated-webhook-secret")).toHaveText(/^whsec_/);
    expect((await detail.getByTestId("rotated-secret").textContent())?.trim()).not.toBe(secret);

    await row.getByRole("button", { name: /^Disable/ }).click();
    await expect(row).toContainText("Disabled");
    await expect(row).toContainText(DEMO.email);
    await row.getByRole("button", { name: /^Enable/ }).click();
    await expect(row).toContainText("Enabled");

    const audit = page.getByRole("region", { name: "Audit trail", exact: true });
    for (const action of ["installation.enabled", "installation.disabled", "installation.secrets_rotated", "installation.updated", "installation.registered"]) {
      await expect(audit.getByTestId("audit-row").filter({ hasText: action }).first()).toBeVisible();
    }

    // An API error is shown with its message and details: a callback that is not a URL.
    await row.getByRole("button", { name: /^Edit URL/ }).click();
    await detail.getByLabel(/New callback URL/).evaluate((element) => element.setAttribute("type", "text"));
    await detail.getByLabel(/New callback URL/).fill("ftp://example.com/hook");
    await detail.getByRole("button", { name: "Save", exact: true }).click();
    await expect(detail.getByRole("alert")).toBeVisible();
    await expect(detail.getByRole("alert")).not.toBeEmpty();
    await expect(row.getByRole("cell").nth(2)).toHaveText(moved);
  } finally {
    await receiver.close();
  }
});

test("a company login manages one of its customers, naming it on every API call", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/v1/")) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  await openSettings(page, LEAD);
  await expect(page.getByLabel("Customer", { exact: true })).toHaveValue("demo");
  await expect(page.locator(".dashboard-header p")).toContainText(/customer demo · signed in as lead@example\.com/);

  await page.getByLabel("Customer", { exact: true }).selectOption("demo-labs");
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?customer=demo-labs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "API keys", exact: true }).locator("tbody")).not.toContainText("Loading");
  calls.length = 0;

  const { row } = await createKey(page, `labs key ${Date.now()}`);
  await expect(row).toContainText(LEAD.email);
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await row.getByRole("button", { name: /^Confirm revoke/ }).click();
  await expect(row).toContainText("Revoked");
  await expect(page.getByRole("region", { name: "Audit trail", exact: true }).getByTestId("audit-row").first()).toContainText("key.revoked");

  expect(calls.some((call) => call.startsWith("POST /api/v1/keys"))).toBe(true);
  expect(calls.some((call) => call.startsWith("DELETE /api/v1/keys/"))).toBe(true);
  expect(calls.filter((call) => !/[?&]customer=demo-labs(&|$)/.test(call))).toEqual([]);
  await expectNoA11yViolations(page, "/dashboard/settings?customer=demo-labs");

  // Back to the same customer's dashboard, and from its header to its settings again.
  await page.getByRole("link", { name: "← Back to the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard\?customer=demo-labs$/);
  // Exact: the dashboard's rules line has a "Rules settings" link too.
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\?customer=demo-labs$/);

  // A customer outside the company is a 404, as if it did not exist.
  const outside = await page.goto("/dashboard/settings?customer=not-ours");
  expect(outside?.status()).toBe(404);
});

test("a customer login cannot open another customer's settings", async ({ page }) => {
  await openSettings(page);
  await expect(page.getByLabel("Customer", { exact: true })).toHaveCount(0);
  const response = await page.goto("/dashboard/settings?customer=demo-labs");
  expect(response?.status()).toBe(404);
});

test("signed out, /dashboard/settings answers a 307 to the login page from the server", async ({ request }) => {
  for (const path of ["/dashboard/settings", "/dashboard/settings?customer=demo"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(307);
    const location = new URL(response.headers()["location"], "http://localhost");
    expect(location.pathname, path).toBe("/login");
    expect(location.searchParams.get("callbackUrl"), path).toBe(path);
  }
});

test("the settings page has no accessibility violations", async ({ page }) => {
  await openSettings(page);
  await expectNoA11yViolations(page, "/dashboard/settings");
});

test.describe("a 390 px wide phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("settings fit the screen: no sideways scroll, tables as cards", async ({ page }) => {
    const receiver: WebhookReceiver = await startWebhookReceiver("/hooks/a-rather-long-path/that-keeps-going/for-the-phone-layout");
    try {
      await openSettings(page);
      await expectNoSidewaysScroll(page, "/dashboard/settings");

      const { row: keyRow } = await createKey(page, `phone key with a long name ${Date.now()}`);
      await expectNoSidewaysScroll(page, "with a new key");
      await expect(keyRow).toHaveCSS("display", "grid");
      const labels = await keyRow.getByRole("cell").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
      for (const name of ["Prefix", "Created", "Last used", "Created by", "Status"]) expect(labels).toContain(`"${name}"`);
      const box = await keyRow.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

      const cloudId = `phone-${Date.now()}.atlassian.net`;
      const { row, detail } = await registerIntegration(page, cloudId, receiver.url);
      await expectNoSidewaysScroll(page, "with new secrets");
      await row.getByRole("button", { name: /^Send test event/ }).click();
      await expect(detail.getByTestId("ping-outcome")).toContainText("HTTP");
      await row.getByRole("button", { name: /^Deliveries/ }).click();
      const delivery = page.getByRole("region", { name: /^Deliveries/ }).getByTestId("delivery").first();
      await delivery.locator("summary").click();
      await expect(delivery.getByTestId("attempt")).toHaveCount(1);
      await expectNoSidewaysScroll(page, "with a delivery open");
      await expectNoA11yViolations(page, "/dashboard/settings (phone)");
    } finally {
      await receiver.close();
    }
  });
});
