// Work item kinds in the stats: stories scored through the API with their tracker types, then read back through
// /stats/* filtered by kind and split by kind, and in a story's history.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { scoreRuns, stories } from "@/db/schema";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { resolveScope } from "@/lib/auth/scope";
import { storyHistory } from "@/lib/stats/story-history";
import { setupTestDatabase } from "@/testing/db";
import { bearer, call } from "@/testing/http";
import { POST as score } from "../api/v1/score/route";
import { GET as getDimensions } from "./dimensions/route";
import { GET as getStories } from "./stories/route";
import { GET as getSummary } from "./summary/route";
import { GET as getTrends } from "./trends/route";

const database = setupTestDatabase();
let key: string;
const asCustomer = () => bearer(key);

const ITEMS = [
  { id: "K-1", issue_type: "Story", summary: "As a shopper, I want to save my cart so that I can finish checkout later." },
  { id: "K-2", issue_type: "User Story", summary: "As an admin, I want to export orders so that finance can reconcile them." },
  { id: "K-3", issue_type: "Bug", summary: "Checkout shows a blank page when the cart holds a discounted item" },
  { id: "K-4", issue_type: "Defect", summary: "Order emails show the price without tax" },
  { id: "K-5", issue_type: "Chore", summary: "Upgrade the payment library to version 5" },
] as const;
const overall: Record<string, number> = {};

const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
const get = async (handler: typeof getSummary, url: string) => {
  const response = await call(handler, url, { headers: asCustomer() });
  expect(response.status, url).toBe(200);
  return response.body as Record<string, unknown>;
};

beforeAll(async () => {
  key = (await provisionCustomer(database().db, { customer_id: "kinds-co", plan: "team" })).body.api_key;
  for (const item of ITEMS) {
    const response = await call(score, "/api/v1/score", {
      json: { ticket_id: item.id, external_id: item.id, ticket_data: { summary: item.summary, issue_type: item.issue_type } },
      headers: asCustomer(),
    });
    expect(response.status).toBe(200);
    overall[item.id] = (response.body as { overall_score: number }).overall_score;
  }
});

describe("stats by work item kind", () => {
  it("splits the summary's averages by kind, and filters it to one kind", async () => {
    const all = await get(getSummary, "/stats/summary");
    expect(all.story_count).toBe(5);
    expect(all.average_overall).toBe(mean(Object.values(overall)));
    expect(all.by_work_item_type).toEqual({
      story: { story_count: 2, average_overall: mean([overall["K-1"], overall["K-2"]]), dimension_averages: expect.any(Object) },
      bug: { story_count: 2, average_overall: mean([overall["K-3"], overall["K-4"]]), dimension_averages: expect.any(Object) },
      task: { story_count: 1, average_overall: overall["K-5"], dimension_averages: expect.any(Object) },
    });
    const bugs = await get(getSummary, "/stats/summary?work_item_type=bug");
    expect(bugs).toMatchObject({ story_count: 2, run_count: 2, average_overall: mean([overall["K-3"], overall["K-4"]]) });
    expect(Object.keys(bugs.by_work_item_type as object)).toEqual(["bug"]);
    expect(bugs.dimension_averages).toEqual((all.by_work_item_type as Record<string, { dimension_averages: unknown }>).bug.dimension_averages);
    const none = await get(getSummary, "/stats/summary?work_item_type=epic");
    expect(none).toMatchObject({ story_count: 0, average_overall: null, by_work_item_type: {} });
  });

  it("lists each story with its kind and filters the list by kind", async () => {
    const page = (await get(getStories, "/stats/stories?sort=summary")) as { items: { story_identity: string; work_item_type: string }[]; total: number };
    expect(Object.fromEntries(page.items.map((item) => [item.story_identity, item.work_item_type]))).toEqual({
      "K-1": "story",
      "K-2": "story",
      "K-3": "bug",
      "K-4": "bug",
      "K-5": "task",
    });
    const tasks = (await get(getStories, "/stats/stories?work_item_type=task")) as typeof page;
    expect(tasks.total).toBe(1);
    expect(tasks.items.map((item) => item.story_identity)).toEqual(["K-5"]);
  });

  it("filters trends and dimensions by kind", async () => {
    const trends = (await get(getTrends, "/stats/trends?interval=month&work_item_type=bug")) as unknown as { stories: number; average_overall: number }[];
    expect(trends.at(-1)).toMatchObject({ stories: 2, average_overall: mean([overall["K-3"], overall["K-4"]]) });
    const dimensions = await get(getDimensions, "/stats/dimensions?work_item_type=task");
    expect(dimensions.story_count).toBe(1);
    expect((await get(getDimensions, "/stats/dimensions")).story_count).toBe(5);
  });

  it.each([
    [getSummary, "/stats/summary?work_item_type=defect"],
    [getStories, "/stats/stories?work_item_type=Bug"],
    [getTrends, "/stats/trends?work_item_type=other"],
    [getDimensions, "/stats/dimensions?work_item_type="],
  ])("answers 400 in the gateway shape for an unknown kind: %#", async (handler, url) => {
    const response = await call(handler, url, { headers: asCustomer() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: "validation_error",
      message: "Invalid query parameters.",
      details: ["work_item_type: must be one of story, bug, task, spike, epic"],
    });
  });

  it("follows a story retyped by its tracker: the latest run's kind, and each run's kind in the history", async () => {
    const retyped = await call(score, "/api/v1/score", {
      json: { ticket_id: "K-4", external_id: "K-4", ticket_data: { summary: ITEMS[3].summary, issue_type: "Story" } },
      headers: asCustomer(),
    });
    expect(retyped.status).toBe(200);
    const bugs = await get(getSummary, "/stats/summary?work_item_type=bug");
    expect(bugs.story_count).toBe(1);
    // Trends agree with the summary: a story counts under the kind it has now.
    const trends = (await get(getTrends, "/stats/trends?interval=month&work_item_type=bug")) as unknown as { stories: number }[];
    expect(trends.at(-1)?.stories).toBe(1);
    const scope = await resolveScope(database().db, { kind: "customer", customerId: "kinds-co" });
    const history = await storyHistory({ db: database().db, scope, ref: "K-4" });
    expect(history?.story.work_item_type).toBe("story");
    expect(history?.runs.map((run) => run.work_item_type)).toEqual(["bug", "story"]);
    expect(history?.runs.map((run) => run.ticket.issue_type)).toEqual(["Defect", "Story"]);
    // Both kinds came from the tracker's type, and the story page says so.
    expect(history?.runs.map((run) => run.work_item_type_source)).toEqual(["given", "given"]);
  });

});

