// GET /stats/dimensions: per INVEST dimension, the average, the 0-10 histogram and the share below 5 of the latest scores.
import { getDb } from "@/db/client";
import { now } from "@/lib/clock";
import { gatewayRoute } from "@/lib/http/route";
import { statsDimensions } from "@/lib/stats/dimensions";
import { scopeQuerySchema } from "@/lib/stats/params";
import { authorizeStats } from "@/lib/stats/request";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const { scope } = await authorizeStats(db, request, now(), scopeQuerySchema);
  return Response.json(await statsDimensions({ db, scope }), { headers: { "Cache-Control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
