// A customer's rule settings and dismissed findings (docs/rules.md): read wherever a score is made (the score
// route, async jobs, tracker sync, the CSV evaluator), changed by PUT /api/v1/rules and the story page, audited.
import { and, eq, inArray, sql } from "drizzle-orm";
import { executeHot, type Db, type Tx } from "@/db/client";
import { findingDismissals, ruleSettings } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { DEFAULT_RULES, normaliseRules, rulesMetadata, type CodeSetting, type Dismissal, type RulePreset, type RuleSettings, type RuleSettingsInput, type TicketData } from "@/lib/scoring";
import { contentFingerprint } from "@/lib/stories/identity";
import type { RuleSettingsView } from "./schemas";

/** The customer's settings; the default preset when none were saved. */
export async function getRuleSettings(db: Db | Tx, customerId: string): Promise<RuleSettings> {
  const [row] = await db.select().from(ruleSettings).where(eq(ruleSettings.customerId, customerId)).limit(1);
  return row ? normaliseRules({ preset: row.preset as RuleSettings["preset"], codes: row.codes }) : DEFAULT_RULES;
}

export interface RulesInForce {
  customerId: string;
  preset: RulePreset;
  /** Codes switched off or given another cost than the preset's. */
  changedCodes: number;
}

/** Each customer's preset and how many codes it changes, in the order asked: the dashboard's line about its rules. */
export async function rulesInForce(db: Db, customerIds: string[]): Promise<RulesInForce[]> {
  if (customerIds.length === 0) return [];
  const rows = await db.select({ customerId: ruleSettings.customerId, preset: ruleSettings.preset, codes: ruleSettings.codes }).from(ruleSettings).where(inArray(ruleSettings.customerId, customerIds));
  const saved = new Map(rows.map((row) => [row.customerId, normaliseRules({ preset: row.preset as RulePreset, codes: row.codes })]));
  return customerIds.map((customerId) => {
    const settings = saved.get(customerId) ?? DEFAULT_RULES;
    // A code kept on at the preset's own cost is no change, as the rules' version counts them (rulesVersion).
    const changedCodes = Object.values(settings.codes).filter((code) => code.enabled === false || code.cost !== undefined).length;
    return { customerId, preset: settings.preset, changedCodes };
  });
}

