import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { companies, customers, dashboardUsers, plans } from "@/db/schema";
import { recordAudit } from "@/lib/audit";
import { bearerToken, forgetCachedKeys, issueApiKey, keyTarget, OPERATOR_ACTOR, revokeApiKeys } from "@/lib/auth/api-keys";
import { forgetCachedInstallations } from "@/lib/integrations/installations";
import { hashPassword } from "@/lib/auth/passwords";
import { safeEqual } from "@/lib/auth/secrets";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { CreateUserInput, ProvisionCustomerInput } from "./schemas";

/** The admin API exists only when ADMIN_TOKEN is set (404 otherwise); the token is compared in constant time. */
export function requireAdmin(request: Request): void {
  const expected = env().ADMIN_TOKEN;
  if (!expected) throw new ApiError("not_found");
  const token = bearerToken(request);
  if (!token || !safeEqual(token, expected)) {
    throw new ApiError("unauthorized", "A valid admin token is required.", ['Authorization: send "Bearer <ADMIN_TOKEN>"']);
  }
}

export interface ProvisionedCustomer {
  created: boolean;
  body: { customer_id: string; company_id: string | null; plan: string; quota: number; api_key: string };
}

/**
 * Create a customer with a fresh API key, or, for an existing id, rotate its key (old keys are revoked) and
 * apply the given plan, quota and company. Counted stories are kept either way.
 */
export async function provisionCustomer(db: Db, input: ProvisionCustomerInput): Promise<ProvisionedCustomer> {
  const allPlans = await db.select().from(plans);
  const plan = allPlans.find((candidate) => candidate.id === input.plan.toLowerCase());
  if (!plan) {
    throw new ApiError("validation_error", undefined, [
      `plan: unknown plan '${input.plan}'; expected one of ${allPlans.map((p) => p.id).join(", ")}`,
    ]);
  }
  return db.transaction(async (tx) => {
    if (input.company_id) {
      await tx.insert(companies).values({ id: input.company_id, name: input.company_id }).onConflictDoNothing();
    }
    // Insert first: concurrent provisioning of one new id then conflicts on the key instead of failing.
    const [inserted] = await tx
      .insert(customers)
      .values({ id: input.customer_id, planId: plan.id, quotaOverride: input.quota ?? null, companyId: input.company_id ?? null })
      .onConflictDoNothing()
      .returning();
    let row = inserted;
    if (!inserted) {
      [row] = await tx
        .update(customers)
        .set({
          planId: plan.id,
          ...(input.quota !== undefined ? { quotaOverride: input.quota } : {}),
          ...(input.company_id !== undefined ? { companyId: input.company_id } : {}),
        })
        .where(eq(customers.id, input.customer_id))
        .returning();
      // The operator's earlier key is replaced; keys the customer created itself (settings, /api/v1/keys) stay.
      const revoked = await revokeApiKeys(tx, row.id, { createdBy: OPERATOR_ACTOR });
      await recordAudit(
        tx,
        revoked.map((key) => ({ customerId: row.id, actor: OPERATOR_ACTOR, action: "key.revoked" as const, target: keyTarget(key) })),
      );
    }
    forgetCachedKeys(row.id);
    // The plan or quota may have changed: installations carry it in their cache too.
    forgetCachedInstallations(row.id);
    const { key, row: issued } = await issueApiKey(tx, row.id);
    await recordAudit(tx, { customerId: row.id, actor: OPERATOR_ACTOR, action: "key.created", target: keyTarget(issued) });
    return {
      created: Boolean(inserted),
      body: {
        customer_id: row.id,
        company_id: row.companyId,
        plan: plan.id,
        quota: row.quotaOverride ?? plan.monthlyQuota,
        api_key: key,
      },
    };
  });
}

/** Create a dashboard login for a customer or a company. */
export async function createDashboardUser(db: Db, input: CreateUserInput) {
  if (input.customer_id) {
    const [found] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customer_id));
    if (!found) throw new ApiError("validation_error", undefined, [`customer_id: unknown customer '${input.customer_id}'`]);
  } else if (input.company_id) {
    const [found] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
    if (!found) throw new ApiError("validation_error", undefined, [`company_id: unknown company '${input.company_id}'`]);
  }
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(dashboardUsers)
    .values({ email: input.email, passwordHash, customerId: input.customer_id ?? null, companyId: input.company_id ?? null })
    .onConflictDoNothing()
    .returning({ id: dashboardUsers.id, email: dashboardUsers.email, customerId: dashboardUsers.customerId, companyId: dashboardUsers.companyId });
  if (!row) throw new ApiError("conflict", "A user with this email already exists.", [`email: '${input.email}' is taken`]);
  return { user_id: row.id, email: row.email, customer_id: row.customerId, company_id: row.companyId };
}
