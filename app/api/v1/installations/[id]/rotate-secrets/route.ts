// POST /api/v1/installations/{id}/rotate-secrets: both secrets replaced; the new ones are shown once.
import { accountRoute } from "@/lib/api/route";
import { rotateInstallationSecrets } from "@/lib/integrations/installations";
import { rotatedInstallationSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = accountRoute<{ id: string }>(async ({ db, account, params, log }) => {
  const body = await rotateInstallationSecrets(db, account.customerId, params.id, account.actor);
  log.info({ installation_id: body.installation_id }, "installation secrets rotated");
  return Response.json(rotatedInstallationSchema.parse(body));
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
