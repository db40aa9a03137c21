// GET /api/v1/audit-events?limit=&cursor=: who changed the account's keys and integrations, newest first.
import { getDb } from "@/db/client";
import { listAuditEvents } from "@/lib/audit";
import { authorizeAccount } from "@/lib/account/request";
import { auditEventListSchema } from "@/lib/account/schemas";
import { pageLimit } from "@/lib/http/cursor";
import { gatewayRoute } from "@/lib/http/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute(async ({ request }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const query = new URL(request.url).searchParams;
  return Response.json(auditEventListSchema.parse(await listAuditEvents(db, account.customerId, { limit: pageLimit(query.get("limit")), cursor: query.get("cursor") })));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
