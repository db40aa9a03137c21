// GET /stats/stories: the latest score of each story in the caller's scope, searched, sorted and paginated.
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { gatewayRoute } from "@/lib/http/route";
import { storiesQuerySchema } from "@/lib/stats/params";
import { authorizeStats } from "@/lib/stats/request";
import { listStories } from "@/lib/stats/stories";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const { scope, query } = await authorizeStats(db, request, now(), storiesQuerySchema);
  return Response.json(await listStories({ db, scope, query }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
