// The asynchronous path: POST /api/v1/evaluate/{source} (a tracker's issue in, a signed callback out), and the
// installations it is called for (/api/v1/installations): registered, listed, changed, disabled, their secrets
// rotated, and their callback deliveries listed, tested and sent again.
import type { z } from "zod";
import {
  ACCOUNT_AUTH,
  ACCOUNT_CUSTOMER,
  ACCOUNT_UNAUTHORIZED,
  AT,
  BODY_OVER_64KB_413,
  CLOUD_ID,
  CROSS_SITE_403,
  gatewayError,
  gatewayErrors,
  INSTALLATION_ID,
  INTERNAL,
  INVALID_KEY,
  JOB_ID,
  QUOTA_429,
  STORY,
  TOO_LARGE,
  DELIVERY_ID,
  type Operation,
} from "./common";
import { WEBHOOK_SECRET_EXAMPLE } from "./webhooks";
import {
  acceptedSchema,
  deliveryListSchema,
  deliverySchema,
  deliveryStatusFilterSchema,
  evaluateRequestSchema,
  installationListSchema,
  installationSchema,
  registeredInstallationSchema,
  registerInstallationSchema,
  rotatedInstallationSchema,
  updateInstallationSchema,
} from "@/lib/integrations/schemas";

const ISSUE_EXAMPLE = {
  webhookEvent: "jira:issue_updated",
  cloudId: CLOUD_ID,
  issue: {
    key: "SHOP-1",
    fields: {
      summary: STORY,
      description: "Shoppers on mobile often leave before paying.\n\nh3. Acceptance criteria\n* Given items in the cart, when I sign in on another device, then the cart shows the same items",
      issuetype: { name: "Story" },
    },
  },
};

const INSTALLATION_EXAMPLE: z.infer<typeof installationSchema> = {
  installation_id: INSTALLATION_ID,
  cloudId: CLOUD_ID,
  source: "jira",
  callback_url: "https://hooks.acme.example/stories",
  enabled: true,
  disabled_reason: null,
  created_at: AT,
  updated_at: AT,
};

const REGISTERED_EXAMPLE: z.infer<typeof registeredInstallationSchema> = {
  installation_id: INSTALLATION_ID,
  cloudId: CLOUD_ID,
  source: "jira",
  callback_url: "https://hooks.acme.example/stories",
  created_at: AT,
  secret: "sss_UwcOFoewE5DoEtvjj4ri6YE4UD9YW5dBKVef-Awr2gI",
  webhook_secret: WEBHOOK_SECRET_EXAMPLE,
};
const DELIVERY_EXAMPLE: z.infer<typeof deliverySchema> = {
  delivery_id: JOB_ID,
  job_id: JOB_ID,
  event: "score.completed",
  issue_key: "SHOP-1",
  webhook_id: `msg_${JOB_ID}`,
  status: "delivered",
  created_at: AT,
  attempts: [
    { attempted_at: AT, status_code: 503, duration_ms: 41, response_excerpt: "upstream unavailable", error: null },
    { attempted_at: "2026-11-23T09:36:49.120Z", status_code: 200, duration_ms: 37, response_excerpt: '{"ok":true}', error: null },
  ],
};
const PING_DELIVERY_EXAMPLE: z.infer<typeof deliverySchema> = {
  delivery_id: DELIVERY_ID,
  job_id: null,
  event: "ping",
  issue_key: null,
  webhook_id: `msg_${DELIVERY_ID}`,
  status: "delivered",
  created_at: AT,
  attempts: [{ attempted_at: AT, status_code: 200, duration_ms: 24, response_excerpt: "ok", error: null }],
};

export function evaluateOperations(): Operation[] {
  return [
    {
      method: "post",
      path: "/api/v1/evaluate/{source}",
      tag: "Scoring",
      summary: "Score one issue asynchronously, with a signed callback",
      description:
        "Accepts a Jira-style issue for scoring and answers 202 at once; the completed score is POSTed to the installation's callback URL, signed per Standard Webhooks with the installation's `webhook_secret` (see **Webhooks** below for the payload, the headers and how to verify them). A Jira Cloud webhook body can be forwarded as Jira sends it. Billing identity is `{cloudId}:{issue.key}` (or the content fingerprint without a key); a new story is reserved against the quota at acceptance and released if the job finally fails. `issue.fields.description` may be Jira wiki markup, Atlassian Document Format, Markdown, HTML, plain text or null; a section headed Acceptance criteria becomes the criteria. Deliveries: any 2xx is success; 410 disables the installation; everything else is retried with exponential backoff and jitter (429 honours Retry-After), up to WEBHOOK_MAX_ATTEMPTS.",
      security: "installationSecret",
      parameters: [{ name: "source", in: "path", description: "The integration channel the installation was registered for (e.g. `jira`).", example: "jira" }],
      body: evaluateRequestSchema,
      bodyExample: ISSUE_EXAMPLE,
      responses: {
        "202": {
          description: "Accepted and queued. `estimated_completion_time` is a range in seconds.",
          schema: acceptedSchema,
          example: { job_id: JOB_ID, status: "accepted", message: "Queued for scoring; the result will be POSTed to the registered callback URL.", estimated_completion_time: "1-6" },
          headers: { "X-Service-Story-Identity": "The resolved story identity.", "X-Service-Identity-Resolution": "`external_id` or `content_hash`." },
        },
        ...gatewayErrors({
          400: {
            description: "Invalid JSON, or missing required fields (e.g. `cloudId`, `issue.fields.summary`).",
            example: gatewayError("validation_error", "The request failed validation.", ["cloudId: is required", "issue.fields.summary: is required"]),
          },
          401: {
            description: "Missing secret, or unknown or disabled installation: register again.",
            example: gatewayError("unauthorized", "Missing installation secret.", ["X-Service-Secret: header is required"]),
          },
          403: {
            description: "The secret does not match the registered one.",
            example: gatewayError("forbidden", "The installation secret does not match.", ["X-Service-Secret: does not match the registered secret"]),
          },
          413: { description: "The body is over 1 MB.", example: TOO_LARGE(1_048_576) },
        }),
        "429": QUOTA_429,
        ...gatewayErrors({ 500: { description: "Unexpected processing error.", example: INTERNAL } }),
      },
    },
  ];
}

