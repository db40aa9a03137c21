import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { call } from "@/testing/http";
import { ApiError, isDatabaseUnavailable } from "./errors";
import { detailRoute, gatewayRoute } from "./route";

describe("route wrappers", () => {
  it("turns thrown ApiErrors into the gateway shape with a request id", async () => {
    const handler = gatewayRoute(async () => {
      throw new ApiError("forbidden", "Not yours.", ["customer_id: does not match the API key"]);
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: "forbidden", message: "Not yours.", details: ["customer_id: does not match the API key"] });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("turns zod errors into 400 with readable details", async () => {
    const handler = gatewayRoute(async () => {
      z.object({ n: z.number() }).parse({ n: "one" });
      return Response.json({});
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "validation_error", details: [expect.stringMatching(/^n: /)] });
  });

  it("hides unexpected errors behind a generic 500", async () => {
    const handler = gatewayRoute(async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const response = await call(handler, "/api/v1/x");
    expect(response.status).toBe(500);
    expect(response.text).not.toContain("secret");
    expect(response.body).toEqual({ error: "internal_error", message: "An unexpected error occurred.", details: [] });
  });

  it("uses FastAPI-style {detail} errors for the public CSV flow", async () => {
    const handler = detailRoute(async () => {
      throw new ApiError("rate_limited", "Too many uploads from this address.", [], { "Retry-After": "60" });
    });
    const response = await call(handler, "/evaluate/upload");
    expect(response.status).toBe(429);
    expect(response.body).toEqual({ detail: "Too many uploads from this address." });
    expect(response.headers.get("retry-after")).toBe("60");
  });

  it("echoes a safe incoming X-Request-Id and replaces an unsafe one", async () => {
    const handler = gatewayRoute(async () => Response.json({ ok: true }));
    const kept = await call(handler, "/x", { headers: { "x-request-id": "trace-123" } });
    expect(kept.headers.get("x-request-id")).toBe("trace-123");
    const replaced = await call(handler, "/x", { headers: { "x-request-id": "bad id with spaces and {braces}" } });
    expect(replaced.headers.get("x-request-id")).not.toContain("bad");
  });

  describe("a database that is away answers 503 with Retry-After, not 500", () => {
    // Real failures from the real drivers: a refused connection, a session the server terminates (as
    // PostgreSQL does when it restarts), a closed embedded database. A free port: bound, then closed. Each
    // may take a while on a loaded machine (starting PGlite, a connection attempt): 60 s each.
    const closedPort = async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as net.AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      return port;
    };

    it("classifies a refused connection, seen through drizzle's wrapper, and answers in both error shapes", async () => {
      const client = postgres(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, { connect_timeout: 2, max: 1, onnotice: () => {} });
      const db = drizzle(client);
      const failure = await db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => error,
      );
      await client.end({ timeout: 1 });
      expect(isDatabaseUnavailable(failure)).toBe(true);
      const gateway = await call(gatewayRoute(async () => Promise.reject(failure)), "/api/v1/x");
      expect(gateway.status).toBe(503);
      expect(gateway.headers.get("retry-after")).toBe("5");
      expect(gateway.body).toEqual({ error: "service_unavailable", message: "The database is temporarily unavailable; try again shortly.", details: [] });
      const detail = await call(detailRoute(async () => Promise.reject(failure)), "/evaluate/x");
      expect(detail.status).toBe(503);
      expect(detail.headers.get("retry-after")).toBe("5");
      expect(detail.body).toEqual({ detail: "The database is temporarily unavailable; try again shortly." });
    }, 60_000);

    it.runIf(Boolean(process.env.DATABASE_URL))("classifies a session the server terminates (57P01, as in a restart)", async () => {
      const client = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      try {
        const [{ pid }] = await client`select pg_backend_pid() as pid`;
        // Terminated while a statement runs on it, so the statement fails. (Terminating an idle session raced:
        // had postgres.js seen the socket close first, it reconnected and the next statement succeeded.)
        const terminated = client`select pg_sleep(30)`.then(
          () => null,
          (error: unknown) => error,
        );
        for (;;) {
          const [{ active }] = await admin`select count(*)::int as active from pg_stat_activity where pid = ${pid} and state = 'active'`;
          if (active === 1) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await admin`select pg_terminate_backend(${pid})`;
        // postgres.js reports it as 57P01 or, when the socket closes first, as its own CONNECTION_CLOSED.
        expect(await terminated).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(await terminated)).toBe(true);
      } finally {
        await client.end({ timeout: 1 });
        await admin.end({ timeout: 1 });
      }
    }, 60_000);

    it("classifies a closed embedded database, and not a bad query", async () => {
      const pglite = await PGlite.create();
      const badQuery = await pglite.query("select * from no_such_table").then(
        () => null,
        (error: unknown) => error,
      );
      await pglite.close();
      const closed = await pglite.query("select 1").then(
        () => null,
        (error: unknown) => error,
      );
      expect(isDatabaseUnavailable(closed)).toBe(true);
      // A query that is wrong stays a 500 (a bug to fix, not a reason to try again).
      expect(isDatabaseUnavailable(badQuery)).toBe(false);
      expect((await call(gatewayRoute(async () => Promise.reject(badQuery)), "/api/v1/x")).status).toBe(500);
    }, 60_000);
  });
});
