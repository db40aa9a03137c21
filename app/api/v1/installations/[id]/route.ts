// DELETE /api/v1/installations/{id}: disable an installation; its async endpoint then answers 401.
import { z } from "zod";
import { getDb } from "@/db/client";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { ApiError } from "@/lib/http/errors";
import { gatewayRoute } from "@/lib/http/route";
import { disableInstallation } from "@/lib/integrations/installations";
import { installationSchema } from "@/lib/integrations/schemas";

export const dynamic = "force-dynamic";

export const DELETE = gatewayRoute<{ id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const customer = await authenticateApiKey(db, request);
  if (!z.uuid().safeParse(params.id).success) throw new ApiError("not_found", "No such installation.");
  return Response.json(installationSchema.parse(await disableInstallation(db, customer.customerId, params.id)));
});
