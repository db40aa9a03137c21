// POST /api/v1/score: score one story synchronously, billed once per unique story against the monthly quota.
// The steps (identity, kind and language, rule settings, quota, engine, record) are the pipeline's
// (lib/pipeline/index.ts); this route only reads the request and writes the answer.
import { quotaExhaustedResponse } from "@/lib/api/quota-response";
import { apiKeyRoute } from "@/lib/api/route";
import { scoreRequestSchema } from "@/lib/pipeline/schemas";
import { ApiError } from "@/lib/http/errors";
import { scoreAndRecord } from "@/lib/pipeline";
import { buildScoreResponse } from "@/lib/pipeline/score-story";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = apiKeyRoute({ body: scoreRequestSchema }, async ({ database, customer, body, log }) => {
  if (body.customer_id !== undefined && body.customer_id !== customer.customerId) {
    throw new ApiError("forbidden", "customer_id does not match the API key.", ["customer_id: must be the API key's customer or omitted"]);
  }
  const outcome = await scoreAndRecord(database, {
    customer,
    ticket: body.ticket_data,
    externalId: body.external_id,
    ticketId: body.ticket_id,
    context: body.context_items ?? [],
    source: "api",
  });
  const identityHeaders = {
    "X-Service-Story-Identity": outcome.identity.storyIdentity,
    "X-Service-Identity-Resolution": outcome.identity.identityResolution,
  };
  if (outcome.status === "refused") {
    log.info({ customer_id: customer.customerId, used: outcome.refusal.state.used }, "new story refused: quota exhausted");
    const refused = quotaExhaustedResponse(outcome.refusal);
    for (const [name, value] of Object.entries(identityHeaders)) refused.headers.set(name, value);
    return refused;
  }
  const response = buildScoreResponse(outcome.result, { jobId: outcome.runId, ticketId: body.ticket_id, at: outcome.at, processingTimeMs: outcome.processingTimeMs });
  return Response.json(response, { headers: identityHeaders });
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
