// GET /api/v1/rules: the account's rule settings (preset, per-code settings, version). PUT /api/v1/rules
// {"preset", "codes"}: replace them, audited; every score made afterwards records them in `metadata.rules`.
// API key or the settings page's session (docs/rules.md).
import { accountRoute } from "@/lib/api/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { putRuleSettings, ruleSettingsView } from "@/lib/rules/settings";
import { ruleSettingsSchema } from "@/lib/scoring";

export const dynamic = "force-dynamic";

export const GET = accountRoute(async ({ db, account }) => {
  return Response.json(await ruleSettingsView(db, account.customerId));
});

export const PUT = accountRoute({ body: ruleSettingsSchema, maxBytes: 64 * 1024 }, async ({ db, account, body: settings, log }) => {
  await putRuleSettings(db, account.customerId, settings, account.actor);
  log.info({ customer_id: account.customerId, preset: settings.preset }, "rule settings updated");
  return Response.json(await ruleSettingsView(db, account.customerId));
});

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
