import type { DeliveryAttempt, DeliveryStatus } from "./types";

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = { pending: "Pending", delivered: "Delivered", failed: "Failed" };

/** A 2xx answer counts as delivered, as the dispatcher counts it. */
export function attemptSucceeded(attempt: DeliveryAttempt): boolean {
  return attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
}

/** One line for an attempt: "HTTP 200 in 35 ms" or "No answer in 10000 ms: timeout". */
export function attemptHeadline(attempt: DeliveryAttempt): string {
  const took = `${attempt.duration_ms.toLocaleString()} ms`;
  if (attempt.status_code !== null) return `HTTP ${attempt.status_code} in ${took}`;
  return `No answer in ${took}${attempt.error ? `: ${attempt.error}` : ""}`;
}

/** What the receiver said: its response excerpt, or the error that stopped the attempt. */
export function AttemptResponse({ attempt }: { attempt: DeliveryAttempt }) {
  if (attempt.error) return <span className="attempt-error">{attempt.error}</span>;
  if (attempt.response_excerpt) return <code className="excerpt">{attempt.response_excerpt}</code>;
  return <span className="muted">empty response</span>;
}
