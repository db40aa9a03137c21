import { webLink } from "@/lib/http/web-link";
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tickets } from "@/db/schema";
import { DIMENSIONS, round2, type Dimension } from "@/lib/format";
import type { StoriesQuery, StorySort } from "./params";
import { latestLanguage, scopedTickets, type StatsScope } from "@/lib/auth/scope";
import type { StoryPage } from "./schemas";

export type { StoryListItem, StoryPage } from "./schemas";

/** A dimension's latest score; the key is a whitelisted dimension name, so it is inlined as a literal. */
const dimensionScore = (dimension: Dimension): SQL => sql`(${tickets.latestScores} ->> ${sql.raw(`'${dimension}'`)})::real`;

const summaryKey = sql`lower(left(${tickets.summary}, 200))`;

// Each sort's keys, before the id that breaks ties. The first four are served by an index of (customer_id, key,
// id) of the tickets table (migration 0013). `customer` needs none of its own: the summary index, read forward or backward, gives the
// stories customer by customer and, within one, by summary. The dimensions have no index: PostgreSQL sorts the
// scope's stories with a top-N heap sort bounded by the page.
const SORT_KEYS: Record<StorySort, (AnyColumn | SQL)[]> = {
  last_scored_at: [tickets.lastScoredAt],
  overall_score: [tickets.latestOverallScore],
  summary: [summaryKey],
  run_count: [tickets.runCount],
  customer: [tickets.customerId, summaryKey],
  ...(Object.fromEntries(DIMENSIONS.map((dimension) => [dimension, [dimensionScore(dimension)]])) as Record<Dimension, SQL[]>),
};

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The latest score of each story in scope (a ticket as a person knows it, see lib/stories/ticket-ref.ts: tickets with
 * different ids and the same text are different stories here, one billed story), searched (summary, ticket ref or
 * key, or an exact billing identity), sorted
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
    ? // A ticket's key is its ref whenever it has one, so the ref covers the key.
      or(ilike(tickets.summary, likePattern(query.q)), ilike(tickets.ticketRef, likePattern(query.q)), eq(tickets.storyIdentity, query.q))
    : undefined;
  const where = and(scopedTickets(scope), search);
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ticketRef: tickets.ticketRef,
        storyIdentity: tickets.storyIdentity,
        identityResolution: tickets.identityResolution,
        ticketKey: tickets.ticketKey,
        summary: tickets.summary,
        overallScore: tickets.latestOverallScore,
        individualScores: tickets.latestScores,
        runCount: tickets.runCount,
        lastScoredAt: tickets.lastScoredAt,
        customerId: tickets.customerId,
        workItemType: tickets.workItemType,
        language: latestLanguage(sql`${tickets.customerId}`, sql`${tickets.ticketRef}`).mapWith(String),
        url: tickets.url,
        source: tickets.source,
      })
      .from(tickets)
      .where(where)
      .orderBy(...SORT_KEYS[query.sort].map((key) => direction(key)), direction(tickets.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(tickets).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ticket_ref: row.ticketRef,
      title: row.summary,
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
      language: row.language,
      url: webLink(row.url),
      source: row.source,
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}
