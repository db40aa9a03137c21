// /dashboard/settings → Trackers: a fake Jira Cloud started in this test process on loopback (the e2e server
// runs with ALLOW_PRIVATE_CALLBACKS=true, so a loopback base URL passes its address checks) is connected through
// the page, synced with the progress bar showing, and its issues are then on the dashboard with links back to
// it; at 1280 px and at 390 px. Write-back is set in the page, refused for a read-only token (said in the row), and
// carried out once the token may write.
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { startFakeJira, type FakeJira } from "../testing/fake-trackers";
import { expect, test } from "./fixtures/client";
import { expectNoSidewaysScroll } from "./fixtures/layout";

const ADMIN = { authorization: "Bearer e2e-admin-token-0123456789" };

/**
 * A customer and a login of its own for each test: its dashboard holds only what the test imports, and its
 * sign-in does not count against the demo login's limit (10 in 15 minutes, shared with the other specs). The
 * fixtures' client address keeps the per-address limit apart too.
 */
async function newLogin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const customer = `trackers-${suffix}`;
  const login = { email: `trackers-${suffix}@example.com`, password: "trackers-password-1" };
  expect((await request.post("/api/admin/customers", { headers: ADMIN, data: { customer_id: customer, plan: "team" } })).status()).toBe(201);
  expect((await request.post("/api/admin/users", { headers: ADMIN, data: { ...login, customer_id: customer } })).status()).toBe(201);
  return login;
}

async function openSettings(page: Page, request: APIRequestContext) {
  const login = await newLogin(request);
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard/settings")}`);
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trackers", exact: true }).locator("tbody")).toContainText("No trackers connected yet.");
}

/**
 * Connect the fake through the form, sync it and watch the progress bar, then follow the link to the dashboard
 * and find ACME-12 there, linked to the fake's /browse/ACME-12.
 */
