// The tracker clients behind one function: `fetchIssues(config)` reads a Jira, GitHub or Linear backlog page by
// page, whatever the kind (see types.ts for the contract).
import { fetchGitHubIssues } from "./github";
import { fetchJiraIssues } from "./jira";
import { fetchLinearIssues } from "./linear";
import type { FetchIssues, TrackerKind } from "./types";

export * from "./types";

/** The API each kind talks to when the connection names none (Jira has no default: every site has its own URL). */
export const DEFAULT_BASE_URLS: Record<TrackerKind, string | null> = {
  jira: null,
  github: "https://api.github.com",
  linear: "https://api.linear.app",
};

export const fetchIssues: FetchIssues = (config, options) => {
  switch (config.kind) {
    case "jira":
      return fetchJiraIssues(config, options);
    case "github":
      return fetchGitHubIssues(config, options);
    case "linear":
      return fetchLinearIssues(config, options);
    default: {
      const kind: never = config.kind;
      throw new Error(`unknown tracker kind ${String(kind)}`);
    }
  }
};
