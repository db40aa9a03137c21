import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { apiKeys, customers, plans, type ApiKey } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { ApiError } from "@/lib/http/errors";
import { randomToken, safeEqual, sha256Hex } from "./secrets";
import { isUuid } from "@/lib/uuid";

export const API_KEY_PREFIX = "ssk_";
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** Active keys a customer may hold at once: enough to rotate every integration without downtime. */
export const MAX_ACTIVE_KEYS = 20;
/** Who issued the keys of `npm run provision` (the admin API); re-provisioning replaces only these. */
export const OPERATOR_ACTOR = "operator (provisioning)";

/** The account behind an API key, as the gateway sees it. Never passed to the scoring engine. */
export interface CustomerContext {
  customerId: string;
  companyId: string | null;
  planId: string;
  quota: number;
  /** The visible prefix of the key that authenticated the request (audit trails name it, never the key). */
  keyPrefix?: string;
}

/** Issue a new key (256 random bits). Only its SHA-256 and a short visible prefix are stored. */
export async function issueApiKey(
  tx: Db | Tx,
  customerId: string,
  { name = "Provisioned key", createdBy = OPERATOR_ACTOR }: { name?: string; createdBy?: string } = {},
): Promise<{ key: string; prefix: string; row: ApiKey }> {
  const key = randomToken(API_KEY_PREFIX, 32);
  const prefix = key.slice(0, VISIBLE_PREFIX_LENGTH);
  const [row] = await tx.insert(apiKeys).values({ customerId, prefix, keyHash: sha256Hex(key), name, createdBy }).returning();
  return { key, prefix, row };
}

