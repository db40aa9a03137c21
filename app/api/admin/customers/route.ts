// POST /api/admin/customers: create a customer (201) or rotate an existing customer's key (200).
import { getDb } from "@/db/client";
import { provisionCustomerSchema, provisionedCustomerSchema } from "@/lib/admin/schemas";
import { provisionCustomer, requireAdmin } from "@/lib/admin/provisioning";
import { parseJsonBody } from "@/lib/http/body";
import { gatewayRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = gatewayRoute(async ({ request, log }) => {
  requireAdmin(request);
  const input = await parseJsonBody(request, provisionCustomerSchema, 64 * 1024);
  const { created, body } = await provisionCustomer(await getDb(), input);
  log.info({ customer_id: body.customer_id, created }, "customer provisioned");
  return Response.json(provisionedCustomerSchema.parse(body), { status: created ? 201 : 200 });
});
