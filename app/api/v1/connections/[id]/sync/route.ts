// POST /api/v1/connections/{id}/sync: import the connection's issues now (202 with the connection, its
// `last_sync` running). While a sync of it waits or runs, the answer is that one: nothing new is queued.
import { accountRoute } from "@/lib/api/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { queue } from "@/lib/queue";
import { connectionView, findConnection } from "@/lib/trackers/connections";
import { connectionSchema } from "@/lib/trackers/schemas";
import { requestSync } from "@/lib/trackers/sync";

export const dynamic = "force-dynamic";

export const POST = accountRoute<{ id: string }>(async ({ db, account, params, log }) => {
  const connection = await findConnection(db, account.customerId, params.id);
  await queue(); // the sync queue exists before a job is put on it
  const queued = await requestSync(db, connection.id, "manual", account.customerId);
  log.info({ connection_id: connection.id, customer_id: account.customerId, queued }, queued ? "tracker sync queued" : "tracker sync already running");
  const row = await findConnection(db, account.customerId, connection.id);
  return Response.json(connectionSchema.parse(connectionView(row)), { status: 202 });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
