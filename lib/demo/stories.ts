import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, plans } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { scoreTicket, type TicketData } from "@/lib/scoring";
import { billAndRecord } from "@/lib/stories/billing";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import { DEMO_BACKLOG, DEMO_EDITED_STORIES } from "./sample-backlog";

const DAY = 24 * 60 * 60 * 1000;

/** Bugs, tasks and a spike as a tracker types them, so the dashboard's split by kind has more than stories. */
const DEMO_TYPED_ITEMS: TicketData[] = [
  {
    key: "BUG-11",
    issue_type: "Bug",
    summary: "Checkout shows a blank page when the cart holds a discounted item",
    description:
      "Every shopper with a discount code is affected and cannot pay.\nSteps to reproduce: add a discounted item to the cart, open checkout (web 4.2, Chrome 131).\nExpected: the payment form. Actual: a blank page.",
  },
  { key: "BUG-12", issue_type: "Defect", summary: "Order emails show the price without tax" },
  {
    key: "BUG-13",
    issue_type: "Bug",
    summary: "Search returns no results for product names with an accent",
    description: "Expected: searching for \"café\" finds \"Café crème\". Actual: no results. Seen on the mobile app 3.8.",
  },
  {
    key: "OPS-21",
    issue_type: "Task",
    summary: "Rotate the payment provider's API credentials",
    description: "The current credentials expire on 1 December.\nDone when the new credentials are in the vault and checkout works with them in staging and production.",
  },
  { key: "OPS-22", issue_type: "Sub-task", summary: "Upgrade the image library" },
  {
    key: "SPK-31",
    issue_type: "Spike",
    summary: "Can we offer buy now, pay later with our current payment provider?",
    description: "Timebox: 3 days. Output: a one-page recommendation with the provider's fees and the integration effort.",
  },
];

/**
 * Several weeks of history for the demo customer: a backlog scored over six weeks, plus a few stories whose
 * authors improved them edit by edit (same external id, rising scores), so the dashboard tells a story.
 */
export async function seedDemoStories(
  db: Db,
  customerId: string,
  now: Date,
  options: { backlogSlice?: [number, number]; editedStories?: boolean } = {},
): Promise<{ stories: number; runs: number }> {
  const backlog = options.backlogSlice ? DEMO_BACKLOG.slice(...options.backlogSlice) : DEMO_BACKLOG.slice(0, 30);
  const edited = options.editedStories === false ? [] : DEMO_EDITED_STORIES;
  const typed = options.editedStories === false ? [] : DEMO_TYPED_ITEMS;
  const [row] = await db
    .select({ id: customers.id, companyId: customers.companyId, planId: customers.planId, quotaOverride: customers.quotaOverride, planQuota: plans.monthlyQuota })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, customerId));
  const customer: CustomerContext = { customerId: row.id, companyId: row.companyId, planId: row.planId, quota: row.quotaOverride ?? row.planQuota };
  let runs = 0;
  const record = async (ticket: TicketData, at: Date, externalId?: string) => {
    const started = performance.now();
    const result = scoreTicket(ticket);
    const processingTimeMs = Math.round((performance.now() - started) * 100) / 100;
    const identity = resolveStoryIdentity(ticket, externalId);
    await billAndRecord(
      db,
      { customer, identity, ticket, at },
      { runId: randomUUID(), ticketId: ticket.key ?? `DEMO-${runs + 1}`, ticket, source: "seed", engine: "heuristic", result, processingTimeMs, at },
    );
    runs++;
  };

  const span = 42 * DAY;
  for (const [index, summary] of backlog.entries()) {
    const at = new Date(now.getTime() - span + Math.floor((index / backlog.length) * span) + (index % 7) * 3_600_000);
    await record({ key: `REG-${index + 1}`, summary }, at);
  }
  for (const [index, story] of edited.entries()) {
    for (const [version, ticket] of story.versions.entries()) {
      const at = new Date(now.getTime() - span + (index + 1) * 5 * DAY + version * 9 * DAY);
      if (at > now) break;
      await record({ key: story.key, ...ticket }, at, story.key);
    }
  }
  for (const [index, item] of typed.entries()) {
    const at = new Date(now.getTime() - span + Math.floor(((index + 0.5) / typed.length) * span));
    await record(item, at, item.key);
  }
  return { stories: backlog.length + edited.length + typed.length, runs };
}