/** Installations: registered by the account (API key or session), each change recorded in the audit trail. */
export function installationOperations(): Operation[] {
  const installationId = { name: "id", in: "path" as const, description: "The `installation_id`.", example: INSTALLATION_ID };
  const noInstallation = { description: "No such installation, or another customer's.", example: gatewayError("not_found", "No such installation.") };
  const sendLimited = {
    description: "More than 20 test events and redeliveries of one installation in a minute; `Retry-After` says when to try again.",
    example: gatewayError("rate_limited", "At most 20 test events and redeliveries a minute per installation.", ["retry after 42 seconds"]),
  };
  return [
    {
      method: "post",
      path: "/api/v1/installations",
      tag: "Integrations",
      summary: "Register an integration (or re-register it, rotating its secrets)",
      description:
        "201 for a new cloudId + source; 200 when this customer registers it again (re-enabled, both secrets rotated). `secret` (send as `X-Service-Secret`) and `webhook_secret` (verify callbacks with any Standard Webhooks library) are shown once. `callback_url` must be https and must not resolve to a private, loopback, link-local or reserved address (unless the server runs with ALLOW_PRIVATE_CALLBACKS=true). A cloudId + source registered by another account is 409. Body limit: 64 KB. With an API key, or the dashboard session from the service's own pages (a company login adds `customer`).",
      security: "apiKeyOrSession",
      body: registerInstallationSchema,
      bodyExample: { cloudId: CLOUD_ID, source: "jira", callback_url: "https://hooks.acme.example/stories" },
      responses: {
        "201": { description: "Registered.", schema: registeredInstallationSchema, example: REGISTERED_EXAMPLE },
        "200": { description: "Re-registered; secrets rotated.", schema: registeredInstallationSchema, example: REGISTERED_EXAMPLE },
        ...gatewayErrors({
          400: {
            description: "A validation failure: a bad `callback_url`, an unknown field, a missing one.",
            example: gatewayError("validation_error", "The request failed validation.", ['body: Unrecognized key: "extra"']),
          },
          401: INVALID_KEY,
          403: CROSS_SITE_403,
          409: {
            description: "This cloudId and source belong to another account.",
            example: gatewayError("conflict", "This cloudId and source are registered by another account.", ["cloudId: already registered for this source"]),
          },
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      method: "get",
      path: "/api/v1/installations",
      tag: "Integrations",
      summary: "List the customer's installations (no secrets)",
      description: "Newest first, with whether each is enabled and, if not, why. With an API key or the dashboard session.",
      security: "apiKeyOrSession",
      responses: {
        "200": { description: "The installations.", schema: installationListSchema, example: { installations: [INSTALLATION_EXAMPLE] } },
        ...gatewayErrors({ 401: INVALID_KEY }),
      },
    },
    {
      method: "delete",
      path: "/api/v1/installations/{id}",
      tag: "Integrations",
      summary: "Disable an installation (its async endpoint then answers 401)",
      description: "Enable it again with `PATCH` `{\"enabled\": true}`; no new secrets are needed. Recorded in the audit trail. With an API key or the dashboard session.",
      security: "apiKeyOrSession",
      parameters: [{ name: "id", in: "path", description: "The `installation_id`.", example: INSTALLATION_ID }],
      responses: {
        "200": {
          description: "Disabled.",
          schema: installationSchema,
          example: { ...INSTALLATION_EXAMPLE, enabled: false, disabled_reason: "disabled by dana@acme.example" },
        },
        ...gatewayErrors({
          401: INVALID_KEY,
          403: CROSS_SITE_403,
          404: { description: "No such installation, or another customer's.", example: gatewayError("not_found", "No such installation.") },
        }),
      },
    },
    {
      method: "patch",
      path: "/api/v1/installations/{id}",
      tag: "Integrations",
      security: "apiKeyOrSession",
      summary: "Change an installation's callback URL, or disable or enable it",
      description: `\`callback_url\` is checked as at registration. A disabled installation's async endpoint answers 401 and its callbacks stop; enabling it needs no new secrets. Each change is recorded in the audit trail. ${ACCOUNT_AUTH}`,
      parameters: [installationId, ACCOUNT_CUSTOMER],
      body: updateInstallationSchema,
      bodyExample: { callback_url: "https://hooks.acme.example/stories/v2" },
      responses: {
        "200": { description: "The installation after the change.", schema: installationSchema, example: { ...INSTALLATION_EXAMPLE, callback_url: "https://hooks.acme.example/stories/v2" } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["callback_url: must use https"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          404: noInstallation,
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      method: "post",
      path: "/api/v1/installations/{id}/rotate-secrets",
      tag: "Integrations",
      security: "apiKeyOrSession",
      summary: "Rotate both secrets of an installation (shown once)",
      description: `A new \`secret\` (X-Service-Secret) and \`webhook_secret\`. The old secret stops at once here and within 10 seconds elsewhere; callbacks are signed with the new signing secret from the next attempt on. ${ACCOUNT_AUTH}`,
      parameters: [installationId, ACCOUNT_CUSTOMER],
      responses: {
        "200": {
          description: "The installation with its new secrets.",
          schema: rotatedInstallationSchema,
          example: { ...INSTALLATION_EXAMPLE, secret: REGISTERED_EXAMPLE.secret, webhook_secret: WEBHOOK_SECRET_EXAMPLE },
        },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: noInstallation }),
      },
    },
    {
      method: "post",
      path: "/api/v1/installations/{id}/ping",
      tag: "Integrations",
      security: "apiKeyOrSession",
      summary: "Send a signed test event to the callback",
      description: `POSTs \`{"type":"ping","installation_id","cloudId","source","timestamp"}\`, signed like every callback, and answers the delivery with the receiver's answer (one attempt, not retried). Allowed while the installation is disabled, to check a receiver before enabling it. ${ACCOUNT_AUTH}`,
      parameters: [installationId, ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "The test event's delivery; its attempt holds the receiver's answer.", schema: deliverySchema, example: PING_DELIVERY_EXAMPLE },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: noInstallation, 429: sendLimited }),
      },
    },
    {
      method: "get",
      path: "/api/v1/installations/{id}/deliveries",
      tag: "Integrations",
      security: "apiKeyOrSession",
      summary: "List an installation's callback deliveries",
      description: `Newest first, each with every attempt (time, status code, duration, the first 500 bytes of the answer or the connection error). Deliveries are kept for WEBHOOK_DELIVERY_RETENTION_DAYS (30 by default). ${ACCOUNT_AUTH}`,
      parameters: [
        installationId,
        { name: "status", in: "query", description: "Only deliveries with this status.", schema: deliveryStatusFilterSchema, example: "failed" },
        { name: "limit", in: "query", description: "Page size, 1 to 100 (default 20).", example: "20" },
        { name: "cursor", in: "query", description: "`next_cursor` of the previous page." },
        ACCOUNT_CUSTOMER,
      ],
      responses: {
        "200": { description: "A page of deliveries.", schema: deliveryListSchema, example: { data: [DELIVERY_EXAMPLE], next_cursor: null } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["status: must be one of pending, delivered, failed"]),
          401: ACCOUNT_UNAUTHORIZED,
          404: noInstallation,
        }),
      },
    },
    {
      method: "post",
      path: "/api/v1/installations/{id}/deliveries/{delivery_id}/redeliver",
      tag: "Integrations",
      security: "apiKeyOrSession",
      summary: "Send a delivered or failed event again",
      description: `One attempt, now, with the same \`webhook-id\` as before, so receivers that de-duplicate stay correct; the answer is the delivery with the new attempt. A pending delivery (the queue is still retrying it) and a disabled installation are 409. Recorded in the audit trail. ${ACCOUNT_AUTH}`,
      parameters: [installationId, { name: "delivery_id", in: "path", description: "The `delivery_id`.", example: JOB_ID }, ACCOUNT_CUSTOMER],
      responses: {
        "200": {
          description: "The delivery with the new attempt.",
          schema: deliverySchema,
          example: {
            ...DELIVERY_EXAMPLE,
            attempts: [...DELIVERY_EXAMPLE.attempts, { attempted_at: "2026-11-23T10:15:02.004Z", status_code: 200, duration_ms: 35, response_excerpt: '{"ok":true}', error: null }],
          },
        },
        ...gatewayErrors({
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          404: { description: "No such installation or delivery, or another customer's.", example: gatewayError("not_found", "No such delivery.") },
          409: {
            description: "The delivery is still pending, or the installation is disabled.",
            example: gatewayError("conflict", "This delivery is still pending; it can be redelivered once it is delivered or failed.", ["status: pending"]),
          },
          429: sendLimited,
        }),
      },
    },
  ];
}
