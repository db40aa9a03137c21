import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/client";
import { chooseFile } from "./fixtures/upload";
import { resize } from "./fixtures/viewport";

// The public evaluator end to end: a real backlog (lib/scoring/fixtures/backlogs/g09.txt, and a CSV of it) through
// upload, mapping, scoring and the results page. Each test is its own client of the per-IP limits
// (fixtures/client.ts), so the test that uses up its uploads takes none from the others.

const fixture = (name: string) => path.join(__dirname, "fixtures", name);
const BACKLOG = fixture("duo-backlog.csv"); // 41 rows, semicolon-separated; "Title" is detected as the summary
const TXT_BACKLOG = path.join(__dirname, "../lib/scoring/fixtures/backlogs/g09.txt");
const JIRA_EXPORT = path.join(__dirname, "../lib/backlog/fixtures/jira-export.csv");

async function overallScores(page: Page): Promise<number[]> {
  const texts = await page.locator("tbody tr:not(.details-row) td:nth-child(3)").allInnerTexts();
  return texts.map((text) => Number(text.replace("%", "")));
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("upload a backlog, fix the mapping, score, then sort, filter, expand and download the results", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INVEST");
  await chooseFile(page, BACKLOG);

  // The detected mapping picked the short "Title" column; the preview shows it, and the visitor changes it.
  const summary = page.getByLabel("Summary");
  await expect(summary).toHaveValue("Title");
  await expect(page.getByText("41 rows, semicolon-separated")).toBeVisible();
  await expect(page.getByLabel("Key")).toHaveValue("Issue key");
  const preview = page.locator(".preview-table");
  await expect(preview.locator("tbody tr").first()).toContainText("Capture a business rule");
  await summary.selectOption("User story");
  await expect(preview.locator("tbody tr").first()).toContainText("As a RuleAuthor, I want to capture a business rule");
  await expect(page.getByText("1 row has an empty summary and will be listed as not scored: row 13.")).toBeVisible();

  // The kinds were counted under the detected mapping; with another summary column they are not known until
  // scored, so the button says "work items" (the results say "stories", below).
  await page.getByRole("button", { name: "Score 40 work items" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  const resultsUrl = page.url();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("duo-backlog.csv");
  await expect(page.getByText("40 of 41 rows scored")).toBeVisible();
  await expect(page.getByText("1 row was not scored because the summary is empty: row 13.")).toBeVisible();
  await expect(page.getByText("Average score per INVEST dimension")).toBeVisible();
  await expect(page.locator(".chart-canvas svg")).toBeVisible();
  await expect(page.getByLabel("Shareable link")).toHaveValue(new RegExp(`${new URL(resultsUrl).pathname}$`));
  const range = page.getByTestId("results-range");
  await expect(range).toHaveText("1-25 of 40 stories");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(range).toHaveText("26-40 of 40 stories");
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expect(range).toHaveText("1-25 of 40 stories");

  // Sort by overall score, both ways.
  const overall = page.getByRole("button", { name: /^Overall/ });
  await overall.click();
  await expect(page.getByRole("columnheader", { name: /Overall/ })).toHaveAttribute("aria-sort", "ascending");
  const ascending = await overallScores(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await overall.click();
  await expect(page.getByRole("columnheader", { name: /Overall/ })).toHaveAttribute("aria-sort", "descending");
  const descending = await overallScores(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // Filter: by text, then by dimension (the repeated story is flagged under Independent).
  await page.getByLabel("Search").fill("diagram");
  await expect(range).toHaveText(/^1(-[2-9])? of [1-9] stor(y|ies)$/);
  for (const text of await page.locator("tbody tr:not(.details-row) td:nth-child(2)").allInnerTexts()) expect(text.toLowerCase()).toContain("diagram");
  await page.getByLabel("Search").fill("");
  await page.getByLabel("Has findings in").selectOption("independent");
  await expect(range).toHaveText(/^1(-[2-9])? of [1-9] stor(y|ies)$/);
  await expect(page.locator("tbody")).toContainText("DUO-141"); // repeats DUO-106
  await page.getByLabel("Has findings in").selectOption("any");

  // Expand a story: findings with the offending words highlighted, recommendations.
  await page.getByLabel("Search").fill("DUO-119");
  const story = page.getByRole("button", { name: /DUO-119/ });
  await expect(story).toHaveAttribute("aria-expanded", "false");
  await story.click();
  await expect(story).toHaveAttribute("aria-expanded", "true");
  const details = page.locator(".details-row");
  await expect(details.getByRole("heading", { name: /Findings/ })).toBeVisible();
  // The offending words are marked in the row's own story; the details do not repeat the story.
  await expect(story.locator("mark").filter({ hasText: "something" })).toBeVisible();
  const storyText = (await story.locator(".story-summary").innerText()).trim();
  await expect(details).not.toContainText(storyText);
  await expect(details.getByRole("heading", { name: "Story", exact: true })).toHaveCount(0);
  await expect(details.getByRole("heading", { name: "Recommendations" })).toBeVisible();
  // The overall says why it is what it is: in the expanded row, and as the overall's title and description.
  await expect(details.locator(".overall-reasoning")).toContainText(/^Overall \d+%: .+ (pulls|pull) it down from a mean of \d+%/);
  const why = await page.locator("tbody tr:not(.details-row) td:nth-child(3) .score-pill").first().getAttribute("title");
  expect(why).toMatch(/^\d+%: /);
  await story.press("Enter");
  await expect(details).toHaveCount(0);

  // The CSV download: every input row, the skipped one noted.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("results-duo-backlog.csv");
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFFrow,key,type,work_item_type,language,summary,overall (%),overall_reasoning")).toBe(true);
  expect(csv).toContain("not scored: the summary is empty");
  expect(csv).toContain("DUO-141");

  // The shareable URL works in a fresh page.
  const shared = await page.context().newPage();
  await shared.goto(resultsUrl);
  await expect(shared.getByRole("heading", { level: 1 })).toHaveText("duo-backlog.csv");
  await shared.close();
});

test("a plain-text backlog with one story per line can be dropped on the page", async ({ page }) => {
  await page.goto("/");
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], "g09.txt", { type: "text/plain" }));
    return transfer;
  }, readFileSync(TXT_BACKLOG, "utf8"));
  await page.locator(".dropzone").dispatchEvent("dragover", { dataTransfer });
  await page.locator(".dropzone").dispatchEvent("drop", { dataTransfer });
  await expect(page.getByText("85 rows, one story per line")).toBeVisible();
  await expect(page.getByLabel("Summary")).toHaveValue("Story");
  await expect(page.getByRole("button", { name: "Score 85 stories" })).toBeEnabled();
});

