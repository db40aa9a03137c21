// A realistic embedded (PGlite) data directory for the backup, restore and export tests: the demo data (two
// customers, keys, logins, weeks of scored stories), an installation with its sealed signing secret (so the
// encryption key's check value is in app_settings), and asynchronous jobs accepted into the queue (pg-boss's tables), not yet
// scored. The jobs are the second demo customer's, so the first one's dashboard figures stay put when they are.
import { openDatabase, migrateDatabase, setDbHandle } from "@/db/client";
import { seedDemoIfEmpty, DEMO_SECOND_CUSTOMER_ID } from "@/lib/demo/seed";
import { registerInstallation } from "@/lib/integrations/installations";
import { acceptJob } from "@/lib/jobs/accept";
import { stopQueue } from "@/lib/queue";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import type { TicketData } from "@/lib/scoring";

export const SEEDED_ASYNC_JOBS = 12;

/** Seed `dir` (created) in this process, then close it. Answers the demo customer's API key. */
export async function seedEmbeddedDirectory(dir: string): Promise<{ apiKey: string }> {
  process.env.ALLOW_PRIVATE_CALLBACKS = "true";
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    await migrateDatabase(handle);
    setDbHandle(handle);
    const seeded = await seedDemoIfEmpty(handle.db, new Date(), { announce: false });
    if (!seeded) throw new Error(`${dir} was not empty`);
    const { body } = await registerInstallation(handle.db, DEMO_SECOND_CUSTOMER_ID, { cloudId: "backup-test", source: "jira", callback_url: "http://127.0.0.1:9/hooks" }, "test");
    const customer = { customerId: DEMO_SECOND_CUSTOMER_ID, companyId: null, planId: "free", quota: 25 };
    for (let n = 1; n <= SEEDED_ASYNC_JOBS; n++) {
      const ticket: TicketData = { summary: `As a shopper, I want to reorder past purchase ${n} so that I save time.`, key: `ASYNC-${n}` };
      await acceptJob(handle, { customer, installationId: body.installation_id, identity: resolveStoryIdentity(ticket, `site:ASYNC-${n}`), ticket, issueKey: `ASYNC-${n}`, at: new Date() });
    }
    await stopQueue();
    return { apiKey: seeded.apiKey };
  } finally {
    setDbHandle(undefined);
    await handle.close();
  }
}
