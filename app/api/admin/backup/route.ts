// GET /api/admin/backup: a consistent dump of the running server's embedded database (PGlite's data directory as
// a .tar.gz), for `npm run db:backup` while the server runs: only this process may open the directory, so the
// backup has to be made here. On PostgreSQL there is nothing to dump here: pg_dump does it (409).
import type { PGlite } from "@electric-sql/pglite";
import { getDbHandle } from "@/db/client";
import { dumpPglite, knownMigrations, stamp } from "@/db/backup";
import { adminRoute } from "@/lib/api/route";
import { ApiError } from "@/lib/http/errors";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = adminRoute(async ({ log }) => {
  const handle = await getDbHandle();
  if (handle.driver !== "pglite") {
    throw new ApiError("conflict", "This installation runs on PostgreSQL: back it up with pg_dump.", [
      "database: DATABASE_URL is set; see docs/operations.md, Backups",
    ]);
  }
  const started = performance.now();
  const dump = await dumpPglite(handle.raw as PGlite);
  log.info({ bytes: dump.size, duration_ms: Math.round(performance.now() - started) }, "embedded database backed up");
  return new Response(dump.stream(), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(dump.size),
      "Content-Disposition": `attachment; filename="story-scoring-${stamp()}.tar.gz"`,
      "Cache-Control": "no-store",
      "X-Schema-Migrations": String(knownMigrations().length),
    },
  });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
