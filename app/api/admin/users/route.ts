// POST /api/admin/users: create a dashboard login for a customer or a company.
import { getDb } from "@/db/client";
import { createdUserSchema, createUserSchema } from "@/lib/admin/schemas";
import { createDashboardUser, requireAdmin } from "@/lib/admin/provisioning";
import { parseJsonBody } from "@/lib/http/body";
import { gatewayRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

export const POST = gatewayRoute(async ({ request, log }) => {
  requireAdmin(request);
  const input = await parseJsonBody(request, createUserSchema, 64 * 1024);
  const user = await createDashboardUser(await getDb(), input);
  log.info({ user_id: user.user_id }, "dashboard user created");
  return Response.json(createdUserSchema.parse(user), { status: 201 });
});
