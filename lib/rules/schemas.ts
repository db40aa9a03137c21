// The request and answer shapes of the rules and dismissals endpoints (app/api/v1/rules, app/api/v1/dismissals),
// for the routes and the OpenAPI document.
import { z } from "zod";
import { RULE_PRESETS } from "@/lib/scoring/rules";

/** GET and PUT /api/v1/rules answer this (ruleSettingsView in ./settings.ts). */
export const ruleSettingsViewSchema = z
  .object({
    preset: z.enum(RULE_PRESETS),
    codes: z.record(z.string(), z.object({ enabled: z.boolean().optional(), cost: z.number().int().min(1).max(10).optional() })),
    version: z.string().describe("What scores made under these settings record in `metadata.rules.version`."),
    updated_by: z.string().nullable().describe("Who saved them last: a dashboard user's email or an API key's prefix; null before any save."),
    updated_at: z.string().nullable(),
  })
  .describe("The account's rule settings.");
export type RuleSettingsView = z.infer<typeof ruleSettingsViewSchema>;

const CODE = /^[a-z_]+(?:\.[a-z_]+)?$/;
export const dismissSchema = z
  .object({
    ticket_ref: z.string().min(1).max(512).describe("The story as the dashboard names it: its key, else its ticket id, else its billing identity."),
    code: z.string().regex(CODE, "must be a finding code such as atomic.two_actions, or a criterion such as atomic").describe("The finding's code, or a whole criterion."),
    reason: z.string().trim().min(1, "must say why").max(500).describe("Why the team accepts it: shown beside the finding and in the audit trail."),
  })
  .strict();
export const restoreSchema = dismissSchema.pick({ ticket_ref: true, code: true }).strict();
export const dismissalsSchema = z.object({
  ticket_ref: z.string(),
  dismissals: z.array(z.object({ code: z.string(), reason: z.string() })),
});
