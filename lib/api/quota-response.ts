import { env } from "@/lib/env";
import type { QuotaExhaustedError } from "@/lib/stories/billing";

/** The spec's 429 quota body. Only new stories are ever refused, so `already_counted` is false. */
export function quotaExhaustedResponse(error: QuotaExhaustedError): Response {
  const { plan, quota, used, resetAt } = error.state;
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000));
  return Response.json(
    {
      error: "quota_exhausted",
      code: "QUOTA_EXHAUSTED",
      message: `The ${plan} plan's quota of ${quota} new stories this month is used up; re-scores of counted stories stay free. New stories are accepted again at ${resetAt.toISOString()}.`,
      plan,
      quota,
      used,
      reset_at: resetAt.toISOString(),
      upgrade_url: `${env().publicBaseUrl}/pricing`,
      already_counted: false,
    },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}
