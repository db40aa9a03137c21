// The embedded database on a file system that turns read-only or fills up: a small tmpfs this test mounts
// (running as root, chmod would not stop a single write, so the file system itself must refuse them).
// - read-only at start: the server exits at once with one line naming the directory and why;
// - full at runtime: requests that need to write answer 503 with Retry-After (never a 500), the server
//   recovers without a restart once there is room again, and the directory opens afterwards with every
//   acknowledged score in it.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/client";
import { api, provision, startExpectingExit, startServer, type ServerProcess, type Tenant } from "../testing/processes";
import { startWebhookReceiver, type WebhookReceiver } from "../testing/webhook-receiver";

const PORT = 3351;

/** Mount a 160 MB tmpfs on a fresh directory, or say why it cannot be done here. */
function mountTmpfs(): { dir: string } | { reason: string } {
  if (process.platform !== "linux") return { reason: "not Linux" };
  if (process.getuid?.() !== 0) return { reason: "not root (mounting a small file system needs it)" };
  const dir = mkdtempSync(path.join(tmpdir(), "ssc-faults-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=160m", "tmpfs", dir], { encoding: "utf8" });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { reason: `mount -t tmpfs failed: ${mounted.stderr.trim()}` };
  }
  return { dir };
}

const mount = mountTmpfs();
const mountDir = "dir" in mount ? mount.dir : "";
const remount = (mode: "ro" | "rw") => {
  const result = spawnSync("mount", ["-o", `remount,${mode}`, mountDir], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`remount ${mode} failed: ${result.stderr}`);
};

/** Fill the file system but for `leaveKb` with one file (fallocate: no writing a hundred megabytes). */
function fill(leaveKb: number): string {
  const filler = path.join(mountDir, "filler");
  const { bavail, bsize } = statfsSync(mountDir);
  const bytes = bavail * bsize - leaveKb * 1024;
  const result = spawnSync("fallocate", ["-l", String(Math.max(0, bytes)), filler], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`fallocate failed: ${result.stderr}`);
  return filler;
}

describe.skipIf(!("dir" in mount))(`the embedded database on a read-only or full disk${"reason" in mount ? `: skipped, ${mount.reason}` : ""}`, () => {
  const pgliteDir = path.join(mountDir, "pglite");
  let server: ServerProcess | undefined;
  let receiver: WebhookReceiver;
  let tenant: Tenant;
  const acknowledged: string[] = [];

  const score = async (n: number) =>
    api(server!.base, "/api/v1/score", {
      json: { ticket_id: `D-${n}`, ticket_data: { summary: `As a writer, I want draft number ${n} autosaved so that I never lose my work.` } },
      headers: { authorization: `Bearer ${tenant.apiKey}` },
      timeoutMs: 10_000,
    });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    server = await startServer({ port: PORT, pgliteDir });
    tenant = await provision(server.base, "disk-co", receiver.url);
    for (let n = 0; n < 5; n++) {
      const answer = await score(n);
      expect(answer.status).toBe(200);
      acknowledged.push(String(answer.body.job_id));
    }
    await server.stop();
    server = undefined;
  });

  afterAll(async () => {
    await server?.kill9();
    await receiver?.close();
    if (mountDir) {
      spawnSync("umount", [mountDir]);
      rmSync(mountDir, { recursive: true, force: true });
    }
  });

  it("stops at start with one clear line when the directory is read-only, and opens again afterwards", async () => {
    remount("ro");
    try {
      const started = await startExpectingExit({ port: PORT, pgliteDir, timeoutMs: 60_000 });
      if (started.server) await started.server.kill9();
      expect(started.code).toBe(1);
      const lines = started.stderr.trim().split("\n");
      console.log(`read-only data directory: exit ${started.code}, stderr: ${started.stderr.trim()}`);
      expect(lines.filter((line) => line.includes("cannot start"))).toEqual([
        `Story Scoring Service cannot start: the embedded database directory ${pgliteDir} is on a read-only file system; fix it, or set PGLITE_DIR to another directory.`,
      ]);
    } finally {
      remount("rw");
    }
    server = await startServer({ port: PORT, pgliteDir });
    expect((await score(100)).status).toBe(200);
  }, 120_000);

  it("answers 503 with Retry-After while the disk is full, never a 500, and recovers once there is room", async () => {
    server ??= await startServer({ port: PORT, pgliteDir });
    const filler = fill(32);
    const statuses: number[] = [];
    let unavailable: Awaited<ReturnType<typeof score>> | undefined;
    try {
      // New stories until a write finds no room (a new page of a table, a new WAL segment).
      for (let n = 1_000; n < 4_000 && !unavailable; n += 8) {
        const answers = await Promise.all(Array.from({ length: 8 }, (_, offset) => score(n + offset)));
        for (const answer of answers) {
          statuses.push(answer.status);
          if (answer.status === 200) acknowledged.push(String(answer.body.job_id));
          if (answer.status === 503) unavailable ??= answer;
        }
      }
      const counts = Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]));
      console.log(`full disk: answers by status ${JSON.stringify(counts)}`);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      expect(unavailable).toBeDefined();
      expect(unavailable!.body).toMatchObject({ error: "service_unavailable", details: [] });
      expect(Number(unavailable!.headers.get("retry-after"))).toBeGreaterThan(0);
      const health = await api(server.base, "/api/health");
      expect([200, 503]).toContain(health.status);
    } finally {
      rmSync(filler, { force: true });
    }
    // Room again: the same process answers 200 without a restart.
    const recovered = await score(9_999);
    expect(recovered.status).toBe(200);
    acknowledged.push(String(recovered.body.job_id));
    await server.stop();
    server = undefined;

    // The directory opens, with every acknowledged score in it.
    const db = await openDatabase({ pgliteDir });
    try {
      const stored = new Set((await db.query<{ id: string }>(sql`select id::text as id from score_runs where customer_id = 'disk-co'`)).map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
