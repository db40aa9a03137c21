// The JSON shapes of the self-serve API (/api/v1/keys, /api/v1/installations, /api/v1/audit-events) as the
// settings page reads them: inferred from the zod schemas the routes answer with, so the page and the API
// cannot drift apart. The imports are type-only and erased at build time: no schema (nor the server code the
// schema modules import) reaches the browser bundle.
import type { z } from "zod";
import type { apiKeySchema, auditEventSchema, createdKeySchema } from "@/lib/account/schemas";
import type {
  deliveryAttemptSchema,
  deliverySchema,
  deliveryStatusFilterSchema,
  installationSchema,
  registeredInstallationSchema,
  rotatedInstallationSchema,
} from "@/lib/integrations/schemas";

export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to POST /api/v1/keys: the only time the key itself is returned. */
export type CreatedApiKey = z.infer<typeof createdKeySchema>;

export type Installation = z.infer<typeof installationSchema>;

/** The answer to POST /api/v1/installations (201 new, 200 registered before): with its secrets, shown once. */
export type RegisteredInstallation = z.infer<typeof registeredInstallationSchema>;

/** The answer to POST /api/v1/installations/{id}/rotate-secrets: the installation with its new secrets. */
export type RotatedInstallation = z.infer<typeof rotatedInstallationSchema>;

/** Shown once: after registering, re-registering or rotating. */
export type InstallationSecrets = Pick<RotatedInstallation, "secret" | "webhook_secret">;

export type DeliveryStatus = z.infer<typeof deliveryStatusFilterSchema>;

export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** A callback delivery; its `attempts` are oldest first. */
export type Delivery = z.infer<typeof deliverySchema>;

export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A page of a cursor-paginated list (audit events, deliveries): pass `next_cursor` as `cursor` for the next one. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
