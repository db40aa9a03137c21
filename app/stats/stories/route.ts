// GET /stats/stories: the latest score of each story in the caller's scope, searched, sorted and paginated.
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { gatewayRoute } from "@/lib/http/route";
import { parseQuery, storiesQuerySchema } from "@/lib/stats/params";
import { statsScope } from "@/lib/stats/request";
import { listStories } from "@/lib/stats/stories";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const query = parseQuery(storiesQuerySchema, new URL(request.url).searchParams);
  const scope = await statsScope(db, request, now(), query.customer);
  return Response.json(await listStories({ db, scope, query }), { headers: { "Cache-Control": "private, no-store" } });
});
