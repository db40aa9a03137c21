// GET /stats/stories: the latest score of each story in the caller's scope, searched, sorted and paginated.
import { statsRoute } from "@/lib/api/route";
import { storiesQuerySchema } from "@/lib/stats/params";
import { listStories } from "@/lib/stats/stories";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = statsRoute(storiesQuerySchema)(async ({ db, scope, query }) => {
  return Response.json(await listStories({ db, scope, query }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
