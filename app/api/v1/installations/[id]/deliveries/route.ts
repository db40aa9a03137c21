// GET /api/v1/installations/{id}/deliveries?status=&limit=&cursor=: the installation's callback deliveries,
// newest first, each with its attempts.
import { listDeliveries } from "@/lib/account/deliveries";
import { pageLimit } from "@/lib/http/cursor";
import { ApiError } from "@/lib/http/errors";
import { accountRoute } from "@/lib/api/route";
import { deliveryListSchema, deliveryStatusFilterSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = accountRoute<{ id: string }>(async ({ request, db, account, params }) => {
  const query = new URL(request.url).searchParams;
  const statusParam = query.get("status");
  const status = statusParam ? deliveryStatusFilterSchema.safeParse(statusParam) : null;
  if (status && !status.success) throw new ApiError("validation_error", undefined, ["status: must be one of pending, delivered, failed"]);
  const page = await listDeliveries(db, account.customerId, params.id, {
    status: status?.data,
    limit: pageLimit(query.get("limit")),
    cursor: query.get("cursor"),
  });
  return Response.json(deliveryListSchema.parse(page));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
