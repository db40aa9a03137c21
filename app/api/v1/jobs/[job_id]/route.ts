// GET /api/v1/jobs/{job_id}: an asynchronous job's status, result and callback delivery, for its owner only.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db/client";
import { asyncJobs } from "@/db/schema";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { ApiError } from "@/lib/http/errors";
import { gatewayRoute } from "@/lib/http/route";
import { jobView, queuePosition } from "@/lib/jobs/async-jobs";
import { jobStatusSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute<{ job_id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const customer = await authenticateApiKey(db, request);
  // Another customer's job is indistinguishable from a missing one.
  const notFound = new ApiError("not_found", "No such job.");
  if (!z.uuid().safeParse(params.job_id).success) throw notFound;
  const [job] = await db
    .select()
    .from(asyncJobs)
    .where(and(eq(asyncJobs.id, params.job_id), eq(asyncJobs.customerId, customer.customerId)));
  if (!job) throw notFound;
  return Response.json(jobStatusSchema.parse(jobView(job, await queuePosition(db, job))));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
