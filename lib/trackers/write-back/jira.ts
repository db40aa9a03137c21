// Jira Cloud's write API (REST v3): comments with an ADF body (`POST /rest/api/3/issue/{key}/comment`, `PUT
// .../comment/{id}`), read back page by page (`GET .../comment?startAt=`) to find the service's own; labels through
// the issue edit's `update.labels` add/remove (`PUT /rest/api/3/issue/{key}`, one request for both); the scores as
// an issue property (`PUT /rest/api/3/issue/{key}/properties/{property}`). Basic auth as the reader's.
import { jiraMessage } from "../jira";
import { isRecord, str, trackerRequest, trimBase, type TrackerResponse } from "../http";
import { TrackerError, type TrackerConfig } from "../types";
import { isOwnComment } from "./comment";
import { writeError, type CommentBody, type TrackerWriter, type WriteTarget, type WriterOptions } from "./writer";

/** Comments a page of Jira's comment list gives at most. */
const COMMENT_PAGE = 100;

export function jiraWriter(config: TrackerConfig, options: WriterOptions = {}): TrackerWriter {
  const base = trimBase(config.baseUrl);
  const { email, token } = config.credentials;
  if (!email) throw new TrackerError("bad_credentials", "Jira needs the account's email with the API token");
  const headers = {
    Authorization: `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`,
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  const issuePath = (issue: WriteTarget) => `${base}/rest/api/3/issue/${encodeURIComponent(issue.key)}`;
  const send = (url: string, method: "GET" | "POST" | "PUT", body?: unknown, idempotent = true): Promise<TrackerResponse> =>
    trackerRequest({ url, method, headers, body: body === undefined ? undefined : JSON.stringify(body), tracker: "Jira", urlName: "the site URL", idempotent }, options);
  const fail = (action: string, response: TrackerResponse) => writeError("Jira", action, response.status, jiraMessage(response.body));

  return {
    tracker: "Jira",
    concurrency: 4,

    async findComment(issue) {
      for (let startAt = 0; ; ) {
        const params = new URLSearchParams({ startAt: String(startAt), maxResults: String(COMMENT_PAGE), orderBy: "created" });
        const response = await send(`${issuePath(issue)}/comment?${params}`, "GET");
        if (response.status !== 200) throw fail(`reading the comments of ${issue.key}`, response);
        const body = response.body;
        if (!isRecord(body) || !Array.isArray(body.comments)) throw new TrackerError("bad_response", `Jira's comment list of ${issue.key} has no comments`);
        const own = body.comments.find((c) => isRecord(c) && isOwnComment(c.body));
        if (isRecord(own) && str(own.id)) return str(own.id);
        const total = Number(body.total);
        startAt += body.comments.length;
        if (body.comments.length === 0 || !Number.isFinite(total) || startAt >= total) return null;
      }
    },

    async createComment(issue, comment: CommentBody) {
      const response = await send(`${issuePath(issue)}/comment`, "POST", { body: comment.adf }, false);
      if (response.status !== 201 && response.status !== 200) throw fail(`adding the comment to ${issue.key}`, response);
      const id = isRecord(response.body) ? str(response.body.id) : "";
      if (!id) throw new TrackerError("bad_response", `Jira added the comment to ${issue.key} without saying its id`);
      return id;
    },

    async updateComment(issue, commentId, comment: CommentBody) {
      const response = await send(`${issuePath(issue)}/comment/${encodeURIComponent(commentId)}`, "PUT", { body: comment.adf });
      if (response.status === 404) return false;
      if (response.status !== 200) throw fail(`editing the comment on ${issue.key}`, response);
      return true;
    },

    async changeLabels(issue, add, remove) {
      if (add.length === 0 && remove.length === 0) return;
      const labels = [...add.map((label) => ({ add: label })), ...remove.map((label) => ({ remove: label }))];
      const response = await send(issuePath(issue), "PUT", { update: { labels } });
      if (response.status !== 204 && response.status !== 200) throw fail(`${add.length ? "adding" : "removing"} the label on ${issue.key}`, response);
    },

    async setProperty(issue, key, value) {
      const response = await send(`${issuePath(issue)}/properties/${encodeURIComponent(key)}`, "PUT", value);
      if (response.status !== 200 && response.status !== 201 && response.status !== 204) throw fail(`setting the ${key} property of ${issue.key}`, response);
    },
  };
}
