// POST /api/v1/dismissals {"ticket_ref", "code", "reason"}: dismiss a finding of a story as its latest run scored it,
// with a reason, audited. It is kept while the story's text is unchanged: every later score of that text lists the
// finding in `silenced_findings` (`silenced_by: "dismissal"`) and charges nothing for it. DELETE with
// {"ticket_ref", "code"} takes it back (audited). API key or the story page's session (docs/rules.md).
import type { Db } from "@/db/client";
import { accountRoute } from "@/lib/api/route";
import { ApiError } from "@/lib/http/errors";
import { methodsNotAllowed } from "@/lib/http/not-allowed";
import { latestStoryText, type StoryText } from "@/lib/rules/latest-text";
import { dismissalsSchema, dismissSchema, restoreSchema } from "@/lib/rules/schemas";
import { dismissalsFor, dismissFinding, restoreFinding } from "@/lib/rules/settings";

export const dynamic = "force-dynamic";

/** The text of the story's latest run (what a dismissal is kept for), or a 404 for another customer's or no story. */
async function latestText(db: Db, customerId: string, ticketRef: string): Promise<StoryText> {
  const text = await latestStoryText(db, customerId, ticketRef);
  if (!text) throw new ApiError("not_found", "No such story.");
  return text;
}

export const POST = accountRoute({ body: dismissSchema, maxBytes: 16 * 1024 }, async ({ db, account, body }) => {
  const text = await latestText(db, account.customerId, body.ticket_ref);
  await dismissFinding(db, account.customerId, text, body.code, body.reason, account.actor, body.ticket_ref);
  return Response.json(dismissalsSchema.parse({ ticket_ref: body.ticket_ref, dismissals: await dismissalsFor(db, account.customerId, text) }), { status: 201 });
});

export const DELETE = accountRoute({ body: restoreSchema, maxBytes: 16 * 1024 }, async ({ db, account, body }) => {
  const text = await latestText(db, account.customerId, body.ticket_ref);
  if (!(await restoreFinding(db, account.customerId, text, body.code, account.actor, body.ticket_ref))) {
    throw new ApiError("not_found", "No such dismissal.");
  }
  return Response.json(dismissalsSchema.parse({ ticket_ref: body.ticket_ref, dismissals: await dismissalsFor(db, account.customerId, text) }));
});

export const { GET, PUT, PATCH } = methodsNotAllowed(["POST", "DELETE"]);
