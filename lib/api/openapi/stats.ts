// The dashboard's figures (GET /stats/summary, /stats/trends, /stats/dimensions, /stats/stories), documented with
// the schemas the stats services' answers are typed by (lib/stats/schemas.ts).
import { EXAMPLE_SCORES, gatewayError, gatewayErrors, INVALID_KEY, perDimension, STORY, type GatewayError, type Operation } from "./common";
import {
  dimensionsBreakdownSchema,
  statsSummarySchema,
  storyPageSchema,
  trendsSchema,
  type DimensionsBreakdown,
  type StatsSummary,
  type StoryPage,
  type TrendPoint,
} from "@/lib/stats/schemas";

const STATS_SUMMARY_EXAMPLE: StatsSummary = {
  story_count: 1,
  run_count: 1,
  average_overall: 6,
  dimension_averages: EXAMPLE_SCORES,
  by_work_item_type: { story: { story_count: 1, average_overall: 6, dimension_averages: EXAMPLE_SCORES } },
  quota: { plan: "free", quota: 25, used: 1, reset_at: "2026-12-01T00:00:00.000Z" },
  quotas: [{ customer_id: "acme", plan: "free", quota: 25, used: 1, reset_at: "2026-12-01T00:00:00.000Z" }],
};

const STATS_TRENDS_EXAMPLE: TrendPoint[] = [
  { period_start: "2026-11-09T00:00:00.000Z", stories: 0, average_overall: null, dimension_averages: perDimension(() => null) },
  { period_start: "2026-11-16T00:00:00.000Z", stories: 1, average_overall: 6, dimension_averages: EXAMPLE_SCORES },
];

const STATS_DIMENSIONS_EXAMPLE: DimensionsBreakdown = {
  story_count: 1,
  weakest_dimension: "testable",
  dimensions: perDimension((dimension) => ({
    average: EXAMPLE_SCORES[dimension],
    histogram: Array.from({ length: 11 }, (_, score) => (score === EXAMPLE_SCORES[dimension] ? 1 : 0)),
    share_below_5: EXAMPLE_SCORES[dimension] < 5 ? 1 : 0,
  })),
};

const STATS_STORIES_EXAMPLE: StoryPage = {
  items: [
    {
      ticket_ref: "SHOP-12",
      title: STORY,
      story_identity: "sha256:6b17e3a5cb4abcedadc47b54f76b636d6421a55368862b46caedccd11b8583d5",
      identity_resolution: "content_hash",
      ticket_key: null,
      summary: STORY,
      overall_score: 6,
      individual_scores: EXAMPLE_SCORES,
      run_count: 1,
      last_scored_at: "2026-11-23T09:36:43.024Z",
      customer_id: "acme",
      work_item_type: "story",
      language: "en",
      url: null,
      source: null,
    },
  ],
  page: 1,
  page_size: 25,
  total: 1,
};


