import { beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/db";
import { loadDashboard } from "./dashboard";
import { statsDimensions } from "./dimensions";
import { parseQuery, storiesQuerySchema, trendsQuerySchema } from "./params";
import { resolveScope, type Principal } from "@/lib/auth/scope";
import { storyHistory } from "./story-history";
import { listStories } from "./stories";
import { statsSummary } from "./summary";
import { periodStart, statsTrends } from "./trends";
import { FIXTURE_NOW, seedStatsFixture, SPLIT } from "@/testing/stats-fixture";

const database = setupTestDatabase();
const acme: Principal = { kind: "customer", customerId: "acme" };
const company: Principal = { kind: "company", companyId: "acme-co" };
const at = FIXTURE_NOW;
const db = () => database().db;
const scopeOf = (principal: Principal, customer?: string) => resolveScope(db(), principal, customer);

beforeAll(async () => {
  await seedStatsFixture(db());
});

describe("scope", () => {
  it("a customer sees itself only; a company sees its customers", async () => {
    expect((await scopeOf(acme)).customerIds).toEqual(["acme"]);
    expect((await scopeOf(company)).customerIds).toEqual(["acme", "acme-labs"]);
    expect((await scopeOf(company, "acme-labs")).customerIds).toEqual(["acme-labs"]);
  });

  it("refuses a customer filter outside the scope with 404", async () => {
    await expect(scopeOf(company, "globex")).rejects.toMatchObject({ status: 404, code: "not_found" });
    await expect(scopeOf(acme, "acme-labs")).rejects.toMatchObject({ status: 404 });
    await expect(scopeOf(company, "no-such-customer")).rejects.toMatchObject({ status: 404 });
  });

  it("a company without customers sees nothing", async () => {
    const scope = await scopeOf({ kind: "company", companyId: "empty-co" });
    expect(scope.customerIds).toEqual([]);
    expect(await statsSummary({ db: db(), scope, at })).toMatchObject({ story_count: 0, run_count: 0, average_overall: null, quota: null, quotas: [] });
    expect((await listStories({ db: db(), scope, query: { sort: "summary", order: "asc", page: 1, page_size: 10 } })).total).toBe(0);
  });
});

describe("summary", () => {
  it("counts scored stories and runs and averages the latest scores (reservations excluded)", async () => {
    const summary = await statsSummary({ db: db(), scope: await scopeOf(acme), at });
    expect(summary).toEqual({
      story_count: 2,
      run_count: 4,
      average_overall: 7,
      dimension_averages: { independent: 7, negotiable: 7, valuable: 7, estimable: 7, small: 5, testable: 9 },
      // Stories recorded before kinds were stories.
      by_work_item_type: {
        story: { story_count: 2, average_overall: 7, dimension_averages: { independent: 7, negotiable: 7, valuable: 7, estimable: 7, small: 5, testable: 9 } },
      },
      // The reservation counts against the quota although it is not in the stats.
      quota: { plan: "team", quota: 2500, used: 3, reset_at: "2026-04-01T00:00:00.000Z" },
      quotas: [{ customer_id: "acme", plan: "team", quota: 2500, used: 3, reset_at: "2026-04-01T00:00:00.000Z" }],
    });
  });

  it("a company scope spans its customers and reports each one's quota", async () => {
    const summary = await statsSummary({ db: db(), scope: await scopeOf(company), at });
    expect(summary.story_count).toBe(4);
    expect(summary.run_count).toBe(6);
    expect(summary.average_overall).toBe(5.5); // (8 + 6 + 5 + 3) / 4
    expect(summary.quota).toBeNull();
    expect(summary.quotas.map((quota) => [quota.customer_id, quota.plan, quota.used])).toEqual([
      ["acme", "team", 3],
      ["acme-labs", "free", 1],
    ]);
  });
});

describe("trends", () => {
  it("buckets by UTC week (Monday) and counts each story once, with its last score of the week", async () => {
    const scope = await scopeOf(acme);
    const points = await statsTrends({ db: db(), scope, interval: "week", from: new Date("2026-03-01T00:00:00Z"), to: at, at });
    expect(points.map((point) => [point.period_start.slice(0, 10), point.stories, point.average_overall])).toEqual([
      ["2026-02-23", 0, null],
      ["2026-03-02", 2, 5], // ACME-1 at 4, sha256:a2 at 6
      ["2026-03-09", 1, 8], // ACME-1 at 6 then 8: only the 8 counts
      ["2026-03-16", 0, null],
    ]);
    expect(points[1].dimension_averages).toEqual({ independent: 5, negotiable: 5, valuable: 5, estimable: 5, small: 3, testable: 7 });
  });

  it("buckets by day and by month", async () => {
    const scope = await scopeOf(acme);
    const days = await statsTrends({ db: db(), scope, interval: "day", from: new Date("2026-03-09T00:00:00Z"), to: new Date("2026-03-10T23:59:59Z"), at });
    expect(days.map((point) => [point.period_start, point.stories, point.average_overall])).toEqual([
      ["2026-03-09T00:00:00.000Z", 1, 6],
      ["2026-03-10T00:00:00.000Z", 1, 8],
    ]);
    const months = await statsTrends({ db: db(), scope, interval: "month", at });
    expect(months).toEqual([expect.objectContaining({ period_start: "2026-03-01T00:00:00.000Z", stories: 2, average_overall: 7 })]);
  });

  it("without `from`, starts at the first period with data", async () => {
    const points = await statsTrends({ db: db(), scope: await scopeOf(company), interval: "week", at });
    expect(points[0].period_start).toBe("2026-03-02T00:00:00.000Z");
    expect(points.at(-1)?.period_start).toBe("2026-03-16T00:00:00.000Z");
    expect(points.map((point) => point.stories)).toEqual([2, 3, 0]);
  });

  it("refuses ranges with too many periods", async () => {
    await expect(
      statsTrends({ db: db(), scope: await scopeOf(acme), interval: "day", from: new Date("2020-01-01T00:00:00Z"), to: at, at }),
    ).rejects.toMatchObject({ status: 400, details: [expect.stringContaining("from:")] });
  });

  it("period starts are UTC (weeks begin on Monday)", () => {
    expect(periodStart(new Date("2026-03-15T23:30:00Z"), "week").toISOString()).toBe("2026-03-09T00:00:00.000Z");
    expect(periodStart(new Date("2026-03-16T00:00:00Z"), "week").toISOString()).toBe("2026-03-16T00:00:00.000Z");
    expect(periodStart(new Date("2026-03-31T23:59:59Z"), "month").toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("dimensions", () => {
  it("gives averages, 0-10 histograms and the share below 5 of the latest scores, and the weakest dimension", async () => {
    const breakdown = await statsDimensions({ db: db(), scope: await scopeOf(acme) });
    expect(breakdown.story_count).toBe(2);
    expect(breakdown.weakest_dimension).toBe("small");
    expect(breakdown.dimensions.small).toEqual({ average: 5, histogram: [0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0], share_below_5: 0.5 });
    expect(breakdown.dimensions.testable).toEqual({ average: 9, histogram: [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1], share_below_5: 0 });
    expect(breakdown.dimensions.independent.histogram.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it("is empty but well-formed without stories", async () => {
    const breakdown = await statsDimensions({ db: db(), scope: await scopeOf({ kind: "company", companyId: "nobody" }) });
    expect(breakdown).toMatchObject({ story_count: 0, weakest_dimension: null });
    expect(breakdown.dimensions.valuable).toEqual({ average: null, histogram: Array(11).fill(0), share_below_5: null });
  });
});

describe("stories list", () => {
  const list = async (principal: Principal, query: Record<string, string>) =>
    listStories({ db: db(), scope: await scopeOf(principal, query.customer), query: parseQuery(storiesQuerySchema, query) });

  it("lists each scored story once with its latest score, newest first by default", async () => {
    const page = await list(acme, {});
    expect(page).toMatchObject({ page: 1, page_size: 25, total: 2 });
    expect(page.items.map((item) => [item.story_identity, item.overall_score, item.run_count])).toEqual([
      ["ACME-1", 8, 3],
      ["sha256:a2", 6, 1],
    ]);
    expect(page.items[0]).toEqual({
      ticket_ref: "ACME-1",
      title: "As a shopper, I want to save my cart so that I can buy later",
      story_identity: "ACME-1",
      identity_resolution: "external_id",
      ticket_key: "ACME-1",
      summary: "As a shopper, I want to save my cart so that I can buy later",
      overall_score: 8,
      individual_scores: expect.objectContaining({ small: 8 }),
      run_count: 3,
      last_scored_at: "2026-03-10T09:00:00.000Z",
      customer_id: "acme",
      work_item_type: "story",
      language: "en",
      url: null,
      source: null,
    });
  });

  it("sorts by each whitelisted column and pages", async () => {
    expect((await list(company, { sort: "overall_score", order: "asc" })).items.map((item) => item.overall_score)).toEqual([3, 5, 6, 8]);
    expect((await list(company, { sort: "run_count" })).items[0].story_identity).toBe("ACME-1");
    expect((await list(company, { sort: "summary" })).items.map((item) => item.summary[0])).toEqual(["A", "B", "B", "L"]);
    const second = await list(company, { sort: "overall_score", page: "2", page_size: "3" });
    expect(second).toMatchObject({ page: 2, page_size: 3, total: 4 });
    expect(second.items.map((item) => item.overall_score)).toEqual([3]);
  });

  it("sorts by the latest score on one INVEST dimension", async () => {
    const scores = async (sort: string, order?: string) =>
      (await list(company, { sort, ...(order ? { order } : {}) })).items.map((item) => [item.customer_id, item.story_identity, item.individual_scores?.[sort]]);
    expect(await scores("small", "asc")).toEqual([
      ["acme", "sha256:a2", 2],
      ["acme-labs", "sha256:a2", 3],
      ["acme-labs", "LABS-1", 5],
      ["acme", "ACME-1", 8],
    ]);
    // Highest first by default, like the overall score.
    expect((await scores("testable")).map(([, , score]) => score)).toEqual([10, 8, 5, 3]);
  });

  it("sorts by customer, A to Z by default, and by summary within a customer", async () => {
    const rows = async (query: Record<string, string>) => (await list(company, query)).items.map((item) => [item.customer_id, item.summary.split(" ")[0]]);
    const ascending = [
      ["acme", "As"],
      ["acme", "Build"],
      ["acme-labs", "Build"],
      ["acme-labs", "Labs"],
    ];
    expect(await rows({ sort: "customer" })).toEqual(ascending);
    expect(await rows({ sort: "customer", order: "desc" })).toEqual([...ascending].reverse());
    // Pages follow the same order.
    expect(await rows({ sort: "customer", page: "2", page_size: "3" })).toEqual([ascending[3]]);
    expect(parseQuery(storiesQuerySchema, { sort: "customer" }).order).toBe("asc");
  });

  it("searches summaries and keys literally (% and _ are not wildcards)", async () => {
    expect((await list(company, { q: "CART" })).items.map((item) => item.story_identity)).toEqual(["ACME-1"]);
    expect((await list(company, { q: "labs-1" })).total).toBe(1);
    expect((await list(company, { q: "100%_d" })).total).toBe(1);
    expect((await list(company, { q: "0%d" })).total).toBe(0);
    expect((await list(acme, { q: "secret" })).total).toBe(0); // globex's story is out of scope
  });
});

describe("query validation", () => {
  it.each([
    [{ sort: "password_hash" }, "sort: must be one of"],
    [{ order: "sideways" }, "order: must be asc or desc"],
    [{ page: "0" }, "page: must be at least 1"],
    [{ page: "two" }, "page: must be a whole number"],
    [{ page_size: "101" }, "page_size: must be at most 100"],
    [{ page: "500", page_size: "100" }, "page: skips more than 10000 stories"],
    [{ q: "cart\u0000" }, "q: must not contain U+0000"],
  ])("stories %j -> 400", (query, detail) => {
    expect(() => parseQuery(storiesQuerySchema, query)).toThrow(expect.objectContaining({ status: 400, details: [expect.stringContaining(detail)] }));
  });

  it.each([
    [{ interval: "year" }, "interval: must be one of day, week, month"],
    [{ from: "2026-02-30" }, "from: is not a valid date"],
    [{ from: "yesterday" }, "from: must be a date"],
    [{ from: "2026-03-10", to: "2026-03-01" }, 'from: must not be after "to"'],
  ])("trends %j -> 400", (query, detail) => {
    expect(() => parseQuery(trendsQuerySchema, query)).toThrow(expect.objectContaining({ status: 400, details: [expect.stringContaining(detail)] }));
  });

  it("reads a date-only `to` as the end of that UTC day", () => {
    const query = parseQuery(trendsQuerySchema, { from: "2026-03-01", to: "2026-03-01" });
    expect(query.from?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(query.to?.toISOString()).toBe("2026-03-01T23:59:59.999Z");
  });
});

describe("story history and the dashboard loader (what the pages show)", () => {
  it("shows every run of a story in scope, oldest first, with reasoning, findings, recommendations, rewrite and split", async () => {
    const history = await storyHistory({ db: db(), scope: await scopeOf(acme), ref: "ACME-1" });
    expect(history?.runs.map((run) => run.overall_score)).toEqual([4, 6, 8]);
    expect(history?.total_runs).toBe(3);
    const first = history!.runs[0];
    expect(first.dimensions.testable).toEqual({ score: 4, reasoning: "testable reasoning of run 1", suggestions: [] });
    expect(first.findings).toEqual([expect.objectContaining({ code: "testable.no_criteria" })]);
    expect(first.recommendations).toEqual(["Recommendation of run 1"]);
    expect(first.rewrite).toContain("rewritten story");
    expect(first.split).toEqual([]);
    const [, second, third] = history!.runs;
    expect(second.split).toEqual(SPLIT);
    expect(second.rewrite).toBe(SPLIT[0]);
    // A run stored before results carried `split` still loads, as one feature.
    expect(third.split).toEqual([]);
    expect(third.rewrite).toBeNull();
    expect(first.ticket.summary).toContain("(edit 1)");
  });

  it("never shows another customer's story (404 for the page)", async () => {
    expect(await storyHistory({ db: db(), scope: await scopeOf(acme), ref: "LABS-1" })).toBeNull();
    expect(await storyHistory({ db: db(), scope: await scopeOf(acme), ref: "GLOBEX-1" })).toBeNull();
    expect(await storyHistory({ db: db(), scope: await scopeOf(company), ref: "GLOBEX-1" })).toBeNull();
    expect(await storyHistory({ db: db(), scope: await scopeOf(acme), ref: "ACME-3" })).toBeNull(); // not scored yet
  });

  it("tells apart the same content hash at two customers of a company", async () => {
    const scope = await scopeOf(company);
    const latest = await storyHistory({ db: db(), scope, ref: "sha256:a2" });
    expect(latest?.story.customer_id).toBe("acme-labs");
    expect(latest?.also_in_customers).toEqual(["acme"]);
    const chosen = await storyHistory({ db: db(), scope, ref: "sha256:a2", customerId: "acme" });
    expect(chosen?.runs.map((run) => run.overall_score)).toEqual([6]);
    expect(await storyHistory({ db: db(), scope: await scopeOf(acme), ref: "sha256:a2", customerId: "acme-labs" })).toBeNull();
  });

  it("loads a customer's dashboard with its stories only, and a company's with every customer's", async () => {
    const mine = await loadDashboard({ db: db(), principal: acme, at });
    expect(new Set(mine.stories.items.map((item) => item.customer_id))).toEqual(new Set(["acme"]));
    expect(mine.summary.story_count).toBe(2);
    expect(mine.trends.length).toBeGreaterThan(0);
    expect(mine.dimensions.weakest_dimension).toBe("small");
    const theirs = await loadDashboard({ db: db(), principal: company, at });
    expect(new Set(theirs.stories.items.map((item) => item.customer_id))).toEqual(new Set(["acme", "acme-labs"]));
    const filtered = await loadDashboard({ db: db(), principal: company, customer: "acme-labs", at });
    expect(new Set(filtered.stories.items.map((item) => item.customer_id))).toEqual(new Set(["acme-labs"]));
    expect(filtered.summary.quota).toMatchObject({ plan: "free", quota: 25 });
    const globex = await loadDashboard({ db: db(), principal: { kind: "customer", customerId: "globex" }, at });
    expect(globex.stories.items.map((item) => item.story_identity)).toEqual(["GLOBEX-1"]);
  });
});
