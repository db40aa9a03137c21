// Write-back on the Jira webhook path: POST /api/v1/evaluate/{source} for an issue of a Jira site that one of the
// customer's connections writes back to. The route notes the issue (tracker_webhook_writes, keyed like the async
// job's story) before the job is accepted; the statement that records the job's score queues a write-back job for
// it (lib/jobs/async-jobs.ts); a tracker worker then writes the comment, label and property as a sync would, into
// the same comment (the issue's id is the one a sync records: `site:id`). A webhook for an issue edited in Jira
// updates its comment within seconds of the score.
import { and, eq, sql } from "drizzle-orm";
import { executeHot, type Db } from "@/db/client";
import { trackerConnections, trackerWebhookWrites } from "@/db/schema";
import { logger } from "@/lib/log";
import { ticketRef } from "@/lib/stories/ticket-ref";
import { trackerConfig, writeBackOf } from "../connections";
import { jiraSite } from "../jira";
import { writeBackEnabled } from "../schemas";
import { TrackerError } from "../types";
import { trackerWriter, WriteBackRun, writtenScoreSchema, type WriterOptions } from "./index";
import { loadWriteStates, saveWriteStates, storyPageUrl } from "./state";

/** A customer's Jira connections that write back: read at most this often per process (a webhook costs no query). */
const SITES_TTL_MS = 10_000;
const SITES_MAX = 10_000;

interface Sites {
  expiresAt: number;
  connections: { id: string; baseUrl: string }[];
}
const sitesCache = ((globalThis as unknown as { __sscWriteBackSites?: Map<string, Sites> }).__sscWriteBackSites ??= new Map());

/** Forget a customer's cached write-back sites (a connection was made, changed or deleted in this process). */
export function forgetWriteBackSites(customerId?: string): void {
  if (customerId) sitesCache.delete(customerId);
  else sitesCache.clear();
}

async function writeBackSites(db: Db, customerId: string, at = Date.now()): Promise<Sites["connections"]> {
  const cached = sitesCache.get(customerId);
  if (cached && cached.expiresAt > at) return cached.connections;
  const rows = await db
    .select({ id: trackerConnections.id, baseUrl: trackerConnections.baseUrl, writeBackComment: trackerConnections.writeBackComment, writeBackLabel: trackerConnections.writeBackLabel, writeBackBelow: trackerConnections.writeBackBelow })
    .from(trackerConnections)
    .where(and(eq(trackerConnections.customerId, customerId), eq(trackerConnections.kind, "jira")));
  const connections = rows.filter((row) => writeBackEnabled(writeBackOf(row))).map((row) => ({ id: row.id, baseUrl: row.baseUrl }));
  if (sitesCache.size >= SITES_MAX) sitesCache.clear();
  sitesCache.set(customerId, { expiresAt: at + SITES_TTL_MS, connections });
  return connections;
}

/** The parts of a Jira webhook's issue write-back needs: its id, its REST URL (`self`, naming the site), its key and labels. */
export interface WebhookIssue {
  id?: unknown;
  self?: unknown;
  key?: string | null;
  fields?: Record<string, unknown>;
}

/**
 * Note a webhook's issue for write-back when one of the customer's Jira connections writes back to its site (its
 * `self` URL is under the connection's base URL). Answers whether it was noted. An issue without an id, a `self` or
 * a key cannot be written to and is not noted.
 */