test("a row with more fields than the header is read whole in a one-column file, and named with a warning otherwise", async ({ page }) => {
  await page.goto("/");
  const one = "Story\nAs a guest, I want to book a room, so that I can stay.\nAs a host, I want to list my flat\n";
  await chooseFile(page, { name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from(one) });
  await expect(page.locator(".preview-summary").first()).toHaveText("As a guest, I want to book a room, so that I can stay.");
  await expect(page.getByTestId("row-warnings")).toHaveCount(0);
  const two = "Key,Summary\nK-1,As a guest, I want to book a room\nK-2,As a host I want to list my flat\n";
  await chooseFile(page, { name: "keys.csv", mimeType: "text/csv", buffer: Buffer.from(two) }, "Choose another file");
  const warnings = page.getByTestId("row-warnings");
  await expect(warnings).toContainText("1 row has more fields than the header");
  await expect(warnings.getByRole("listitem")).toHaveText([/^Row 1 has 3 fields where the header has 2 columns .*“ I want to book a room” was left out/]);
});

test("a file the service cannot use is explained", async ({ page }) => {
  await page.goto("/");
  await chooseFile(page, { name: "people.csv", mimeType: "text/csv", buffer: Buffer.from("Person;Email\nAnn;ann@example.com\n") });
  await expect(page.locator(".alert[role=alert]")).toContainText("No summary column found");
  await expect(page.locator(".alert[role=alert]")).toContainText("found: Person, Email");
});

