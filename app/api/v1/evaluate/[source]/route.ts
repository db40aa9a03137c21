// POST /api/v1/evaluate/{source}: accept an issue for asynchronous scoring (202); the score is POSTed,
// signed, to the installation's callback URL.
import { quotaExhaustedResponse } from "@/lib/api/quota-response";
import { installationRoute } from "@/lib/api/route";
import { readRichText } from "@/lib/richtext";
import { acceptedSchema, evaluateRequestSchema } from "@/lib/integrations/schemas";
import { now } from "@/lib/clock";
import { acceptJob } from "@/lib/jobs/accept";
import { trackerLanguage } from "@/lib/scoring/heuristic/language";
import { estimateCompletion } from "@/lib/jobs/estimate";
import { scoringEngine } from "@/lib/scoring-engine";
import { QuotaExhaustedError } from "@/lib/stories/billing";
import { identify, ticketOf } from "@/lib/pipeline";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { noteWebhookWrite } from "@/lib/trackers/write-back/webhook";

export const dynamic = "force-dynamic";

export const POST = installationRoute({ body: evaluateRequestSchema }, async ({ database, installation, customer, body, log }) => {
  const { cloudId, issue } = body;
  // Jira sends the description as wiki markup (REST v2) or ADF (v3); the engine reads plain text, and a section
  // headed "Acceptance criteria" becomes the criteria when the issue has none of its own.
  const criteriaField = readRichText(issue.fields.acceptance_criteria).text;
  const read = readRichText(issue.fields.description, { splitCriteria: !criteriaField });
  const description = read.text;
  const acceptanceCriteria = criteriaField || read.criteria || "";
  const language = trackerLanguage(issue.fields.language);
  // The pipeline's first steps (lib/pipeline): the kind and the language the issue names, then its identity.
  const ticket = ticketOf({
    summary: issue.fields.summary,
    key: issue.key,
    description,
    acceptance_criteria: acceptanceCriteria,
    // The tracker's type name ("Bug", "Sub-task"...) decides the kind the engine judges; not part of the identity.
    issue_type: issue.fields.issuetype?.name?.trim(),
    // A tracker's language field, when the issue has one, wins over the language the text is detected in.
    language,
  });
  // The stable caller record id is {cloudId}:{issue.key}; an issue without a key is identified by content.
  const identity = identify(ticket, issue.key ? `${cloudId}:${issue.key}` : undefined);
  // An issue of a Jira site the customer writes back to gets its score written back once it is recorded. Noted
  // before the job exists, so the statement that records its score finds it.
  if (await noteWebhookWrite(database.db, customer.customerId, identity.storyIdentity, issue)) log.info({ issue_key: issue.key }, "webhook issue noted for write-back");
  try {
    // One statement for the whole request (grouped with the requests arriving at the same time): the story
    // reserved against the quota, the job stored and queued.
    const accepted = await acceptJob(database, { customer, installationId: installation.id, identity, ticket, issueKey: issue.key ?? null, at: now() });
    log.info({ job_id: accepted.jobId, installation_id: installation.id }, "async job accepted");
    return Response.json(
      acceptedSchema.parse({
        job_id: accepted.jobId,
        status: "accepted",
        message: "Queued for scoring; the result will be POSTed to the registered callback URL.",
        estimated_completion_time: estimateCompletion(accepted.ahead, accepted.recentlyCompleted, scoringEngine().cost ?? "cheap"),
      }),
      { status: 202, headers: { "X-Service-Story-Identity": identity.storyIdentity, "X-Service-Identity-Resolution": identity.identityResolution } },
    );
  } catch (error) {
    if (error instanceof QuotaExhaustedError) return quotaExhaustedResponse(error);
    throw error;
  }
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
