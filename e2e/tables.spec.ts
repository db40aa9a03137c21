// Every table of every page fits where it is shown: at 1280 px (a desktop) no table needs a sideways scroll,
// and at 390 px (a phone) a table either fits or is laid out as cards that do. Each table is measured against the
// box that would clip or scroll it (its scroll wrapper, else the page): the box's scrollWidth against its
// clientWidth, and the table's right edge against the box's.
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/client";
import { signInOnce } from "./fixtures/sign-in";
import { chooseFile } from "./fixtures/upload";

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const MIXED_JIRA = path.join(__dirname, "fixtures/mixed-kinds-jira.csv"); // 8 rows with descriptions and criteria
const STORY_PAGE = "/dashboard/stories/SHOP-102";

interface TableFit {
  table: string;
  /** How many pixels the table's box would scroll sideways, or the table reaches past it. */
  overflow: number;
}

/** Every visible table of the page and how far it overflows its box (0 when it fits). */
function measureTables(page: Page): Promise<TableFit[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("table")]
      .filter((table) => table.checkVisibility())
      .map((table, index) => {
        // The box that holds it: the nearest ancestor that scrolls or clips sideways, else the page.
        let box: Element = table.parentElement ?? document.documentElement;
        while (box !== document.documentElement && getComputedStyle(box).overflowX === "visible") box = box.parentElement ?? document.documentElement;
        const scrolls = box.scrollWidth - box.clientWidth;
        const reach = table.getBoundingClientRect().right - Math.min(box.getBoundingClientRect().right, document.documentElement.clientWidth);
        const name = table.querySelector("caption")?.textContent?.trim() || box.getAttribute("aria-label") || table.className || `table ${index + 1}`;
        return { table: name, overflow: Math.max(0, Math.round(Math.max(scrolls, reach))) };
      }),
  );
}

/**
 * At each width: at least `atLeast` tables are shown and none overflows. Polled, since charts and tables lay
 * themselves out again a moment after a resize.
 */
async function expectTablesFit(page: Page, label: string, atLeast: number) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect
      .poll(
        async () => {
          const tables = await measureTables(page);
          if (tables.length < atLeast) return `only ${tables.length} tables shown, expected ${atLeast} or more`;
          return tables.filter((t) => t.overflow > 1).map((t) => `${t.table}: ${t.overflow}px too wide`);
        },
        { message: `${label} at ${size.width} px` },
      )
      .toEqual([]);
  }
  await page.setViewportSize(WIDTHS[0]);
}

// Every sign-in attempt counts against the demo email's limit (shared with the other specs): sign in once, then
// reuse the session's cookies.
const signIn = signInOnce();


test("the evaluator's preview and the results table fit at 1280 and 390 px", async ({ page }) => {
  await page.goto("/");
  await chooseFile(page, MIXED_JIRA);
  await expect(page.getByTestId("detected-format")).toContainText("Read as Jira CSV export");
  await expectTablesFit(page, "the evaluator's preview", 1);

  await page.getByRole("button", { name: /^Score 8 / }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("results-range")).toBeVisible();
  await expectTablesFit(page, "the results", 1);
  // A row opened: its findings, advice and rewrite take the row's whole width.
  await page.locator(".results-table tbody .expand-button").first().click();
  await expect(page.locator(".details-row")).toBeVisible();
  await expectTablesFit(page, "the results with a row open", 1);
});

test("every table of the API reference fits at 1280 and 390 px", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Scoring Service API");
  // The response schemas are in disclosures: open them all, so their tables are measured too.
  await page.locator("main details").evaluateAll((all) => all.forEach((details) => ((details as HTMLDetailsElement).open = true)));
  await expectTablesFit(page, "/docs", 20);
});

test("the dashboard's and a story's tables fit at 1280 and 390 px", async ({ page }) => {
  await signIn(page, "/dashboard");
  await expect(page.getByTestId("card-average")).toBeVisible();
  await page.getByText("Show the numbers").click();
  await expect(page.getByRole("region", { name: "Trend numbers" })).toBeVisible();
  // The dimensions, the kinds, the trend's numbers and the stories.
  await expectTablesFit(page, "/dashboard", 4);

  await page.goto(STORY_PAGE);
  await expect(page.getByRole("heading", { name: /Run 3 \(latest\)/ })).toBeVisible();
  await expectTablesFit(page, STORY_PAGE, 1);
});

test("the settings' tables fit at 1280 and 390 px, with keys used, revoked and being revoked, and an integration", async ({ page, request }) => {
  await signIn(page, "/dashboard/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const keys = page.getByRole("region", { name: "API keys", exact: true });
  const integrations = page.getByRole("region", { name: "Integrations", exact: true });
  await expect(keys.locator("tbody")).not.toContainText("Loading");
  await expect(integrations.locator("tbody")).not.toContainText("Loading");

  // Keys as an account has them after a while: one used (a date under "Last used"), one revoked (a date under its
  // status), each named as people name them.
  const created: string[] = [];
  for (const name of ["Continuous integration for the shop backlog", "Old laptop script, replaced in November"]) {
    await keys.getByLabel("Key name").fill(name);
    await keys.getByRole("button", { name: "Create key" }).click();
    const box = keys.getByTestId("one-time-secrets");
    await expect(box).toContainText(name);
    created.push(((await box.getByTestId("new-api-key").textContent()) ?? "").trim());
  }
  for (const key of created) {
    const scored = await request.post("/api/v1/score", {
      headers: { authorization: `Bearer ${key}` },
      data: { ticket_id: "TABLES-1", ticket_data: { summary: "As a shopper, I want to save my cart so that I can finish checkout later." } },
    });
    expect(scored.status()).toBe(200);
  }
  const revoked = keys.getByTestId("key-row").filter({ hasText: "Old laptop script" });
  await revoked.getByRole("button", { name: /^Revoke/ }).click();
  await revoked.getByRole("button", { name: /^Confirm revoke/ }).click();
  await expect(revoked).toContainText("Revoked");

  await integrations.getByLabel("Site id (cloudId)").fill("tables-spec-acme-shop-eu-west");
  await integrations.getByLabel("Source (the tracker)").fill("jira");
  await integrations.getByLabel("Callback URL", { exact: true }).fill("http://127.0.0.1:9/hooks/story-scoring/acme-shop/production/callbacks");
  await integrations.getByRole("button", { name: "Register integration" }).click();
  await expect(integrations.getByTestId("one-time-secrets")).toContainText("will not be shown again");

  await page.reload();
  const used = keys.getByTestId("key-row").filter({ hasText: "Continuous integration" });
  await expect(used).not.toContainText("never");
  await expect(integrations.getByTestId("installation-row").filter({ hasText: "tables-spec-acme-shop-eu-west" })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Audit trail", exact: true }).locator("tbody")).not.toContainText("Loading");
  // A revoke waiting for its confirmation: the widest the actions get.
  await used.getByRole("button", { name: /^Revoke/ }).click();
  await expect(used.getByRole("button", { name: /^Confirm revoke/ })).toBeVisible();

  // API keys, integrations and the audit trail.
  await expectTablesFit(page, "/dashboard/settings", 3);
});