test("unknown results show a clear not-found page", async ({ page }) => {
  const response = await page.goto("/results/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Results not found" })).toBeVisible();
});

test("both pages pass an axe scan and fit a phone screen", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousViolations(page, "home");
  await chooseFile(page, BACKLOG);
  await expect(page.getByLabel("Summary")).toBeVisible();
  await expectNoSeriousViolations(page, "home with mapping");

  await page.getByLabel("Summary").selectOption("User story");
  await page.getByRole("button", { name: "Score 40 work items" }).click();
  await page.waitForURL(/\/results\//);
  await page.getByRole("button", { name: /DUO-101/ }).click();
  await expect(page.locator(".details-row")).toBeVisible();
  await expectNoSeriousViolations(page, "results");

  await resize(page, { width: 390, height: 844 });
  const resultsUrl = page.url();
  for (const url of ["/", resultsUrl]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
  }

  // On a phone each story is a card: nothing scrolls sideways, every score is named, the table is still a table.
  const region = page.getByRole("region", { name: "Stories table" });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const firstCard = page.locator(".results-table tbody tr").first();
  await expect(firstCard.locator('td[data-label="Overall"]')).toBeVisible();
  expect(await firstCard.locator('td[data-label="Overall"]').evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Overall"');
  const box = await firstCard.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("button", { name: /Overall/ })).toBeVisible();
  await page.getByRole("button", { name: /DUO-101/ }).click();
  await expect(page.locator(".details-row")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, "results (phone)");
});

