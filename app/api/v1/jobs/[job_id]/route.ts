// GET /api/v1/jobs/{job_id}: an asynchronous job's status, result and callback delivery, for its owner only.
import { apiKeyRoute } from "@/lib/api/route";
import { ApiError } from "@/lib/http/errors";
import { customerJobStatus } from "@/lib/jobs/job-status";
import { jobStatusSchema } from "@/lib/integrations/schemas";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const GET = apiKeyRoute<{ job_id: string }>(async ({ database, customer, params }) => {
  const job = await customerJobStatus(database.db, customer.customerId, params.job_id);
  // Another customer's job is indistinguishable from a missing one.
  if (!job) throw new ApiError("not_found", "No such job.");
  return Response.json(jobStatusSchema.parse(job));
});

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
