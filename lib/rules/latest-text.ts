// The text a dismissal is kept for: the story's latest run as its customer last scored it. POST and DELETE
// /api/v1/dismissals ask here rather than the database.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { scoreRuns } from "@/db/schema";
import type { TicketData } from "@/lib/scoring";

export type StoryText = Pick<TicketData, "summary" | "description" | "acceptance_criteria">;

/** The summary, description and acceptance criteria of the latest run of `ticketRef` for `customerId`; null when the customer has no such story. */
export async function latestStoryText(db: Db, customerId: string, ticketRef: string): Promise<StoryText | null> {
  const [run] = await db
    .select({ ticket: scoreRuns.ticket })
    .from(scoreRuns)
    .where(and(eq(scoreRuns.customerId, customerId), eq(scoreRuns.ticketRef, ticketRef)))
    .orderBy(desc(scoreRuns.createdAt), desc(scoreRuns.id))
    .limit(1);
  if (!run) return null;
  const ticket = (run.ticket ?? {}) as Partial<TicketData>;
  return { summary: ticket.summary ?? "", description: ticket.description, acceptance_criteria: ticket.acceptance_criteria };
}
