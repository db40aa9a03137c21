import { count } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { logger } from "@/lib/log";
import { env } from "@/lib/env";
import { seedDemoStories } from "./stories";

export const DEMO_CUSTOMER_ID = "demo";
export const DEMO_COMPANY_ID = "demo-company";
export const DEMO_LOGIN = { email: "demo@example.com", password: "demo-password" } as const;
/** A second customer of the same company, and a company-wide login that sees both. */
export const DEMO_SECOND_CUSTOMER_ID = "demo-labs";
export const DEMO_COMPANY_LOGIN = { email: "lead@example.com", password: "demo-password" } as const;

/**
 * First start on an empty database: a demo customer with an API key, a dashboard login and several weeks of
 * scored stories, so a newcomer sees a working service at once. Does nothing when any customer exists.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date(), { announce = true } = {}): Promise<{ apiKey: string } | null> {
  const [{ value }] = await db.select({ value: count() }).from(customers);
  if (value > 0) return null;
  const { body } = await provisionCustomer(db, { customer_id: DEMO_CUSTOMER_ID, plan: "team", company_id: DEMO_COMPANY_ID });
  await createDashboardUser(db, { ...DEMO_LOGIN, customer_id: DEMO_CUSTOMER_ID });
  await provisionCustomer(db, { customer_id: DEMO_SECOND_CUSTOMER_ID, plan: "free", company_id: DEMO_COMPANY_ID });
  await createDashboardUser(db, { ...DEMO_COMPANY_LOGIN, company_id: DEMO_COMPANY_ID });
  const seeded = await seedDemoStories(db, DEMO_CUSTOMER_ID, now);
  await seedDemoStories(db, DEMO_SECOND_CUSTOMER_ID, now, { backlogSlice: [30, 40], editedStories: false, workItems: false });
  const base = env().publicBaseUrl;
  logger().info({ customer_id: DEMO_CUSTOMER_ID, stories: seeded.stories, runs: seeded.runs }, "demo data seeded");
  if (!announce) return { apiKey: body.api_key };
  // Printed plainly (not as a log line) so a person starting the service for the first time sees it.
  console.log(
    [
      "",
      "  Story Scoring Service: demo data created on this empty database.",
      `  Dashboard: ${base}/login  email ${DEMO_LOGIN.email}  password ${DEMO_LOGIN.password}`,
      `  Company-wide login (sees ${DEMO_CUSTOMER_ID} and ${DEMO_SECOND_CUSTOMER_ID}): ${DEMO_COMPANY_LOGIN.email}  password ${DEMO_COMPANY_LOGIN.password}`,
      `  Demo API key (shown once): ${body.api_key}`,
      `  Try it: curl -s ${base}/api/v1/score -H 'Authorization: Bearer ${body.api_key}' \\`,
      `            -H 'Content-Type: application/json' \\`,
      `            -d '{"ticket_id":"DEMO-1","ticket_data":{"summary":"As a shopper, I want to save my cart so that I can finish checkout later."}}'`,
      "",
    ].join("\n"),
  );
  return { apiKey: body.api_key };
}
