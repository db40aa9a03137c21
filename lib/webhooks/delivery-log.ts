// The record of webhook deliveries (webhook_deliveries) and their attempts (webhook_delivery_attempts), written
// inside the statements that complete jobs and record attempts, so the log never disagrees with the jobs.
import { sql, type SQL } from "drizzle-orm";
import { executeHot, type Db, type Tx } from "@/db/client";
import { asyncJobs, webhookDeliveries, webhookDeliveryAttempts } from "@/db/schema";
import type { DeliveryOutcome } from "./deliver";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/**
 * The webhook-id of a delivery (a job's callback has the job's id): the same on every attempt and redelivery,
 * so receivers can de-duplicate.
 */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId}`;

/** The same in SQL, from a job's `status` and id columns: its delivery's event and webhook-id. */
const jobEvent = (status: SQL) => sql`case when ${status} = 'completed' then 'score.completed' else 'score.failed' end`;
const jobWebhookIdSql = (jobId: SQL) => sql`'msg_' || ${jobId}`;

/**
 * A data-modifying SQL fragment that records a pending delivery for every job of `source` (a CTE of finished
 * jobs with `job_id`, `installation_id`, `customer_id`, `issue_key` and `status`), beside the queue job that
 * will send it. A job's delivery has the job's id. Ends in `returning id`.
 */
export function deliveryRowsFrom(source: SQL): SQL {
  return sql`insert into ${webhookDeliveries} (id, installation_id, customer_id, job_id, event, issue_key, webhook_id, status)
    select s.job_id, s.installation_id, s.customer_id, s.job_id, ${jobEvent(sql`s.status`)}, s.issue_key, ${jobWebhookIdSql(sql`s.job_id`)}, 'pending'
    from ${source} s
    on conflict (id) do nothing
    returning id`;
}

/** One attempt to record, and the status its delivery has after it. */
export interface AttemptRecord {
  deliveryId: string;
  attemptedAt: Date;
  outcome: Pick<DeliveryOutcome, "status" | "durationMs" | "responseExcerpt" | "error">;
  deliveryStatus: DeliveryStatus;
}

/** Attempts as a JSON parameter for `attemptsFrom` (its `input` columns). */
export function attemptsJson(records: AttemptRecord[]): string {
  return JSON.stringify(
    records.map((record) => ({
      delivery_id: record.deliveryId,
      attempted_at: record.attemptedAt.toISOString(),
      status_code: record.outcome.status,
      duration_ms: Math.max(0, Math.round(record.outcome.durationMs)),
      response_excerpt: record.outcome.responseExcerpt,
      error: record.outcome.error,
      delivery_status: record.deliveryStatus,
    })),
  );
}

/**
 * CTEs (to follow `with` or a comma) that record attempts given as `attemptsJson`: each attempt inserted, and its
 * delivery's status set. A job's delivery is created from the job when it has none (a job finished before
 * deliveries were recorded); a ping's always exists.
 */
export function attemptsFrom(json: string): SQL {
  return sql`attempt_input as (
      select * from jsonb_to_recordset(${json}::jsonb) as a(delivery_id uuid, attempted_at timestamptz, status_code int,
        duration_ms int, response_excerpt text, error text, delivery_status text)
    ),
    job_delivery as (
      insert into ${webhookDeliveries} as d (id, installation_id, customer_id, job_id, event, issue_key, webhook_id, status, created_at)
      select j.id, j.installation_id, j.customer_id, j.id, ${jobEvent(sql`j.status`)}, j.issue_key, ${jobWebhookIdSql(sql`j.id`)},
        a.delivery_status, coalesce(j.completed_at, j.created_at)
      from attempt_input a join ${asyncJobs} j on j.id = a.delivery_id
      on conflict (id) do update set status = excluded.status, sending_until = null, updated_at = now()
      returning d.id
    ),
    other_delivery as (
      update ${webhookDeliveries} d set status = a.delivery_status, sending_until = null, updated_at = now()
      from attempt_input a
      where d.id = a.delivery_id and not exists (select 1 from ${asyncJobs} j where j.id = a.delivery_id)
      returning d.id
    ),
    attempt_row as (
      insert into ${webhookDeliveryAttempts} (delivery_id, attempted_at, status_code, duration_ms, response_excerpt, error)
      select delivery_id, attempted_at, status_code, duration_ms, response_excerpt, error from attempt_input
      returning id
    )`;
}

/** Record attempts on their own (failed attempts, redeliveries, test events): one statement. */
export async function recordAttempts(db: Db | Tx, records: AttemptRecord[]): Promise<void> {
  if (records.length === 0) return;
  await executeHot(db, sql`with ${attemptsFrom(attemptsJson(records))}
    select (select count(*) from job_delivery) + (select count(*) from other_delivery) as deliveries, (select count(*) from attempt_row) as attempts`);
}

/** Mark deliveries failed without an attempt (the installation was disabled before they could be sent). */
export async function failDeliveries(db: Db, deliveryIds: string[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  await db.execute(sql`update ${webhookDeliveries} set status = 'failed', updated_at = now()
    where id = any(${`{${deliveryIds.join(",")}}`}::uuid[]) and status = 'pending'`);
}

/** Deliveries (and their attempts) older than the retention period are deleted; answers how many. */
export async function purgeDeliveries(db: Db, retentionDays: number): Promise<number> {
  const rows = await executeHot<{ id: string }>(db, sql`delete from ${webhookDeliveries}
    where created_at < now() - make_interval(days => ${retentionDays}) and status <> 'pending' returning id`);
  return rows.length;
}
