// GET /stats/trends: average scores per day, week or month over a date range, for the caller's scope.
import { statsRoute } from "@/lib/api/route";
import { trendsQuerySchema } from "@/lib/stats/params";
import { statsTrends } from "@/lib/stats/trends";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = statsRoute(trendsQuerySchema)(async ({ db, scope, query, at }) => {
  const points = await statsTrends({ db, scope, interval: query.interval, from: query.from, to: query.to, at });
  return Response.json(points, { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
