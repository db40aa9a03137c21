// The plans of this installation and, for a signed-in customer, which one is theirs (the /pricing page). The page
// asks here rather than the database.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers } from "@/db/schema";
import { listPlans } from "@/lib/stories/billing";

export interface PlansView {
  plans: Awaited<ReturnType<typeof listPlans>>;
  /** The customer's plan id; null for an operator, a visitor or an unknown customer. */
  currentPlan: string | null;
  /** The customer's own monthly quota when the operator set one, else null. */
  customQuota: number | null;
}

/** Every plan, in the operator's order, with the plan and own quota of `customerId` (null: nobody's). */
export async function plansView(db: Db, customerId: string | null): Promise<PlansView> {
  const plans = await listPlans(db);
  if (customerId === null) return { plans, currentPlan: null, customQuota: null };
  const [row] = await db.select({ planId: customers.planId, quota: customers.quotaOverride }).from(customers).where(eq(customers.id, customerId));
  return { plans, currentPlan: row?.planId ?? null, customQuota: row?.quota ?? null };
}
