import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signInOnce } from "./fixtures/sign-in";

const DIMENSION_NAMES = ["Independent", "Negotiable", "Valuable", "Estimable", "Small", "Testable"];
const STORY_PAGE = "/dashboard/stories/SHOP-102";

// Every sign-in attempt counts against the demo email's limit (10 in 15 minutes, shared with the dashboard
// spec), so the first test of each worker signs in and later ones reuse its session cookies.
const signIn = signInOnce();


/** Every WCAG A/AA violation, whatever its impact (the dashboard spec checks serious ones on more pages). */
async function expectNoA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${label}: ${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

const sideways = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

test.describe("a 390 px wide phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("no page scrolls sideways", async ({ page }) => {
    for (const path of ["/", "/pricing", "/login"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      expect(await sideways(page), path).toBeLessThanOrEqual(0);
    }
    await signIn(page);
    await expect(page.getByTestId("card-average")).toBeVisible();
    expect(await sideways(page), "/dashboard").toBeLessThanOrEqual(0);
    await page.getByText("Show the numbers").click();
    expect(await sideways(page), "/dashboard with the numbers open").toBeLessThanOrEqual(0);
    await page.goto(STORY_PAGE);
    await expect(page.getByRole("heading", { name: /Run 3 \(latest\)/ })).toBeVisible();
    expect(await sideways(page), STORY_PAGE).toBeLessThanOrEqual(0);
  });

  test("the dimension and stories tables are cards with labelled values", async ({ page }) => {
    await signIn(page);
    const independent = page.locator(".dimension-table tbody tr").first();
    await expect(independent).toHaveCSS("display", "grid");
    expect(await independent.getByRole("cell").first().evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Average"');

    const first = page.locator(".stories-table tbody tr").first();
    await expect(first).toHaveCSS("display", "grid");
    const labels = await first.getByRole("cell").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    for (const name of ["Overall", ...DIMENSION_NAMES, "Runs", "Last scored"]) expect(labels).toContain(`"${name}"`);
    // Each card fits the screen.
    const box = await first.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });

  test("the trend's numbers are cards, one per period, with labelled values", async ({ page }) => {
    await signIn(page);
    await page.getByText("Show the numbers").click();
    const region = page.getByRole("region", { name: "Trend numbers" });
    const cards = region.locator("tbody tr");
    expect(await cards.count()).toBeGreaterThan(1);
    const first = cards.first();
    await expect(first).toHaveCSS("display", "grid");
    await expect(first.getByRole("rowheader")).toHaveText(/^\d{1,2} [A-Z][a-z]+$/); // the week it starts, "9 Mar"
    const labels = await first.getByRole("cell").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
    expect(labels).toEqual(["Stories", "Average", ...DIMENSION_NAMES].map((name) => `"${name}"`));
    // Nothing to scroll sideways: not the region (which then has no hint), not the page.
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.locator(".scroll-region").filter({ has: region }).getByText("Scroll sideways to see every column")).toBeHidden();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    for (const box of await cards.evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(390);
  });
});

test("the dashboard, a story page and the pricing page have no accessibility violations", async ({ page }) => {
  await page.goto("/pricing");
  await expectNoA11yViolations(page, "/pricing");
  await signIn(page);
  await page.getByText("Show the numbers").click();
  await expectNoA11yViolations(page, "/dashboard");
  await page.goto(STORY_PAGE);
  await expect(page.getByRole("heading", { name: /Run 3 \(latest\)/ })).toBeVisible();
  await expectNoA11yViolations(page, STORY_PAGE);
});

test("the stories table is headed by full dimension names and sorts by any of them", async ({ page }) => {
  await signIn(page);
  const table = page.locator(".stories-table");
  for (const name of DIMENSION_NAMES) await expect(table.getByRole("columnheader", { name: new RegExp(`^${name}`) })).toBeVisible();

  const testable = table.getByRole("columnheader", { name: /^Testable/ });
  const column = 2 + DIMENSION_NAMES.indexOf("Testable") + 1; // after Story and Overall (no Customer column for one customer)
  const scores = async () =>
    (await table.locator(`tbody tr td:nth-child(${column})`).allTextContents()).map((text) => Number.parseInt(text, 10)).filter((score) => !Number.isNaN(score));
  const stories = () => table.locator("tbody tr td:first-child a").allTextContents();
  const before = await stories();
  await expect(testable).not.toHaveAttribute("aria-sort");

  await testable.getByRole("button").click();
  await expect(testable).toHaveAttribute("aria-sort", "descending");
  await expect(table.locator("th[aria-sort]")).toHaveCount(1);
  await expect(page.getByTestId("stories-status")).not.toContainText("Loading");
  const descending = await scores();
  expect(descending.length).toBeGreaterThan(1);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await testable.getByRole("button").click();
  await expect(testable).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByTestId("stories-status")).not.toContainText("Loading");
  const ascending = await scores();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(ascending[0]).toBeLessThan(descending[0]);
  expect(await stories()).not.toEqual(before);
});

test.describe("at 1280 × 800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("every column of “Show the numbers” is visible, or its region says it scrolls", async ({ page }) => {
    await signIn(page);
    await page.getByText("Show the numbers").click();
    const region = page.getByRole("region", { name: "Trend numbers" });
    await expect(region).toBeVisible();
    const headers = region.getByRole("columnheader");
    await expect(headers).toHaveCount(3 + DIMENSION_NAMES.length);
    const edge = await region.evaluate((element) => element.getBoundingClientRect().right);
    const rights = await headers.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right));
    if (rights.every((right) => right <= edge + 1)) return;
    // It does not fit: then it must say so, and be reachable by keyboard.
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(page.getByText("Scroll sideways to see every column")).toBeVisible();
    await expect(region).toHaveAccessibleDescription(/Scroll sideways/);
  });

  test("the dimensions' band chart names the bands low to high, as the results page does", async ({ page }) => {
    await signIn(page);
    await expect(page.locator(".chart-pair .recharts-legend-item-text")).toHaveText(["Below 50%", "50% to 79%", "80% and above"]);
  });

  test("page headings keep their distance from the site header", async ({ page }) => {
    for (const path of ["/", "/pricing", "/login"]) {
      await page.goto(path);
      const header = await page.locator(".site-header").boundingBox();
      const heading = await page.getByRole("heading", { level: 1 }).first().boundingBox();
      expect((heading?.y ?? 0) - ((header?.y ?? 0) + (header?.height ?? 0)), path).toBeGreaterThanOrEqual(16);
    }
  });

  test("the plans page shows quotas an operator sets, no invented prices, and the current plan's badge moves nothing", async ({ page }) => {
    await signIn(page); // the demo customer is on a plan, so its card has the badge
    await page.goto("/pricing");
    await expect(page.getByText("Your plan")).toBeVisible();
    await expect(page.locator("main")).not.toContainText("$");
    await expect(page.locator("main")).toContainText("npm run provision -- customer");
    for (const card of await page.locator(".plan").all()) await expect(card.locator(".plan-quota")).toContainText(/[\d,]+ new stories a month/);
    const tops = await page.locator(".plan-quota").evaluateAll((quotas) => quotas.map((quota) => Math.round(quota.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Plans" })).toHaveAttribute("aria-current", "page");
    await page.goto("/docs");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "Main" }).locator("[aria-current]")).toHaveCount(1);
  });
});
