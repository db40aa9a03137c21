// Durability across restarts, on real PostgreSQL with separate worker processes (`npm run worker`): a job
// accepted by one process is scored and delivered by another, and a worker that crashes between delivery
// attempts leaves a pending retry that the next worker completes with the same webhook-id.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { stopQueue } from "@/lib/jobs/queue";
import { hasPostgres, setupTestDatabase } from "@/lib/testing/db";
import { call, setEnv } from "@/lib/testing/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/lib/testing/webhook-receiver";
import { POST as postInstallation } from "../installations/route";
import { GET as getJob } from "../jobs/[job_id]/route";
import { POST as evaluate } from "./[source]/route";

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  // One process (tsx as a loader, not its CLI, which would run the worker in a child of its own): a SIGKILL
  // must end the worker itself, as a crash would, and leave nothing running after the test.
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "worker.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ALLOW_PRIVATE_CALLBACKS: "true", WEBHOOK_RETRY_BASE_MS: "2500", LOG_LEVEL: "warn", WORKER_CONCURRENCY: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("worker did not start")), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("worker: ready")) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

describe.runIf(hasPostgres)("restarts between acceptance and delivery (PostgreSQL, separate worker processes)", () => {
  const database = setupTestDatabase("postgres");
  let receiver: WebhookReceiver;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    for (const worker of workers) worker.kill("SIGKILL");
    await stopQueue();
    await receiver.close();
  });

  it("delivers a job accepted before any worker ran, and resumes a pending retry after a worker crash", async () => {
    const apiKey = (await provisionCustomer(database().db, { customer_id: "restart-co", plan: "team" })).body.api_key;
    const installed = await call(postInstallation, "/api/v1/installations", {
      json: { cloudId: "site-restart", source: "jira", callback_url: receiver.url },
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const { secret, webhook_secret: webhookSecret } = installed.body as { secret: string; webhook_secret: string };
    receiver.secret = webhookSecret;
    receiver.replies = [{ status: 500 }, { status: 200 }];

    // Accepted while no worker runs anywhere: the job waits in the database.
    const accepted = await call(
      evaluate,
      "/api/v1/evaluate/jira",
      { json: { cloudId: "site-restart", issue: { key: "R-1", fields: { summary: "As a shopper, I want to save my cart so that I can buy later." } } }, headers: { "x-service-secret": secret } },
      { source: "jira" },
    );
    expect(accepted.status).toBe(202);
    const jobId = (accepted.body as { job_id: string }).job_id;

    const databaseUrl = database().url!;
    const first = await startWorker(databaseUrl);
    workers.push(first);
    await receiver.waitFor(1, 30_000);
    // The worker crashes while the second attempt is pending (once the first is recorded).
    const recorded = Date.now() + 20_000;
    while (Date.now() < recorded) {
      const polled = (await call(getJob, `/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } }, { job_id: jobId })).body as { delivery: { status: string } };
      if (polled.delivery.status === "retrying") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));

    workers.push(await startWorker(databaseUrl));
    const deliveries = await receiver.waitFor(2, 60_000);
    expect(deliveries.every((delivery) => delivery.verified)).toBe(true);
    expect(deliveries[1].headers["webhook-id"]).toBe(deliveries[0].headers["webhook-id"]);
    expect(deliveries[1].json).toMatchObject({ type: "score.completed", job_id: jobId, issue_key: "R-1" });

    const deadline = Date.now() + 20_000;
    let job: { status: string; delivery: { status: string; attempts: number } };
    do {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await call(getJob, `/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${apiKey}` } }, { job_id: jobId })).body as typeof job;
    } while (job.delivery.status !== "delivered" && Date.now() < deadline);
    expect(job).toMatchObject({ status: "completed", delivery: { status: "delivered", attempts: 2 } });
  }, 120_000);
});
