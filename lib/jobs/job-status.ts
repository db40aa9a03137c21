// GET /api/v1/jobs/{job_id}: one customer's job as its owner reads it. The route asks here rather than the
// database, so what "a customer's job" means (the owner's, by id) is written once, beside the jobs themselves.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { asyncJobs } from "@/db/schema";
import { jobView, queuePosition } from "./async-jobs";

/** The job `jobId` of `customerId` with its place in the queue, or null: another customer's job, a missing one and an id that is no UUID look the same. */
export async function customerJobStatus(db: Db, customerId: string, jobId: string): Promise<ReturnType<typeof jobView> | null> {
  if (!z.uuid().safeParse(jobId).success) return null;
  const [job] = await db
    .select()
    .from(asyncJobs)
    .where(and(eq(asyncJobs.id, jobId), eq(asyncJobs.customerId, customerId)));
  if (!job) return null;
  return jobView(job, await queuePosition(db, job));
}
