import { DatabaseStartError, getDbHandle } from "@/db/client";
import { env, EnvError } from "@/lib/env";
import { logger } from "@/lib/log";
import { EncryptionKeyError } from "@/lib/secrets/encryption-key";

const state = globalThis as unknown as { __sscStarted?: Promise<void> };

/** Everything the server needs before it takes traffic. Runs once per process. */
export function startService(): Promise<void> {
  state.__sscStarted ??= (async () => {
    const log = logger();
    try {
      env();
    } catch (error) {
      if (error instanceof EnvError) {
        // A bad setting must stop start-up with a message naming the variable.
        console.error(`Story Scoring Service cannot start. ${error.message}`);
        process.exit(1);
      }
      throw error;
    }
    const handle = await getDbHandle().catch((error: unknown) => {
      if (error instanceof DatabaseStartError) {
        // A data directory we cannot write: one line saying which and why, and no half-started server.
        console.error(`Story Scoring Service cannot start: ${error.message}.`);
        process.exit(1);
      }
      throw error;
    });
    log.info({ driver: handle.driver }, "database ready (migrations applied)");
    // The key that seals secrets lives outside the database; a start without the right one stops here, in one line.
    const { encryptionKey } = await import("@/lib/secrets/secret-box");
    await encryptionKey(handle.db).catch((error: unknown) => {
      if (error instanceof EncryptionKeyError) {
        console.error(`Story Scoring Service cannot start: ${error.message}.`);
        process.exit(1);
      }
      throw error;
    });
    const { retirePublishedDemoPassword, seedDemoIfEmpty } = await import("@/lib/demo/seed");
    await seedDemoIfEmpty(handle.db);
    await retirePublishedDemoPassword(handle.db);
    if (env().EMBEDDED_WORKER) {
      const { runWorkers } = await import("@/lib/jobs/workers");
      // One process owns an embedded database, so it runs the queue workers too (woken at once by new work,
      // polling gently otherwise).
      await runWorkers({ pollingIntervalSeconds: 1 });
      log.info("job queue workers running in the web process");
    }
    // The heuristic engine compiles its patterns on first use: score three tickets once the server is up, so the
    // first user's request does not wait for that (lib/scoring/warm.ts). After start-up, not in it: the health check
    // and the log line that the server is ready do not wait for it; a request that comes in meanwhile waits no longer
    // than it would have.
    setTimeout(() => {
      void import("@/lib/scoring/warm").then(({ warmScoring }) => {
        const started = performance.now();
        warmScoring();
        log.info({ ms: Math.round(performance.now() - started) }, "scoring engine warmed");
      }).catch((error: unknown) => log.warn({ err: error }, "scoring engine warm-up failed"));
    }, 0).unref();
  })();
  return state.__sscStarted;
}
