// The request and answer shapes of the dismissals endpoint (app/api/v1/dismissals), for the route and the OpenAPI document.
import { z } from "zod";

const CODE = /^[a-z_]+(?:\.[a-z_]+)?$/;
export const dismissSchema = z
  .object({
    ticket_ref: z.string().min(1).max(512).describe("The story as the dashboard names it: its key, else its ticket id, else its billing identity."),
    code: z.string().regex(CODE, "must be a finding code such as atomic.two_actions, or a criterion such as atomic").describe("The finding's code, or a whole criterion."),
    reason: z.string().trim().min(1, "must say why").max(500).describe("Why the team accepts it: shown beside the finding and in the audit trail."),
  })
  .strict();
export const restoreSchema = dismissSchema.pick({ ticket_ref: true, code: true }).strict();
export const dismissalsSchema = z.object({
  ticket_ref: z.string(),
  dismissals: z.array(z.object({ code: z.string(), reason: z.string() })),
});
