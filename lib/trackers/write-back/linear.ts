// Linear's write API (GraphQL): `commentCreate` and `commentUpdate` with a Markdown body, the issue's comments read
// cursor page by cursor page to find the service's own, and labels by `issueUpdate(input: { labelIds })`: the
// issue's label ids as the sync read them, with the service's label added or taken out. The label's id is looked
// up once per sync (a workspace label, or the team's), and created in the team when it does not exist.
import { graphQLErrors, linearError, linearRateLimit } from "../linear";
import { isRecord, str, trackerRequest, trimBase } from "../http";
import { TrackerError, type TrackerConfig } from "../types";
import { isOwnComment } from "./comment";
import { writeError, type CommentBody, type TrackerWriter, type WriteTarget, type WriterOptions } from "./writer";

const COMMENT_PAGE = 50;

export const ISSUE_COMMENTS_QUERY = `query IssueComments($id: String!, $after: String) {
  issue(id: $id) { comments(first: ${COMMENT_PAGE}, after: $after) { nodes { id body } pageInfo { hasNextPage endCursor } } }
}`;
export const COMMENT_CREATE = `mutation CommentCreate($input: CommentCreateInput!) {
  commentCreate(input: $input) { success comment { id } }
}`;
export const COMMENT_UPDATE = `mutation CommentUpdate($id: String!, $input: CommentUpdateInput!) {
  commentUpdate(id: $id, input: $input) { success }
}`;
export const ISSUE_LABELS_QUERY = `query IssueLabels($name: String!) {
  issueLabels(filter: { name: { eqIgnoreCase: $name } }) { nodes { id name team { id key } } }
}`;
export const TEAM_ID_QUERY = `query TeamId($team: String!) {
  teams(filter: { key: { eq: $team } }) { nodes { id key } }
}`;
export const LABEL_CREATE = `mutation IssueLabelCreate($input: IssueLabelCreateInput!) {
  issueLabelCreate(input: $input) { success issueLabel { id name } }
}`;
export const ISSUE_UPDATE_LABELS = `mutation IssueUpdateLabels($id: String!, $input: IssueUpdateInput!) {
  issueUpdate(id: $id, input: $input) { success }
}`;

/** Linear's answer to an id that names nothing (a comment someone deleted): its words, whatever the code. */
const NOT_FOUND = /not found|could not find|does not exist/i;