async function connectSyncAndSee(page: Page, request: APIRequestContext, jira: FakeJira, name: string, phone = false) {
  await openSettings(page, request);
  const section = page.getByRole("region", { name: "Trackers", exact: true });
  await section.getByLabel("Tracker", { exact: true }).selectOption("jira");
  await section.getByLabel("Name", { exact: true }).fill(name);
  await expect(section.getByLabel("Jira site URL")).toHaveAttribute("placeholder", "https://acme.atlassian.net");
  await section.getByLabel("Jira site URL").fill(jira.url);
  await section.getByLabel("Atlassian account email").fill(jira.email);
  const token = section.getByLabel("API token");
  await expect(token).toHaveAttribute("type", "password");
  await token.fill(jira.token);
  await section.getByLabel("JQL query").fill("project = ACME ORDER BY key ASC");
  await section.getByLabel("Schedule", { exact: true }).selectOption("manual");
  await section.getByRole("button", { name: "Connect tracker" }).click();
  await expect(section.getByRole("status").filter({ hasText: `Connected “${name}”` })).toBeVisible();
  // The token is write-only: the form is emptied and the page never shows it.
  await expect(token).toHaveValue("");
  await expect(page.locator("body")).not.toContainText(jira.token);

  const row = section.getByTestId("connection-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("project = ACME ORDER BY key ASC");
  await expect(row.getByTestId("last-sync")).toContainText("Never");
  if (phone) await expectNoSidewaysScroll(page, "with a connection");

  await row.getByRole("button", { name: /^Sync now/ }).click();
  // The fake answers slowly (three pages), so the sync runs long enough for the bar to be seen and move.
  const bar = section.getByRole("progressbar", { name: `Sync of ${name}` });
  await expect(bar).toBeVisible();
  await expect(row.getByTestId("last-sync")).toContainText("Running");
  if (phone) await expectNoSidewaysScroll(page, "while syncing");

  const done = section.getByRole("status").filter({ hasText: `Sync of “${name}” completed` });
  await expect(done).toBeVisible({ timeout: 45_000 });
  await expect(bar).toHaveCount(0);
  await expect(row.getByTestId("last-sync")).toContainText("Completed");
  await expect(row.getByTestId("last-sync")).toContainText("15 fetched");
  await expect(row.getByTestId("last-sync")).toContainText("15 scored");
  // Every request the service sent to the fake was the real search, authenticated as the real one is.
  expect(jira.requests.length).toBeGreaterThanOrEqual(3);
  for (const request of jira.requests) {
    expect(request.path).toBe("/rest/api/3/search/jql");
    expect(request.headers.authorization).toBe(jira.authorization);
  }

  await done.getByRole("link", { name: "See the imported stories on the dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  const link = page.locator(`a[href="${jira.url}/browse/ACME-12"]`);
  await expect(link.first()).toBeVisible();
  await expect(link.first()).toContainText("ACME-12");
  if (phone) await expectNoSidewaysScroll(page, "the dashboard with imported stories");
}

let jira: FakeJira;

test.beforeEach(async () => {
  // Each test its own fake on a port of its own: 15 issues in pages of 5, each answer 0.8 s late.
  jira = await startFakeJira({ count: 15, pageSize: 5, latencyMs: 800 });
});

test.afterEach(async () => {
  await jira.close();
});

test("a Jira connected in the page syncs with a progress bar, and its stories are on the dashboard with links back", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await connectSyncAndSee(page, request, jira, `Shop backlog ${Date.now()}`);
});

test("a sync that fails shows the tracker's words, and a connection is edited and deleted", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSettings(page, request);
  const section = page.getByRole("region", { name: "Trackers", exact: true });
  const name = `Bad JQL ${Date.now()}`;
  await section.getByLabel("Tracker", { exact: true }).selectOption("jira");
  await section.getByLabel("Name", { exact: true }).fill(name);
  await section.getByLabel("Jira site URL").fill(jira.url);
  await section.getByLabel("Atlassian account email").fill(jira.email);
  await section.getByLabel("API token").fill(jira.token);
  await section.getByLabel("JQL query").fill("projekt = ACME");
  await section.getByRole("button", { name: "Connect tracker" }).click();
  const row = section.getByTestId("connection-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: /^Sync now/ }).click();
  await expect(section.getByTestId("sync-error")).toContainText("Field 'projekt' does not exist", { timeout: 45_000 });
  await expect(row.getByTestId("last-sync")).toContainText("Failed");

  await row.getByRole("button", { name: /^Edit/ }).click();
  await section.getByLabel("JQL query", { exact: true }).last().fill("project = ACME");
  await section.getByLabel("Schedule", { exact: true }).last().selectOption("daily");
  await section.getByRole("button", { name: "Save", exact: true }).click();
  await expect(row).toContainText("Every day");
  await expect(row).toContainText("project = ACME");

  await row.getByRole("button", { name: /^Delete/ }).click();
  await section.getByRole("button", { name: /^Confirm delete/ }).click();
  await expect(section.getByTestId("connection-row").filter({ hasText: name })).toHaveCount(0);
  await expect(section.getByRole("status").filter({ hasText: `Removed “${name}”` })).toBeVisible();
  await expect(section.getByRole("heading", { name: "Trackers" })).toBeFocused();

  const results = await new AxeBuilder({ page }).include("#trackers").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test("write-back set in the page: a read-only token's refusal is shown, a token that may write comments every issue", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const writable = await startFakeJira({ count: 6, pageSize: 6, readOnlyTokens: ["jira-read-only-token"] });
  try {
    await openSettings(page, request);
    const section = page.getByRole("region", { name: "Trackers", exact: true });
    const name = `Write-back ${Date.now()}`;
    await section.getByLabel("Tracker", { exact: true }).selectOption("jira");
    await section.getByLabel("Name", { exact: true }).fill(name);
    await section.getByLabel("Jira site URL").fill(writable.url);
    await section.getByLabel("Atlassian account email").fill(writable.email);
    await section.getByLabel("API token").fill("jira-read-only-token");
    await section.getByLabel("JQL query").fill("project = ACME");
    const fields = section.getByRole("group", { name: "Write back to the tracker" }).first();
    await fields.getByLabel("Comment the score and findings on each issue").check();
    await fields.getByLabel("Label issues below the threshold").fill("not-ready");
    await expect(fields.getByLabel("Ready threshold (%)")).toHaveValue("80");
    await section.getByRole("button", { name: "Connect tracker" }).click();
    const row = section.getByTestId("connection-row").filter({ hasText: name });
    await expect(row.getByTestId("write-back-summary")).toHaveText("Writes back: comment; label “not-ready” below 80%");

    // The token may only read: the import completes, and the row says why nothing was written.
    await row.getByRole("button", { name: /^Sync now/ }).click();
    await expect(row.getByTestId("last-sync")).toContainText("Completed", { timeout: 45_000 });
    await expect(row.getByTestId("last-sync")).toContainText("6 scored");
    await expect(row.getByTestId("last-sync")).toContainText("6 not written");
    await expect(row.getByTestId("write-error")).toContainText("Write-back refused: Jira answered 403");
    await expect(row.getByTestId("write-error")).toContainText("Add Comments, Edit Own Comments and Edit Issues");
    expect(writable.issues.every((i) => (i.comments ?? []).length === 0)).toBe(true);

    // A token that may write, saved with Edit: the next sync writes every issue once.
    await row.getByRole("button", { name: /^Edit/ }).click();
    await section.getByLabel("New api token").fill(writable.token);
    await section.getByRole("button", { name: "Save", exact: true }).click();
    await expect(section.getByRole("status").filter({ hasText: `Saved “${name}”` })).toBeVisible();
    await row.getByRole("button", { name: /^Sync now/ }).click();
    await expect(section.getByRole("status").filter({ hasText: `Sync of “${name}” completed` })).toBeVisible({ timeout: 45_000 });
    await expect(row.getByTestId("last-sync")).toContainText("6 written back");
    await expect(row.getByTestId("write-error")).toHaveCount(0);
    expect(writable.issues.map((i) => (i.comments ?? []).length)).toEqual([1, 1, 1, 1, 1, 1]);

    // Turned off in the page: what was written stays.
    await row.getByRole("button", { name: /^Edit/ }).click();
    const editFields = section.getByRole("group", { name: "Write back to the tracker" }).last();
    await editFields.getByLabel("Comment the score and findings on each issue").uncheck();
    await editFields.getByLabel("Label issues below the threshold").fill("");
    await section.getByRole("button", { name: "Save", exact: true }).click();
    await expect(row.getByTestId("write-back-summary")).toHaveText("Write-back off");
    expect(writable.issues.map((i) => (i.comments ?? []).length)).toEqual([1, 1, 1, 1, 1, 1]);

    const results = await new AxeBuilder({ page }).include("#trackers").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  } finally {
    await writable.close();
  }
});

test.describe("a 390 px wide phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("connect, sync with the progress bar and see the stories, without sideways scroll", async ({ page, request }) => {
    await connectSyncAndSee(page, request, jira, `Phone backlog ${Date.now()}`, true);
  });
});
