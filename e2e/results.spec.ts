import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/client";
import { chooseFile } from "./fixtures/upload";
import { resize } from "./fixtures/viewport";

// The upload preview and the results page of the public evaluator: the whole story in its row, facts every story
// shares said once, no accessibility violations, and no sideways scrolling on a phone. Each test is its own
// client of the per-IP limits (fixtures/client.ts).

const LONG_STORY =
  "As a rule author working on the municipal permit rulebase, I want to compare two versions of a business rule side by side with every changed condition highlighted, so that I can review a colleague's edit before it is published.";
const URL_STORY =
  "As a visitor, I want to open https://example.org/rulebases/municipal-permits/versions/2024-11-03/conditions/compare-with-previous from the e-mail, so that I see the change.";

const csv = [
  "Key,Summary,Description",
  `LONG-1,"${LONG_STORY}",`,
  `URL-2,"${URL_STORY}",The link in the weekly e-mail.`,
  'SHORT-3,"As a rule author, I want to delete a rule quickly and easily, so that the rulebase stays small.",',
].join("\n");

/** The cell shows all of `text`, wrapped: nothing in it (`parts`) is cut off, clamped or scrolled. */
async function expectWholeText(cell: Locator, text: string, parts = ".story-summary, .expand-button") {
  expect(await cell.innerText()).toContain(text);
  const fits = await cell.evaluate((td, selector) =>
    [td, ...td.querySelectorAll<HTMLElement>(selector)].map((el) => {
      const style = getComputedStyle(el);
      return {
        wide: el.scrollWidth - el.clientWidth,
        tall: el.scrollHeight - el.clientHeight,
        ellipsis: style.textOverflow,
        clamp: style.getPropertyValue("-webkit-line-clamp") || "none",
      };
    }),
    parts,
  );
  for (const el of fits) {
    expect(el.wide).toBeLessThanOrEqual(0);
    expect(el.tall).toBeLessThanOrEqual(0);
    expect(el.ellipsis).not.toBe("ellipsis");
    expect(el.clamp).toBe("none");
  }
}

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the results show every story in full, say shared facts once, pass axe and fit a phone", async ({ page }) => {
  expect(LONG_STORY.length).toBeGreaterThan(190);
  await page.goto("/");
  await chooseFile(page, { name: "rules.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByLabel("Acceptance criteria")).toHaveValue("");
  await page.getByLabel("Rules (how stories are read)").selectOption("lenient");
  await page.getByRole("button", { name: "Score 3 stories" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  const resultsUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("rules.csv");
  // The preset chosen before scoring is kept with the results, beside the summary and in the download.
  await expect(page.getByTestId("results-preset")).toHaveText("rules: Lenient (one user goal)");
  const download = await page.request.get(`/evaluate/results/${resultsUrl.split("/").at(-1)}?format=csv`);
  const header = (await download.text()).replace(/^\uFEFF/, "").split("\r\n")[0];
  expect(header.endsWith(",note,work_item_type_source,preset")).toBe(true);

  // The whole story is in its row, wrapped: nothing cut off, clamped or scrolled.
  const row = (key: string) => page.locator("tbody tr:not(.details-row)").filter({ hasText: key });
  await expectWholeText(row("LONG-1").locator("td.col-story"), LONG_STORY);
  await expectWholeText(row("URL-2").locator("td.col-story"), URL_STORY);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);

  // No story has criteria: said once as a sentence, not as a headline card.
  const shared = /None of the 3 stories has acceptance criteria, so Testable is (at most )?\d+% for all of them\./;
  await expect(page.getByText(shared)).toHaveCount(1);
  await expect(page.getByTestId("summary-facts")).toContainText(shared);
  expect((await page.locator("main").innerText()).match(new RegExp(shared.source, "g"))).toHaveLength(1);
  const cards = page.locator(".summary-cards");
  await expect(cards).not.toContainText("Weakest dimension");
  await expect(cards).not.toContainText("Testable");
  // The cards count the lowest and highest of the bands the scores are coloured and filtered by, low to high.
  const filterBands = (await page.getByLabel("Overall score").locator("option").allInnerTexts()).slice(1);
  expect(filterBands).toEqual(["Below 50%", "50% to 79%", "80% and above"]);
  expect((await cards.locator(".stat-label").allInnerTexts()).filter((label) => label.includes("%"))).toEqual([filterBands[0], filterBands[2]]);

  // The table still expands, and the page has no accessibility violations, closed or open.
  await expectNoViolations(page, "results");
  await page.getByRole("button", { name: /LONG-1/ }).click();
  await expect(page.locator(".details-row").getByRole("heading", { name: /Findings/ })).toBeVisible();
  await expectNoViolations(page, "results with a story open");

  // On a phone: no sideways scrolling, and each card still shows its whole story.
  await resize(page, { width: 390, height: 844 });
  await page.goto(resultsUrl);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("results-preset")).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await expectWholeText(row("LONG-1").locator("td.col-story"), LONG_STORY);
  await expectWholeText(row("URL-2").locator("td.col-story"), URL_STORY);
  await page.getByRole("button", { name: /URL-2/ }).click();
  await expect(page.locator(".details-row")).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoViolations(page, "results (phone)");
});

test("the upload preview shows every story in full and fits a phone", async ({ page }) => {
  await resize(page, { width: 390, height: 844 });
  await page.goto("/");
  await chooseFile(page, { name: "rules.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const preview = page.locator(".preview-table");
  const row = (key: string) => preview.locator("tbody tr").filter({ hasText: key });
  await expect(row("LONG-1")).toBeVisible();
  // Each row is a card, the story on top in full, the other cells named by their column.
  await expect(row("LONG-1")).toHaveCSS("display", "grid");
  await expectWholeText(row("LONG-1").locator("td.cell-summary"), LONG_STORY, ".preview-summary");
  await expectWholeText(row("URL-2").locator("td.cell-summary"), URL_STORY, ".preview-summary");
  const labels = await row("URL-2").locator("td[data-label]").evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content));
  expect(labels).toEqual(['"Row"', '"Description"', '"Key"']);
  // Nothing scrolls sideways: neither the page nor the preview's own region.
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  const region = page.getByRole("region", { name: /Preview of the first/ });
  expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoViolations(page, "upload preview (phone)");

  // On a desktop the preview is a table again, its stories still whole.
  await resize(page, { width: 1280, height: 800 });
  await expect(row("LONG-1")).toHaveCSS("display", "table-row");
  await expectWholeText(row("LONG-1").locator("td.cell-summary"), LONG_STORY, ".preview-summary");
});
