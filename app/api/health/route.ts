// GET /api/health: liveness and database readiness for load balancers and operators.
import { getDbHandle, sql } from "@/db/client";
import { gatewayRoute } from "@/lib/http/route";
import { SERVICE_VERSION } from "@/lib/version";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ log }) => {
  try {
    const handle = await getDbHandle();
    await handle.query(sql`select 1 as ok`);
    return Response.json({ status: "ok", database: "ok", version: SERVICE_VERSION }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    log.error({ err: error }, "health check: database unavailable");
    return Response.json(
      { status: "error", database: "unavailable", version: SERVICE_VERSION },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
});
