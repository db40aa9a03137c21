// A customer's rule settings and dismissed findings (docs/rules.md): read wherever a score is made (the score
// route, async jobs, tracker sync, the CSV evaluator), changed by PUT /api/v1/rules and the story page, audited.
import { and, eq, sql } from "drizzle-orm";
import { executeHot, type Db, type Tx } from "@/db/client";
import { findingDismissals, ruleSettings } from "@/db/schema";
import { recordAudit } from "@/lib/account/audit";
import { DEFAULT_RULES, normaliseRules, rulesMetadata, type CodeSetting, type Dismissal, type RuleSettings, type RuleSettingsInput, type TicketData } from "@/lib/scoring";
import { contentFingerprint } from "@/lib/stories/identity";

/** The customer's settings; the default preset when none were saved. */
export async function getRuleSettings(db: Db | Tx, customerId: string): Promise<RuleSettings> {
  const [row] = await db.select().from(ruleSettings).where(eq(ruleSettings.customerId, customerId)).limit(1);
  return row ? normaliseRules({ preset: row.preset as RuleSettings["preset"], codes: row.codes }) : DEFAULT_RULES;
}

/** The API's view of the settings: what was saved, its version as scores record it, who changed it last and when. */
export async function ruleSettingsView(db: Db, customerId: string) {
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
 * What a score of this ticket runs under for this customer: the settings and the dismissals of its text. One
 * prepared statement on the score route's hot path (lib/db executeHot), not two queries.
 */
export async function scoringOptionsFor(db: Db, customerId: string, ticket: Pick<TicketData, "summary" | "description" | "acceptance_criteria">) {
  const [row] = await executeHot<{ preset: string | null; codes: Record<string, CodeSetting> | null; dismissals: Dismissal[] | string | null }>(db, sql`
    select rs.preset, rs.codes,
      (select coalesce(json_agg(json_build_object('code', d.code, 'reason', d.reason) order by d.code), '[]'::json)
         from finding_dismissals d where d.customer_id = ${customerId} and d.content_hash = ${contentFingerprint(ticket)}) as dismissals
    from (select 1) as one left join rule_settings rs on rs.customer_id = ${customerId}`);
  const rules = row?.preset ? normaliseRules({ preset: row.preset as RuleSettings["preset"], codes: row.codes ?? {} }) : DEFAULT_RULES;
  const raw = typeof row?.dismissals === "string" ? (JSON.parse(row.dismissals) as Dismissal[]) : (row?.dismissals ?? []);
  return { rules, dismissals: raw };
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
  });
}
