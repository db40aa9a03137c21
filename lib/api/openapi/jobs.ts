// GET /api/v1/jobs/{job_id}: an asynchronous job's status, result and callback delivery.
import type { z } from "zod";
import { gatewayError, gatewayErrors, INVALID_KEY, JOB_ID, SCORE_RESPONSE_EXAMPLE, type Operation } from "./common";
import { jobStatusSchema } from "@/lib/integrations/schemas";

export function jobOperations(): Operation[] {
  return [
    {
      method: "get",
      path: "/api/v1/jobs/{job_id}",
      tag: "Scoring",
      summary: "Status, result and callback delivery of an asynchronous job",
      description:
        "Job status: `accepted` -> `processing` -> `completed` | `failed`. Delivery: `pending` -> `delivered` | `retrying` -> `failed` after the last attempt. `queue_position` counts the jobs ahead while the job waits. Only the owning customer sees a job; others get 404.",
      security: "apiKey",
      parameters: [{ name: "job_id", in: "path", description: "The `job_id` from the 202 acknowledgement.", example: JOB_ID }],
      responses: {
        "200": {
          description: "The job.",
          schema: jobStatusSchema,
          example: {
            job_id: JOB_ID,
            status: "completed",
            created_at: "2026-11-23T09:36:43.910Z",
            completed_at: "2026-11-23T09:36:44.112Z",
            queue_position: null,
            result: { ...SCORE_RESPONSE_EXAMPLE, job_id: JOB_ID },
            error: null,
            delivery: { status: "delivered", attempts: 1, last_status_code: 200, next_attempt_at: null },
          } satisfies z.infer<typeof jobStatusSchema>,
        },
        ...gatewayErrors({ 401: INVALID_KEY, 404: { description: "No such job, or another customer's.", example: gatewayError("not_found", "No such job.") } }),
      },
    },
  ];
}
