// GET /stats/summary: story and run counts, average latest scores and this month's quota usage of the caller's scope.
import { statsRoute } from "@/lib/api/route";
import { scopeQuerySchema } from "@/lib/stats/params";
import { statsSummary } from "@/lib/stats/summary";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = statsRoute(scopeQuerySchema)(async ({ db, scope, at }) => {
  return Response.json(await statsSummary({ db, scope, at }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
