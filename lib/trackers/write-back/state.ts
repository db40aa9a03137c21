// What write-back remembers of each issue (tracker_write_backs) and what it reads to write an issue that was not
// scored again (its story's latest run). One statement per page each way.
import { sql } from "drizzle-orm";
import { executeHot, type Db } from "@/db/client";
import { env } from "@/lib/env";
import type { WriteBackSettings } from "../schemas";
import { sha256, writtenScoreSchema, type WrittenScore } from "./comment";
import type { WriteState } from "./index";

/** The story page an issue's comment links to (the dashboard's `/dashboard/stories/{ticket_ref}`). */
export function storyPageUrl(customerId: string, ticketRef: string): string {
  return `${env().publicBaseUrl}/dashboard/stories/${encodeURIComponent(ticketRef)}?customer=${encodeURIComponent(customerId)}`;
}

/**
 * What a write is decided from, besides the score: the content the issue was scored with, the settings and the
 * page the comment links to. The same hash on the next sync (and labels that agree) means the issue needs nothing.
 */
export function sourceHash(contentHash: string, settings: WriteBackSettings, storyUrl: string): string {
  return sha256([contentHash, settings.comment, settings.label, settings.below, storyUrl]);
}

const textArray = (values: string[]) => sql`${`{${values.map((v) => JSON.stringify(v)).join(",")}}`}::text[]`;

export async function loadWriteStates(db: Db, customerId: string, externalIds: string[]): Promise<Map<string, WriteState>> {
  if (externalIds.length === 0) return new Map();
  const rows = await executeHot<{
    external_id: string;
    issue_key: string;
    comment_id: string | null;
    comment_hash: string | null;
    label: string | null;
    property_hash: string | null;
    source_hash: string | null;
  }>(db, sql`
    select external_id, issue_key, comment_id, comment_hash, label, property_hash, source_hash from tracker_write_backs
    where customer_id = ${customerId} and external_id = any(${textArray(externalIds)})`);
  return new Map(
    rows.map((row) => [
      row.external_id,
      {
        externalId: row.external_id,
        issueKey: row.issue_key,
        commentId: row.comment_id,
        commentHash: row.comment_hash,
        label: row.label,
        propertyHash: row.property_hash,
        sourceHash: row.source_hash,
      },
    ]),
  );
}

export async function saveWriteStates(db: Db, customerId: string, connectionId: string, states: WriteState[], at = new Date()): Promise<void> {
  if (states.length === 0) return;
  const input = states.map((s) => ({
    external_id: s.externalId,
    issue_key: s.issueKey,
    comment_id: s.commentId,
    comment_hash: s.commentHash,
    label: s.label,
    property_hash: s.propertyHash,
    source_hash: s.sourceHash,
  }));
  await executeHot(db, sql`
    insert into tracker_write_backs (customer_id, external_id, connection_id, issue_key, comment_id, comment_hash, label, property_hash, source_hash, written_at)
    select ${customerId}, i.external_id, (select c.id from tracker_connections c where c.id = ${connectionId}::uuid), i.issue_key, i.comment_id, i.comment_hash, i.label,
      i.property_hash, i.source_hash, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      as i(external_id text, issue_key text, comment_id text, comment_hash text, label text, property_hash text, source_hash text)
    on conflict (customer_id, external_id) do update set connection_id = excluded.connection_id, issue_key = excluded.issue_key,
      comment_id = excluded.comment_id, comment_hash = excluded.comment_hash, label = excluded.label, property_hash = excluded.property_hash,
      source_hash = excluded.source_hash, written_at = excluded.written_at`);
}

/** The latest run's score of each story (by billing identity), for issues a sync did not score again. */
export async function latestScores(db: Db, customerId: string, storyIdentities: string[]): Promise<Map<string, WrittenScore>> {
  if (storyIdentities.length === 0) return new Map();
  const rows = await executeHot<{ story_identity: string; result: unknown }>(db, sql`
    select s.story_identity, r.result from stories s
    cross join lateral (select result from score_runs where story_id = s.id order by created_at desc limit 1) r
    where s.customer_id = ${customerId} and s.story_identity = any(${textArray(storyIdentities)})`);
  const scores = new Map<string, WrittenScore>();
  for (const row of rows) {
    const parsed = writtenScoreSchema.safeParse(typeof row.result === "string" ? JSON.parse(row.result) : row.result);
    if (parsed.success) scores.set(row.story_identity, parsed.data);
  }
  return scores;
}
