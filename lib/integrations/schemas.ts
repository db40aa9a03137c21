import { z } from "zod";
import { scoreResponseSchema } from "@/lib/pipeline/schemas";

export const sourceSchema = z
  .string()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "may contain only letters, digits, '.', '_' and '-'");

export const registerInstallationSchema = z.strictObject({
  cloudId: z.string().trim().min(1, "must be a non-empty string").max(256, "must be at most 256 characters"),
  source: sourceSchema,
  callback_url: z.string().max(2048, "must be at most 2048 characters"),
});

export const installationSchema = z.object({
  installation_id: z.uuid(),
  cloudId: z.string(),
  source: z.string(),
  callback_url: z.string(),
  enabled: z.boolean(),
  disabled_reason: z
    .string()
    .nullable()
    .describe('Why a disabled installation is disabled: "callback answered 410 Gone", or "disabled by <who>". Null while enabled.'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const updateInstallationSchema = z
  .strictObject({
    callback_url: z.string().max(2048, "must be at most 2048 characters").optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => value.callback_url !== undefined || value.enabled !== undefined, "send callback_url, enabled or both")
  .describe("Change the callback URL (checked as at registration), or disable or enable the installation.");

export const rotatedInstallationSchema = installationSchema.extend({
  secret: z.string().describe("The new X-Service-Secret. Shown once; the old one stops working."),
  webhook_secret: z.string().describe("The new signing secret (whsec_...). Shown once; callbacks are signed with it from now on."),
});

export const deliveryAttemptSchema = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable().describe("The receiver's HTTP status; null when no answer arrived."),
  duration_ms: z.number().int(),
  response_excerpt: z.string().nullable().describe("The first 500 bytes of the receiver's answer, as text."),
  error: z.string().nullable().describe("The connection error (timeout, refused, private address) when no answer arrived."),
});

export const deliverySchema = z.object({
  delivery_id: z.uuid().describe("A job's callback delivery has the job's id."),
  job_id: z.uuid().nullable(),
  event: z.enum(["score.completed", "score.failed", "ping"]),
  issue_key: z.string().nullable(),
  webhook_id: z.string().describe("The webhook-id header: the same on every attempt and redelivery."),
  status: z.enum(["pending", "delivered", "failed"]),
  created_at: z.string(),
  attempts: z.array(deliveryAttemptSchema).describe("Every attempt, oldest first."),
});

export const deliveryListSchema = z.object({
  data: z.array(deliverySchema),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
});

export const deliveryStatusFilterSchema = z.enum(["pending", "delivered", "failed"]);

export const pingPayloadSchema = z
  .object({
    type: z.literal("ping"),
    installation_id: z.uuid(),
    cloudId: z.string(),
    source: z.string(),
    timestamp: z.string(),
  })
  .describe("The signed test event sent by POST /api/v1/installations/{id}/ping (headers as every callback).");

export const registeredInstallationSchema = installationSchema.omit({ enabled: true, disabled_reason: true, updated_at: true }).extend({
  secret: z.string().describe("Send as X-Service-Secret on POST /api/v1/evaluate/{source}. Shown once."),
  webhook_secret: z.string().describe("Standard Webhooks signing secret (whsec_...). Shown once."),
});

export const installationListSchema = z.object({ installations: z.array(installationSchema) });

export const evaluateRequestSchema = z
  .object({
    cloudId: z.string().min(1, "must be a non-empty string").max(256, "must be at most 256 characters"),
    issue: z
      .object({
        key: z.string().max(256).nullish(),
        fields: z
          .object({
            summary: z
              .string()
              .max(20_000)
              .refine((value) => value.trim().length > 0, "must be a non-empty string"),
            description: z.unknown().optional().describe("Atlassian Document Format tree, plain text, or null."),
            acceptance_criteria: z.unknown().optional().describe("Optional: ADF or plain text."),
            issuetype: z
              .object({ name: z.string().max(128, "must be at most 128 characters").nullish() })
              .loose()
              .nullish()
              .describe('The issue type: its `name` ("Story", "Bug", "Task", "Sub-task", "Spike", "Epic", ...) decides `score.metadata.work_item_type`.'),
            language: z
              .union([z.string().max(35), z.object({ value: z.string().max(35).nullish() }).loose()])
              .nullish()
              .describe('Optional: the language the issue is written in, ISO 639-1 ("de"), as text or a select field\'s `{ "value": "de" }`; decides `score.metadata.language` (absent: detected from the text).'),
          })
          .loose(),
      })
      .loose(),
  })
  .loose()
  .describe("Asynchronous request (a Jira-style issue event).");
export type EvaluateRequest = z.infer<typeof evaluateRequestSchema>;

export const acceptedSchema = z.object({
  job_id: z.uuid(),
  status: z.literal("accepted"),
  message: z.string(),
  estimated_completion_time: z
    .string()
    .describe("A range in seconds, as text (e.g. `1-5`), from the jobs queued ahead of this one and the recent throughput."),
});

export const jobStatusSchema = z.object({
  job_id: z.uuid(),
  status: z.enum(["accepted", "processing", "completed", "failed"]),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  queue_position: z
    .number()
    .int()
    .nullable()
    .describe("While the job waits (`accepted`): how many jobs are queued or being scored ahead of it. Null once it is taken."),
  result: scoreResponseSchema.nullable(),
  error: z.string().nullable(),
  delivery: z.object({
    status: z.enum(["pending", "delivered", "retrying", "failed"]),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    next_attempt_at: z.string().nullable(),
  }),
});

export const callbackPayloadSchema = z
  .object({
    type: z.enum(["score.completed", "score.failed"]),
    job_id: z.uuid(),
    cloudId: z.string(),
    source: z.string(),
    issue_key: z.string().nullable(),
    story_identity: z.string(),
    identity_resolution: z.enum(["external_id", "content_hash"]),
    score: scoreResponseSchema.optional(),
    error: z.string().optional(),
    timestamp: z.string(),
  })
  .describe("The signed callback body (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature).");
