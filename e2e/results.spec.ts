import { networkInterfaces } from "node:os";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";

// The results page of the public evaluator: the whole story in its row, facts every story shares said once,
// no accessibility violations, and no sideways scrolling on a phone.

// The per-IP limits (10 uploads and 5 scorings an hour) hold for the whole run, and evaluator.spec.ts, which
// runs first, ends by using up the uploads of 127.0.0.1. The server listens on every interface, so this spec
// reaches it through the machine's own network address when it has one: another client, with its own limits.
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
if (ownAddress) test.use({ baseURL: `http://${ownAddress}:${Number(process.env.E2E_PORT || 3210)}` });

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

async function expectWholeText(cell: Locator, text: string) {
  expect(await cell.innerText()).toContain(text);
  const fits = await cell.evaluate((td) =>
    [td, ...td.querySelectorAll<HTMLElement>(".story-summary, .expand-button")].map((el) => {
      const style = getComputedStyle(el);
      return {
        wide: el.scrollWidth - el.clientWidth,
        tall: el.scrollHeight - el.clientHeight,
        ellipsis: style.textOverflow,
        clamp: style.getPropertyValue("-webkit-line-clamp") || "none",
      };
    }),
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
  await page.getByLabel("Choose a file").setInputFiles({ name: "rules.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByLabel("Acceptance criteria")).toHaveValue("");
  await page.getByRole("button", { name: "Score 3 stories" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  const resultsUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("rules.csv");

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
  await expect(cards).toContainText("Below 50%");
  await expect(cards).toContainText("70% and above");

  // The table still expands, and the page has no accessibility violations, closed or open.
  await expectNoViolations(page, "results");
  await page.getByRole("button", { name: /LONG-1/ }).click();
  await expect(page.locator(".details-row").getByRole("heading", { name: /Findings/ })).toBeVisible();
  await expectNoViolations(page, "results with a story open");

  // On a phone: no sideways scrolling, and each card still shows its whole story.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(resultsUrl);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await expectWholeText(row("LONG-1").locator("td.col-story"), LONG_STORY);
  await expectWholeText(row("URL-2").locator("td.col-story"), URL_STORY);
  await page.getByRole("button", { name: /URL-2/ }).click();
  await expect(page.locator(".details-row")).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoViolations(page, "results (phone)");
});