describe("migration 0012", () => {
  it("backfills each story's kind from its latest run, and leaves stories whose runs name none as stories", async () => {
    const db = database().db;
    const [bug] = await db.select().from(stories).where(eq(stories.storyIdentity, "K-3"));
    const [task] = await db.select().from(stories).where(eq(stories.storyIdentity, "K-5"));
    // As before the migration: every story a story, and one run recorded before results named a kind.
    await db.update(stories).set({ workItemType: "story" });
    await db.execute(sql`update ${scoreRuns} set result = result #- '{metadata,work_item_type}' where story_id = ${task.id}`);
    const migration = readFileSync(path.join(process.cwd(), "db/migrations/0012_work_item_type.sql"), "utf8");
    const backfill = migration.split("--> statement-breakpoint")[1];
    await db.execute(sql.raw(backfill));
    const kinds = Object.fromEntries((await db.select().from(stories)).map((row) => [row.storyIdentity, row.workItemType]));
    expect(kinds).toEqual({ "K-1": "story", "K-2": "story", "K-3": "bug", "K-4": "story", "K-5": "story" });
    expect(bug.workItemType).toBe("bug");
  });
});

// After the migration test, which reads every story of the customer.
describe("where a kind came from", () => {
  it("says where each run's kind came from in the history, and nothing for runs stored before it was recorded", async () => {
    const untyped = await call(score, "/api/v1/score", {
      json: { ticket_id: "K-6", external_id: "K-6", ticket_data: { summary: "As a shopper, I want to see delivery dates so that I can plan my week." } },
      headers: asCustomer(),
    });
    expect(untyped.status).toBe(200);
    const scope = await resolveScope(database().db, { kind: "customer", customerId: "kinds-co" });
    const read = async () => (await storyHistory({ db: database().db, scope, ref: "K-6" }))?.runs.map((run) => [run.work_item_type, run.work_item_type_source]);
    expect(await read()).toEqual([["story", "text"]]);
    await database().db.execute(sql`update ${scoreRuns} set result = result #- '{metadata,work_item_type_source}' where ticket_ref = 'K-6'`);
    expect(await read()).toEqual([["story", null]]);
  });
});
