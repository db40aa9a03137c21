// PATCH /api/v1/installations/{id}: change the callback URL, or disable or enable the installation.
// DELETE /api/v1/installations/{id}: disable it; its async endpoint then answers 401 until it is enabled again.
import { getDb } from "@/db/client";
import { authorizeAccount } from "@/lib/account/request";
import { parseJsonBody } from "@/lib/http/body";
import { gatewayRoute } from "@/lib/http/route";
import { disableInstallation, updateInstallation } from "@/lib/integrations/installations";
import { installationSchema, updateInstallationSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PATCH = gatewayRoute<{ id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  const change = await parseJsonBody(request, updateInstallationSchema, 64 * 1024);
  return Response.json(installationSchema.parse(await updateInstallation(db, account.customerId, params.id, change, account.actor)));
});

export const DELETE = gatewayRoute<{ id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const account = await authorizeAccount(db, request);
  return Response.json(installationSchema.parse(await disableInstallation(db, account.customerId, params.id, account.actor)));
});

export const { GET, POST, PUT } = methodsNotAllowed(["PATCH", "DELETE"]);