/** The API's view of the settings: what was saved, its version as scores record it, who changed it last and when. */
export async function ruleSettingsView(db: Db, customerId: string): Promise<RuleSettingsView> {
  const [row] = await db.select().from(ruleSettings).where(eq(ruleSettings.customerId, customerId)).limit(1);
  const settings = row ? normaliseRules({ preset: row.preset as RuleSettings["preset"], codes: row.codes }) : DEFAULT_RULES;
  return {
    ...settings,
    version: rulesMetadata(settings).version,
    updated_by: row?.updatedBy ?? null,
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** Replace the settings (validated by the caller), audited with what changed, in one transaction. */
export async function putRuleSettings(db: Db, customerId: string, input: RuleSettingsInput, actor: string): Promise<void> {
  const next = normaliseRules(input);
  await db.transaction(async (tx) => {
    const before = await getRuleSettings(tx, customerId);
    await tx
      .insert(ruleSettings)
      .values({ customerId, preset: next.preset, codes: next.codes, updatedBy: actor, updatedAt: new Date() })
      .onConflictDoUpdate({ target: ruleSettings.customerId, set: { preset: next.preset, codes: next.codes, updatedBy: actor, updatedAt: new Date() } });
    await recordAudit(tx, {
      customerId,
      actor,
      action: "rules.updated",
      target: "rules",
      details: { preset: { from: before.preset, to: next.preset }, codes: { from: before.codes, to: next.codes }, version: rulesMetadata(next).version },
    });
  });
  forgetRules(customerId);
}

/** The findings dismissed for this text of a ticket (its fingerprint: summary, description, criteria). */
export async function dismissalsFor(db: Db | Tx, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">): Promise<Dismissal[]> {
  const rows = await db
    .select({ code: findingDismissals.code, reason: findingDismissals.reason })
    .from(findingDismissals)
    .where(and(eq(findingDismissals.customerId, customerId), eq(findingDismissals.contentHash, contentFingerprint(ticket))));
  return rows;
}

/**
 * The settings and every dismissal of a customer, as the score paths read them, kept in this process for
 * CACHE_MS: a round trip to the embedded database costs about 2 ms a score (0.5 ms on PostgreSQL), measured
 * 2026-11-26, and the settings change rarely. A change made in this process (a save, a dismissal, a restore)
 * drops its customer's entry at once; another process (a worker beside the server on PostgreSQL) sees it within
 * CACHE_MS. Kept on globalThis: each route's bundle has its own copy of this module.
 */
const CACHE_MS = 10_000;
/** A customer with more dismissals than this has them read per text instead of all kept. */
const MAX_CACHED_DISMISSALS = 2_000;
interface Cached {
  at: number;
  rules: RuleSettings;
  /** By content fingerprint; null when there were too many to keep. */
  dismissals: Map<string, Dismissal[]> | null;
}
const holder = globalThis as unknown as { __sscRuleCache?: Map<string, Cached> };
const cache = () => (holder.__sscRuleCache ??= new Map());

/** Forget a customer's cached settings and dismissals (after a change; tests). */
export function forgetRules(customerId?: string): void {
  if (customerId === undefined) cache().clear();
  else cache().delete(customerId);
}

async function cachedFor(db: Db, customerId: string): Promise<Cached> {
  const hit = cache().get(customerId);
  if (hit && performance.now() - hit.at < CACHE_MS) return hit;
  const [row] = await executeHot<{ preset: string | null; codes: Record<string, CodeSetting> | null; dismissals: { content_hash: string; code: string; reason: string }[] | string | null }>(db, sql`
    select rs.preset, rs.codes,
      (select coalesce(json_agg(json_build_object('content_hash', d.content_hash, 'code', d.code, 'reason', d.reason) order by d.code), '[]'::json)
         from (select * from finding_dismissals where customer_id = ${customerId} limit ${MAX_CACHED_DISMISSALS + 1}) d) as dismissals
    from (select 1) as one left join rule_settings rs on rs.customer_id = ${customerId}`);
  const rules = row?.preset ? normaliseRules({ preset: row.preset as RuleSettings["preset"], codes: row.codes ?? {} }) : DEFAULT_RULES;
  const list = typeof row?.dismissals === "string" ? (JSON.parse(row.dismissals) as { content_hash: string; code: string; reason: string }[]) : (row?.dismissals ?? []);
  let dismissals: Map<string, Dismissal[]> | null = new Map();
  if (list.length > MAX_CACHED_DISMISSALS) dismissals = null;
  else for (const d of list) dismissals.set(d.content_hash, [...(dismissals.get(d.content_hash) ?? []), { code: d.code, reason: d.reason }]);
  const entry = { at: performance.now(), rules, dismissals };
  cache().set(customerId, entry);
  return entry;
}

/** The customer's rule settings as the score paths read them (kept for CACHE_MS, as `scoringOptionsFor`). */
export async function rulesFor(db: Db, customerId: string): Promise<RuleSettings> {
  return (await cachedFor(db, customerId)).rules;
}

/** What a score of this ticket runs under for this customer: the settings and the dismissals of its text. */
export async function scoringOptionsFor(db: Db, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">) {
  const entry = await cachedFor(db, customerId);
  const dismissals = entry.dismissals ? (entry.dismissals.get(contentFingerprint(ticket)) ?? []) : await dismissalsFor(db, customerId, ticket);
  return { rules: entry.rules, dismissals };
}

/** Dismiss a finding of this text with a reason (audited); a second dismissal of the code replaces the reason. */
export async function dismissFinding(db: Db, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">, code: string, reason: string, actor: string, target: string): Promise<void> {
  const contentHash = contentFingerprint(ticket);
  await db.transaction(async (tx) => {
    await tx
      .insert(findingDismissals)
      .values({ customerId, contentHash, code, reason, actor })
      .onConflictDoUpdate({ target: [findingDismissals.customerId, findingDismissals.contentHash, findingDismissals.code], set: { reason, actor, createdAt: new Date() } });
    await recordAudit(tx, { customerId, actor, action: "finding.dismissed", target, details: { code, reason } });
  });
  forgetRules(customerId);
}

/** Take a dismissal back (audited); false when there was none. */
export async function restoreFinding(db: Db, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">, code: string, actor: string, target: string): Promise<boolean> {
  const contentHash = contentFingerprint(ticket);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(findingDismissals)
      .where(and(eq(findingDismissals.customerId, customerId), eq(findingDismissals.contentHash, contentHash), eq(findingDismissals.code, code)))
      .returning({ code: findingDismissals.code });
    if (gone.length === 0) return false;
    await recordAudit(tx, { customerId, actor, action: "finding.restored", target, details: { code } });
    return true;
  }).finally(() => forgetRules(customerId));
}
