// The account's rule settings (/api/v1/rules) and its dismissed findings (/api/v1/dismissals), with the schemas
// their routes parse and answer with (lib/rules/schemas.ts, lib/scoring/rules.ts).
import { ACCOUNT_AUTH, ACCOUNT_CUSTOMER, ACCOUNT_UNAUTHORIZED, CROSS_SITE_403, gatewayError, gatewayErrors, type Operation } from "./common";
import { dismissalsSchema, dismissSchema, restoreSchema, ruleSettingsViewSchema, type RuleSettingsView } from "@/lib/rules/schemas";
import { ruleSettingsSchema } from "@/lib/scoring/rules";

const RULES_EXAMPLE: RuleSettingsView = {
  preset: "lenient",
  codes: { "atomic.two_objects": { enabled: false }, "valuable.no_benefit": { cost: 5 } },
  version: "rules-1+3f9a2c41",
  updated_by: "dana@acme.example",
  updated_at: "2026-11-26T10:02:11.000Z",
};

export function rulesOperations(): Operation[] {
  const common = { tag: "Account", security: "apiKeyOrSession" as const };
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/rules",
      summary: "Read the account's rule settings",
      description: `The preset the story criteria are read by (\`default\`, \`strict\`, \`lenient\`), each finding code switched off or re-costed, and the version every score made under them records in \`metadata.rules\` (docs/rules.md). Before anything is saved: the default preset. ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "The settings.", schema: ruleSettingsViewSchema, example: RULES_EXAMPLE },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED }),
      },
    },
    {
      ...common,
      method: "put",
      path: "/api/v1/rules",
      summary: "Replace the account's rule settings",
      description: `Replaces the preset and the per-code settings (a code left out is on, at the engine's cost; a cost is whole points of the dimension's 10, 1-10). Every score made afterwards, by the API, async jobs, tracker syncs and the dashboard, runs under them; re-scoring an unchanged story under new settings is free, as any re-score is. Recorded in the audit trail (\`rules.updated\`, with what changed). ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      body: ruleSettingsSchema,
      bodyExample: { preset: "lenient", codes: { "atomic.two_objects": { enabled: false }, "valuable.no_benefit": { cost: 5 } } },
      responses: {
        "200": { description: "The settings as saved.", schema: ruleSettingsViewSchema, example: RULES_EXAMPLE },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["codes.atomic.two_actions.cost: Too big: expected number to be <=10"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
        }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/dismissals",
      summary: "Dismiss a finding of a story, with a reason",
      description: `Dismisses a finding (or a whole criterion) of the story \`ticket_ref\` names, for the text of its latest run: every later score of that text lists it in \`silenced_findings\` (\`silenced_by: "dismissal"\`, with the reason) and charges nothing for it; a changed text is judged afresh. Recorded in the audit trail (\`finding.dismissed\`). ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      body: dismissSchema,
      bodyExample: { ticket_ref: "SHOP-1", code: "atomic.two_actions", reason: "Create and edit of one record are one story here" },
      responses: {
        "201": { description: "The dismissals of the story's text.", schema: dismissalsSchema, example: { ticket_ref: "SHOP-1", dismissals: [{ code: "atomic.two_actions", reason: "Create and edit of one record are one story here" }] } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["reason: must say why"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          404: { description: "No story with that ref for the account.", example: gatewayError("not_found", "No such story.") },
        }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/dismissals",
      summary: "Take a dismissal back",
      description: `The finding counts again from the next score (\`finding.restored\` in the audit trail). ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      body: restoreSchema,
      bodyExample: { ticket_ref: "SHOP-1", code: "atomic.two_actions" },
      responses: {
        "200": { description: "The dismissals left.", schema: dismissalsSchema, example: { ticket_ref: "SHOP-1", dismissals: [] } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: { description: "No such story or dismissal.", example: gatewayError("not_found", "No such dismissal.") } }),
      },
    },
  ];
}
