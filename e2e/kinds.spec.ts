import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import Papa from "papaparse";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/client";
import { signIn } from "./fixtures/sign-in";
import { chooseFile } from "./fixtures/upload";
import { resize } from "./fixtures/viewport";

// Work items judged by what they are: the results page and the dashboard name each item's kind (story, bug,
// task, spike, epic), filter by it and count it. Scores of bugs and tasks are the engine's business and change
// with it: these tests assert the labels, filters and counts only.

const MIXED_JIRA = path.join(__dirname, "fixtures/mixed-kinds-jira.csv"); // 3 stories, 2 bugs, 2 tasks and a sub-task

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const sideways = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** At 1280 and 390 px wide: nothing scrolls sideways and axe finds nothing. */
async function expectFitsAndAccessible(page: Page, label: string) {
  for (const width of [1280, 390]) {
    await resize(page, { width, height: width > 400 ? 900 : 844 });
    // Polled: the charts and tables lay themselves out again a moment after the resize.
    await expect.poll(() => sideways(page), { message: `${label} at ${width} px scrolls sideways` }).toBeLessThanOrEqual(0);
    await expectNoViolations(page, `${label} at ${width} px`);
  }
  await resize(page, { width: 1280, height: 900 });
}


test("a tracker export of stories, bugs and tasks: each row says its kind, and the filter counts and picks kinds", async ({ page }) => {
  // Three accessibility checks at two widths each, after a scoring run: on a loaded CI machine this passed 60 s (a CI
  // run beside two benchmark jobs took 795 s for the browser stage), as the dashboard's summary test does.
  test.slow();
  await page.goto("/");
  await chooseFile(page, MIXED_JIRA);
  await expect(page.getByTestId("detected-format")).toContainText("Read as Jira CSV export");
  // Stories, bugs and tasks are "work items" wherever the page counts them all; "stories" only for stories alone.
  await page.getByRole("button", { name: "Score 8 work items" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);

  await expect(page.getByText(/read as Jira CSV export · 3 stories, 2 bugs and 3 tasks ·/)).toBeVisible();
  const cards = page.locator(".summary-cards");
  await expect(cards).toContainText("of 8 work items");
  await expect(cards).not.toContainText(/stor(y|ies)/);
  await expect(page.getByTestId("summary-facts")).not.toContainText(/stor(y|ies)/);
  await expect(page.getByRole("heading", { level: 2, name: "Work items" })).toBeVisible();
  const kind = page.getByLabel("Kind", { exact: true });
  expect(await kind.locator("option").allInnerTexts()).toEqual(["All kinds (8)", "Stories (3)", "Bugs (2)", "Tasks (3)"]);

  // Every row names its kind; a tracker's own name for it (a sub-task is a task) is the label's title.
  const rows = page.locator(".results-table tbody tr:not(.details-row)");
  const row = (key: string) => rows.filter({ hasText: key });
  await expect(rows).toHaveCount(8);
  await expect(rows.locator(".kind-label")).toHaveCount(8);
  await expect(row("SHOP-201").locator(".kind-label")).toHaveText("Story");
  await expect(row("SHOP-204").locator(".kind-label")).toHaveText("Bug");
  await expect(row("SHOP-206").locator(".kind-label")).toHaveText("Task");
  await expect(row("SHOP-208").locator(".kind-label")).toContainText("Task");
  await expect(row("SHOP-208").locator(".kind-label")).toHaveAttribute("title", "Task (tracker type: Sub-task)");
  await expect(row("SHOP-204").locator(".kind-label")).not.toHaveAttribute("title", /./);
  // Opened, a row says where its kind came from: here the file's type column named every one.
  await row("SHOP-204").getByRole("button", { name: /SHOP-204/ }).click();
  await expect(page.locator(".details-row").getByTestId("kind-source")).toHaveText("Judged as a bug (from its type).");
  await expectFitsAndAccessible(page, "results, a bug open");
  await row("SHOP-204").getByRole("button", { name: /SHOP-204/ }).click();
  await expect(page.locator(".details-row")).toHaveCount(0);
  // The download says it in a column of its own, after the older columns.
  const csv = await (await page.request.get(`/evaluate/results/${page.url().split("/").at(-1)}?format=csv`)).text();
  const [header, ...lines] = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
  expect(header.slice(-2)).toEqual(["work_item_type_source", "preset"]);
  expect(lines.find((line) => line[1] === "SHOP-204")?.slice(-2)).toEqual(["from its type", "default"]);
  await expectFitsAndAccessible(page, "results, all kinds");

  await kind.selectOption("bug");
  await expect(page.getByTestId("results-range")).toHaveText("1-2 of 2 bugs");
  await expect(rows).toHaveCount(2);
  expect(await rows.locator(".kind-label").allInnerTexts()).toEqual(["Bug", "Bug"]);
  await expectFitsAndAccessible(page, "results, bugs");

  await kind.selectOption("task");
  await expect(page.getByTestId("results-range")).toHaveText("1-3 of 3 tasks");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "SHOP-208" })).toHaveCount(1);

  await kind.selectOption("all");
  await expect(page.getByTestId("results-range")).toHaveText("1-8 of 8 work items");
});

