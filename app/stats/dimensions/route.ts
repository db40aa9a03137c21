// GET /stats/dimensions: per INVEST dimension, the average, the 0-10 histogram and the share below 5 of the latest scores.
import { statsRoute } from "@/lib/api/route";
import { statsDimensions } from "@/lib/stats/dimensions";
import { scopeQuerySchema } from "@/lib/stats/params";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = statsRoute(scopeQuerySchema)(async ({ db, scope }) => {
  return Response.json(await statsDimensions({ db, scope }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
