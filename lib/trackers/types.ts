// The contract between the tracker clients (lib/trackers/{jira,github,linear}.ts: they read a tracker's issues
// the way the tracker serves them) and the connections that use them (lib/trackers/connections.ts, sync.ts:
// they store a customer's link to a tracker, and score and record what the clients read).

export type TrackerKind = "jira" | "github" | "linear";

export interface TrackerCredentials {
  /** Jira Cloud only: the Atlassian account's email (Basic auth is email:token). */
  email?: string;
  token: string;
}

export interface TrackerConfig {
  kind: TrackerKind;
  /** The Jira Cloud site, GitHub's API (or a GitHub Enterprise API), Linear's API. Already checked. */
  baseUrl: string;
  /** JQL for Jira; `owner/repo` optionally followed by ` labels=a,b` for GitHub; a team key for Linear. */
  query: string;
  credentials: TrackerCredentials;
}

/** One issue as the scoring path needs it. */
export interface TrackerIssue {
  /**
   * The tracker's stable id, unique across its sites: the billing identity. Jira's issue id with its site
   * (`acme.atlassian.net:10001`: ids are numbered per site), GitHub's issue node id, Linear's issue id.
   */
  externalId: string;
  /** What people call it: "ACME-12", "acme/shop#12", "ENG-12". */
  key: string;
  /** A link back to the issue in the tracker's web UI: http or https only ("" when the tracker gave another). */
  url: string;
  summary: string;
  /** Markdown (Jira's ADF and GitHub/Linear Markdown read through lib/richtext). */
  description: string;
  acceptanceCriteria: string;
  /** The tracker's type name ("Bug", "Story", "Task"; GitHub: from labels or the issue type), when it has one. */
  issueType: string | null;
  /**
   * The language the issue is written in, ISO 639-1, when the tracker says (a Jira "language" field, a
   * "lang:de" or "language:de" label); absent: the engine detects it from the text.
   */
  language?: string | null;
  /** ISO 8601. */
  updatedAt: string;
  /** The issue's labels as the tracker served them (Linear's with their ids): write-back adds or removes its own. */
  labels?: TrackerLabel[];
  /** How many comments the issue has, when the list says (GitHub): none means write-back need not look for its own. */
  commentCount?: number;
}

export interface TrackerLabel {
  name: string;
  /** Linear's label id (its issueUpdate takes the issue's label ids). */
  id?: string;
}

export interface TrackerPage {
  issues: TrackerIssue[];
  /** Items of the page that are not issues to score (GitHub pull requests). */
  skipped: number;
}

export interface FetchIssuesOptions {
  /** Only issues updated at or after this instant (incremental sync), where the tracker can filter so. */
  updatedSince?: Date;
  signal?: AbortSignal;
  /** Retries of a 429 / 5xx / secondary rate limit before giving up (default 5). */
  maxRetries?: number;
  /** Waits between retries go through this (tests pass a short one). Default: a real timer, abortable. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Longest wait honoured from a Retry-After or rate-limit reset before giving up with `rate_limited`. */
  maxWaitMs?: number;
}

export type TrackerErrorCode =
  | "bad_credentials" // 401 (and GitHub's 403 without a rate limit)
  | "not_found" // 404: project, repository or team missing (or invisible to the token)
  | "bad_query" // 400: the tracker refused the query; message carries the tracker's own words
  | "rate_limited" // still limited after the retries, or asked to wait longer than maxWaitMs
  | "unavailable" // network errors and 5xx after the retries
  | "bad_response"; // an answer that is not what the tracker's API documents

export class TrackerError extends Error {
  constructor(
    readonly code: TrackerErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "TrackerError";
  }
}

/** Reads a tracker's issues page by page, following its own pagination to the end. */
export type FetchIssues = (config: TrackerConfig, options?: FetchIssuesOptions) => AsyncIterable<TrackerPage>;
