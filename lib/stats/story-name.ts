// How the dashboard names a story: by the ticket as a person knows it (its key or ticket id, and its summary),
// never by its billing identity, which only appears in small print. Safe for client components (no database).

/** A story's ticket ref and billing identity, as the stats API reports them. */
export interface NamedStory {
  ticket_ref: string;
  story_identity: string;
  identity_resolution: "external_id" | "content_hash";
}

/**
 * Whether the story has a name a person gave it (a key or a ticket id). A ticket sent with neither (an async
 * issue without a key) is known by its content hash only: the dashboard then names it by its summary alone.
 */
export function hasTicketName(story: Pick<NamedStory, "ticket_ref" | "story_identity" | "identity_resolution">): boolean {
  return !(story.identity_resolution === "content_hash" && story.ticket_ref === story.story_identity);
}

/** The story page of a dashboard story: `/dashboard/stories/SHOP-12?customer=acme`. */
export function storyHref(story: { ticket_ref: string; customer_id: string }): string {
  return `/dashboard/stories/${encodeURIComponent(story.ticket_ref)}?customer=${encodeURIComponent(story.customer_id)}`;
}

/** The small print's label of a billing identity. */
export function billingIdentityLabel(resolution: NamedStory["identity_resolution"]): string {
  return resolution === "external_id" ? "Billing identity (external id)" : "Billing identity (content hash)";
}

/** How the pages name the tracker a story was imported from (`source` of a ticket). */
export const TRACKER_NAMES: Record<string, string> = { jira: "Jira", github: "GitHub", linear: "Linear" };
