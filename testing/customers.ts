// Customers as the service tests start from them: provisioned through the admin service (as POST
// /api/admin/customers does), and the context the billing and job services take.
import type { Db } from "@/db/client";
import { provisionCustomer } from "@/lib/admin/provisioning";
import type { CustomerContext } from "@/lib/auth/api-keys";

/** A customer on the free plan with `quota` stories a month; answers its billing context. */
export async function freeCustomer(db: Db, id: string, quota: number): Promise<CustomerContext> {
  await provisionCustomer(db, { customer_id: id, plan: "free", quota });
  return { customerId: id, companyId: null, planId: "free", quota };
}
