// GET /api/v1/connections: the account's tracker connections (never their tokens). POST: connect a Jira site,
// a GitHub repository or a Linear team (lib/trackers/connections.ts); its issues are imported by syncs.
import { accountRoute } from "@/lib/api/route";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { connectionView, createConnection, listConnections } from "@/lib/trackers/connections";
import { syncScheduleOf } from "@/lib/trackers/schedule";
import { connectionListSchema, connectionSchema, createConnectionSchema } from "@/lib/trackers/schemas";

export const dynamic = "force-dynamic";

export const GET = accountRoute(async ({ db, account }) => {
  return Response.json(connectionListSchema.parse({ data: (await listConnections(db, account.customerId)).map(connectionView) }));
});

export const POST = accountRoute({ body: createConnectionSchema, maxBytes: 64 * 1024 }, async ({ db, account, body: input, log }) => {
  const row = await createConnection(db, account.customerId, input, account.actor);
  if (row.schedule !== "manual") await syncScheduleOf(row);
  log.info({ connection_id: row.id, customer_id: account.customerId, kind: row.kind }, "tracker connection created");
  return Response.json(connectionSchema.parse(connectionView(row)), { status: 201, headers: { Location: `/api/v1/connections/${row.id}` } });
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
