import { randomBytes } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, dashboardUsers } from "@/db/schema";
import { createDashboardUser, provisionCustomer } from "@/lib/admin/provisioning";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { logger } from "@/lib/log";
import { env } from "@/lib/env";
import { seedDemoStories } from "./stories";

export const DEMO_CUSTOMER_ID = "demo";
export const DEMO_COMPANY_ID = "demo-company";
export const DEMO_EMAIL = "demo@example.com";
/** A second customer of the same company, and a company-wide login that sees both. */
export const DEMO_SECOND_CUSTOMER_ID = "demo-labs";
export const DEMO_COMPANY_EMAIL = "lead@example.com";
/** The one password earlier versions gave both demo logins, published in their README. */
export const PUBLISHED_DEMO_PASSWORD = "demo-password";

export interface DemoSeed {
  apiKey: string;
  /** The demo logins' passwords, as printed once. */
  passwords: { demo: string; lead: string };
}

/** A password for a demo login: DEMO_PASSWORD (test runs that sign in), else random, shown once. */
function demoPassword(): string {
  return env().DEMO_PASSWORD ?? randomBytes(12).toString("base64url");
}

/**
 * First start on an empty database: a demo customer with an API key, dashboard logins and several weeks of scored
 * stories, so a newcomer sees a working service at once. The logins get random passwords, printed once with the
 * API key: no password of a running server is ever published. Does nothing when any customer exists; with
 * SEED_DEMO=false it seeds nothing and says how to create the first customer and login.
 */
export async function seedDemoIfEmpty(db: Db, now = new Date(), { announce = true } = {}): Promise<DemoSeed | null> {
  const [{ value }] = await db.select({ value: count() }).from(customers);
  if (value > 0) return null;
  const config = env();
  const base = config.publicBaseUrl;
  if (!config.SEED_DEMO) {
    if (announce) {
      console.log(
        [
          "",
          "  Story Scoring Service: an empty database, and no demo data (SEED_DEMO=false).",
          "  Create the first customer and a dashboard login:",
          "    npm run --silent provision -- customer --id acme --plan starter",
          "    npm run --silent provision -- user --email you@acme.example --password '<a long password>' --customer acme",
          "",
        ].join("\n"),
      );
    }
    return null;
  }
  const passwords = { demo: demoPassword(), lead: demoPassword() };
  const { body } = await provisionCustomer(db, { customer_id: DEMO_CUSTOMER_ID, plan: "team", company_id: DEMO_COMPANY_ID });
  await createDashboardUser(db, { email: DEMO_EMAIL, password: passwords.demo, customer_id: DEMO_CUSTOMER_ID });
  await provisionCustomer(db, { customer_id: DEMO_SECOND_CUSTOMER_ID, plan: "free", company_id: DEMO_COMPANY_ID });
  await createDashboardUser(db, { email: DEMO_COMPANY_EMAIL, password: passwords.lead, company_id: DEMO_COMPANY_ID });
  const seeded = await seedDemoStories(db, DEMO_CUSTOMER_ID, now);
  await seedDemoStories(db, DEMO_SECOND_CUSTOMER_ID, now, { backlogSlice: [30, 40], editedStories: false, workItems: false });
  logger().info({ customer_id: DEMO_CUSTOMER_ID, stories: seeded.stories, runs: seeded.runs }, "demo data seeded");
  if (config.DEMO_PASSWORD) logger().warn("the demo logins' password comes from DEMO_PASSWORD (meant for test runs)");
  if (!announce) return { apiKey: body.api_key, passwords };
  // Printed plainly (not as a log line) so a person starting the service for the first time sees it, and once:
  // the passwords and the key are stored as hashes only.
  const shown = (password: string) => (config.DEMO_PASSWORD ? "(the value of DEMO_PASSWORD)" : password);
  console.log(
    [
      "",
      "  Story Scoring Service: demo data created on this empty database. Passwords and key are shown once.",
      `  Dashboard: ${base}/login  email ${DEMO_EMAIL}  password ${shown(passwords.demo)}`,
      `  Company-wide login (sees ${DEMO_CUSTOMER_ID} and ${DEMO_SECOND_CUSTOMER_ID}): ${DEMO_COMPANY_EMAIL}  password ${shown(passwords.lead)}`,
      `  Demo API key: ${body.api_key}`,
      `  Try it: curl -s ${base}/api/v1/score -H 'Authorization: Bearer ${body.api_key}' \\`,
      `            -H 'Content-Type: application/json' \\`,
      `            -d '{"ticket_id":"DEMO-1","external_id":"DEMO-1","ticket_data":{"summary":"As a shopper, I want to save my cart so that I can finish checkout later."}}'`,
      "  Billed: each unique story once, in the month it is first scored; external_id names it (without one, each edit is a new story).",
      "  A production install starts on an empty database with SEED_DEMO=false: no demo customer, no demo logins.",
      "",
    ].join("\n"),
  );
  return { apiKey: body.api_key, passwords };
}

/**
 * Databases seeded by earlier versions gave both demo logins the published password: each one still holding it gets
 * a random password now, printed once. Answers the emails changed.
 */
export async function retirePublishedDemoPassword(db: Db, { announce = true } = {}): Promise<string[]> {
  const users = await db
    .select({ id: dashboardUsers.id, email: dashboardUsers.email, passwordHash: dashboardUsers.passwordHash })
    .from(dashboardUsers)
    .where(inArray(dashboardUsers.email, [DEMO_EMAIL, DEMO_COMPANY_EMAIL]));
  const changed: string[] = [];
  for (const user of users) {
    if (!(await verifyPassword(PUBLISHED_DEMO_PASSWORD, user.passwordHash))) continue;
    const password = randomBytes(12).toString("base64url");
    await db.update(dashboardUsers).set({ passwordHash: await hashPassword(password) }).where(eq(dashboardUsers.id, user.id));
    changed.push(user.email);
    logger().warn({ email: user.email }, "a demo login still had the published password: it has a new one, printed once on stdout");
    if (announce) console.log(`\n  The demo login ${user.email} had the password published in the README of earlier versions. Its new password (shown once): ${password}\n`);
  }
  return changed;
}
