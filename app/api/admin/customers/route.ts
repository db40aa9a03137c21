// POST /api/admin/customers: create a customer (201) or rotate an existing customer's key (200).
import { getDb } from "@/db/client";
import { adminRoute } from "@/lib/api/route";
import { provisionCustomerSchema, provisionedCustomerSchema } from "@/lib/admin/schemas";
import { provisionCustomer } from "@/lib/admin/provisioning";

export const dynamic = "force-dynamic";

export const POST = adminRoute({ body: provisionCustomerSchema, maxBytes: 64 * 1024 }, async ({ body: input, log }) => {
  const { created, body } = await provisionCustomer(await getDb(), input);
  log.info({ customer_id: body.customer_id, created }, "customer provisioned");
  return Response.json(provisionedCustomerSchema.parse(body), { status: created ? 201 : 200 });
});
