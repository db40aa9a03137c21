// PATCH /api/v1/installations/{id}: change the callback URL, or disable or enable the installation.
// DELETE /api/v1/installations/{id}: disable it; its async endpoint then answers 401 until it is enabled again.
import { accountRoute } from "@/lib/api/route";
import { disableInstallation, updateInstallation } from "@/lib/integrations/installations";
import { installationSchema, updateInstallationSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const PATCH = accountRoute<typeof updateInstallationSchema, { id: string }>({ body: updateInstallationSchema, maxBytes: 64 * 1024 }, async ({ db, account, body: change, params }) => {
  return Response.json(installationSchema.parse(await updateInstallation(db, account.customerId, params.id, change, account.actor)));
});

export const DELETE = accountRoute<{ id: string }>(async ({ db, account, params }) => {
  return Response.json(installationSchema.parse(await disableInstallation(db, account.customerId, params.id, account.actor)));
});

export const { GET, POST, PUT } = methodsNotAllowed(["PATCH", "DELETE"]);
