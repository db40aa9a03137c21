// POST /api/v1/installations/{id}/deliveries/{delivery_id}/redeliver: send a delivered or failed event again,
// now, with the same webhook-id; answers the delivery with the new attempt.
import { redeliver } from "@/lib/account/deliveries";
import { accountRoute } from "@/lib/api/route";
import { deliverySchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = accountRoute<{ id: string; delivery_id: string }>(async ({ db, account, params }) => {
  return Response.json(deliverySchema.parse(await redeliver(db, account.customerId, params.id, params.delivery_id, account.actor)));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
