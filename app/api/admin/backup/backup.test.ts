// GET /api/admin/backup: admin only, a .tar.gz of the embedded database that opens as a backup of this service;
// on PostgreSQL a 409 that says to use pg_dump. Its use by `npm run db:backup` is in scripts/db-backup.test.ts.
import { describe, expect, it } from "vitest";
import { openDump } from "@/db/backup";
import { hasPostgres, setupTestDatabase } from "@/testing/db";
import { setEnv } from "@/testing/http";
import { GET, POST } from "./route";

const ADMIN_TOKEN = "backup-route-admin-token-0123456789";
setupTestDatabase();

const get = (headers: Record<string, string> = {}) => GET(new Request("http://localhost/api/admin/backup", { headers }));

describe("GET /api/admin/backup", () => {
  it("is 404 without ADMIN_TOKEN and 401 with a wrong token, in the gateway shape", async () => {
    setEnv({ ADMIN_TOKEN: undefined });
    const hidden = await get({ authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ error: "not_found" });
    setEnv({ ADMIN_TOKEN });
    const wrong = await get({ authorization: "Bearer wrong-token-0123456789" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "unauthorized", message: "A valid admin token is required.", details: ['Authorization: send "Bearer <ADMIN_TOKEN>"'] });
  });

  it("answers POST with 405 and Allow", async () => {
    const response = await POST(new Request("http://localhost/api/admin/backup", { method: "POST" }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("GET");
  });

  it.runIf(!hasPostgres)("streams a gzip'd dump that opens as a backup of this service", async () => {
    setEnv({ ADMIN_TOKEN });
    const response = await get({ authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="story-scoring-\d{8}T\d{6}Z\.tar\.gz"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(Number(response.headers.get("content-length")));
    const { client, info } = await openDump(bytes, "the answer");
    await client.close();
    expect(info.migrations).toBe(info.known);
    expect(info.counts.customers).toBe(0);
  }, 60_000);

  it.runIf(hasPostgres)("is 409 on PostgreSQL: pg_dump backs it up", async () => {
    setEnv({ ADMIN_TOKEN });
    const response = await get({ authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "conflict",
      message: "This installation runs on PostgreSQL: back it up with pg_dump.",
      details: ["database: DATABASE_URL is set; see docs/operations.md, Backups"],
    });
  });
});