/** A key as its owner sees it: never the key itself, which is shown once, when it is created. */
export function apiKeyView(row: ApiKey) {
  return {
    key_id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    status: row.revokedAt ? ("revoked" as const) : ("active" as const),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** A customer's keys, newest first (revoked ones too, so the list says what stopped and when). */
export async function listApiKeys(db: Db, customerId: string) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.customerId, customerId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(apiKeyView);
}

/**
 * Create a key for a customer from the settings page or the API. Several keys may be active at once (rotate by
 * creating the new one, moving the callers, then revoking the old), up to MAX_ACTIVE_KEYS: the count and the
 * insert run in one transaction under a lock on the customer's row, so concurrent creations cannot overrun.
 */
export async function createApiKey(db: Db, customerId: string, name: string, createdBy: string) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${customers} where ${customers.id} = ${customerId} for update`);
    const [{ active }] = await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)));
    if (Number(active) >= MAX_ACTIVE_KEYS) {
      throw new ApiError("conflict", `You already have ${MAX_ACTIVE_KEYS} active keys; revoke one first.`, [`keys: at most ${MAX_ACTIVE_KEYS} active keys per account`]);
    }
    const { key, row } = await issueApiKey(tx, customerId, { name, createdBy });
    await recordAudit(tx, { customerId, actor: createdBy, action: "key.created", target: keyTarget(row) });
    return { ...apiKeyView(row), key };
  });
}

/** How the audit trail names a key: its prefix and name, never the key. */
export const keyTarget = (row: Pick<ApiKey, "prefix" | "name">) => `key ${row.prefix}… (${row.name})`;

/**
 * Revoke one key of a customer (another customer's key id is a 404, as an unknown one). It stops at once in this
 * process and within the cache's 10 s everywhere else. Revoking a revoked key answers it unchanged.
 */
export async function revokeApiKey(db: Db, customerId: string, keyId: string, actor: string, now = new Date()) {
  if (!isUuid(keyId)) throw new ApiError("not_found", "No such API key.");
  const revoked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)))
      .returning();
    if (row) await recordAudit(tx, { customerId, actor, action: "key.revoked", target: keyTarget(row) });
    return row;
  });
  forgetCachedKey(keyId);
  if (revoked) return { view: apiKeyView(revoked), changed: true };
  const [existing] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.customerId, customerId))).limit(1);
  if (!existing) throw new ApiError("not_found", "No such API key.");
  return { view: apiKeyView(existing), changed: false };
}

// Keys resolve to customers from a short in-process cache: a score request then costs no auth query. A
// revocation or re-provisioning clears this process's entries at once; other instances follow within the TTL.
const AUTH_CACHE_TTL_MS = 10_000;
const AUTH_CACHE_MAX = 10_000;
interface CachedKey {
  context: CustomerContext;
  keyId: string;
  expiresAt: number;
  lastUsedAt: number;
}
const authCache = ((globalThis as unknown as { __sscAuthCache?: Map<string, CachedKey> }).__sscAuthCache ??= new Map());

/** Drop cached keys of a customer (after its keys were revoked, or its plan or quota changed). */
export function forgetCachedKeys(customerId: string): void {
  for (const [hash, entry] of authCache) if (entry.context.customerId === customerId) authCache.delete(hash);
}

function forgetCachedKey(keyId: string): void {
  for (const [hash, entry] of authCache) if (entry.keyId === keyId) authCache.delete(hash);
}

/**
 * Revoke live keys of a customer: every one, or only those issued by `createdBy` (re-provisioning replaces the
 * operator's key and leaves the keys the customer made itself). Answers the revoked keys.
 */
export async function revokeApiKeys(tx: Db | Tx, customerId: string, { now = new Date(), createdBy }: { now?: Date; createdBy?: string } = {}): Promise<ApiKey[]> {
  forgetCachedKeys(customerId);
  return tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt), createdBy === undefined ? undefined : eq(apiKeys.createdBy, createdBy)))
    .returning();
}

export function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

/** Resolve `Authorization: Bearer <API_KEY>` to its customer, or throw 401 in the gateway shape. */
export async function authenticateApiKey(db: Db, request: Request, now = new Date()): Promise<CustomerContext> {
  const token = bearerToken(request);
  if (!token) {
    throw new ApiError("unauthorized", "Missing API key.", ['Authorization: send "Bearer <API_KEY>"'], {
      "WWW-Authenticate": 'Bearer realm="api"',
    });
  }
  const keyHash = sha256Hex(token);
  const cached = authCache.get(keyHash);
  if (cached && cached.expiresAt > now.getTime()) {
    await touchKey(db, cached, now);
    return cached.context;
  }
  const [row] = await db
    .select({
      id: apiKeys.id,
      prefix: apiKeys.prefix,
      keyHash: apiKeys.keyHash,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      customerId: customers.id,
      companyId: customers.companyId,
      planId: customers.planId,
      quotaOverride: customers.quotaOverride,
      planQuota: plans.monthlyQuota,
    })
    .from(apiKeys)
    .innerJoin(customers, eq(customers.id, apiKeys.customerId))
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!row || !safeEqual(row.keyHash, keyHash) || row.revokedAt) {
    authCache.delete(keyHash);
    throw new ApiError("unauthorized", "Invalid or revoked API key.", [], { "WWW-Authenticate": 'Bearer error="invalid_token"' });
  }
  const entry: CachedKey = {
    context: { customerId: row.customerId, companyId: row.companyId, planId: row.planId, quota: row.quotaOverride ?? row.planQuota, keyPrefix: row.prefix },
    keyId: row.id,
    expiresAt: now.getTime() + AUTH_CACHE_TTL_MS,
    lastUsedAt: row.lastUsedAt?.getTime() ?? 0,
  };
  if (authCache.size >= AUTH_CACHE_MAX) authCache.clear();
  authCache.set(keyHash, entry);
  await touchKey(db, entry, now);
  return entry.context;
}

// Record use at most once a minute per key, so a busy key does not write on every request.
async function touchKey(db: Db, entry: CachedKey, now: Date): Promise<void> {
  if (now.getTime() - entry.lastUsedAt < 60_000) return;
  entry.lastUsedAt = now.getTime();
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, entry.keyId));
}