export async function noteWebhookWrite(db: Db, customerId: string, storyIdentity: string, issue: WebhookIssue): Promise<boolean> {
  const id = typeof issue.id === "string" || typeof issue.id === "number" ? String(issue.id) : "";
  const self = typeof issue.self === "string" ? issue.self : "";
  const key = issue.key?.trim() ?? "";
  if (!id || !self || !key) return false;
  const sites = await writeBackSites(db, customerId);
  const connection = sites.find((c) => self.startsWith(`${c.baseUrl}/`));
  if (!connection) return false;
  const given = issue.fields?.labels;
  const labels = Array.isArray(given) ? given.filter((l): l is string => typeof l === "string") : [];
  const row = {
    customerId,
    storyIdentity,
    connectionId: connection.id,
    externalId: `${jiraSite(connection.baseUrl)}:${id}`,
    issueKey: key,
    url: `${connection.baseUrl}/browse/${encodeURIComponent(key)}`,
    labels,
    requestedAt: new Date(),
  };
  await db
    .insert(trackerWebhookWrites)
    .values(row)
    .onConflictDoUpdate({
      target: [trackerWebhookWrites.customerId, trackerWebhookWrites.storyIdentity],
      set: { connectionId: row.connectionId, externalId: row.externalId, issueKey: row.issueKey, url: row.url, labels: row.labels, requestedAt: row.requestedAt },
    });
  return true;
}

/**
 * A write-back job of the webhook path (its data: the async job's id): the job's score written to its issue as a
 * sync writes it, into the same comment. Nothing to do when the issue is no longer noted, the connection is gone or
 * no longer writes back. A refused write is logged (the webhook path has no sync to report it in); the next sync
 * reports it on the connection.
 */
export async function runWebhookWrite(db: Db, asyncJobId: string, options: WriterOptions = {}): Promise<{ written: number; failed: number; error?: string } | null> {
  const [row] = await executeHot<{
    customer_id: string;
    story_identity: string;
    result: unknown;
    ticket: unknown;
    connection_id: string;
    external_id: string;
    issue_key: string;
    labels: unknown;
    requested_at: string | Date;
  }>(db, sql`
    select j.customer_id, j.story_identity, j.result, j.ticket, w.connection_id, w.external_id, w.issue_key, w.labels, w.requested_at
    from async_jobs j join tracker_webhook_writes w on w.customer_id = j.customer_id and w.story_identity = j.story_identity
    where j.id = ${asyncJobId}::uuid and j.status = 'completed'`);
  if (!row) return null;
  const [connection] = await db.select().from(trackerConnections).where(eq(trackerConnections.id, row.connection_id)).limit(1);
  const settings = connection ? writeBackOf(connection) : null;
  const parsed = writtenScoreSchema.safeParse(typeof row.result === "string" ? JSON.parse(row.result) : row.result);
  const forget = () =>
    executeHot(db, sql`delete from tracker_webhook_writes where customer_id = ${row.customer_id} and story_identity = ${row.story_identity}
      and requested_at = ${new Date(row.requested_at).toISOString()}::timestamptz`);
  if (!connection || !settings || !writeBackEnabled(settings) || !parsed.success) {
    await forget();
    return null;
  }
  const log = logger().child({ connection_id: connection.id, customer_id: row.customer_id, issue_key: row.issue_key });
  const config = await trackerConfig(db, connection);
  const run = new WriteBackRun(trackerWriter(config, options), settings, (error) =>
    error instanceof TrackerError ? log.warn({ error: error.message }, "write-back of a webhook's issue failed") : log.error({ err: error }, "write-back of a webhook's issue failed unexpectedly"),
  );
  const state = (await loadWriteStates(db, row.customer_id, [row.external_id])).get(row.external_id) ?? null;
  const ticket = (typeof row.ticket === "string" ? JSON.parse(row.ticket) : row.ticket) as { key?: string };
  const labels = (typeof row.labels === "string" ? JSON.parse(row.labels) : row.labels) as string[];
  const states = await run.write([
    {
      target: { externalId: row.external_id, key: row.issue_key, labels: labels.map((name) => ({ name })) },
      score: parsed.data,
      storyUrl: storyPageUrl(row.customer_id, ticketRef(ticket, null, row.story_identity)),
      state,
      // What a sync decided from stays: the webhook's score is the same issue's, read from the webhook's body.
      sourceHash: state?.sourceHash ?? null,
    },
  ]);
  await saveWriteStates(db, row.customer_id, connection.id, states);
  await forget();
  log.info({ written: run.written, failed: run.failed }, run.failed ? "write-back of a webhook's issue failed" : "webhook's issue written back");
  return { written: run.written, failed: run.failed, ...(run.error ? { error: run.error } : {}) };
}
