// A customer's tracker connections: stored with their credentials sealed (lib/secrets/secret-box.ts, as the
// webhook signing secrets are), their base URL checked as callback URLs are (lib/integrations/ssrf.ts), each
// change recorded in the audit trail. The sync itself is lib/trackers/sync.ts; the schedules lib/trackers/schedule.ts.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, trackerConnections, type TrackerConnection } from "@/db/schema";
import { recordAudit, type AuditEntry } from "@/lib/audit";
import { ApiError } from "@/lib/http/errors";
import { openSecret, sealSecret } from "@/lib/secrets/secret-box";
import { CallbackUrlError, validateCallbackUrl } from "@/lib/integrations/ssrf";
import { outboundPolicy } from "@/lib/outbound/client";
import { isUuid } from "@/lib/uuid";
import { DEFAULT_BASE_URLS } from "./index";
import {
  DEFAULT_WRITE_BACK_BELOW,
  queryProblem,
  writeBackEnabled,
  type ConnectionView,
  type CreateConnectionInput,
  type UpdateConnectionInput,
  type WriteBackInput,
  type WriteBackSettings,
} from "./schemas";
import type { TrackerConfig, TrackerCredentials, TrackerKind } from "./types";
import { forgetWriteBackSites } from "./write-back/webhook";

/** Connections a customer may hold: a team links a few projects; each one is a sync job and, maybe, a schedule. */
export const MAX_CONNECTIONS = 20;

/** A connection's write-back settings as the API shows them. */
export function writeBackOf(row: Pick<TrackerConnection, "writeBackComment" | "writeBackLabel" | "writeBackBelow">): WriteBackSettings {
  return { comment: row.writeBackComment, label: row.writeBackLabel, below: row.writeBackBelow };
}

/** The settings after a change: what is not sent stays (POST starts from off: no comment, no label, 80%). */
function mergeWriteBack(current: WriteBackSettings, change: WriteBackInput): WriteBackSettings {
  return {
    comment: change.comment ?? current.comment,
    label: change.label === undefined ? current.label : change.label,
    below: change.below ?? current.below,
  };
}

const WRITE_BACK_OFF: WriteBackSettings = { comment: false, label: null, below: DEFAULT_WRITE_BACK_BELOW };

const writeBackColumns = (settings: WriteBackSettings) => ({ writeBackComment: settings.comment, writeBackLabel: settings.label, writeBackBelow: settings.below });

export function connectionView(row: TrackerConnection): ConnectionView {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    base_url: row.baseUrl,
    query: row.query,
    schedule: row.schedule,
    credentials: { email: row.credentialsEmail, token_last4: row.tokenLast4 },
    write_back: writeBackOf(row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_sync: row.lastSync ?? null,
  };
}

/** How the audit trail names a connection. */
export const connectionTarget = (row: Pick<TrackerConnection, "kind" | "name">) => `connection ${row.kind} (${row.name})`;

/**
 * The base URL a connection reads: the given one (Jira's site; a GitHub Enterprise API) or the tracker's
 * default, checked as a callback URL is (https; no private, loopback or reserved address unless
 * ALLOW_PRIVATE_CALLBACKS), without a query, fragment or trailing slash.
 */
