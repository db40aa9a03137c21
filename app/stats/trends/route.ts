// GET /stats/trends: average scores per day, week or month over a date range, for the caller's scope.
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { gatewayRoute } from "@/lib/http/route";
import { trendsQuerySchema } from "@/lib/stats/params";
import { authorizeStats } from "@/lib/stats/request";
import { statsTrends } from "@/lib/stats/trends";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const at = now();
  const { scope, query } = await authorizeStats(db, request, at, trendsQuerySchema);
  const points = await statsTrends({ db, scope, interval: query.interval, from: query.from, to: query.to, at });
  return Response.json(points, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
