// GET /api/v1/rules: the account's rule settings (preset, per-code settings, version). PUT /api/v1/rules
// {"preset", "codes"}: replace them, audited; every score made afterwards records them in `metadata.rules`.
// API key or the settings page's session (docs/rules.md).
import { getDb } from "@/db/client";
import { authorizeAccount } from "@/lib/account/request";
import { parseJsonBody } from "@/lib/http/body";
import { gatewayRoute } from "@/lib/http/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { putRuleSettings, ruleSettingsView } from "@/lib/rules/settings";
import { ruleSettingsSchema } from "@/lib/scoring";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  return Response.json(await ruleSettingsView(db, account.customerId));
});

export const PUT = gatewayRoute(async ({ request, log }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const settings = await parseJsonBody(request, ruleSettingsSchema, 64 * 1024);
  await putRuleSettings(db, account.customerId, settings, account.actor);
  log.info({ customer_id: account.customerId, preset: settings.preset }, "rule settings updated");
  return Response.json(await ruleSettingsView(db, account.customerId));
});

export const { POST, PATCH, DELETE } = methodsNotAllowed(["GET", "PUT"]);
