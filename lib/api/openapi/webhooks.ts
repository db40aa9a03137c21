// What the service sends to an installation's callback_url (the score callback and the test event), signed per
// Standard Webhooks, with the examples signed by a made-up secret and the snippets that verify them.
import { Webhook } from "standardwebhooks";
import type { z } from "zod";
import { AT, CLOUD_ID, DELIVERY_ID, INSTALLATION_ID, JOB_ID, jsonSchema, SCORE_RESPONSE_EXAMPLE } from "./common";
import { callbackPayloadSchema, pingPayloadSchema } from "@/lib/integrations/schemas";

// A made-up signing secret in the Standard Webhooks format (whsec_ + base64 of 32 bytes), never a real one.
export const WEBHOOK_SECRET_EXAMPLE = `whsec_${Buffer.from("story-scoring-docs-example-key!!").toString("base64")}`;

// What both callbacks of the example job say about the job, in the order the payload gives it.
const CALLBACK_JOB = {
  job_id: JOB_ID,
  cloudId: CLOUD_ID,
  source: "jira",
  issue_key: "SHOP-1",
  story_identity: `${CLOUD_ID}:SHOP-1`,
  identity_resolution: "external_id",
} as const;
const CALLBACK_AT = "2026-11-23T09:36:44.112Z";

export const CALLBACK_EXAMPLES: Record<"completed" | "failed", z.infer<typeof callbackPayloadSchema>> = {
  completed: { type: "score.completed", ...CALLBACK_JOB, score: { ...SCORE_RESPONSE_EXAMPLE, job_id: JOB_ID }, timestamp: CALLBACK_AT },
  failed: { type: "score.failed", ...CALLBACK_JOB, error: "Scoring failed.", timestamp: CALLBACK_AT },
};

/** The headers of the example delivery, signed with the example secret over the compact JSON of the failed payload. */
export const WEBHOOK_DELIVERY_EXAMPLE = signedDelivery(`msg_${JOB_ID}`, CALLBACK_EXAMPLES.failed);

/** A delivery as sent: the raw body and its headers, signed with the example secret. */
function signedDelivery(webhookId: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const sentAt = new Date("2026-11-23T09:36:45.000Z");
  return {
    secret: WEBHOOK_SECRET_EXAMPLE,
    body,
    headers: {
      "content-type": "application/json",
      "user-agent": "StoryScoringService-Webhooks/1",
      "webhook-id": webhookId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": new Webhook(WEBHOOK_SECRET_EXAMPLE).sign(webhookId, sentAt, body),
    },
  };
}

const PING_EXAMPLE: z.infer<typeof pingPayloadSchema> = { type: "ping", installation_id: INSTALLATION_ID, cloudId: CLOUD_ID, source: "jira", timestamp: AT };

const VERIFY_WITH_LIBRARY = [
  'import { Webhook } from "standardwebhooks"; // npm install standardwebhooks',
  "",
  "// rawBody: the request body exactly as received (a string), before any JSON parsing.",
  "// Throws when the signature does not match or the timestamp is more than 5 minutes off.",
  "const payload = new Webhook(process.env.WEBHOOK_SECRET).verify(rawBody, {",
  '  "webhook-id": request.headers["webhook-id"],',
  '  "webhook-timestamp": request.headers["webhook-timestamp"],',
  '  "webhook-signature": request.headers["webhook-signature"],',
  "});",
].join("\n");

const VERIFY_BY_HAND = [
  'import { createHmac, timingSafeEqual } from "node:crypto";',
  "",
  "function verify(secret, id, timestamp, signatureHeader, rawBody) {",
  '  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false; // replayed or stale',
  '  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");',
  '  const expected = createHmac("sha256", key).update(id + "." + timestamp + "." + rawBody).digest();',
  '  return signatureHeader.split(" ").some((entry) => {',
  '    const [version, signature] = entry.split(",");',
  '    const given = Buffer.from(signature ?? "", "base64");',
  '    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);',
  "  });",
  "}",
].join("\n");

