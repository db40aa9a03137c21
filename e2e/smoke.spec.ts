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

test("the API answers unknown paths and wrong methods in its own error shapes, not Next's", async ({ request }) => {
  for (const path of ["/api/v1/scores", "/api/v1/installations/x/unknown", "/stats/nothing"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toMatchObject({ error: "not_found", message: `No endpoint at ${path}.` });
  }
  const wrongMethod = await request.get("/api/v1/score");
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers()["allow"]).toBe("POST, OPTIONS");
  expect(await wrongMethod.json()).toEqual({ error: "method_not_allowed", message: expect.any(String), details: ["method: use POST"] });
  const csv = await request.delete("/evaluate/upload");
  expect(csv.status()).toBe(405);
  expect(csv.headers()["allow"]).toBe("POST, OPTIONS");
  expect(Object.keys(await csv.json())).toEqual(["detail"]);
});
