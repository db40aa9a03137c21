// An installation's webhook deliveries as its owner sees them, a test event ("Send test event"), and a
// redelivery: one more attempt of a delivered or failed event, sent now, under the same webhook-id.
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { getDbHandle, type Db } from "@/db/client";
import { asyncJobs, webhookDeliveries, webhookDeliveryAttempts, type Installation, type WebhookDelivery, type WebhookDeliveryAttempt } from "@/db/schema";
import { now } from "@/lib/clock";
import { afterCursor, cursorTime, decodeCursor, encodeCursor } from "@/lib/http/cursor";
import { ApiError } from "@/lib/http/errors";
import { findInstallation, installationTarget } from "@/lib/integrations/installations";
import { openSecret } from "@/lib/secrets/secret-box";
import { callbackPayload, disableOnGone } from "@/lib/jobs/async-jobs";
import { consumeRateLimit } from "@/lib/rate-limit";
import { deliverCallback } from "@/lib/webhooks/deliver";
import { recordAttempts, webhookIdOf, type DeliveryStatus } from "@/lib/webhooks/delivery-log";
import { recordAudit } from "@/lib/audit";
import { isUuid } from "@/lib/uuid";

/** Test events and redeliveries per installation and minute: enough for a person, not a way to flood a receiver. */
export const SEND_NOW_LIMIT = { limit: 20, windowSeconds: 60 };
/** A person's send is marked in progress this long (the 10 s delivery timeout, with room); a crash lets it expire. */
const SENDING_MS = 30_000;

export function attemptView(row: WebhookDeliveryAttempt) {
  return {
    attempted_at: row.attemptedAt.toISOString(),
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
  };
}

export function deliveryView(row: WebhookDelivery, attempts: WebhookDeliveryAttempt[]) {
  return {
    delivery_id: row.id,
    job_id: row.jobId,
    event: row.event as "score.completed" | "score.failed" | "ping",
    issue_key: row.issueKey,
    webhook_id: row.webhookId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    attempts: attempts.map(attemptView),
  };
}

async function attemptsOf(db: Db, deliveryIds: string[]): Promise<Map<string, WebhookDeliveryAttempt[]>> {
  const byDelivery = new Map<string, WebhookDeliveryAttempt[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookDeliveryAttempts.attemptedAt), asc(webhookDeliveryAttempts.id));
  for (const row of rows) byDelivery.get(row.deliveryId)?.push(row);
  return byDelivery;
}

