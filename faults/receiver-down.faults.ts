// A callback receiver that is down for a long while, on a short retry schedule (WEBHOOK_RETRY_BASE_MS=100,
// the default 8 attempts: the whole schedule takes about 10 s instead of the default's 5 to 10 minutes, so 5 s
// down here stands for a receiver down for minutes): every attempt is in the delivery log, the callback is
// delivered once the receiver is back, and an installation is disabled only where docs/api.md says (a 410),
// never for a receiver that stays down (its delivery fails after the last attempt; the installation stays).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { api, evaluate, provision, startServer, until, webhookIdOf, type ServerProcess, type Tenant } from "../testing/processes";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";

const PORT = 3341;

interface Delivery {
  webhook_id: string;
  status: string;
  attempts: { status_code: number | null; error: string | null }[];
}

describe("a receiver down for a long while", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ssc-faults-receiver-"));
  const receivers: WebhookReceiver[] = [];
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.kill9();
    for (const receiver of receivers) await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function deliveries(tenant: Tenant): Promise<Delivery[]> {
    const answer = await api(server!.base, `/api/v1/installations/${tenant.installationId}/deliveries?limit=100`, { headers: { authorization: `Bearer ${tenant.apiKey}` } });
    expect(answer.status).toBe(200);
    return answer.body.data as unknown as Delivery[];
  }

  async function installation(tenant: Tenant): Promise<{ enabled: boolean; disabled_reason: string | null }> {
    const answer = await api(server!.base, "/api/v1/installations", { headers: { authorization: `Bearer ${tenant.apiKey}` } });
    const list = answer.body.installations as unknown as { installation_id: string; enabled: boolean; disabled_reason: string | null }[];
    return list.find((entry) => entry.installation_id === tenant.installationId)!;
  }

  it("retries with backoff, logs every attempt, delivers once back, and disables only on a 410", async () => {
    server = await startServer({ port: PORT, pgliteDir: path.join(dataDir, "pglite"), env: { WEBHOOK_RETRY_BASE_MS: "100", WEBHOOK_MAX_ATTEMPTS: "8" } });
    const back = await startWebhookReceiver();
    const gone = await startWebhookReceiver({ policy: () => ({ status: 410 }) });
    const dead = await startWebhookReceiver();
    receivers.push(back, gone, dead);
    const comesBack = await provision(server.base, "back-co", back.url);
    const answersGone = await provision(server.base, "gone-co", gone.url);
    const staysDown = await provision(server.base, "down-co", dead.url);
    back.secret = comesBack.webhookSecret;
    await back.down();
    await dead.down();

    const downAt = Date.now();
    const backJob = await evaluate(server.base, comesBack, "B-1", "As a buyer, I want my order history so that I can reorder quickly.");
    const goneJob = await evaluate(server.base, answersGone, "G-1", "As a buyer, I want my wish list so that I can buy later.");
    const deadJob = await evaluate(server.base, staysDown, "D-1", "As a buyer, I want gift cards so that I can give presents.");

    // Down for 5 s (several attempts refused), then back.
    await until(async () => ((await deliveries(comesBack))[0]?.attempts.length ?? 0) >= 3, 20_000, "three refused attempts");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 5_000 - (Date.now() - downAt))));
    await back.up();
    const upAt = Date.now();
    await back.waitForDelivered([webhookIdOf(backJob)], 20_000);
    console.log(`receiver back: delivered ${Date.now() - upAt} ms after it came back`);

    // Every attempt in the log: refused ones with their error, the last with the receiver's 200; one 2xx.
    await until(async () => (await deliveries(comesBack))[0]?.status === "delivered", 10_000, "the delivery to be recorded");
    const [delivered] = await deliveries(comesBack);
    expect(delivered.webhook_id).toBe(webhookIdOf(backJob));
    const refused = delivered.attempts.slice(0, -1);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((attempt) => attempt.status_code === null && typeof attempt.error === "string")).toBe(true);
    expect(delivered.attempts.at(-1)?.status_code).toBe(200);
    expect(back.deliveries.filter((r) => r.webhookId === webhookIdOf(backJob))).toHaveLength(1);
    expect(back.deliveries[0].verified).toBe(true);
    expect((await installation(comesBack)).enabled).toBe(true);

    // A 410: one attempt, the delivery failed, the installation disabled (docs/api.md).
    await until(async () => (await deliveries(answersGone))[0]?.status === "failed", 20_000, "the 410 to be recorded");
    const [goneDelivery] = await deliveries(answersGone);
    expect(goneDelivery.webhook_id).toBe(webhookIdOf(goneJob));
    expect(goneDelivery.attempts.map((attempt) => attempt.status_code)).toEqual([410]);
    expect(await installation(answersGone)).toMatchObject({ enabled: false, disabled_reason: "callback answered 410 Gone" });

    // Down for good: 8 attempts, all in the log, then failed; the installation stays enabled.
    await until(async () => (await deliveries(staysDown))[0]?.status === "failed", 40_000, "the last attempt");
    const [deadDelivery] = await deliveries(staysDown);
    expect(deadDelivery.webhook_id).toBe(webhookIdOf(deadJob));
    expect(deadDelivery.attempts).toHaveLength(8);
    expect(deadDelivery.attempts.every((attempt) => attempt.status_code === null)).toBe(true);
    expect((await installation(staysDown)).enabled).toBe(true);
    console.log(`receiver down for good: 8 attempts in ${Date.now() - downAt} ms, then failed; installation still enabled`);
  }, 90_000);
});
