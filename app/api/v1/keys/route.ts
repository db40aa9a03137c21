// GET /api/v1/keys: the account's API keys (never the keys themselves). POST /api/v1/keys {"name"}: a new key,
// shown once. Several may be active at once, so a key is rotated without downtime.
import { accountRoute } from "@/lib/api/route";
import { apiKeyListSchema, createdKeySchema, createKeySchema } from "@/lib/account/schemas";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = accountRoute(async ({ db, account }) => {
  return Response.json(apiKeyListSchema.parse({ data: await listApiKeys(db, account.customerId) }));
});

export const POST = accountRoute({ body: createKeySchema, maxBytes: 16 * 1024 }, async ({ db, account, body: { name }, log }) => {
  const created = await createApiKey(db, account.customerId, name, account.actor);
  log.info({ key_id: created.key_id, customer_id: account.customerId }, "API key created");
  return Response.json(createdKeySchema.parse(created), { status: 201 });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
