// GET /api/v1/audit-events?limit=&cursor=: who changed the account's keys and integrations, newest first.
import { listAuditEvents } from "@/lib/audit";
import { auditEventListSchema } from "@/lib/account/schemas";
import { accountRoute } from "@/lib/api/route";
import { pageLimit } from "@/lib/http/cursor";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = accountRoute(async ({ request, db, account }) => {
  const query = new URL(request.url).searchParams;
  return Response.json(auditEventListSchema.parse(await listAuditEvents(db, account.customerId, { limit: pageLimit(query.get("limit")), cursor: query.get("cursor") })));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
