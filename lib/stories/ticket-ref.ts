import { sql, type SQL } from "drizzle-orm";
import { tickets } from "@/db/schema";
// The ticket as a person knows it: the dashboard's notion of a story. Billing (lib/stories/identity.ts) keys a
// story by its `external_id` or its content hash, as the spec says; a person knows a ticket by its key or id.
// Three tickets with different ids and the same text are one billed story (one quota unit) but three dashboard
// stories, each with its own history.

/**
 * `ticket_data.key` when given, else the caller's `ticket_id`, else (an async issue without a key, whose run
 * records its job id as ticket id) the billing identity. Scoped to the customer, like billing.
 */
export function ticketRef(ticket: { key?: string | null }, ticketId: string | null | undefined, storyIdentity: string): string {
  const key = ticket.key?.trim();
  if (key) return key;
  const id = ticketId?.trim();
  if (id) return id;
  return storyIdentity;
}

/**
 * `insert into tickets ... on conflict do update`: the dashboard stories of the runs a statement recorded. `source`
 * yields one row per (customer_id, ticket_ref) with ticket_key, summary, story_id, story_identity,
 * identity_resolution, first_at, last_at, runs, overall, scores, work_item_type (the latest run's values). A CTE of
 * the statement that records the runs, so recording a run stays one statement.
 */
export function upsertTickets(source: SQL): SQL {
  return sql`insert into ${tickets} (customer_id, ticket_ref, ticket_key, summary, story_id, story_identity, identity_resolution,
        first_scored_at, last_scored_at, run_count, latest_overall_score, latest_scores, work_item_type)
      select t.customer_id, t.ticket_ref, t.ticket_key, t.summary, t.story_id, t.story_identity, t.identity_resolution,
        t.first_at, t.last_at, t.runs, t.overall, t.scores, t.work_item_type
      from ${source}
      on conflict (customer_id, ticket_ref) do update set
        ticket_key = coalesce(excluded.ticket_key, ${tickets}.ticket_key),
        summary = excluded.summary,
        story_id = excluded.story_id,
        story_identity = excluded.story_identity,
        identity_resolution = excluded.identity_resolution,
        first_scored_at = least(${tickets}.first_scored_at, excluded.first_scored_at),
        last_scored_at = greatest(${tickets}.last_scored_at, excluded.last_scored_at),
        run_count = ${tickets}.run_count + excluded.run_count,
        latest_overall_score = excluded.latest_overall_score,
        latest_scores = excluded.latest_scores,
        work_item_type = excluded.work_item_type
      returning id`;
}
