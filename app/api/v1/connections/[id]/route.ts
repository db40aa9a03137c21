// GET /api/v1/connections/{id}: one connection with its last sync. PATCH: its name, query, schedule or
// credentials. DELETE: disconnect (204); the stories it imported stay on the dashboard, billed as they were.
import { getDb } from "@/db/client";
import { authorizeAccount } from "@/lib/account/request";
import { parseJsonBody } from "@/lib/http/body";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { gatewayRoute } from "@/lib/http/route";
import { connectionView, deleteConnection, findConnection, updateConnection } from "@/lib/trackers/connections";
import { syncScheduleOf } from "@/lib/trackers/schedule";
import { connectionSchema, updateConnectionSchema } from "@/lib/trackers/schemas";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute<{ id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  return Response.json(connectionSchema.parse(connectionView(await findConnection(db, account.customerId, params.id))));
});

export const PATCH = gatewayRoute<{ id: string }>(async ({ request, params, log }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const change = await parseJsonBody(request, updateConnectionSchema, 64 * 1024);
  const before = await findConnection(db, account.customerId, params.id);
  const row = await updateConnection(db, account.customerId, params.id, change, account.actor);
  if (row.schedule !== before.schedule) await syncScheduleOf(row);
  log.info({ connection_id: row.id, customer_id: account.customerId }, "tracker connection updated");
  return Response.json(connectionSchema.parse(connectionView(row)));
});

export const DELETE = gatewayRoute<{ id: string }>(async ({ request, params, log }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const row = await deleteConnection(db, account.customerId, params.id, account.actor);
  if (row.schedule !== "manual") await syncScheduleOf({ id: row.id, schedule: "manual" });
  log.info({ connection_id: row.id, customer_id: account.customerId }, "tracker connection deleted");
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