/** The unversioned stats group (Bearer key or dashboard session; scoped to the customer or its company). */
export function statsOperations(): Operation[] {
  const customer = { name: "customer", in: "query" as const, description: "Company scope only: one of the company's customer ids." };
  const workItemType = {
    name: "work_item_type",
    in: "query" as const,
    description:
      "Only the stories judged as this kind: `story`, `bug`, `task`, `spike` or `epic` (a story's kind is its latest run's `metadata.work_item_type`).",
    example: "bug",
  };
  const language = {
    name: "language",
    in: "query" as const,
    description:
      "Only the stories whose latest run read them in this language, ISO 639-1, such as `de` (`metadata.language`; runs recorded before languages were named count as `en`).",
  };
  const common = {
    tag: "Stats",
    security: "apiKey" as const,
    description:
      "Authenticated with the API key (`Authorization: Bearer`) or the dashboard session cookie. A customer sees its own stories; a company login sees every customer linked to its company (narrow with `customer`). Scores are on the stored 0-10 scale.",
  };
  const errors = (invalid: GatewayError) =>
    gatewayErrors({
      400: invalid,
      401: INVALID_KEY,
      404: { description: "`customer` names a customer outside the caller's scope.", example: gatewayError("not_found", "No such customer in your scope.", ["customer: 'globex' is not a customer you can see"]) },
    });
  const tooLong = gatewayError("validation_error", "Invalid query parameters.", ["customer: must be at most 64 characters"]);
  return [
    {
      ...common,
      method: "get",
      path: "/stats/summary",
      summary: "Story health at a glance",
      parameters: [customer, workItemType, language],
      responses: {
        "200": {
          description:
            "Counts, average latest scores, the same averages per kind in `by_work_item_type` (`{<kind>: {story_count, average_overall, dimension_averages}}`, only the kinds present), and this month's quota (a company scope spanning several customers has `quota` null and lists each in `quotas`).",
          schema: statsSummarySchema,
          example: STATS_SUMMARY_EXAMPLE,
        },
        ...errors(tooLong),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/trends",
      summary: "Average scores over time",
      parameters: [
        { name: "interval", in: "query", description: "`day`, `week` (default) or `month`.", example: "week" },
        { name: "from", in: "query", description: "Start: a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone.", example: "2026-11-09" },
        { name: "to", in: "query", description: "End, inclusive; not before `from`." },
        customer,
        workItemType,
        language,
      ],
      responses: {
        "200": {
          description: "One point per period (weeks start on Monday, UTC), oldest first; an empty period has `stories` 0 and null averages.",
          schema: trendsSchema,
          example: STATS_TRENDS_EXAMPLE,
        },
        ...errors(gatewayError("validation_error", "Invalid query parameters.", ["interval: must be one of day, week, month"])),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/dimensions",
      summary: "Per-dimension averages and distributions",
      parameters: [customer, workItemType, language],
      responses: {
        "200": {
          description: "Per dimension, over each story's latest scores: `average`, `histogram` (11 counts, for scores 0 to 10) and `share_below_5`; `weakest_dimension` is the one to work on first.",
          schema: dimensionsBreakdownSchema,
          example: STATS_DIMENSIONS_EXAMPLE,
        },
        ...errors(tooLong),
      },
    },
    {
      ...common,
      method: "get",
      path: "/stats/stories",
      summary: "The latest score of each story, searched, sorted and paginated",
      parameters: [
        { name: "q", in: "query", description: "Search in summary, ticket ref and key, or an exact billing identity (at most 200 characters)." },
        { name: "sort", in: "query", description: "`last_scored_at` (default), `overall_score`, `summary`, `run_count`, `customer` (A to Z by default; by summary within a customer), or one INVEST dimension (`independent`, `negotiable`, `valuable`, `estimable`, `small`, `testable`: the story's latest score on it).", example: "overall_score" },
        { name: "order", in: "query", description: "`asc` or `desc`.", example: "asc" },
        { name: "page", in: "query", description: "From 1; at most 10,000 stories are skipped." },
        { name: "page_size", in: "query", description: "1 to 100, default 25." },
        customer,
        workItemType,
        language,
      ],
      responses: {
        "200": {
          description:
            "A page of stories with their latest scores and `work_item_type` (the kind the latest run judged), and the `total` that match. A story is a ticket as a person knows it: `ticket_ref` is its `ticket_data.key`, else its `ticket_id`, else (no id at all) its billing identity, and `title` its summary; tickets with different ids and the same text are different stories here, though billing counts them as one. `story_identity` and `identity_resolution` are the billing identity of its latest run. A story imported from a tracker has its `url` there and its `source` (`jira`, `github` or `linear`); others have null.",
          schema: storyPageSchema,
          example: STATS_STORIES_EXAMPLE,
        },
        ...errors(gatewayError("validation_error", "Invalid query parameters.", ["work_item_type: must be one of story, bug, task, spike, epic"])),
      },
    },
  ];
}
