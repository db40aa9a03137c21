import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/audit";

export const createKeySchema = z.strictObject({
  name: z.string().trim().min(1, "must be a non-empty string").max(100, "must be at most 100 characters"),
});

export const apiKeySchema = z.object({
  key_id: z.uuid(),
  name: z.string(),
  prefix: z.string().describe("The key's first characters, to recognise it in lists and logs."),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe("Updated at most once a minute."),
  created_by: z.string().describe('A dashboard user\'s email, "API key ssk_..." or "operator (provisioning)".'),
  status: z.enum(["active", "revoked"]),
  revoked_at: z.string().nullable(),
});

export const createdKeySchema = apiKeySchema.extend({
  key: z.string().describe("The API key (ssk_...). Shown once: only its hash is stored."),
});

export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

export const auditEventSchema = z.object({
  event_id: z.uuid(),
  actor: z.string().describe('Who: a dashboard user\'s email, "API key ssk_...", "operator (provisioning)" or "the service".'),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

export const auditEventListSchema = z.object({
  data: z.array(auditEventSchema),
  next_cursor: z.string().nullable(),
});
