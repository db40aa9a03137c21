// The settings page's "Rules and conventions" section (docs/rules.md): a preset chosen and a code switched off in
// the page, saved through PUT /api/v1/rules, shown again after a reload and in the audit trail; the section at 1280 px
// and on a 390 px phone, no sideways scroll, no accessibility violations. The settings are put back to the
// default at the end, so the other specs score the demo as they always did.
import AxeBuilder from "@axe-core/playwright";
import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { test as clientTest } from "./fixtures/client";
import { expectNoSidewaysScroll } from "./fixtures/layout";
import { DEMO } from "./fixtures/demo";
import { chooseFile } from "./fixtures/upload";

async function openRules(page: Page) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard/settings")}`);
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const section = page.getByRole("region", { name: "Rules and conventions", exact: true });
  await expect(section.getByRole("status")).toContainText("In use:");
  return section;
}

async function expectNoA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).include(".rules-section").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function putDefault(page: Page) {
  const answer = await page.evaluate(async () => {
    const response = await fetch("/api/v1/rules", { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ preset: "default", codes: {} }) });
    return response.status;
  });
  expect(answer).toBe(200);
}

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a preset and a code switched off are saved in the page, shown again after a reload, and audited", async ({ page }) => {
    const section = await openRules(page);
    try {
      await section.getByLabel(/^Lenient/).check();
      await section.getByLabel("Switch off or re-cost a code").selectOption("minimal.brackets");
      await section.getByRole("button", { name: "Add code" }).click();
      const row = section.getByTestId("rule-row").filter({ hasText: "minimal.brackets" });
      await expect(row).toContainText("Off");
      await section.getByRole("button", { name: "Save rules" }).click();
      await expect(section.getByRole("status")).toContainText("Saved: scores from now on run under lenient (rules-1+");
      await expectNoSidewaysScroll(page, "rules at 1280");
      await expectNoA11yViolations(page, "rules at 1280");

      // Reloaded, the page shows what was saved, and the audit trail lists the change.
      await page.reload();
      const again = page.getByRole("region", { name: "Rules and conventions", exact: true });
      await expect(again.getByLabel(/^Lenient/)).toBeChecked();
      await expect(again.getByTestId("rule-row")).toHaveCount(1);
      await expect(page.getByRole("region", { name: "Audit trail", exact: true })).toContainText("Rule settings saved");

      const saved = await page.evaluate(async () => (await fetch("/api/v1/rules")).json());
      expect(saved).toMatchObject({ preset: "lenient", codes: { "minimal.brackets": { enabled: false } }, updated_by: DEMO.email });

      // The dashboard says so under its title, and its link leads back to this section.
      await page.goto("/dashboard");
      const line = page.getByTestId("rules-line");
      await expect(line).toHaveText("New scores use the Lenient (one user goal) rules, 1 code changed from them · Rules settings");
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(line).toBeVisible();
      await expectNoSidewaysScroll(page, "dashboard rules line at 390");
      await page.setViewportSize({ width: 1280, height: 800 });
      await line.getByRole("link", { name: "Rules settings" }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings#rules-heading$/);
      await expect(page.getByRole("heading", { level: 2, name: "Rules and conventions" })).toBeInViewport();
    } finally {
      await putDefault(page);
    }
  });
});

test("a finding dismissed on the story page with a reason is silenced in the next score of the same text", async ({ page, request }) => {
  const admin = { authorization: "Bearer e2e-admin-token-0123456789" };
  const suffix = Date.now().toString(36);
  const customer = `rules-${suffix}`;
  const login = { email: `rules-${suffix}@example.com`, password: "rules-password-1" };
  const created = await request.post("/api/admin/customers", { headers: admin, data: { customer_id: customer, plan: "team" } });
  expect(created.status()).toBe(201);
  const key = ((await created.json()) as { api_key: string }).api_key;
  expect((await request.post("/api/admin/users", { headers: admin, data: { ...login, customer_id: customer } })).status()).toBe(201);
  const body = { ticket_id: "DIS-1", ticket_data: { key: "DIS-1", summary: "As a librarian, I want to add books and lend them to members, so that the shelves get used." } };
  const scoreIt = async () => {
    const answer = await request.post("/api/v1/score", { headers: { authorization: `Bearer ${key}` }, data: body });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as { findings: { code: string }[]; silenced_findings: { code: string; reason: string }[] };
  };
  expect((await scoreIt()).findings.map((f) => f.code)).toContain("atomic.two_actions");

  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard/stories/DIS-1")}`);
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("run-rules").first()).toHaveText("rules: default (rules-1)");
  await page.getByRole("button", { name: "Dismiss atomic.two_actions" }).click();
  await page.getByLabel(/Why does the team accept/).fill("one lending workflow for our team");
  await page.getByRole("button", { name: "Dismiss with this reason" }).click();
  await expect(page.getByTestId("dismissal")).toContainText("one lending workflow for our team");

  const again = await scoreIt();
  expect(again.findings.map((f) => f.code)).not.toContain("atomic.two_actions");
  expect(again.silenced_findings).toEqual([expect.objectContaining({ code: "atomic.two_actions", reason: "one lending workflow for our team" })]);
  await page.reload();
  // The newest run lists it as silenced, with its reason; the finding no longer costs anything.
  await expect(page.getByTestId("silenced-findings").first()).toContainText("one lending workflow for our team");
  await expect(page.getByTestId("run-rules").first()).toHaveText("rules: default (rules-1)");
});

// The public evaluator's own client address (its per-IP limits), as the evaluator spec's tests have.
clientTest("the evaluator reads the backlog by the preset chosen beside the mapping", async ({ page }, testInfo) => {
  const file = testInfo.outputPath("venues.txt");
  writeFileSync(file, "As an administrator, I want to create and maintain venues, so that users find them.\n");
  await page.goto("/");
  await chooseFile(page, file);
  const select = page.getByLabel("Rules (how stories are read)");
  await expect(select).toHaveValue("default");
  await select.selectOption("lenient");
  await page.getByRole("button", { name: /^Score 1 / }).click();
  await page.waitForURL(/\/results\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop();
  const results = (await (await page.request.get(`/evaluate/results/${id}`)).json()) as { results: { findings: { code: string }[] }[] };
  expect(results.results[0].findings.map((f) => f.code).filter((c) => c.startsWith("atomic."))).toEqual([]);
});

test.describe("a 390 px wide phone @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the rules section fits the screen: no sideways scroll, the codes' table as cards", async ({ page }) => {
    const section = await openRules(page);
    try {
      await expectNoSidewaysScroll(page, "rules at 390");
      await section.getByLabel("Switch off or re-cost a code").selectOption("atomic.two_objects");
      await section.getByRole("button", { name: "Add code" }).click();
      await section.getByRole("checkbox", { name: /atomic\.two_objects/ }).check();
      await section.getByLabel("Cost of atomic.two_objects").fill("2");
      await section.getByRole("button", { name: "Save rules" }).click();
      await expect(section.getByRole("status")).toContainText("Saved");
      await expectNoSidewaysScroll(page, "rules at 390, a code listed");
      const row = section.getByTestId("rule-row");
      const box = await row.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await expectNoA11yViolations(page, "rules at 390");
    } finally {
      await putDefault(page);
    }
  });
});
