// POST /api/v1/score: the synchronous score, with the request and answer schemas its route parses and answers with.
import { ERROR_DESCRIPTIONS, gatewayError, gatewayErrors, INVALID_KEY, QUOTA_429, SCORE_RESPONSE_EXAMPLE, STORY, TOO_LARGE, type Operation } from "./common";
import { errorSchema, scoreRequestSchema, scoreResponseSchema, type ScoreRequest } from "@/lib/pipeline/schemas";

export const SCORE_REQUEST_EXAMPLE: ScoreRequest = { ticket_id: "SHOP-1", ticket_data: { summary: STORY, key: "SHOP-1" } };

/** A bug as a tracker names it: judged as a bug (`metadata.work_item_type` "bug"), by a bug's evidence. */
export const SCORE_REQUEST_BUG_EXAMPLE: ScoreRequest = {
  ticket_id: "SHOP-7",
  ticket_data: {
    summary: "Checkout shows a blank page when the cart holds a discounted item",
    key: "SHOP-7",
    issue_type: "Defect",
    description:
      "Every shopper with a discount code is affected and cannot pay.\nSteps to reproduce: add a discounted item, open checkout (web 4.2, Chrome 131).\nExpected: the payment form. Actual: a blank page.",
  },
};

export function scoreOperations(): Operation[] {
  return [
    {
      method: "post",
      path: "/api/v1/score",
      tag: "Scoring",
      summary: "Score one story (synchronous)",
      description:
        "Scores the work item against INVEST and returns the full result. `ticket_data.issue_type` is the tracker's type name (Story, Bug, Defect, Task, Sub-task, Chore, Spike, Epic, Improvement, ...): it decides the kind the item is judged as (`metadata.work_item_type`: story, bug, task, spike or epic; absent or unrecognised, the text decides, else story) and so the evidence each dimension reads. It is not part of the billing identity. Billing: with `external_id` the first successful score of that id counts against the monthly quota; without it the normalized content fingerprint is the identity (whitespace-only edits keep it; any other edit is a new story). Re-scores of a counted story are free in any month and always admitted. A failed score bills nothing. Body limit: 1 MB.",
      security: "apiKey",
      body: scoreRequestSchema,
      bodyExample: SCORE_REQUEST_EXAMPLE,
      moreBodyExamples: { bug: { summary: "A bug, typed as the tracker names it (`issue_type`)", value: SCORE_REQUEST_BUG_EXAMPLE } },
      responses: {
        "200": {
          description: "The completed score.",
          schema: scoreResponseSchema,
          example: SCORE_RESPONSE_EXAMPLE,
          headers: {
            "X-Service-Story-Identity": "The resolved story identity used for billing (`sha256:<hex>` or the percent-encoded external id).",
            "X-Service-Identity-Resolution": "`external_id` or `content_hash`.",
          },
        },
        "400": {
          description: ERROR_DESCRIPTIONS[400],
          schema: errorSchema,
          examples: {
            validation: { summary: "A field failed validation", value: gatewayError("validation_error", "The request failed validation.", ["ticket_data.summary: must be a non-empty string"]) },
            invalid_json: { summary: "The body is not JSON", value: gatewayError("invalid_json", "The request body is not valid JSON.", ["Expected property name or '}' in JSON at position 1"]) },
          },
        },
        ...gatewayErrors({
          401: INVALID_KEY,
          403: {
            description: "A body `customer_id` that is not the API key's customer.",
            example: gatewayError("forbidden", "customer_id does not match the API key.", ["customer_id: must be the API key's customer or omitted"]),
          },
          413: TOO_LARGE(1_048_576),
        }),
        "429": QUOTA_429,
        ...gatewayErrors({
          500: { description: "The engine failed; nothing was billed.", example: gatewayError("internal_error", "Scoring failed; the story was not billed.") },
          502: {
            description:
              "The LLM engine's model answered, but its answer did not follow the schema (cut off, dimensions missing, a score outside 0-10, a wrong type), and neither did its answer when asked again with the errors. Nothing was billed; trying again may succeed. `details` says what was wrong.",
            example: gatewayError("bad_gateway", "The model's answer did not follow the schema, also when asked again; the story was not billed. Try again.", [
              "model answer: scores.small.score was 42; a score is a number from 0 to 10",
              "model answer: scores.testable.score was -3; a score is a number from 0 to 10",
            ]),
          },
          503: {
            description: "The engine's provider is unavailable (`Retry-After: 30`); nothing was billed.",
            example: gatewayError("service_unavailable", "The scoring engine is unavailable; the story was not billed. Try again shortly."),
          },
        }),
      },
    },
  ];
}
