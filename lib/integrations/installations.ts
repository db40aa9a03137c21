import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, installations, plans, type Installation } from "@/db/schema";
import { recordAudit, type AuditEntry } from "@/lib/audit";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { randomToken, safeEqual, sha256Hex } from "@/lib/auth/secrets";
import { ApiError } from "@/lib/http/errors";
import { sealSecret } from "@/lib/secrets/secret-box";
import { outboundPolicy } from "@/lib/outbound/client";
import { CallbackUrlError, validateCallbackUrl } from "./ssrf";
import { isUuid } from "@/lib/uuid";

export const INSTALLATION_SECRET_PREFIX = "sss_";

// Installations resolve from a short in-process cache, as API keys do, so accepting an issue costs no lookup:
// registering, disabling (by its owner or by a 410 from its callback) and re-provisioning the customer clear
// this process's entries at once; other instances follow within the TTL.
const INSTALLATION_CACHE_TTL_MS = 10_000;
const INSTALLATION_CACHE_MAX = 10_000;
interface CachedInstallation {
  installation: Installation;
  customer: CustomerContext;
  expiresAt: number;
}
const installationCache = ((globalThis as unknown as { __sscInstallationCache?: Map<string, CachedInstallation> }).__sscInstallationCache ??= new Map());
const cacheKey = (cloudId: string, source: string) => `${source}\u0000${cloudId}`;

/** Drop one cached installation (it was disabled, e.g. by a 410 from its callback). */
export function forgetCachedInstallation(cloudId: string, source: string): void {
  installationCache.delete(cacheKey(cloudId, source));
}

/** Drop cached installations: of one customer, or every one (tests, a changed plan). */
export function forgetCachedInstallations(customerId?: string): void {
  for (const [key, entry] of installationCache) if (!customerId || entry.installation.customerId === customerId) installationCache.delete(key);
}

export function installationView(row: Installation) {
  return {
    installation_id: row.id,
    cloudId: row.cloudId,
    source: row.source,
    callback_url: row.callbackUrl,
    enabled: row.enabled === 1,
    disabled_reason: row.enabled === 1 ? null : row.disabledReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How the audit trail names an installation. */
export function installationTarget(row: Pick<Installation, "cloudId" | "source">): string {
  return `installation ${row.source}/${row.cloudId}`;
}

async function checkCallbackUrl(url: string): Promise<void> {
  try {
    await validateCallbackUrl(url, outboundPolicy());
  } catch (error) {
    if (error instanceof CallbackUrlError) throw new ApiError("validation_error", undefined, [`callback_url: ${error.message}`]);
    throw error;
  }
}

/** A fresh pair: the X-Service-Secret (stored hashed) and the Standard Webhooks signing secret (sealed). */
async function freshSecrets(db: Db) {
  const secret = randomToken(INSTALLATION_SECRET_PREFIX, 32);
  // Standard Webhooks: `whsec_` + base64 of the key; 32 random bytes (the spec asks for 24 to 64).
  const webhookSecret = `whsec_${randomBytes(32).toString("base64")}`;
  return { secret, webhookSecret, stored: { secretHash: sha256Hex(secret), webhookSecretEncrypted: await sealSecret(db, webhookSecret) } };
}

/**
 * Register (201) or re-register (200: re-enabled, both secrets rotated) a cloudId + source for a customer.
 * A cloudId + source belongs to one customer: another customer's registration of it is a 409.
 */
export async function registerInstallation(db: Db, customerId: string, input: { cloudId: string; source: string; callback_url: string }, actor: string) {
  await checkCallbackUrl(input.callback_url);
  const { secret, webhookSecret, stored } = await freshSecrets(db);
  const values = {
    customerId,
    cloudId: input.cloudId,
    source: input.source,
    callbackUrl: input.callback_url,
    ...stored,
    enabled: 1,
    disabledReason: null,
    updatedAt: new Date(),
  };
  const { inserted, row } = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(installations).values(values).onConflictDoNothing().returning();
    let row = inserted;
    if (!inserted) {
      [row] = await tx
        .update(installations)
        .set(values)
        .where(and(eq(installations.cloudId, input.cloudId), eq(installations.source, input.source), eq(installations.customerId, customerId)))
        .returning();
      if (!row) throw new ApiError("conflict", "This cloudId and source are registered by another account.", ["cloudId: already registered for this source"]);
    }
    await recordAudit(tx, {
      customerId,
      actor,
      action: "installation.registered",
      target: installationTarget(row),
      details: { callback_url: row.callbackUrl, ...(inserted ? {} : { re_registered: true, secrets_rotated: true }) },
    });
    return { inserted, row };
  });
  installationCache.delete(cacheKey(input.cloudId, input.source));
  const { enabled: _enabled, disabled_reason: _reason, updated_at: _updated, ...view } = installationView(row);
  return { created: Boolean(inserted), body: { ...view, secret, webhook_secret: webhookSecret } };
}

export async function listInstallations(db: Db, customerId: string) {
  const rows = await db.select().from(installations).where(eq(installations.customerId, customerId)).orderBy(desc(installations.createdAt), desc(installations.id));
  return rows.map(installationView);
}