export async function checkBaseUrl(kind: TrackerKind, raw: string | undefined): Promise<string> {
  const given = raw ?? DEFAULT_BASE_URLS[kind];
  if (!given) throw new ApiError("validation_error", undefined, [`base_url: is required for ${kind}`]);
  let url: URL;
  try {
    url = await validateCallbackUrl(given, outboundPolicy());
  } catch (error) {
    if (error instanceof CallbackUrlError) throw new ApiError("validation_error", undefined, [`base_url: ${error.message}`]);
    throw error;
  }
  if (url.search || url.hash) throw new ApiError("validation_error", undefined, ["base_url: must not contain a query or a fragment"]);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function tokenLast4(token: string): string {
  return token.length > 8 ? token.slice(-4) : "";
}

async function sealCredentials(db: Db, credentials: TrackerCredentials) {
  return {
    credentialsSealed: await sealSecret(db, JSON.stringify({ email: credentials.email ?? null, token: credentials.token })),
    credentialsEmail: credentials.email ?? null,
    // Short tokens keep nothing visible: four characters of an eight-character token are half of it.
    tokenLast4: tokenLast4(credentials.token),
  };
}

/** The connection as a tracker client reads it: base URL, query and the credentials, unsealed. */
export async function trackerConfig(db: Db, row: TrackerConnection): Promise<TrackerConfig> {
  const opened = JSON.parse(await openSecret(db, row.credentialsSealed)) as { email: string | null; token: string };
  return { kind: row.kind, baseUrl: row.baseUrl, query: row.query, credentials: { token: opened.token, ...(opened.email ? { email: opened.email } : {}) } };
}

/**
 * Create a connection. The count and the insert run in one transaction under a lock on the customer's row (as
 * API keys do), so concurrent creations cannot go over MAX_CONNECTIONS.
 */
export async function createConnection(db: Db, customerId: string, input: CreateConnectionInput, actor: string): Promise<TrackerConnection> {
  const baseUrl = await checkBaseUrl(input.kind, input.base_url);
  const sealed = await sealCredentials(db, input.credentials);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${customers} where ${customers.id} = ${customerId} for update`);
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(trackerConnections)
      .where(eq(trackerConnections.customerId, customerId));
    if (Number(count) >= MAX_CONNECTIONS) {
      throw new ApiError("conflict", `You already have ${MAX_CONNECTIONS} tracker connections; delete one first.`, [
        `connections: at most ${MAX_CONNECTIONS} per account`,
      ]);
    }
    const [row] = await tx
      .insert(trackerConnections)
      .values({
        customerId,
        kind: input.kind,
        name: input.name,
        baseUrl,
        query: input.query,
        schedule: input.schedule ?? "manual",
        ...sealed,
        ...writeBackColumns(mergeWriteBack(WRITE_BACK_OFF, input.write_back ?? {})),
      })
      .returning();
    forgetWriteBackSites(customerId);
    await recordAudit(tx, {
      customerId,
      actor,
      action: "connection.created",
      target: connectionTarget(row),
      details: { base_url: row.baseUrl, query: row.query, schedule: row.schedule, write_back: writeBackOf(row) },
    });
    return row;
  });
}

export async function listConnections(db: Db, customerId: string): Promise<TrackerConnection[]> {
  return db
    .select()
    .from(trackerConnections)
    .where(eq(trackerConnections.customerId, customerId))
    .orderBy(desc(trackerConnections.createdAt), desc(trackerConnections.id));
}

/** One connection of this customer; another customer's id is a 404, as an unknown one. */
export async function findConnection(db: Db, customerId: string, id: string): Promise<TrackerConnection> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(trackerConnections)
        .where(and(eq(trackerConnections.id, id), eq(trackerConnections.customerId, customerId)))
        .limit(1)
    : [];
  if (!row) throw new ApiError("not_found", "No such connection.");
  return row;
}

/**
 * Change a connection's name, query, schedule, credentials or write-back settings; one audit event names what
 * changed (never the token). A changed query or write-back makes the next scheduled sync read everything again
 * (its issues are not the same; what each issue should carry changed).
 * Jira credentials without an email keep the stored one. A request that changes nothing records nothing.
 */
export async function updateConnection(db: Db, customerId: string, id: string, change: UpdateConnectionInput, actor: string): Promise<TrackerConnection> {
  const current = await findConnection(db, customerId, id);
  const set: Partial<typeof trackerConnections.$inferInsert> = {};
  const details: Record<string, unknown> = {};
  if (change.name !== undefined && change.name !== current.name) {
    set.name = change.name;
    details.name = { from: current.name, to: change.name };
  }
  if (change.query !== undefined && change.query !== current.query) {
    const problem = queryProblem(current.kind, change.query);
    if (problem) throw new ApiError("validation_error", undefined, [`query: ${problem}`]);
    set.query = change.query;
    set.lastSuccessStartedAt = null;
    details.query = { from: current.query, to: change.query };
  }
  if (change.schedule !== undefined && change.schedule !== current.schedule) {
    set.schedule = change.schedule;
    details.schedule = { from: current.schedule, to: change.schedule };
  }
  if (change.credentials) {
    const email = change.credentials.email ?? current.credentialsEmail ?? undefined;
    if (current.kind === "jira" && !email) throw new ApiError("validation_error", undefined, ["credentials.email: is required for jira"]);
    Object.assign(set, await sealCredentials(db, { token: change.credentials.token, ...(current.kind === "jira" && email ? { email } : {}) }));
    details.credentials = { email: current.kind === "jira" ? email : null, token_last4: set.tokenLast4 };
  }
  if (change.write_back) {
    const before = writeBackOf(current);
    const after = mergeWriteBack(before, change.write_back);
    if (JSON.stringify(after) !== JSON.stringify(before)) {
      Object.assign(set, writeBackColumns(after));
      // What each issue should carry changed: the next scheduled sync reads every issue again, not only the changed ones.
      set.lastSuccessStartedAt = null;
      // Turning it off leaves what was written on the issues: the audit event says so.
      details.write_back = { from: before, to: after, ...(writeBackEnabled(before) && !writeBackEnabled(after) ? { note: "comments and labels already written are left as they are" } : {}) };
    }
  }
  if (Object.keys(set).length === 0) return current;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(trackerConnections)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(trackerConnections.id, id), eq(trackerConnections.customerId, customerId)))
      .returning();
    if (!row) throw new ApiError("not_found", "No such connection.");
    forgetWriteBackSites(customerId);
    const event: AuditEntry = { customerId, actor, action: "connection.updated", target: connectionTarget(row), details };
    await recordAudit(tx, event);
    return row;
  });
}

/**
 * Delete a connection. Its imported stories, their runs and their billing stay; a running sync stops at its next page.
 * What write-back wrote (comments, labels, Jira properties) stays on the issues, and what it knows of them stays
 * too, so connecting the tracker again edits the same comments.
 */
export async function deleteConnection(db: Db, customerId: string, id: string, actor: string): Promise<TrackerConnection> {
  const current = await findConnection(db, customerId, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(trackerConnections)
      .where(and(eq(trackerConnections.id, current.id), eq(trackerConnections.customerId, customerId)))
      .returning();
    if (!row) throw new ApiError("not_found", "No such connection.");
    forgetWriteBackSites(customerId);
    const written = writeBackEnabled(writeBackOf(row)) ? { write_back: "comments and labels already written are left as they are" } : {};
    await recordAudit(tx, { customerId, actor, action: "connection.deleted", target: connectionTarget(row), details: { base_url: row.baseUrl, query: row.query, ...written } });
    return row;
  });
}
