// POST /api/v1/evaluate/{source}: accept an issue for asynchronous scoring (202); the score is POSTed,
// signed, to the installation's callback URL.
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, plans } from "@/db/schema";
import { quotaExhaustedResponse } from "@/lib/api/quota-response";
import { readJsonObject } from "@/lib/http/body";
import { ApiError, zodDetails } from "@/lib/http/errors";
import { gatewayRoute } from "@/lib/http/route";
import { readRichText } from "@/lib/richtext";
import { authenticateInstallation } from "@/lib/integrations/installations";
import { acceptedSchema, evaluateRequestSchema, sourceSchema } from "@/lib/integrations/schemas";
import { acceptJob } from "@/lib/jobs/async-jobs";
import { QuotaExhaustedError } from "@/lib/stories/billing";
import { resolveStoryIdentity } from "@/lib/stories/identity";

export const dynamic = "force-dynamic";

export const POST = gatewayRoute<{ source: string }>(async ({ request, params, log }) => {
  const db = await getDb();
  const body = await readJsonObject(request);
  const parsed = evaluateRequestSchema.safeParse(body);
  if (!parsed.success) throw new ApiError("validation_error", undefined, zodDetails(parsed.error));
  if (!sourceSchema.safeParse(params.source).success) throw new ApiError("unauthorized", "Unknown integration source.", [`source: '${params.source}' has no installation`]);
  const { cloudId, issue } = parsed.data;
  const installation = await authenticateInstallation(db, request, cloudId, params.source);

  const [owner] = await db
    .select({ customerId: customers.id, companyId: customers.companyId, planId: customers.planId, quotaOverride: customers.quotaOverride, planQuota: plans.monthlyQuota })
    .from(customers)
    .innerJoin(plans, eq(plans.id, customers.planId))
    .where(eq(customers.id, installation.customerId));
  const customer = { customerId: owner.customerId, companyId: owner.companyId, planId: owner.planId, quota: owner.quotaOverride ?? owner.planQuota };

  // Jira sends the description as wiki markup (REST v2) or ADF (v3); the engine reads plain text, and a section
  // headed "Acceptance criteria" becomes the criteria when the issue has none of its own.
  const criteriaField = readRichText(issue.fields.acceptance_criteria).text;
  const read = readRichText(issue.fields.description, { splitCriteria: !criteriaField });
  const description = read.text;
  const acceptanceCriteria = criteriaField || read.criteria || "";
  const ticket = {
    summary: issue.fields.summary,
    ...(issue.key ? { key: issue.key } : {}),
    ...(description ? { description } : {}),
    ...(acceptanceCriteria ? { acceptance_criteria: acceptanceCriteria } : {}),
  };
  // The stable caller record id is {cloudId}:{issue.key}; an issue without a key is identified by content.
  const identity = resolveStoryIdentity(ticket, issue.key ? `${cloudId}:${issue.key}` : undefined);
  try {
    const jobId = await acceptJob(db, { customer, installation, identity, ticket, issueKey: issue.key ?? null });
    log.info({ job_id: jobId, installation_id: installation.id }, "async job accepted");
    return Response.json(
      acceptedSchema.parse({
        job_id: jobId,
        status: "accepted",
        message: "Queued for scoring; the result will be POSTed to the registered callback URL.",
        estimated_completion_time: "5-30",
      }),
      { status: 202, headers: { "X-Service-Story-Identity": identity.storyIdentity, "X-Service-Identity-Resolution": identity.identityResolution } },
    );
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return quotaExhaustedResponse(error);
    throw error;
  }
});