/** One installation of this customer; another customer's id is a 404, as an unknown one. */
export async function findInstallation(db: Db, customerId: string, id: string): Promise<Installation> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(installations)
        .where(and(eq(installations.id, id), eq(installations.customerId, customerId)))
        .limit(1)
    : [];
  if (!row) throw new ApiError("not_found", "No such installation.");
  return row;
}

/**
 * Change an installation: its callback URL (checked as at registration) and whether it is enabled. A disabled
 * installation's async endpoint answers 401 and its callbacks stop; enabling it again needs no new secrets.
 * Each change is one audit event; a request that changes nothing records nothing.
 */
export async function updateInstallation(db: Db, customerId: string, id: string, change: { callback_url?: string; enabled?: boolean }, actor: string) {
  const current = await findInstallation(db, customerId, id);
  if (change.callback_url !== undefined && change.callback_url !== current.callbackUrl) await checkCallbackUrl(change.callback_url);
  const set: Partial<Installation> = {};
  const events: AuditEntry[] = [];
  const target = installationTarget(current);
  if (change.callback_url !== undefined && change.callback_url !== current.callbackUrl) {
    set.callbackUrl = change.callback_url;
    events.push({ customerId, actor, action: "installation.updated", target, details: { callback_url: { from: current.callbackUrl, to: change.callback_url } } });
  }
  if (change.enabled === true && current.enabled !== 1) {
    Object.assign(set, { enabled: 1, disabledReason: null });
    events.push({ customerId, actor, action: "installation.enabled", target, details: { previously: current.disabledReason } });
  }
  if (change.enabled === false && current.enabled === 1) {
    const reason = `disabled by ${actor}`;
    Object.assign(set, { enabled: 0, disabledReason: reason });
    events.push({ customerId, actor, action: "installation.disabled", target, details: { reason } });
  }
  if (events.length === 0) return installationView(current);
  return installationView(await changeInstallation(db, customerId, id, set, events));
}

/** Write a change and its audit events in one transaction, then drop the installation from this process's cache. */
async function changeInstallation(db: Db, customerId: string, id: string, set: Partial<Installation>, events: AuditEntry[]): Promise<Installation> {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(installations)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(installations.id, id), eq(installations.customerId, customerId)))
      .returning();
    await recordAudit(tx, events);
    return row;
  });
  installationCache.delete(cacheKey(row.cloudId, row.source));
  return row;
}

/**
 * New secrets for an installation, both at once (as re-registering does), shown once. The old X-Service-Secret
 * stops at once in this process and within the cache's 10 s elsewhere; callbacks are signed with the new
 * signing secret from the next attempt on.
 */
export async function rotateInstallationSecrets(db: Db, customerId: string, id: string, actor: string) {
  const current = await findInstallation(db, customerId, id);
  const { secret, webhookSecret, stored } = await freshSecrets(db);
  const row = await changeInstallation(db, customerId, id, stored, [
    { customerId, actor, action: "installation.secrets_rotated", target: installationTarget(current) },
  ]);
  return { ...installationView(row), secret, webhook_secret: webhookSecret };
}

/** Disable an installation of this customer (others' ids are 404). The async endpoint then answers 401. */
export async function disableInstallation(db: Db, customerId: string, id: string, actor: string) {
  return updateInstallation(db, customerId, id, { enabled: false }, actor);
}

/**
 * Authenticate POST /api/v1/evaluate/{source}: a missing secret, or an unknown or disabled installation, is
 * 401 (which tells the integration to re-register); a secret that differs from the registered one is 403.
 * Answers the installation with its owner as the gateway bills it (plan and quota).
 */
export async function authenticateInstallation(
  db: Db,
  request: Request,
  cloudId: string,
  source: string,
  at = Date.now(),
): Promise<{ installation: Installation; customer: CustomerContext }> {
  const secret = request.headers.get("x-service-secret");
  if (!secret) throw new ApiError("unauthorized", "Missing installation secret.", ["X-Service-Secret: header is required"]);
  const key = cacheKey(cloudId, source);
  let entry = installationCache.get(key);
  if (!entry || entry.expiresAt <= at) {
    installationCache.delete(key);
    const [row] = await db
      .select({ installation: installations, companyId: customers.companyId, planId: customers.planId, quotaOverride: customers.quotaOverride, planQuota: plans.monthlyQuota })
      .from(installations)
      .innerJoin(customers, eq(customers.id, installations.customerId))
      .innerJoin(plans, eq(plans.id, customers.planId))
      .where(and(eq(installations.cloudId, cloudId), eq(installations.source, source)))
      .limit(1);
    if (!row || row.installation.enabled !== 1) {
      throw new ApiError("unauthorized", "Unknown or disabled installation; register it again.", [`installation: none active for cloudId '${cloudId}' and source '${source}'`]);
    }
    entry = {
      installation: row.installation,
      customer: { customerId: row.installation.customerId, companyId: row.companyId, planId: row.planId, quota: row.quotaOverride ?? row.planQuota },
      expiresAt: at + INSTALLATION_CACHE_TTL_MS,
    };
    if (installationCache.size >= INSTALLATION_CACHE_MAX) installationCache.clear();
    installationCache.set(key, entry);
  }
  if (!safeEqual(sha256Hex(secret), entry.installation.secretHash)) {
    throw new ApiError("forbidden", "The installation secret does not match.", ["X-Service-Secret: does not match the registered secret"]);
  }
  return { installation: entry.installation, customer: entry.customer };
}
