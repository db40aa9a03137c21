import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customers, plans } from "@/db/schema";
import type { CustomerContext } from "@/lib/auth/api-keys";
import { scoreTicket, type TicketData } from "@/lib/scoring";
import { billAndRecord } from "@/lib/stories/billing";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import { DEMO_BACKLOG, DEMO_EDITED_STORIES, DEMO_WORK_ITEMS } from "./sample-backlog";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Several weeks of history for the demo customer: a backlog scored over six weeks, plus a few stories whose
 * authors improved them edit by edit (same external id, rising scores), and bugs, tasks and a spike typed
 * as a tracker types them, so the dashboard tells a story and shows every kind.
 */
export async function seedDemoStories(
  db: Db,
  customerId: string,
  now: Date,
  options: { backlogSlice?: [number, number]; editedStories?: boolean; workItems?: boolean } = {},
): Promise<{ stories: number; runs: number }> {
  const backlog = options.backlogSlice ? DEMO_BACKLOG.slice(...options.backlogSlice) : DEMO_BACKLOG.slice(0, 30);
  const edited = options.editedStories === false ? [] : DEMO_EDITED_STORIES;
  const workItems = options.workItems === false ? [] : DEMO_WORK_ITEMS;
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
  for (const [index, ticket] of workItems.entries()) {
    const at = new Date(now.getTime() - span + Math.floor(((index + 0.5) / workItems.length) * span) + 5 * 3_600_000);
    await record(ticket, at, ticket.key);
  }
  return { stories: backlog.length + edited.length + workItems.length, runs };
}
