// GET /api/v1/connections/{id}: one connection with its last sync. PATCH: its name, query, schedule or
// credentials. DELETE: disconnect (204); the stories it imported stay on the dashboard, billed as they were.
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { accountRoute } from "@/lib/api/route";
import { connectionView, deleteConnection, findConnection, updateConnection } from "@/lib/trackers/connections";
import { syncScheduleOf } from "@/lib/trackers/schedule";
import { connectionSchema, updateConnectionSchema } from "@/lib/trackers/schemas";

export const dynamic = "force-dynamic";

export const GET = accountRoute<{ id: string }>(async ({ db, account, params }) => {
  return Response.json(connectionSchema.parse(connectionView(await findConnection(db, account.customerId, params.id))));
});

export const PATCH = accountRoute<typeof updateConnectionSchema, { id: string }>({ body: updateConnectionSchema, maxBytes: 64 * 1024 }, async ({ db, account, body: change, params, log }) => {
  const before = await findConnection(db, account.customerId, params.id);
  const row = await updateConnection(db, account.customerId, params.id, change, account.actor);
  if (row.schedule !== before.schedule) await syncScheduleOf(row);
  log.info({ connection_id: row.id, customer_id: account.customerId }, "tracker connection updated");
  return Response.json(connectionSchema.parse(connectionView(row)));
});

export const DELETE = accountRoute<{ id: string }>(async ({ db, account, params, log }) => {
  const row = await deleteConnection(db, account.customerId, params.id, account.actor);
  if (row.schedule !== "manual") await syncScheduleOf({ id: row.id, schedule: "manual" });
  log.info({ connection_id: row.id, customer_id: account.customerId }, "tracker connection deleted");
  return new Response(null, { status: 204 });
});

export const { POST, PUT } = methodsNotAllowed(["GET", "PATCH", "DELETE"]);
