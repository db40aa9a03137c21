// The JSON shapes of the self-serve API (/api/v1/keys, /api/v1/installations, /api/v1/audit-events) as the
// settings page reads them. Declared here rather than imported from the route schemas so the page depends only
// on the documented contract.

export interface ApiKey {
  key_id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  created_by: string;
  status: "active" | "revoked";
  revoked_at: string | null;
}

/** The answer to POST /api/v1/keys: the only time the key itself is returned. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

export interface Installation {
  installation_id: string;
  cloudId: string;
  source: string;
  callback_url: string;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Shown once: after registering, re-registering or rotating. */
export interface InstallationSecrets {
  secret: string;
  webhook_secret: string;
}

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface DeliveryAttempt {
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface Delivery {
  delivery_id: string;
  job_id: string | null;
  event: string;
  issue_key: string | null;
  webhook_id: string;
  status: DeliveryStatus;
  created_at: string;
  /** Oldest first. */
  attempts: DeliveryAttempt[];
}

export interface AuditEvent {
  event_id: string;
  actor: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  created_at: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