test("a compound story is split into one story per feature, readable on a phone", async ({ page }) => {
  const csv = "Key,Summary\nADM-1,\"As an admin, I want to add or remove users, so that the team stays current.\"\nADM-2,\"As a shopper, I want to save my cart so that I can finish checkout later.\"\n";
  await page.goto("/");
  await chooseFile(page, { name: "admin.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Score 2 stories" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);

  await page.getByRole("button", { name: /ADM-1/ }).click();
  const details = page.locator(".details-row");
  await expect(details.getByRole("heading", { name: "Split into 2 stories" })).toBeVisible();
  await expect(details.getByRole("heading", { name: "Suggested rewrite" })).toHaveCount(0);
  const parts = details.getByRole("list").filter({ has: page.locator("blockquote") }).getByRole("listitem");
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText("As an admin, I want to add users");
  await expect(parts.nth(1)).toContainText("As an admin, I want to remove users");
  await expectNoSeriousViolations(page, "results with a split");

  // On a phone the list stays within the screen.
  await resize(page, { width: 390, height: 844 });
  await expect(parts.nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await parts.nth(1).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);

  // A story with one feature has no split.
  await page.getByRole("button", { name: /ADM-1/ }).click();
  await page.getByRole("button", { name: /ADM-2/ }).click();
  await expect(page.locator(".details-row")).toBeVisible();
  await expect(page.locator(".details-row").getByRole("heading", { name: /^Split into/ })).toHaveCount(0);
});

test("a compound story shows its split and its rewrite side by side; one that cannot be cut names its features", async ({ page }) => {
  const csv = "Key,Summary\n" +
    "INV-1,\"As a shopper, I want to view and download invoices (PDF), so that I can file my expenses.\"\n" +
    "INV-2,\"As a trainer, I want to list my classes in my profile and include a link to a page about each, so that attendees find them.\"\n";
  await page.goto("/");
  await chooseFile(page, { name: "advice.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Score 2 stories" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);

  await page.getByRole("button", { name: /INV-1/ }).click();
  const details = page.locator(".details-row");
  await expect(details.getByRole("heading", { name: "Split into 2 stories" })).toBeVisible();
  await expect(details.getByRole("heading", { name: "Suggested rewrite" })).toBeVisible();
  // The rewrite is the whole story with the bracket moved out, never a split part; the advice says where it went.
  await expect(details.locator("blockquote.rewrite").last()).toHaveText("As a shopper, I want to view and download invoices, so that I can file my expenses.");
  await expect(details.getByText(/Moved to the description: "\(PDF\)"/)).toBeVisible();

  await page.getByRole("button", { name: /INV-1/ }).click();
  await page.getByRole("button", { name: /INV-2/ }).click();
  await expect(details.getByRole("heading", { name: /^Split into/ })).toHaveCount(0);
  await expect(details.getByText(/2 features: "list my classes in my profile", "include a link to a page about each"/)).toBeVisible();
});

test("a Jira CSV export is read as Jira: wiki markup as text, criteria found, bugs and sub-tasks told apart by kind", async ({ page }) => {
  await page.goto("/");
  await chooseFile(page, JIRA_EXPORT);
  await expect(page.getByTestId("detected-format")).toContainText("Read as Jira CSV export");
  await expect(page.getByLabel("Acceptance criteria")).toHaveValue("Custom field (Acceptance Criteria)");
  await expect(page.getByLabel("Type")).toHaveValue("Issue Type");
  // Two stories, a bug and a sub-task: "work items", not "stories".
  await page.getByRole("button", { name: "Score 4 work items" }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/read as Jira CSV export · 2 stories, 1 bug and 1 task ·/)).toBeVisible();

  // The criteria section of SHOP-102's wiki-markup description is its criteria, shown as plain text.
  await page.getByRole("button", { name: /SHOP-102/ }).click();
  const details = page.locator(".details-row");
  await expect(details).toContainText("Given a search with results, when I set a maximum price of 50");
  await expect(details).not.toContainText("h3.");
  await expect(details).not.toContainText("{color");
  await page.getByRole("button", { name: /SHOP-102/ }).click();

  await page.getByLabel("Kind", { exact: true }).selectOption("story");
  await expect(page.getByTestId("results-range")).toHaveText("1-2 of 2 stories");
  await expect(page.locator("tbody")).not.toContainText("SHOP-103");
});

test("the per-IP upload limit is explained with when to retry", async ({ page, request, clientAddress }) => {
  const body = { file: { name: "one.csv", mimeType: "text/csv", buffer: Buffer.from("Summary\nAs a user, I want to log in\n") } };
  // Every request forges other client addresses: in front of what the proxy appended to X-Forwarded-For (the
  // test's own address), in a peer header of the server's own, and in X-Real-IP. The server counts the
  // address the proxy saw all the same.
  const forged = (i: number) => ({ "x-forwarded-for": `203.0.113.${i}, ${clientAddress}`, "x-ssc-peer-address": `198.51.100.${i}`, "x-real-ip": `192.0.2.${i}` });
  for (let i = 0; i < 10; i++) expect((await request.post("/evaluate/upload", { multipart: body, headers: forged(i) })).status(), `upload ${i + 1}`).toBe(201);
  const refused = await request.post("/evaluate/upload", { multipart: body, headers: forged(99) });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(await refused.json()).toEqual({ detail: expect.stringContaining("limit is 10 per hour") });

  await page.goto("/");
  await chooseFile(page, BACKLOG);
  const alert = page.locator(".alert[role=alert]");
  await expect(alert).toContainText("Limit reached.");
  await expect(alert).toContainText("the limit is 10 per hour");
  await expect(alert).toContainText(/Try again in \d+ minutes?\. You can upload again at \d/);
});

// The 85-story backlog (g09.txt) at 1280 and 390 px: the upload page names JSON and keeps Score in reach
// on a phone; the results page says its range, says facts every story shares once, and does not repeat a story.
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

for (const width of [1280, 390]) {
  test(`an 85-story backlog at ${width} px: the range, shared facts once, no repeated story, Score within reach`, async ({ page }) => {
    const height = width === 390 ? 844 : 800;
    await resize(page, { width, height });
    await page.goto("/");
    const hint = page.locator(".dropzone-hint");
    await expect(hint).toContainText("JSON");
    await expect(hint).toContainText("CSV");
    await expect(hint).toContainText("plain text");
    await chooseFile(page, TXT_BACKLOG);
    const scoreButton = page.getByRole("button", { name: "Score 85 stories" });
    await expect(scoreButton).toBeVisible();
    // The Score button's top is on the first screen, without scrolling past the preview.
    await page.evaluate(() => window.scrollTo(0, 0));
    const button = await scoreButton.boundingBox();
    expect(button && button.y < height).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page, `upload ${width}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/upload-${width}.png`, fullPage: true });

    await scoreButton.click();
    await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
    const range = page.getByTestId("results-range");
    await expect(range).toHaveText("1-25 of 85 stories");
    const rows = page.locator(".results-table tbody tr:not(.details-row)");
    await expect(rows).toHaveCount(25);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(range).toHaveText("26-50 of 85 stories");
    await page.getByRole("button", { name: "Previous", exact: true }).click();
    await expect(range).toHaveText("1-25 of 85 stories");

    // A dimension every story scores the same on is said once above the table, not as a column in each row.
    const facts = page.getByTestId("summary-facts");
    await expect(facts).toBeVisible();
    const shared = page.getByTestId("shared-scores");
    const sharedDims = (await shared.count()) ? ((await shared.innerText()).split(":").pop() ?? "").replace(/\.$/, "").split(",").map((d) => d.trim()) : [];
    expect(sharedDims.length).toBeGreaterThan(0);
    for (const dim of sharedDims) {
      await expect(facts).toContainText(dim);
      await expect(page.locator(`.results-table td[data-label="${dim}"]`)).toHaveCount(0);
      await expect(page.locator(".results-table thead").getByRole("button", { name: dim })).toHaveCount(0);
    }
    for (const text of await rows.allInnerTexts()) expect(text).not.toMatch(/for all|every story/i);
    // A plain list of stories does not label each row "Story".
    await expect(rows.locator(".kind-label")).toHaveCount(0);

    // Filtering narrows the range.
    await page.getByLabel("Overall score").selectOption({ index: 1 });
    await expect(range).toHaveText(/^(1(-\d+)? of \d+ stor(y|ies)|No stories match these filters\.)$/);
    await page.getByLabel("Overall score").selectOption("all");
    await expect(range).toHaveText("1-25 of 85 stories");

    if (width === 1280) {
      // The story takes the width the scores do not need: a story of a line or so wraps to two lines at most.
      const lines = await page.locator(".results-table .story-summary").evaluateAll((els) =>
        els.map((el) => ({ chars: el.textContent?.length ?? 0, lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)) })),
      );
      for (const { chars, lines: n } of lines) if (chars <= 120) expect(n, `${chars} characters`).toBeLessThanOrEqual(2);
      const storyWidth = await page.locator("thead th.col-story").evaluate((el) => el.getBoundingClientRect().width);
      expect(storyWidth).toBeGreaterThan(500);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/results-${width}.png`, fullPage: true });

    // An expanded row does not repeat its story.
    const first = rows.first().getByRole("button");
    const storyText = (await first.locator(".story-summary").innerText()).trim();
    await first.click();
    const details = page.locator(".details-row");
    await expect(details.getByRole("heading", { name: /Findings/ })).toBeVisible();
    await expect(details).not.toContainText(storyText);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page, `results ${width}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/results-open-${width}.png` });
  });
}
