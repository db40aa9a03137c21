import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

type OpenApi = { paths: Record<string, Record<string, { operationId: string }>> };

test("the API reference has a curl example per operation, no raw Markdown, and the CSV endpoints", async ({ page, request }) => {
  const openapi = (await (await request.get("/api/v1/openapi.json")).json()) as OpenApi;
  const operations = Object.values(openapi.paths).flatMap((methods) => Object.values(methods));

  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Scoring Service API");
  await expect(page.locator("pre.docs-curl")).toHaveCount(operations.length);
  for (const { operationId } of operations) await expect(page.locator(`#${operationId} pre.docs-curl`), operationId).toHaveCount(1);

  const score = page.locator("#postApiV1Score pre.docs-curl");
  await expect(score).toContainText("/api/v1/score");
  await expect(score).toContainText('-H "Authorization: Bearer $API_KEY"');
  await expect(page.locator("#postApiV1EvaluateSource pre.docs-curl")).toContainText("$SERVICE_SECRET");

  const text = await page.locator("body").innerText();
  expect(text).not.toContain("`");

  for (const [id, path] of [
    ["postEvaluateUpload", "/evaluate/upload"],
    ["postEvaluateScore", "/evaluate/score"],
    ["getEvaluateResultsSessionId", "/evaluate/results/{session_id}"],
  ]) {
    await expect(page.locator(`#${id} h3`)).toContainText(path);
    await expect(page.getByRole("navigation", { name: "Endpoints" }).getByRole("link", { name: new RegExp(path.replace(/[{}]/g, "\\$&")) })).toBeVisible();
  }
  await expect(page.locator("#postEvaluateUpload pre.docs-curl")).toContainText("-F 'file=@backlog.csv'");
  await expect(page.locator("#postEvaluateScore")).toContainText('"detail"');

  await expect(page.locator("#webhookScoreCallback")).toContainText("webhook-signature");
  await expect(page.locator("#webhookScoreCallback")).toContainText("new Webhook(process.env.WEBHOOK_SECRET).verify");
});

test("the API reference has no accessibility violations", async ({ page }) => {
  await page.goto("/docs");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the API reference does not scroll sideways on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs");
  await expect(page.locator("pre.docs-curl").first()).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  // Long examples scroll inside their own box instead.
  expect(await page.locator("pre.docs-curl").first().evaluate((element) => getComputedStyle(element).overflowX)).toBe("auto");
});
