// POST /api/v1/score: score one story synchronously, billed once per unique story against the monthly quota.
import { randomUUID } from "node:crypto";
import { getDbHandle } from "@/db/client";
import { quotaExhaustedResponse } from "@/lib/api/quota-response";
import { scoreRequestSchema } from "@/lib/pipeline/schemas";
import { authenticateApiKey } from "@/lib/auth/api-keys";
import { now } from "@/lib/clock";
import { parseJsonBody } from "@/lib/http/body";
import { ApiError } from "@/lib/http/errors";
import { gatewayRoute } from "@/lib/http/route";
import { scoringEngine } from "@/lib/scoring-engine";
import { precheckAdmission, QuotaExhaustedError } from "@/lib/stories/billing";
import { recordScore } from "@/lib/stories/billing-group";
import { scoringOptionsFor } from "@/lib/rules/settings";
import { resolveStoryIdentity } from "@/lib/stories/identity";
import { buildScoreResponse, scoreWithEngine } from "@/lib/pipeline/score-story";
import { methodsNotAllowed } from "@/lib/http/not-allowed";

export const dynamic = "force-dynamic";

export const POST = gatewayRoute(async ({ request, log }) => {
  const database = await getDbHandle();
  const { db } = database;
  const customer = await authenticateApiKey(db, request);
  const body = await parseJsonBody(request, scoreRequestSchema);
  if (body.customer_id !== undefined && body.customer_id !== customer.customerId) {
    throw new ApiError("forbidden", "customer_id does not match the API key.", ["customer_id: must be the API key's customer or omitted"]);
  }
  const ticket = {
    summary: body.ticket_data.summary,
    ...(body.ticket_data.key ? { key: body.ticket_data.key } : {}),
    ...(body.ticket_data.description ? { description: body.ticket_data.description } : {}),
    ...(body.ticket_data.acceptance_criteria ? { acceptance_criteria: body.ticket_data.acceptance_criteria } : {}),
    ...(body.ticket_data.issue_type ? { issue_type: body.ticket_data.issue_type } : {}),
    ...(body.ticket_data.language ? { language: body.ticket_data.language } : {}),
  };
  // The type is not part of the billing identity (summary, description, criteria): retyping a story is free.
  const identity = resolveStoryIdentity(ticket, body.external_id);
  const identityHeaders = {
    "X-Service-Story-Identity": identity.storyIdentity,
    "X-Service-Identity-Resolution": identity.identityResolution,
  };
  const startedAt = now();
  try {
    const engine = scoringEngine();
    // Refuse a new story over quota before paying for a remote model; a cheap engine just scores.
    if (engine.cost === "expensive") await precheckAdmission(db, customer, identity, startedAt);
    // Only the ticket, its context and the customer's rule settings reach the engine: never the key or the identity.
    // The settings are not part of the billing identity: re-scoring an unchanged story under new settings is free.
    const settings = await scoringOptionsFor(db, customer.customerId, ticket);
    const { result, processingTimeMs } = await scoreWithEngine(engine, ticket, body.context_items ?? [], settings);
    const jobId = randomUUID();
    const finishedAt = now();
    await recordScore(
      database,
      { customer, identity, ticket, at: finishedAt },
      { runId: jobId, ticketId: body.ticket_id, ticket, source: "api", engine: engine.name, result, processingTimeMs, at: finishedAt },
    );
    const response = buildScoreResponse(result, { jobId, ticketId: body.ticket_id, at: finishedAt, processingTimeMs });
    return Response.json(response, { headers: identityHeaders });
  } catch (error) {
    if (error instanceof QuotaExhaustedError) {
      log.info({ customer_id: customer.customerId, used: error.state.used }, "new story refused: quota exhausted");
      const refused = quotaExhaustedResponse(error);
      for (const [name, value] of Object.entries(identityHeaders)) refused.headers.set(name, value);
      return refused;
    }
    throw error;
  }
});

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