export const VERIFICATION_SAMPLES = [
  { lang: "JavaScript", label: "Node.js, with the standardwebhooks library", source: VERIFY_WITH_LIBRARY },
  { lang: "JavaScript", label: "Node.js, node:crypto only", source: VERIFY_BY_HAND },
];

export function webhooks(): Record<string, unknown> {
  const header = (name: string, description: string, example: string) => ({ name, in: "header", required: true, description, schema: { type: "string" }, example });
  const delivery = WEBHOOK_DELIVERY_EXAMPLE.headers;
  return {
    scoreCallback: {
      post: {
        tags: ["Webhooks"],
        summary: "The score of an asynchronous job, POSTed to the installation's callback_url",
        description:
          "Sent when a job accepted by `POST /api/v1/evaluate/{source}` completes (`score.completed`, with the same `score` as the synchronous API) or finally fails (`score.failed`, with `error`). Signed per [Standard Webhooks](https://www.standardwebhooks.com) with the installation's `webhook_secret`. To verify: take the raw body, and compute `base64(HMAC-SHA256(key, webhook-id + \".\" + webhook-timestamp + \".\" + body))`, where the key is the base64 after `whsec_`; one of the space-separated `v1,<signature>` entries of `webhook-signature` must equal it (compare in constant time), and reject timestamps more than 5 minutes from now. De-duplicate on `webhook-id`: it is `msg_<job_id>`, the same on every retry. Answer any 2xx within 10 seconds; 410 disables the installation; anything else (or no answer) is retried with exponential backoff and jitter, honouring a 429's `Retry-After`, up to WEBHOOK_MAX_ATTEMPTS attempts.",
        operationId: "webhookScoreCallback",
        parameters: [
          header("webhook-id", "`msg_<job_id>`: the same on every retry of this delivery; use it to de-duplicate.", delivery["webhook-id"]),
          header("webhook-timestamp", "Unix seconds when this attempt was signed.", delivery["webhook-timestamp"]),
          header("webhook-signature", "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`.", delivery["webhook-signature"]),
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: jsonSchema(callbackPayloadSchema, "output"),
              examples: {
                completed: { summary: "score.completed", value: CALLBACK_EXAMPLES.completed },
                failed: { summary: "score.failed (the body the example headers sign)", value: CALLBACK_EXAMPLES.failed },
              },
            },
          },
        },
        responses: {
          "200": { description: "Any 2xx: delivered." },
          "410": { description: "Gone: the installation is disabled and no further callbacks are sent." },
          default: { description: "Anything else, a timeout (10 s) or a refused connection: retried later." },
        },
        "x-codeSamples": VERIFICATION_SAMPLES,
        "x-signed-example": WEBHOOK_DELIVERY_EXAMPLE,
      },
    },
    pingEvent: {
      post: {
        tags: ["Webhooks"],
        summary: "A test event, POSTed to the callback_url by \"Send test event\" (POST /api/v1/installations/{id}/ping)",
        description:
          "Signed and sent exactly like the score callback, with `type` = `ping`; one attempt, not retried. `webhook-id` is `msg_<delivery_id>`. Answer any 2xx; a 410 disables the installation, as for callbacks.",
        operationId: "webhookPingEvent",
        parameters: [
          header("webhook-id", "`msg_<delivery_id>`: the same if this event is redelivered.", `msg_${DELIVERY_ID}`),
          header("webhook-timestamp", "Unix seconds when this attempt was signed.", delivery["webhook-timestamp"]),
          header("webhook-signature", "Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`.", delivery["webhook-signature"]),
        ],
        requestBody: { required: true, content: { "application/json": { schema: jsonSchema(pingPayloadSchema, "output"), examples: { ping: { summary: "ping", value: PING_EXAMPLE } } } } },
        responses: {
          "200": { description: "Any 2xx: delivered." },
          "410": { description: "Gone: the installation is disabled." },
          default: { description: "Anything else: recorded as failed (see the deliveries list)." },
        },
        "x-codeSamples": VERIFICATION_SAMPLES,
        "x-signed-example": signedDelivery(`msg_${DELIVERY_ID}`, PING_EXAMPLE),
      },
    },
  };
}
