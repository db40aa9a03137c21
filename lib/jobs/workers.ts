import { getDb } from "@/db/client";
import { scoringEngine } from "@/lib/scoring-engine";
import { processDelivery, processScoreJob } from "./async-jobs";
import { startWorkers } from "./queue";

/** Run the score and delivery workers in this process. */
export async function runWorkers(options?: Parameters<typeof startWorkers>[1]): Promise<void> {
  await startWorkers(
    {
      score: async (job) => processScoreJob(await getDb(), scoringEngine(), job),
      deliver: async (job) => processDelivery(await getDb(), job),
    },
    options,
  );
}
