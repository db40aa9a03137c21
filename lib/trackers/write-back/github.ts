// GitHub's write API (REST): `POST /repos/{owner}/{repo}/issues/{n}/comments`, `PATCH
// /repos/{owner}/{repo}/issues/comments/{id}`, the issue's comments read page by page through the `Link` header to
// find the service's own, labels by `POST .../issues/{n}/labels` and `DELETE .../issues/{n}/labels/{name}`. GitHub
// asks integrations to send content-creating requests one at a time, and answers a burst with its secondary rate
// limit (403 or 429, honoured as for reads).
import { githubRateLimit, nextLink } from "../github";
import { isRecord, ownWords, str, trackerRequest, trimBase, type TrackerResponse } from "../http";
import { TrackerError, type TrackerConfig } from "../types";
import { isOwnComment } from "./comment";
import { writeError, type CommentBody, type TrackerWriter, type WriteTarget, type WriterOptions } from "./writer";

/** `owner/repo#12` (the key a sync gives a GitHub issue) as its parts. */
export function parseGitHubKey(key: string): { owner: string; repo: string; number: string } {
  const match = /^([^/\s]+)\/([^#\s]+)#(\d+)$/.exec(key);
  if (!match) throw new TrackerError("bad_response", `"${key.slice(0, 100)}" is not a GitHub issue key (owner/repo#12)`);
  return { owner: match[1]!, repo: match[2]!, number: match[3]! };
}

const words = (body: unknown) => (isRecord(body) && typeof body.message === "string" ? ownWords(body.message) : "");

export function githubWriter(config: TrackerConfig, options: WriterOptions = {}): TrackerWriter {
  const base = trimBase(config.baseUrl);
  const origin = new URL(base).origin;
  const headers = {
    Authorization: `Bearer ${config.credentials.token}`,
    Accept: "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
    "User-Agent": "story-scoring-service",
    "Content-Type": "application/json",
  };
  const repoPath = (issue: WriteTarget) => {
    const { owner, repo } = parseGitHubKey(issue.key);
    return `${base}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
  };
  const issuePath = (issue: WriteTarget) => `${repoPath(issue)}/issues/${parseGitHubKey(issue.key).number}`;
  const send = (url: string, method: "GET" | "POST" | "PATCH" | "DELETE", body?: unknown, idempotent = true): Promise<TrackerResponse> =>
    trackerRequest({ url, method, headers, body: body === undefined ? undefined : JSON.stringify(body), tracker: "GitHub", rateLimit: githubRateLimit, idempotent }, options);
  const fail = (action: string, response: TrackerResponse) => writeError("GitHub", action, response.status, words(response.body));

  return {
    tracker: "GitHub",
    concurrency: 1,

    async findComment(issue) {
      if (issue.commentCount === 0) return null;
      let url: string | null = `${issuePath(issue)}/comments?per_page=100`;
      const seen = new Set<string>();
      while (url) {
        if (seen.has(url)) throw new TrackerError("bad_response", "GitHub's Link header points back to a page of comments already read");
        seen.add(url);
        const response = await send(url, "GET");
        if (response.status !== 200) throw fail(`reading the comments of ${issue.key}`, response);
        if (!Array.isArray(response.body)) throw new TrackerError("bad_response", `GitHub's comment list of ${issue.key} is not a JSON array`);
        const own = response.body.find((c) => isRecord(c) && isOwnComment(c.body));
        if (isRecord(own) && str(own.id)) return str(own.id);
        const next = nextLink(response.headers.get("link"));
        // The token goes with the next page: only on the API's own origin.
        if (next && new URL(next, base).origin !== origin) throw new TrackerError("bad_response", "GitHub's Link header points to another host; not following it with the token");
        url = next ? new URL(next, base).toString() : null;
      }
      return null;
    },

    async createComment(issue, comment: CommentBody) {
      const response = await send(`${issuePath(issue)}/comments`, "POST", { body: comment.markdown }, false);
      if (response.status !== 201) throw fail(`adding the comment to ${issue.key}`, response);
      const id = isRecord(response.body) ? str(response.body.id) : "";
      if (!id) throw new TrackerError("bad_response", `GitHub added the comment to ${issue.key} without saying its id`);
      return id;
    },

    async updateComment(issue, commentId, comment: CommentBody) {
      const response = await send(`${repoPath(issue)}/issues/comments/${encodeURIComponent(commentId)}`, "PATCH", { body: comment.markdown });
      if (response.status === 404) return false;
      if (response.status !== 200) throw fail(`editing the comment on ${issue.key}`, response);
      return true;
    },

    async changeLabels(issue, add, remove) {
      if (add.length) {
        // A label the repository does not have yet is created with it.
        const response = await send(`${issuePath(issue)}/labels`, "POST", { labels: add });
        if (response.status !== 200) throw fail(`adding the label to ${issue.key}`, response);
      }
      for (const label of remove) {
        const response = await send(`${issuePath(issue)}/labels/${encodeURIComponent(label)}`, "DELETE");
        // 404: the label is not on the issue (someone removed it already), which is what was wanted.
        if (response.status !== 200 && response.status !== 204 && response.status !== 404) throw fail(`removing the label from ${issue.key}`, response);
      }
    },
  };
}
