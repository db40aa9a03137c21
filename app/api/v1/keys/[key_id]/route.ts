// DELETE /api/v1/keys/{key_id}: revoke a key. It stops at once in this process and within 10 s everywhere.
import { accountRoute } from "@/lib/api/route";
import { apiKeySchema } from "@/lib/account/schemas";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const DELETE = accountRoute<{ key_id: string }>(async ({ db, account, params, log }) => {
  const { view } = await revokeApiKey(db, account.customerId, params.key_id, account.actor);
  log.info({ key_id: view.key_id, customer_id: account.customerId }, "API key revoked");
  return Response.json(apiKeySchema.parse(view));
});

export const { GET, POST, PUT, PATCH } = methodsNotAllowed(["DELETE"]);