test("the dashboard's kind filter travels in the address and in the stats requests", async ({ page }) => {
  await signIn(page, { to: "/dashboard?work_item_type=bug" });
  await expect(page).toHaveURL(/work_item_type=bug/);
  const kind = page.getByLabel("Kind", { exact: true });
  await expect(kind).toHaveValue("bug");
  await expect(page.getByRole("heading", { level: 2, name: "Bugs" })).toBeVisible();

  // The page's own requests for other intervals or searches keep to bugs.
  const trend = page.waitForRequest((request) => request.url().includes("/stats/trends?"));
  await page.getByRole("group", { name: "Trend interval" }).getByRole("button", { name: "Month" }).click();
  expect(new URL((await trend).url()).searchParams.get("work_item_type")).toBe("bug");
  const search = page.waitForRequest((request) => request.url().includes("/stats/stories?"));
  await page.getByLabel("Search stories").fill("package");
  expect(new URL((await search).url()).searchParams.get("work_item_type")).toBe("bug");

  // Back to every kind (the form sends an empty work_item_type, which is no filter).
  await kind.selectOption("");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).not.toHaveURL(/work_item_type=[a-z]/);
  await expect(page.getByRole("heading", { level: 2, name: "Stories" })).toBeVisible();
});

test("the dashboard sums up each kind and shows only the kind chosen", async ({ page }) => {
  // Three kinds, each checked at two widths with axe: about 25 s on a quiet machine, past the 60 s default when the
  // other shard loads both cores (a CI run timed out inside axe, then inside the next poll, with nothing wrong).
  test.slow();
  await signIn(page);
  const summary = (await (await page.request.get("/stats/summary")).json()) as { by_work_item_type?: Record<string, { story_count: number }> };
  test.skip(!summary.by_work_item_type, "the stats API does not report by_work_item_type yet");
  const byKind = summary.by_work_item_type!;
  // The demo seeds three bugs, three tasks and a spike beside its stories (lib/demo/sample-backlog.ts).
  expect(Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, v.story_count]))).toMatchObject({ bug: 3, task: 3, spike: 1 });

  const table = page.getByTestId("kind-breakdown");
  await expect(table.getByRole("heading", { name: "By kind" })).toBeVisible();
  const tableRows = table.locator("tbody tr");
  expect(await tableRows.locator(".kind-label").allInnerTexts()).toEqual(["Story", "Bug", "Task", "Spike"]);
  await expect(tableRows.filter({ hasText: "Bug" }).locator("td").nth(1)).toHaveText("3");
  await expect(tableRows.filter({ hasText: "Spike" }).locator("td").nth(1)).toHaveText("1");
  await expect(tableRows.filter({ hasText: "Bug" }).locator("td").nth(2)).toHaveText(/^\d{1,3}%$/);
  // The demo's spike scores 100% on every dimension: no dimension is its weakest.
  await expect(tableRows.filter({ hasText: "Spike" }).locator("td").nth(3)).toHaveText("none: all six at 100%");
  await expect(tableRows.filter({ hasText: "Bug" }).locator("td").nth(3)).toHaveText(/^[A-Z][a-z]+ \(\d{1,3}%\)$/);
  // Every kind together is "work items"; what is billed is said where usage is counted.
  await expect(page.getByText("Work items scored")).toBeVisible();
  await expect(page.getByTestId("card-stories-note")).toHaveText(/one per ticket, however often edited/);
  await expect(page.getByTestId("billing-rule")).toContainText("a ticket sent without one is known by its text, so each edit of it is billed as a new story");

  const kind = page.getByLabel("Kind", { exact: true });
  const options = await kind.locator("option").allInnerTexts();
  expect(options.slice(1)).toEqual([`Stories (${byKind.story.story_count})`, "Bugs (3)", "Tasks (3)", "Spikes (1)"]);
  expect(options[0]).toBe(`All kinds (${Object.values(byKind).reduce((sum, k) => sum + k.story_count, 0)})`);
  await expect(page.locator(".stories-table .kind-label").first()).toBeVisible();
  await expectFitsAndAccessible(page, "dashboard, all kinds");

  await kind.selectOption("bug");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/work_item_type=bug/);
  await expect(page.getByTestId("card-stories")).toHaveText("3");
  await expect(page.getByText("Bugs scored")).toBeVisible();
  await expect(page.getByTestId("stories-status")).toContainText("3 bugs · page 1 of 1");
  expect(await page.locator(".stories-table tbody .kind-label").allInnerTexts()).toEqual(["Bug", "Bug", "Bug"]);
  await expectFitsAndAccessible(page, "dashboard, bugs");

  // Spikes alone: every dimension at 100%, so none is called the weakest.
  await page.goto("/dashboard?work_item_type=spike");
  await expect(page.getByText("Spikes scored")).toBeVisible();
  await expect(page.getByTestId("card-weakest")).toHaveText("None");
  await expect(page.getByTestId("weakest-callout")).toHaveText("No dimension is weaker than the others: all six average 100%.");
  await page.goto("/dashboard?work_item_type=bug");

  // A bug's own page says it is one.
  await page.locator(".stories-table tbody a").first().click();
  await expect(page.locator(".story-header .eyebrow .kind-label")).toHaveText("Bug");
});
