// POST /api/admin/users: create a dashboard login for a customer or a company.
import { getDb } from "@/db/client";
import { adminRoute } from "@/lib/api/route";
import { createdUserSchema, createUserSchema } from "@/lib/admin/schemas";
import { createDashboardUser } from "@/lib/admin/provisioning";

export const dynamic = "force-dynamic";

export const POST = adminRoute({ body: createUserSchema, maxBytes: 64 * 1024 }, async ({ body: input, log }) => {
  const user = await createDashboardUser(await getDb(), input);
  log.info({ user_id: user.user_id }, "dashboard user created");
  return Response.json(createdUserSchema.parse(user), { status: 201 });
});
