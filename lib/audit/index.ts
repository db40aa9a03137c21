// The audit trail of a customer's account: who created or revoked a key, changed the rule settings or dismissed a
// finding, and every change to an integration
// (by a person, a program, the operator or the service itself), listed on the settings page and by the API.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { auditEvents, type AuditEvent } from "@/db/schema";
import { afterCursor, cursorTime, decodeCursor, encodeCursor } from "@/lib/http/cursor";

export const AUDIT_ACTIONS = [
  "key.created",
  "key.revoked",
  "installation.registered",
  "installation.updated",
  "installation.secrets_rotated",
  "installation.disabled",
  "installation.enabled",
  "delivery.redelivered",
  "connection.created",
  "connection.updated",
  "connection.deleted",
  "rules.updated",
  "finding.dismissed",
  "finding.restored",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The service itself, when it acts on its own (a receiver's 410 disables its installation). */
export const SERVICE_ACTOR = "the service";

export interface AuditEntry {
  customerId: string;
  actor: string;
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

/** Record one event; pass the transaction of the change so both land or neither does. */
export async function recordAudit(db: Db | Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  // clock_timestamp(), not the transaction's now(): events of one transaction keep their order.
  await db.insert(auditEvents).values(list.map((entry) => ({ ...entry, details: entry.details ?? {}, createdAt: sql`clock_timestamp()` })));
}

export function auditEventView(row: AuditEvent) {
  return {
    event_id: row.id,
    actor: row.actor,
    action: row.action,
    target: row.target,
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}

/** A customer's events, newest first, a page at a time. */
export async function listAuditEvents(db: Db, customerId: string, { limit, cursor }: { limit: number; cursor?: string | null }) {
  const after = decodeCursor(cursor);
  const rows = await db
    .select({ row: auditEvents, at: cursorTime(auditEvents.createdAt) })
    .from(auditEvents)
    .where(and(eq(auditEvents.customerId, customerId), after ? afterCursor(auditEvents.createdAt, auditEvents.id, after) : undefined))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { data: page.map((entry) => auditEventView(entry.row)), next_cursor: rows.length > limit && last ? encodeCursor(last.at, last.row.id) : null };
}
