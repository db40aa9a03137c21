// A server process for the backup and export tests (run with tsx): it opens the database as the real server does
// (getDbHandle: the PGLITE_DIR lock, or DATABASE_URL; migrations) and serves real route handlers over HTTP on
// 127.0.0.1 (port 0; it prints `listening PORT`): GET /api/admin/backup and GET /stats/summary. With
// RUN_SERVICE=1 it starts as the production server does (lib/startup: demo seed on an empty database, queue
// workers unless EMBEDDED_WORKER=false); GET /async-jobs answers the async jobs' statuses.
// With WRITE_PAIRS=1 it writes without pause: each transaction inserts two app_settings rows, `probe:N:a` and
// `probe:N:b`, so a copy that caught a transaction halfway would hold an `a` without its `b`; GET /committed
// answers how many pairs were committed so far. `next build` is not needed: the routes are the production code.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { getDbHandle } from "@/db/client";
import { GET as backup } from "@/app/api/admin/backup/route";
import { GET as summary } from "@/app/stats/summary/route";
import { startService } from "@/lib/startup";

async function main(): Promise<void> {
  if (process.env.RUN_SERVICE === "1") await startService();
  const handle = await getDbHandle();
  let committed = 0;
  // Runs until SIGTERM, when db/client.ts's shutdown closes the database under it (its last write then fails).
  void (async () => {
    while (process.env.WRITE_PAIRS === "1") {
      const n = committed + 1;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into app_settings (key, value) values (${`probe:${n}:a`}, ${String(n)})`);
        await tx.execute(sql`insert into app_settings (key, value) values (${`probe:${n}:b`}, ${String(n)})`);
      });
      committed = n;
      // Yield to I/O between transactions, as requests' writes would (with PGLITE_THREAD=false PGlite runs in this
      // thread, and its promises settle at once).
      await new Promise((resolve) => setImmediate(resolve));
    }
  })().catch(() => {});
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.url === "/committed") {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ committed }));
        return;
      }
      if (req.url === "/async-jobs") {
        const rows = await handle.query<{ status: string; n: number }>(sql`select status, count(*)::int as n from async_jobs group by status order by status`);
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(Object.fromEntries(rows.map((row) => [row.status, row.n]))));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const route = req.url?.startsWith("/stats/summary") ? summary : backup;
      const response = await route(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers }));
      res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      if (response.body) await pipeline(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream), res);
      else res.end();
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as AddressInfo).port}`));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