export function linearWriter(config: TrackerConfig, options: WriterOptions = {}): TrackerWriter {
  const url = `${trimBase(config.baseUrl)}/graphql`;
  const token = config.credentials.token;
  const team = config.query.trim().toUpperCase();
  const headers = {
    Authorization: token.startsWith("lin_api_") ? token : `Bearer ${token}`,
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  const labelIds = new Map<string, Promise<string>>();

  /** A GraphQL call: its data, or `{ missing }` when Linear says the entity does not exist and `allowMissing`. */
  async function graphql(action: string, query: string, variables: Record<string, unknown>, { idempotent = true, allowMissing = false } = {}) {
    const response = await trackerRequest({ url, method: "POST", headers, body: JSON.stringify({ query, variables }), tracker: "Linear", rateLimit: linearRateLimit, idempotent }, options);
    const errors = graphQLErrors(response.body);
    if (allowMissing && errors.length && errors.every((e) => NOT_FOUND.test(e.message))) return { missing: true as const, data: {} as Record<string, unknown> };
    if (response.status !== 200 || errors.length) {
      const read = linearError(response, errors);
      // The reader's kinds, said as a write: a refusal names the access the key needs.
      const status = read.code === "bad_credentials" ? (response.status === 401 ? 401 : 403) : read.code === "not_found" ? 404 : read.code === "bad_query" ? 400 : response.status;
      throw writeError("Linear", action, status, errors.map((e) => e.message).filter(Boolean).join(" "));
    }
    if (!isRecord(response.body) || !isRecord(response.body.data)) throw new TrackerError("bad_response", "Linear's answer has no data; is the base URL Linear's API?");
    return { missing: false as const, data: response.body.data };
  }

  const succeeded = (data: Record<string, unknown>, field: string) => isRecord(data[field]) && data[field].success === true;

  async function labelId(name: string): Promise<string> {
    const key = name.toLowerCase();
    let found = labelIds.get(key);
    if (!found) {
      found = (async () => {
        const { data } = await graphql(`looking up the label ${name}`, ISSUE_LABELS_QUERY, { name });
        const nodes = isRecord(data.issueLabels) && Array.isArray(data.issueLabels.nodes) ? data.issueLabels.nodes.filter(isRecord) : [];
        // A workspace label applies to every team; else the team's own.
        const label = nodes.find((l) => !isRecord(l.team)) ?? nodes.find((l) => isRecord(l.team) && str(l.team.key).toUpperCase() === team);
        if (label && str(label.id)) return str(label.id);
        const teams = await graphql(`looking up the team ${team}`, TEAM_ID_QUERY, { team });
        const teamNode = isRecord(teams.data.teams) && Array.isArray(teams.data.teams.nodes) ? teams.data.teams.nodes.find(isRecord) : undefined;
        if (!teamNode || !str(teamNode.id)) throw new TrackerError("not_found", `Linear: no team with key ${team} to create the label ${name} in`, 404);
        const created = await graphql(`creating the label ${name}`, LABEL_CREATE, { input: { name, teamId: str(teamNode.id) } }, { idempotent: false });
        const made = isRecord(created.data.issueLabelCreate) && isRecord(created.data.issueLabelCreate.issueLabel) ? str(created.data.issueLabelCreate.issueLabel.id) : "";
        if (!made) throw new TrackerError("bad_response", `Linear created the label ${name} without saying its id`);
        return made;
      })();
      labelIds.set(key, found);
      // A failed lookup is tried again by the next issue.
      found.catch(() => labelIds.delete(key));
    }
    return found;
  }

  return {
    tracker: "Linear",
    concurrency: 2,

    async findComment(issue: WriteTarget) {
      let after: string | null = null;
      for (;;) {
        const { data } = await graphql(`reading the comments of ${issue.key}`, ISSUE_COMMENTS_QUERY, { id: issue.externalId, after });
        const comments = isRecord(data.issue) && isRecord(data.issue.comments) ? data.issue.comments : null;
        if (!comments || !Array.isArray(comments.nodes) || !isRecord(comments.pageInfo)) throw new TrackerError("bad_response", `Linear's comments of ${issue.key} have no nodes or pageInfo`);
        const own = comments.nodes.find((c) => isRecord(c) && isOwnComment(c.body));
        if (isRecord(own) && str(own.id)) return str(own.id);
        const next = str(comments.pageInfo.endCursor);
        if (comments.pageInfo.hasNextPage !== true || !next || next === after) return null;
        after = next;
      }
    },

    async createComment(issue, comment: CommentBody) {
      const { data } = await graphql(`adding the comment to ${issue.key}`, COMMENT_CREATE, { input: { issueId: issue.externalId, body: comment.markdown } }, { idempotent: false });
      const created = isRecord(data.commentCreate) && isRecord(data.commentCreate.comment) ? str(data.commentCreate.comment.id) : "";
      if (!succeeded(data, "commentCreate") || !created) throw new TrackerError("bad_response", `Linear did not add the comment to ${issue.key}`);
      return created;
    },

    async updateComment(issue, commentId, comment: CommentBody) {
      const { missing, data } = await graphql(`editing the comment on ${issue.key}`, COMMENT_UPDATE, { id: commentId, input: { body: comment.markdown } }, { allowMissing: true });
      if (missing) return false;
      if (!succeeded(data, "commentUpdate")) throw new TrackerError("bad_response", `Linear did not edit the comment on ${issue.key}`);
      return true;
    },

    async changeLabels(issue, add, remove) {
      if (add.length === 0 && remove.length === 0) return;
      const current = issue.labels.filter((l) => l.id).map((l) => ({ id: l.id!, name: l.name.toLowerCase() }));
      const removing = new Set(remove.map((l) => l.toLowerCase()));
      const ids = new Set(current.filter((l) => !removing.has(l.name)).map((l) => l.id));
      for (const name of add) ids.add(await labelId(name));
      const { data } = await graphql(`${add.length ? "adding" : "removing"} the label on ${issue.key}`, ISSUE_UPDATE_LABELS, { id: issue.externalId, input: { labelIds: [...ids] } });
      if (!succeeded(data, "issueUpdate")) throw new TrackerError("bad_response", `Linear did not change the labels of ${issue.key}`);
    },
  };
}
