// `npm run worker`: queue workers (asynchronous scoring and callback delivery) as a separate process, against
// PostgreSQL (DATABASE_URL). Run as many as you like, on any machine; stop with SIGTERM (running jobs finish).
import { getDbHandle } from "@/db/client";
import { env, EnvError } from "@/lib/env";
import { encryptionKey } from "@/lib/secrets/secret-box";
import { runWorkers } from "@/lib/jobs/workers";
import { logger } from "@/lib/log";

async function main(): Promise<void> {
  try {
    if (!env().DATABASE_URL) {
      console.error("worker: DATABASE_URL is required (the embedded database belongs to the web process, which runs its own workers)");
      process.exit(1);
    }
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`worker: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const handle = await getDbHandle();
  // The same encryption key as the web process (ENCRYPTION_KEY or its key file), checked before any job runs.
  await encryptionKey(handle.db);
  const config = env();
  await runWorkers({ pollingIntervalSeconds: 0.5 });
  logger().info(
    { score_workers: config.WORKER_CONCURRENCY, score_batch_size: config.SCORE_BATCH_SIZE, delivery_concurrency: config.DELIVERY_CONCURRENCY },
    "queue workers started",
  );
  // SIGTERM/SIGINT stop the workers (running jobs finish) and close the database: see db/client.ts.
  console.log("worker: ready");
}

void main().catch((error) => {
  logger().error({ err: error }, "worker failed to start");
  console.error(`worker: ${(error as Error).message}`);
  process.exit(1);
});
