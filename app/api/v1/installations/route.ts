// POST /api/v1/installations: register an integration (201) or re-register it (200, secrets rotated).
// GET /api/v1/installations: the customer's installations, without secrets.
// Both with an API key, or the dashboard session (the settings page).
import { accountRoute } from "@/lib/api/route";
import { listInstallations, registerInstallation } from "@/lib/integrations/installations";
import { installationListSchema, registeredInstallationSchema, registerInstallationSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = accountRoute({ body: registerInstallationSchema, maxBytes: 64 * 1024 }, async ({ db, account, body: input, log }) => {
  const { created, body } = await registerInstallation(db, account.customerId, input, account.actor);
  log.info({ installation_id: body.installation_id, created }, "installation registered");
  return Response.json(registeredInstallationSchema.parse(body), { status: created ? 201 : 200 });
});

export const GET = accountRoute(async ({ db, account }) => {
  return Response.json(installationListSchema.parse({ installations: await listInstallations(db, account.customerId) }));
});

export const { PUT, PATCH, DELETE } = methodsNotAllowed(["GET", "POST"]);
