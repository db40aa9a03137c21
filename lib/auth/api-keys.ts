import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { apiKeys, customers, plans } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { randomToken, safeEqual, sha256Hex } from "./secrets";

export const API_KEY_PREFIX = "ssk_";
const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** The account behind an API key, as the gateway sees it. Never passed to the scoring engine. */
export interface CustomerContext {
  customerId: string;
  companyId: string | null;
  planId: string;
  quota: number;
}

/** Issue a new key (256 random bits). Only its SHA-256 and a short visible prefix are stored. */
export async function issueApiKey(tx: Db | Tx, customerId: string): Promise<{ key: string; prefix: string }> {
  const key = randomToken(API_KEY_PREFIX, 32);
  const prefix = key.slice(0, VISIBLE_PREFIX_LENGTH);
  await tx.insert(apiKeys).values({ customerId, prefix, keyHash: sha256Hex(key) });
  return { key, prefix };
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

/** Revoke every live key of a customer (a re-provisioned customer gets a fresh key and the old ones stop). */
export async function revokeApiKeys(tx: Db | Tx, customerId: string, now = new Date()): Promise<void> {
  forgetCachedKeys(customerId);
  await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)));
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
    throw new ApiError("unauthorized", "Missing API key.", ["Authorization: send `Bearer <API_KEY>`"], {
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
    context: { customerId: row.customerId, companyId: row.companyId, planId: row.planId, quota: row.quotaOverride ?? row.planQuota },
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
