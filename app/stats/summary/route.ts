// GET /stats/summary: story and run counts, average latest scores and this month's quota usage of the caller's scope.
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { gatewayRoute } from "@/lib/http/route";
import { scopeQuerySchema } from "@/lib/stats/params";
import { authorizeStats } from "@/lib/stats/request";
import { statsSummary } from "@/lib/stats/summary";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const at = now();
  const { scope } = await authorizeStats(db, request, at, scopeQuerySchema);
  return Response.json(await statsSummary({ db, scope, at }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
