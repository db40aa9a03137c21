// Durability across restarts, on real PostgreSQL with separate worker processes (`npm run worker`): a job
// accepted by one process is scored and delivered by another, a worker that crashes between delivery
// attempts leaves a pending retry that the next worker completes with the same webhook-id, and a worker killed
// in the middle of a score batch loses no job and bills or delivers none twice.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { resultRows } from "@/db/client";
import { provisionCustomer } from "@/lib/admin/provisioning";
import { stopQueue } from "@/lib/queue";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { startFakeOpenAI } from "@/testing/fake-openai";
import { call, setEnv } from "@/testing/http";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { POST as postInstallation } from "../installations/route";
import { GET as getJob } from "../jobs/[job_id]/route";
import { POST as evaluate } from "./[source]/route";

function startWorker(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  // One process (tsx as a loader, not its CLI, which would run the worker in a child of its own): a SIGKILL
  // must end the worker itself, as a crash would, and leave nothing running after the test.
  const child = spawn(process.execPath, ["--import", "tsx", path.join("scripts", "worker.ts")], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ALLOW_PRIVATE_CALLBACKS: "true", WEBHOOK_RETRY_BASE_MS: "2500", LOG_LEVEL: "warn", WORKER_CONCURRENCY: "1", ...extraEnv },
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
    // Score jobs of a dead worker are offered again after 3 s (the queue is created with this), and the
    // queue's maintenance, which does that, runs every second.
    setEnv({ ALLOW_PRIVATE_CALLBACKS: "true", QUEUE_SCORE_EXPIRY_SECONDS: "3", QUEUE_MAINTENANCE_SECONDS: "1" });
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

  it("loses no job and bills or delivers none twice when a worker is killed in the middle of a batch", async () => {
    // A slow model (400 ms a call, 4 at a time) makes a batch of 16 take about 1.6 s: long enough to kill it.
    const model = await startFakeOpenAI({ latencyMs: 400 });
    // No worker of the previous test may take these jobs.
    for (const worker of workers.splice(0)) {
      worker.kill("SIGKILL");
      if (worker.exitCode === null && worker.signalCode === null) await new Promise((resolve) => worker.once("exit", resolve));
    }
    const llm = { SCORING_ENGINE: "openai", OPENAI_BASE_URL: model.baseURL, SCORING_MODEL: "fake-model", SCORING_CONCURRENCY: "4", SCORE_BATCH_SIZE: "16", QUEUE_MAINTENANCE_SECONDS: "1" };
    try {
      const apiKey = (await provisionCustomer(database().db, { customer_id: "batch-crash-co", plan: "team" })).body.api_key;
      const installed = await call(postInstallation, "/api/v1/installations", {
        json: { cloudId: "site-batch-crash", source: "jira", callback_url: receiver.url },
        headers: { authorization: `Bearer ${apiKey}` },
      });
      const { secret, webhook_secret: webhookSecret } = installed.body as { secret: string; webhook_secret: string };
      receiver.secret = webhookSecret;
      receiver.deliveries.length = 0;
      receiver.replies = [];
      const jobIds: string[] = [];
      for (let i = 0; i < 16; i++) {
        const accepted = await call(
          evaluate,
          "/api/v1/evaluate/jira",
          { json: { cloudId: "site-batch-crash", issue: { key: `BC-${i}`, fields: { summary: `As a shopper, I want feature ${i} so that I can buy faster.` } } }, headers: { "x-service-secret": secret } },
          { source: "jira" },
        );
        expect(accepted.status).toBe(202);
        jobIds.push((accepted.body as { job_id: string }).job_id);
      }

      const databaseUrl = database().url!;
      const doomed = await startWorker(databaseUrl, llm);
      workers.push(doomed);
      // Killed once the batch is under way: some model calls made, nothing recorded yet.
      const deadline = Date.now() + 30_000;
      while (model.requests.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(model.requests.length).toBeGreaterThanOrEqual(4);
      doomed.kill("SIGKILL");
      await new Promise((resolve) => doomed.once("exit", resolve));
      const [midway] = resultRows<{ n: number | string }>(await database().db.execute(sql`select count(*) as n from score_runs where customer_id = 'batch-crash-co'`));
      expect(Number(midway.n)).toBeLessThan(16);

      workers.push(await startWorker(databaseUrl, llm));
      const deliveries = await receiver.waitFor(16, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(receiver.deliveries).toHaveLength(16);
      expect(deliveries.every((delivery) => delivery.verified)).toBe(true);
      // One callback per job, each under its job's webhook-id.
      expect(deliveries.map((delivery) => delivery.headers["webhook-id"]).sort()).toEqual(jobIds.map((id) => `msg_${id}`).sort());
      expect(deliveries.every((delivery) => delivery.headers["webhook-id"] === `msg_${String(delivery.json.job_id)}`)).toBe(true);
      // Every job scored and billed once.
      const runs = resultRows<{ id: string }>(await database().db.execute(sql`select id from score_runs where customer_id = 'batch-crash-co'`));
      expect(runs.map((run) => run.id).sort()).toEqual([...jobIds].sort());
      const counted = resultRows<{ run_count: number }>(await database().db.execute(sql`select run_count from stories where customer_id = 'batch-crash-co'`));
      expect(counted).toHaveLength(16);
      expect(counted.every((story) => Number(story.run_count) === 1)).toBe(true);
      const [usage] = resultRows<{ used: number }>(await database().db.execute(sql`select used from quota_usage where customer_id = 'batch-crash-co'`));
      expect(Number(usage.used)).toBe(16);
    } finally {
      await model.close();
    }
  }, 120_000);
});
