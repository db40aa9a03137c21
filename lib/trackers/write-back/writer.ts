// The contract between write-back (./index.ts: what to write to each issue and when) and the three tracker writers
// (./jira.ts, ./github.ts, ./linear.ts: how each tracker's real write API takes a comment, a label, a property).
// Writers send through the same request layer as the readers (lib/trackers/http.ts: the guarded outbound client,
// the tracker's rate limits, backoff and retries) and throw TrackerError with the tracker's own words.
import { TrackerError, type FetchIssuesOptions, type TrackerLabel } from "../types";

/** One issue as a writer needs it. */
export interface WriteTarget {
  /** The tracker's stable id as a sync records it (`acme.atlassian.net:10001`, a GitHub node id, a Linear id). */
  externalId: string;
  /** Jira's key, GitHub's `owner/repo#12`, Linear's identifier. */
  key: string;
  labels: TrackerLabel[];
  /** Known only for GitHub (its issue list says): 0 means there is no comment of ours to look for. */
  commentCount?: number;
}

/** A comment in both forms: the writer takes the one its tracker reads. */
export interface CommentBody {
  markdown: string;
  adf: Record<string, unknown>;
}

export interface TrackerWriter {
  /** The tracker's name in messages ("Jira", "GitHub", "Linear"). */
  readonly tracker: string;
  /** How many write requests a sync sends at once (GitHub asks for one at a time). */
  readonly concurrency: number;
  /** The service's comment on the issue, found by its marker through every page of comments; null when there is none. */
  findComment(issue: WriteTarget): Promise<string | null>;
  /** Adds the comment; answers its id. Not retried on a network error or a 5xx (it may have been added). */
  createComment(issue: WriteTarget, body: CommentBody): Promise<string>;
  /** Replaces the comment's text; false when the comment is gone (someone deleted it). */
  updateComment(issue: WriteTarget, commentId: string, body: CommentBody): Promise<boolean>;
  /** Adds and removes labels in as few requests as the tracker allows. */
  changeLabels(issue: WriteTarget, add: string[], remove: string[]): Promise<void>;
  /** Jira only: sets the issue property. */
  setProperty?(issue: WriteTarget, key: string, value: Record<string, unknown>): Promise<void>;
}

export type WriterOptions = Pick<FetchIssuesOptions, "signal" | "sleep" | "maxRetries" | "maxWaitMs">;

/** What each tracker's token needs for write-back, said when the tracker refuses a write. */
export const WRITE_SCOPES: Record<"Jira" | "GitHub" | "Linear", string> = {
  Jira: "the account needs the Add Comments, Edit Own Comments and Edit Issues project permissions (a scoped token: write:jira-work)",
  GitHub: "the token needs Issues: Read and write on the repository (a classic token: repo, or public_repo)",
  Linear: "the API key needs Write access (an OAuth token: the write scope)",
};

/**
 * A refused or failed write as a TrackerError (`action` as in "adding the comment to ACME-12"): what was being written, the status, the tracker's own words, and
 * for a refusal (401, 403) what the token needs. `bad_credentials` stops the sync's writes; `not_found` is one
 * issue gone; the others are that write's failure.
 */
export function writeError(tracker: keyof typeof WRITE_SCOPES, action: string, status: number, words: string): TrackerError {
  const said = words ? `: ${words}` : "";
  if (status === 401 || status === 403) {
    const refused = `Write-back refused: ${tracker} answered ${status} when ${action}${said}`;
    return new TrackerError("bad_credentials", `${refused}${/[.!?]$/.test(refused) ? "" : "."} ${capitalise(WRITE_SCOPES[tracker])}.`, status);
  }
  if (status === 404 || status === 410) return new TrackerError("not_found", `${tracker} answered ${status} when ${action} (the issue is gone, or the token cannot see it)${said}`, status);
  if (status === 400 || status === 422) return new TrackerError("bad_query", `${tracker} refused ${action} (${status})${said}`, status);
  return new TrackerError("bad_response", `${tracker} answered ${status} when ${action}${said}`, status);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
