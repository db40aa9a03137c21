// POST /api/v1/installations/{id}/ping: send a signed test event to the callback now; answers the delivery
// with the receiver's answer.
import { pingInstallation } from "@/lib/account/deliveries";
import { accountRoute } from "@/lib/api/route";
import { deliverySchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = accountRoute<{ id: string }>(async ({ db, account, params }) => {
  return Response.json(deliverySchema.parse(await pingInstallation(db, account.customerId, params.id)));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
