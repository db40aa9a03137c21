// The heuristic engine's readers are a few thousand regular expressions, which V8 compiles on first use: the first
// ticket a process scores takes about a second longer than the rest (docs/operations.md#start-up). The server scores
// these three tickets once it has started, so no user's first request pays for that.
import { scoreTicket } from "./heuristic";
import type { ScoringResult, TicketData } from "./types";

/** One ticket of each kind most teams file, each reaching the readers its kind uses. */
export const WARM_TICKETS: readonly TicketData[] = [
  {
    summary: "Checkout button does nothing on iOS Safari 17",
    description: "Steps:\n1. Add an item to the cart\n2. Tap Pay\n\nNothing happens and no request is sent. It should open the payment sheet; it works on Chrome. About 30% of our mobile traffic is iOS Safari.",
    issue_type: "Bug",
  },
  {
    summary: "As a shopper, I want to save my cart so that I can finish buying later",
    description: "Acceptance criteria:\n- Given a saved cart, when I sign in on another device, then the same items and quantities are shown.",
    issue_type: "Story",
  },
  {
    summary: "Rotate the API credentials shared in the team channel",
    description: "The credentials were posted in a chat channel by mistake, so anyone in it could read customer data. Done when the old keys are revoked and the new ones are in the vault.",
    issue_type: "Task",
  },
];

/** Scores the warm-up tickets with the heuristic engine; answers what it read, so a test can see each kind was reached. */
export function warmScoring(): ScoringResult[] {
  return WARM_TICKETS.map((ticket) => scoreTicket(ticket));
}
