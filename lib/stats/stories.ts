import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { stories } from "@/db/schema";
import type { WorkItemKind } from "@/lib/scoring/kind";
import { DIMENSIONS, round2, type Dimension } from "./format";
import type { StoriesQuery, StorySort } from "./params";
import { scopedStories, type StatsScope } from "./scope";

export interface StoryListItem {
  story_identity: string;
  identity_resolution: "external_id" | "content_hash";
  ticket_key: string | null;
  summary: string;
  overall_score: number | null;
  individual_scores: Record<string, number> | null;
  run_count: number;
  last_scored_at: string;
  customer_id: string;
  /** The kind the latest run judged the story as: story, bug, task, spike or epic. */
  work_item_type: WorkItemKind;
}

export interface StoryPage {
  items: StoryListItem[];
  page: number;
  page_size: number;
  total: number;
}

/** A dimension's latest score; the key is a whitelisted dimension name, so it is inlined as a literal. */
const dimensionScore = (dimension: Dimension): SQL => sql`(${stories.latestScores} ->> ${sql.raw(`'${dimension}'`)})::real`;

const summaryKey = sql`lower(left(${stories.summary}, 200))`;

// Each sort's keys, before the id that breaks ties. The first four are served by an index of (customer_id, key,
// id) (migration 0003). `customer` needs none of its own: the summary index, read forward or backward, gives the
// stories customer by customer and, within one, by summary. The dimensions have no index: PostgreSQL sorts the
// scope's stories with a top-N heap sort bounded by the page.
const SORT_KEYS: Record<StorySort, (AnyColumn | SQL)[]> = {
  last_scored_at: [stories.lastScoredAt],
  overall_score: [stories.latestOverallScore],
  summary: [summaryKey],
  run_count: [stories.runCount],
  customer: [stories.customerId, summaryKey],
  ...(Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, [dimensionScore(dimension)]])) as Record<Dimension, SQL[]>),
};

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The latest score of each story in scope, searched (summary, ticket key, or an exact story identity), sorted
 * by a whitelisted column with the id as tie-breaker, and paged with a bounded offset.
 */
export async function listStories({
  db,
  scope,
  query,
}: {
  db: Db;
  scope: StatsScope;
  query: Pick<StoriesQuery, "sort" | "order" | "page" | "page_size"> & { q?: string };
}): Promise<StoryPage> {
  const search = query.q
    ? or(ilike(stories.summary, likePattern(query.q)), ilike(stories.ticketKey, likePattern(query.q)), eq(stories.storyIdentity, query.q))
    : undefined;
  const where = and(scopedStories(scope), search);
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        storyIdentity: stories.storyIdentity,
        identityResolution: stories.identityResolution,
        ticketKey: stories.ticketKey,
        summary: stories.summary,
        overallScore: stories.latestOverallScore,
        individualScores: stories.latestScores,
        runCount: stories.runCount,
        lastScoredAt: stories.lastScoredAt,
        customerId: stories.customerId,
        workItemType: stories.workItemType,
      })
      .from(stories)
      .where(where)
      .orderBy(...SORT_KEYS[query.sort].map((key) => direction(key)), direction(stories.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(stories).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      story_identity: row.storyIdentity,
      identity_resolution: row.identityResolution,
      ticket_key: row.ticketKey,
      summary: row.summary,
      overall_score: round2(row.overallScore),
      individual_scores: row.individualScores,
      run_count: row.runCount,
      last_scored_at: row.lastScoredAt.toISOString(),
      customer_id: row.customerId,
      work_item_type: row.workItemType,
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
