// What a connection's form and the API both need to know about each kind without loading a client: the default
// base URL and how the query is written. Kept apart from the clients so the settings page can import it into the
// browser bundle without the rich-text readers the clients use.
import type { TrackerKind } from "./types";

export const TRACKER_KINDS: readonly TrackerKind[] = ["jira", "github", "linear"];

export const TRACKER_LABELS: Record<TrackerKind, string> = { jira: "Jira Cloud", github: "GitHub", linear: "Linear" };

/** The API each kind talks to when the connection names none (Jira has no default: every site has its own URL). */
export const DEFAULT_BASE_URLS: Record<TrackerKind, string | null> = {
  jira: null,
  github: "https://api.github.com",
  linear: "https://api.linear.app",
};
