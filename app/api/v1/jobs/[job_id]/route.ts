// GET /api/v1/jobs/{job_id}: an asynchronous job's status, result and callback delivery, for its owner only.
import { getDb } from "@/db/client";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { ApiError } from "@/lib/http/errors";
import { gatewayRoute } from "@/lib/http/route";
import { customerJobStatus } from "@/lib/jobs/job-status";
import { jobStatusSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = gatewayRoute<{ job_id: string }>(async ({ request, params }) => {
  const db = await getDb();
  const customer = await authenticateApiKey(db, request);
  const job = await customerJobStatus(db, customer.customerId, params.job_id);
  // Another customer's job is indistinguishable from a missing one.
  if (!job) throw new ApiError("not_found", "No such job.");
  return Response.json(jobStatusSchema.parse(job));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
