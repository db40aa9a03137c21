import { expect, test } from "@playwright/test";

test("the home page renders and the service is healthy", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("INVEST");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });
});

test("the API reference renders the OpenAPI document for people", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Story Scoring Service API");
  await expect(page.locator("#postApiV1Score")).toContainText("/api/v1/score");
  await expect(page.locator("#postApiV1Score")).toContainText("QUOTA_EXHAUSTED");
});
