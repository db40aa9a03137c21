import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { resize } from "./fixtures/viewport";

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
  // The reference is one page of about 12,000 elements (every endpoint's tables, their rows and cells with the
  // roles that keep them tables as cards on a phone): axe reads it in 35-55 s on a busy 2-core machine, past the
  // default 60 s test budget once the page load is counted.
  test.setTimeout(150_000);
  await page.goto("/docs");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((violation) => `${violation.id} (${violation.impact}) on ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("the API reference does not scroll sideways on a phone", async ({ page }) => {
  await resize(page, { width: 390, height: 844 });
  await page.goto("/docs");
  await expect(page.locator("pre.docs-curl").first()).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  // Long examples scroll inside their own box instead.
  expect(await page.locator("pre.docs-curl").first().evaluate((element) => getComputedStyle(element).overflowX)).toBe("auto");
});

test("the API reference can be navigated by group, and each endpoint is titled by what it does", async ({ page }) => {
  await page.goto("/docs");
  const sections = page.getByRole("navigation", { name: "API sections" });
  const groups = await sections.getByRole("link").allInnerTexts();
  expect(groups.length).toBeGreaterThan(3);
  const last = groups[groups.length - 1];
  await sections.getByRole("link", { name: last, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: last, exact: true })).toBeInViewport();
  // The bar stays at hand far down the page.
  await expect(sections).toBeInViewport();
  await expect(page.locator("#postApiV1Score h3")).toContainText(/Score one story.*POST.*\/api\/v1\/score/s);
  await page.locator("#postApiV1Score").getByRole("link", { name: "Back to the index of endpoints" }).click();
  await expect(page.getByRole("navigation", { name: "Endpoints" })).toBeInViewport();
});

for (const width of [390, 1280]) {
  test(`field names and types wrap only after a dot or between alternatives, at ${width} px`, async ({ page }) => {
    await resize(page, { width, height: 900 });
    await page.goto("/docs");
    await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const broken = await page.evaluate(() => {
      const out: string[] = [];
      // Each dot-separated part of a field name is one span; a part on two lines has two boxes.
      for (const part of document.querySelectorAll(".schema-name > span")) if (part.getClientRects().length > 1) out.push(part.textContent ?? "");
      // A type ("story" | "bug" | ...) breaks only after a bar or, inside an alternative, after a dot: each
      // dot-separated part of an alternative is one span.
      for (const part of document.querySelectorAll(".schema-type > span > span")) if (part.getClientRects().length > 1) out.push(part.textContent ?? "");
      for (const name of document.querySelectorAll(".schema-param")) if (name.getClientRects().length > 1) out.push(name.textContent ?? "");
      return out;
    });
    expect(broken).toEqual([]);
    expect(await page.locator(".schema-name").count()).toBeGreaterThan(50);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
}
