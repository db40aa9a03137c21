// POST /api/v1/installations/{id}/ping: send a signed test event to the callback now; answers the delivery
// with the receiver's answer.
import { getDb } from "@/db/client";
import { pingInstallation } from "@/lib/account/deliveries";
import { authorizeAccount } from "@/lib/account/request";
import { gatewayRoute } from "@/lib/http/route";
import { deliverySchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = gatewayRoute<{ id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  return Response.json(deliverySchema.parse(await pingInstallation(db, account.customerId, params.id)));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
