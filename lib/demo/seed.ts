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

/**
 * First start on an empty database: a demo customer with an API key, a dashboard login and several weeks of
 * scored stories, so a newcomer sees a working service at once. Does nothing when any customer exists.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<{ apiKey: string } | null> {
  const [{ value }] = await db.select({ value: count() }).from(customers);
  if (value > 0) return null;
  const { body } = await provisionCustomer(db, { customer_id: DEMO_CUSTOMER_ID, plan: "team", company_id: DEMO_COMPANY_ID });
  await createDashboardUser(db, { ...DEMO_LOGIN, customer_id: DEMO_CUSTOMER_ID });
  const seeded = await seedDemoStories(db, DEMO_CUSTOMER_ID, now);
  const base = env().publicBaseUrl;
  logger().info({ customer_id: DEMO_CUSTOMER_ID, stories: seeded.stories, runs: seeded.runs }, "demo data seeded");
  // Printed plainly (not as a log line) so a person starting the service for the first time sees it.
  console.log(
    [
      "",
      "  Story Scoring Service: demo data created on this empty database.",
      `  Dashboard: ${base}/login  email ${DEMO_LOGIN.email}  password ${DEMO_LOGIN.password}`,
      `  Demo API key (shown once): ${body.api_key}`,
      `  Try it: curl -s ${base}/api/v1/score -H 'Authorization: Bearer ${body.api_key}' \\`,
      `            -H 'Content-Type: application/json' \\`,
      `            -d '{"ticket_id":"DEMO-1","ticket_data":{"summary":"As a shopper, I want to save my cart so that I can finish checkout later."}}'`,
      "",
    ].join("\n"),
  );
  return { apiKey: body.api_key };
}
