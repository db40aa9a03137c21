// GET /api/v1/keys: the account's API keys (never the keys themselves). POST /api/v1/keys {"name"}: a new key,
// shown once. Several may be active at once, so a key is rotated without downtime.
import { getDb } from "@/db/client";
import { authorizeAccount } from "@/lib/account/request";
import { apiKeyListSchema, createdKeySchema, createKeySchema } from "@/lib/account/schemas";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { parseJsonBody } from "@/lib/http/body";
import { gatewayRoute } from "@/lib/http/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  return Response.json(apiKeyListSchema.parse({ data: await listApiKeys(db, account.customerId) }));
});

export const POST = gatewayRoute(async ({ request, log }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const { name } = await parseJsonBody(request, createKeySchema, 16 * 1024);
  const created = await createApiKey(db, account.customerId, name, account.actor);
  log.info({ key_id: created.key_id, customer_id: account.customerId }, "API key created");
  return Response.json(createdKeySchema.parse(created), { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
