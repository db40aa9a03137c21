// The account's API keys (/api/v1/keys) and its audit trail (/api/v1/audit-events): for programs (an API key) and
// the settings page (the session).
import type { z } from "zod";
import { ACCOUNT_AUTH, ACCOUNT_CUSTOMER, ACCOUNT_UNAUTHORIZED, AT, CROSS_SITE_403, gatewayError, gatewayErrors, type Operation } from "./common";
import { apiKeyListSchema, apiKeySchema, auditEventListSchema, createdKeySchema, createKeySchema } from "@/lib/account/schemas";

const KEY_ID = "3c1f9a52-7d4e-4b8a-9f0e-2a6b5c8d7e10";
const KEY_EXAMPLE: z.infer<typeof apiKeySchema> = {
  key_id: KEY_ID,
  name: "CI pipeline",
  prefix: "ssk_Q2hlY2tz",
  created_at: AT,
  last_used_at: null,
  created_by: "dana@acme.example",
  status: "active",
  revoked_at: null,
};

const common = { tag: "Account", security: "apiKeyOrSession" as const };

export function keyOperations(): Operation[] {
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/keys",
      summary: "List the account's API keys",
      description: `Every key, newest first, revoked ones too; never the key itself (only its prefix). ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "The keys.", schema: apiKeyListSchema, example: { data: [KEY_EXAMPLE] } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/keys",
      summary: "Create an API key (shown once)",
      description: `A new key for the account, returned once in \`key\` (only its hash is stored). Several keys may be active at once, up to 20: rotate by creating a new key, moving your callers to it, then revoking the old one. Recorded in the audit trail. ${ACCOUNT_AUTH}`,
      parameters: [ACCOUNT_CUSTOMER],
      body: createKeySchema,
      bodyExample: { name: "CI pipeline" },
      responses: {
        "201": { description: "Created.", schema: createdKeySchema, example: { ...KEY_EXAMPLE, key: "ssk_Q2hlY2tzIGFyZSBub3QgcmVhbCBrZXlzLCB0aGlzIG9uZSBpcyBtYWRlIHVw" } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["name: must be a non-empty string"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          409: {
            description: "The account already has 20 active keys.",
            example: gatewayError("conflict", "You already have 20 active keys; revoke one first.", ["keys: at most 20 active keys per account"]),
          },
        }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/keys/{key_id}",
      summary: "Revoke an API key",
      description: `The key stops working at once on the server that answers and within 10 seconds on every other (its cache). Revoking a revoked key answers it unchanged. ${ACCOUNT_AUTH}`,
      parameters: [{ name: "key_id", in: "path", description: "The `key_id`.", example: KEY_ID }, ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "Revoked.", schema: apiKeySchema, example: { ...KEY_EXAMPLE, status: "revoked", revoked_at: "2026-11-23T10:02:11.000Z" } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: { description: "No such key, or another customer's.", example: gatewayError("not_found", "No such API key.") } }),
      },
    },
  ];
}

export function auditOperations(): Operation[] {
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/audit-events",
      summary: "The account's audit trail",
      description: `Who created or revoked a key and every change to an integration (by a person, a program, the operator, or the service after a 410), newest first. ${ACCOUNT_AUTH}`,
      parameters: [{ name: "limit", in: "query", description: "Page size, 1 to 100 (default 20).", example: "20" }, { name: "cursor", in: "query", description: "`next_cursor` of the previous page." }, ACCOUNT_CUSTOMER],
      responses: {
        "200": {
          description: "A page of events.",
          schema: auditEventListSchema,
          example: {
            data: [
              { event_id: "a4b3c2d1-0e9f-4a8b-8c7d-6e5f4a3b2c1d", actor: "dana@acme.example", action: "key.created", target: "key ssk_Q2hlY2tz… (CI pipeline)", details: {}, created_at: AT },
            ],
            next_cursor: null,
          },
        },
        ...gatewayErrors({ 400: gatewayError("validation_error", "The request failed validation.", ["limit: must be a whole number from 1 to 100"]), 401: ACCOUNT_UNAUTHORIZED }),
      },
    },
  ];
}