/** An installation's deliveries, newest first, a page at a time, optionally of one status. */
export async function listDeliveries(
  db: Db,
  customerId: string,
  installationId: string,
  { status, limit, cursor }: { status?: DeliveryStatus; limit: number; cursor?: string | null },
) {
  await findInstallation(db, customerId, installationId);
  const after = decodeCursor(cursor);
  const rows = await db
    .select({ row: webhookDeliveries, at: cursorTime(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.installationId, installationId),
        status ? eq(webhookDeliveries.status, status) : undefined,
        after ? afterCursor(webhookDeliveries.createdAt, webhookDeliveries.id, after) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const attempts = await attemptsOf(
    db,
    page.map((entry) => entry.row.id),
  );
  const last = page.at(-1);
  return {
    data: page.map((entry) => deliveryView(entry.row, attempts.get(entry.row.id) ?? [])),
    next_cursor: rows.length > limit && last ? encodeCursor(last.at, last.row.id) : null,
  };
}

async function throttle(installationId: string): Promise<void> {
  const outcome = await consumeRateLimit(await getDbHandle(), `send-now:${installationId}`, SEND_NOW_LIMIT);
  if (!outcome.allowed) {
    throw new ApiError(
      "rate_limited",
      `At most ${SEND_NOW_LIMIT.limit} test events and redeliveries a minute per installation.`,
      [`retry after ${outcome.retryAfterSeconds} seconds`],
      { "Retry-After": String(outcome.retryAfterSeconds) },
    );
  }
}

/**
 * Send one attempt of a delivery now and record it: delivered on a 2xx, else failed (a person's send is not
 * retried; they can send again). A job's own delivery fields follow, so GET /api/v1/jobs/{id} agrees. A 410
 * disables the installation, as it does for the queue's attempts.
 */
async function sendNow(db: Db, installation: Installation, delivery: WebhookDelivery, payload: Record<string, unknown>) {
  const attemptedAt = now();
  const outcome = await deliverCallback({
    url: installation.callbackUrl,
    webhookSecret: await openSecret(db, installation.webhookSecretEncrypted),
    webhookId: delivery.webhookId,
    payload: JSON.stringify(payload),
  });
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  await recordAttempts(db, [{ deliveryId: delivery.id, attemptedAt, outcome, deliveryStatus: ok ? "delivered" : "failed" }]);
  if (delivery.jobId) {
    await db
      .update(asyncJobs)
      .set({
        deliveryStatus: ok ? "delivered" : "failed",
        deliveryAttempts: sql`${asyncJobs.deliveryAttempts} + 1`,
        lastStatusCode: outcome.status,
        lastDeliveryError: outcome.error,
        nextAttemptAt: null,
        ...(ok ? { deliveredAt: now() } : {}),
      })
      .where(eq(asyncJobs.id, delivery.jobId));
  }
  if (outcome.status === 410) await disableOnGone(db, installation);
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).limit(1);
  return deliveryView(row, (await attemptsOf(db, [row.id])).get(row.id) ?? []);
}

/**
 * "Send test event": a signed `ping` to the installation's callback, recorded as a delivery of its own, with
 * the receiver's answer. Allowed while the installation is disabled, so a receiver can be checked before it is
 * enabled again.
 */
export async function pingInstallation(db: Db, customerId: string, installationId: string) {
  const installation = await findInstallation(db, customerId, installationId);
  await throttle(installation.id);
  const id = randomUUID();
  const payload = {
    type: "ping",
    installation_id: installation.id,
    cloudId: installation.cloudId,
    source: installation.source,
    timestamp: now().toISOString(),
  };
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({
      id,
      installationId: installation.id,
      customerId,
      event: "ping",
      webhookId: webhookIdOf(id),
      payload,
      status: "pending",
      sendingUntil: new Date(now().getTime() + SENDING_MS),
    })
    .returning();
  return sendNow(db, installation, delivery, payload);
}

/**
 * Send a delivered or failed event again, now, under its webhook-id (receivers that de-duplicate by it stay
 * correct). A pending delivery is the queue's (or another person's send) and is a 409, as is one of a
 * disabled installation. Taking the delivery is one conditional update, so two clicks send once.
 */
export async function redeliver(db: Db, customerId: string, installationId: string, deliveryId: string, actor: string) {
  const installation = await findInstallation(db, customerId, installationId);
    const [existing] = isUuid(deliveryId)
    ? await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.installationId, installation.id)))
        .limit(1)
    : [];
  if (!existing) throw new ApiError("not_found", "No such delivery.");
  if (installation.enabled !== 1) {
    throw new ApiError("conflict", "The installation is disabled; enable it before redelivering.", [`installation: ${installation.disabledReason ?? "disabled"}`]);
  }
  await throttle(installation.id);
  const [taken] = await db
    .update(webhookDeliveries)
    .set({ status: "pending", sendingUntil: new Date(now().getTime() + SENDING_MS), updatedAt: now() })
    .where(
      and(
        eq(webhookDeliveries.id, existing.id),
        sql`(${webhookDeliveries.status} in ('delivered', 'failed') or (${webhookDeliveries.sendingUntil} is not null and ${webhookDeliveries.sendingUntil} < now()))`,
      ),
    )
    .returning();
  if (!taken) throw new ApiError("conflict", "This delivery is still pending; it can be redelivered once it is delivered or failed.", ["status: pending"]);
  let payload = taken.payload;
  if (taken.jobId) {
    const [job] = await db.select().from(asyncJobs).where(eq(asyncJobs.id, taken.jobId)).limit(1);
    payload = job ? callbackPayload(job, installation) : null;
  }
  if (!payload) {
    await db.update(webhookDeliveries).set({ status: existing.status, sendingUntil: null }).where(eq(webhookDeliveries.id, taken.id));
    throw new ApiError("conflict", "This event can no longer be sent: its job is gone.", ["job_id: deleted"]);
  }
  await recordAudit(db, {
    customerId,
    actor,
    action: "delivery.redelivered",
    target: installationTarget(installation),
    details: { delivery_id: taken.id, event: taken.event, webhook_id: taken.webhookId, ...(taken.issueKey ? { issue_key: taken.issueKey } : {}) },
  });
  return sendNow(db, installation, taken, payload);
}
