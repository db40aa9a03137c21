// The write side of the fake trackers (testing/fake-trackers.ts): each tracker's real write endpoints for
// comments, labels and (Jira) issue properties, with their real request and answer shapes, pagination of an
// issue's comments, their refusals of a token that may only read, and their not-found answers. The state lives on
// the fake's issues, so a test reads what an issue carries (`comments`, `labels`, `properties`) as a person would
// see it in the tracker.
import type { FakeGitHubIssue, FakeJiraIssue, FakeLinearIssue, LoggedRequest, Reply } from "./fake-trackers";

export interface FakeComment {
  id: string;
  /** ADF for Jira, Markdown for GitHub and Linear. */
  body: unknown;
  created: string;
  updated: string;
}

let commentSeq = 20_000;
const nextCommentId = () => String(++commentSeq);
const now = () => new Date().toISOString();

// ---------------------------------------------------------------------------------------------------------------
// Jira Cloud: /rest/api/3/issue/{idOrKey}/comment[/{id}], PUT /rest/api/3/issue/{idOrKey} (update.labels),
// PUT /rest/api/3/issue/{idOrKey}/properties/{key}

export interface JiraWriteContext {
  issues: FakeJiraIssue[];
  /** Whether the authenticated account may comment and edit (a read-only account may not). */
  canWrite: boolean;
  /** The most comments a page gives (Jira: 100 at most, whatever maxResults asks). */
  commentPageSize: number;
  url: string;
}

const jiraNoIssue = { status: 404, body: { errorMessages: ["Issue does not exist or you do not have permission to see it."], errors: {} } };

function isAdfDoc(value: unknown): boolean {
  return !!value && typeof value === "object" && (value as { type?: unknown }).type === "doc" && (value as { version?: unknown }).version === 1 && Array.isArray((value as { content?: unknown }).content);
}

/** A Jira write (or comment read) request, or null when the path is not one. */
export function handleJiraWrite(request: LoggedRequest, ctx: JiraWriteContext): Reply | null {
  const m = /^\/rest\/api\/3\/issue\/([^/]+)(?:\/(comment|properties)(?:\/([^/]+))?)?$/.exec(request.path);
  if (!m) return null;
  const idOrKey = decodeURIComponent(m[1]!);
  const issue = ctx.issues.find((i) => i.key === idOrKey || i.id === idOrKey);
  if (!issue) return jiraNoIssue;
  const part = m[2];
  const sub = m[3] === undefined ? undefined : decodeURIComponent(m[3]);
  const comments = (issue.comments ??= []);
  let body: unknown = undefined;
  if (request.body) {
    try {
      body = JSON.parse(request.body);
    } catch {
      return { status: 400, body: { errorMessages: ["Unexpected character: was expecting a JSON value."], errors: {} } };
    }
  }
  const refuse = (what: string) => ({ status: 403, body: { errorMessages: [`You do not have permission to ${what}.`], errors: {} } });

  if (part === "comment" && request.method === "GET" && sub === undefined) {
    const startAt = Math.max(0, Number(request.query.get("startAt") ?? 0) || 0);
    const maxResults = Math.min(ctx.commentPageSize, Math.max(1, Number(request.query.get("maxResults") ?? 50) || 50));
    const page = comments.slice(startAt, startAt + maxResults);
    return {
      status: 200,
      body: {
        startAt,
        maxResults,
        total: comments.length,
        comments: page.map((c) => ({ id: c.id, self: `${ctx.url}/rest/api/3/issue/${issue.id}/comment/${c.id}`, body: c.body, created: c.created, updated: c.updated })),
      },
    };
  }
  if (part === "comment" && request.method === "POST" && sub === undefined) {
    if (!ctx.canWrite) return refuse("comment on this issue");
    const adf = (body as { body?: unknown } | undefined)?.body;
    if (!isAdfDoc(adf)) return { status: 400, body: { errorMessages: [], errors: { comment: "Comment body is not valid!" } } };
    const comment: FakeComment = { id: nextCommentId(), body: adf, created: now(), updated: now() };
    comments.push(comment);
    issue.updated = now();
    return { status: 201, body: { id: comment.id, self: `${ctx.url}/rest/api/3/issue/${issue.id}/comment/${comment.id}`, body: adf, created: comment.created } };
  }
  if (part === "comment" && request.method === "PUT" && sub !== undefined) {
    const comment = comments.find((c) => c.id === sub);
    if (!comment) return { status: 404, body: { errorMessages: [`Can not find a comment for the id: ${sub}.`], errors: {} } };
    if (!ctx.canWrite) return refuse("edit this comment");
    const adf = (body as { body?: unknown } | undefined)?.body;
    if (!isAdfDoc(adf)) return { status: 400, body: { errorMessages: [], errors: { comment: "Comment body is not valid!" } } };
    comment.body = adf;
    comment.updated = now();
    issue.updated = now();
    return { status: 200, body: { id: comment.id, body: adf, updated: comment.updated } };
  }
  if (part === undefined && request.method === "PUT") {
    if (!ctx.canWrite) return refuse("edit issues in this project");
    const ops = (body as { update?: { labels?: unknown } } | undefined)?.update?.labels;
    if (!Array.isArray(ops)) return { status: 400, body: { errorMessages: [], errors: { update: "The update operations are not valid." } } };
    const labels = new Set(issue.labels ?? []);
    for (const op of ops as Record<string, unknown>[]) {
      const value = typeof op.add === "string" ? op.add : typeof op.remove === "string" ? op.remove : null;
      if (value === null) return { status: 400, body: { errorMessages: [], errors: { labels: "Operation must be add, remove or set." } } };
      if (/\s/.test(value)) return { status: 400, body: { errorMessages: [], errors: { labels: `The label '${value}' contains spaces which is invalid.` } } };
      if (typeof op.add === "string") labels.add(value);
      else labels.delete(value);
    }
    issue.labels = [...labels];
    issue.updated = now();
    return { status: 204 };
  }
  if (part === "properties" && request.method === "PUT" && sub !== undefined) {
    if (!ctx.canWrite) return refuse("edit issues in this project");
    if (request.body.length > 32_768) return { status: 400, body: { errorMessages: ["The property value is too long: at most 32768 bytes."], errors: {} } };
    const properties = (issue.properties ??= {});
    const existed = sub in properties;
    properties[sub] = body;
    return { status: existed ? 200 : 201 };
  }
  return { status: 405, body: { errorMessages: ["Method not allowed"], errors: {} } };
}

// ---------------------------------------------------------------------------------------------------------------
// GitHub: /repos/{o}/{r}/issues/{n}/comments, /repos/{o}/{r}/issues/comments/{id}, /repos/{o}/{r}/issues/{n}/labels[/{name}]

export interface GitHubWriteContext {
  issues: FakeGitHubIssue[];
  repo: string;
  canWrite: boolean;
  commentPageSize: number;
  url: string;
  limitHeaders: Record<string, string>;
}

const githubError = (status: number, message: string, headers: Record<string, string>, doc = "https://docs.github.com/rest/issues") => ({
  status,
  headers,
  body: { message, documentation_url: doc, status: String(status) },
});

export function handleGitHubWrite(request: LoggedRequest, ctx: GitHubWriteContext): Reply | null {
  const m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(?:(\d+)\/(comments|labels)(?:\/([^/]+))?|comments\/(\d+))$/.exec(request.path);
  if (!m) return null;
  const h = ctx.limitHeaders;
  if (`${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`.toLowerCase() !== ctx.repo.toLowerCase()) return githubError(404, "Not Found", h);
  const refuse = () => githubError(403, "Resource not accessible by personal access token", h);
  let body: Record<string, unknown> = {};
  if (request.body) {
    try {
      body = JSON.parse(request.body) as Record<string, unknown>;
    } catch {
      return githubError(400, "Problems parsing JSON", h);
    }
  }
  const [owner, name] = ctx.repo.split("/");
  const commentJson = (issue: FakeGitHubIssue, c: FakeComment) => ({
    id: Number(c.id),
    node_id: `IC_kwDOFake${c.id}`,
    body: c.body,
    html_url: `${ctx.url}/${owner}/${name}/issues/${issue.number}#issuecomment-${c.id}`,
    created_at: c.created,
    updated_at: c.updated,
  });

  if (m[6] !== undefined) {
    // PATCH /repos/{o}/{r}/issues/comments/{id}
    const id = m[6];
    const issue = ctx.issues.find((i) => (i.comments ?? []).some((c) => c.id === id));
    const comment = issue?.comments?.find((c) => c.id === id);
    if (!issue || !comment) return githubError(404, "Not Found", h);
    if (request.method !== "PATCH") return githubError(404, "Not Found", h);
    if (!ctx.canWrite) return refuse();
    if (typeof body.body !== "string") return githubError(422, "Invalid request.\n\nNo body given.", h);
    comment.body = body.body;
    comment.updated = now();
    issue.updatedAt = now().replace(/\.\d{3}Z$/, "Z");
    return { status: 200, headers: h, body: commentJson(issue, comment) };
  }
  const issue = ctx.issues.find((i) => i.number === Number(m[3]));
  if (!issue) return githubError(404, "Not Found", h);
  const comments = (issue.comments ??= []);
  if (m[4] === "comments" && m[5] === undefined && request.method === "GET") {
    const perPage = Math.min(ctx.commentPageSize, Math.max(1, Number(request.query.get("per_page") ?? 30) || 30));
    const page = Math.max(1, Number(request.query.get("page") ?? 1) || 1);
    const last = Math.max(1, Math.ceil(comments.length / perPage));
    const link = (p: number) => {
      const params = new URLSearchParams(request.query);
      params.set("page", String(p));
      return `<${ctx.url}${request.path}?${params}>`;
    };
    const links = page < last ? [`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`] : [];
    return {
      status: 200,
      headers: { ...h, ...(links.length ? { link: links.join(", ") } : {}) },
      body: comments.slice((page - 1) * perPage, page * perPage).map((c) => commentJson(issue, c)),
    };
  }
  if (m[4] === "comments" && m[5] === undefined && request.method === "POST") {
    if (!ctx.canWrite) return refuse();
    if (typeof body.body !== "string" || !body.body) return githubError(422, "Invalid request.\n\nNo body given.", h);
    const comment: FakeComment = { id: nextCommentId(), body: body.body, created: now(), updated: now() };
    comments.push(comment);
    issue.updatedAt = now().replace(/\.\d{3}Z$/, "Z");
    return { status: 201, headers: h, body: commentJson(issue, comment) };
  }
  if (m[4] === "labels" && m[5] === undefined && request.method === "POST") {
    if (!ctx.canWrite) return refuse();
    const labels = body.labels;
    if (!Array.isArray(labels) || labels.some((l) => typeof l !== "string" || l.length > 50 || l.includes(","))) return githubError(422, "Validation Failed", h);
    for (const label of labels as string[]) if (!issue.labels.some((l) => l.toLowerCase() === label.toLowerCase())) issue.labels.push(label);
    issue.updatedAt = now().replace(/\.\d{3}Z$/, "Z");
    return { status: 200, headers: h, body: issue.labels.map((l, n) => ({ id: 100 + n, name: l, color: "ededed" })) };
  }
  if (m[4] === "labels" && m[5] !== undefined && request.method === "DELETE") {
    if (!ctx.canWrite) return refuse();
    const label = decodeURIComponent(m[5]);
    const at = issue.labels.findIndex((l) => l.toLowerCase() === label.toLowerCase());
    if (at < 0) return githubError(404, "Label does not exist", h);
    issue.labels.splice(at, 1);
    issue.updatedAt = now().replace(/\.\d{3}Z$/, "Z");
    return { status: 200, headers: h, body: issue.labels.map((l, n) => ({ id: 100 + n, name: l, color: "ededed" })) };
  }
  return githubError(404, "Not Found", h);
}

// ---------------------------------------------------------------------------------------------------------------
// Linear: issue(id) { comments }, commentCreate, commentUpdate, issueLabels, issueLabelCreate, issueUpdate(labelIds)

export interface LinearWriteContext {
  issues: FakeLinearIssue[];
  /** Label ids by lower-cased name (workspace labels); new ones are added by issueLabelCreate. */
  labelIds: Map<string, { id: string; name: string; team: string | null }>;
  canWrite: boolean;
  commentPageSize: number;
  /** The key of the team with this id (a label created in a team names it). */
  teamKey: (id: string) => string | null;
  pageToken: (offset: number, key: string) => string;
  readPageToken: (token: string, key: string) => number | null;
}

const gqlError = (message: string, code: string) => ({
  errors: [{ message, extensions: { code, type: code.toLowerCase().replace(/_/g, " "), userPresentableMessage: message } }],
});

let labelSeq = 0;

/** The label's id, made on first use (workspace labels the fake's issues already carry). */
export function linearLabelId(ctx: Pick<LinearWriteContext, "labelIds">, name: string, team: string | null = null): string {
  const key = name.toLowerCase();
  let label = ctx.labelIds.get(key);
  if (!label) {
    label = { id: `7a1b2c3d-0000-4000-8000-${String(++labelSeq).padStart(12, "0")}`, name, team };
    ctx.labelIds.set(key, label);
  }
  return label.id;
}

export function handleLinearWrite(query: string, variables: Record<string, unknown>, ctx: LinearWriteContext): Reply | null {
  const isMutation = /^\s*mutation\b/.test(query);
  const forbidden = () => ({ status: 400, body: gqlError("You don't have access to perform this action. The API key is missing the required scope: write.", "FORBIDDEN") });
  const issueById = (id: unknown) => ctx.issues.find((i) => i.id === id || i.identifier === id);
  const notFound = (what: string) => ({ status: 400, body: gqlError(`Entity not found: ${what}`, "INVALID_INPUT") });

  if (isMutation && /\bcommentCreate\s*\(/.test(query)) {
    if (!ctx.canWrite) return forbidden();
    const input = (variables.input ?? {}) as { issueId?: unknown; body?: unknown };
    const issue = issueById(input.issueId);
    if (!issue) return notFound("Issue");
    if (typeof input.body !== "string" || !input.body) return { status: 400, body: gqlError("Argument Validation Error: body should not be empty", "INVALID_INPUT") };
    const comment: FakeComment = { id: `c0ffee00-0000-4000-8000-${nextCommentId().padStart(12, "0")}`, body: input.body, created: now(), updated: now() };
    (issue.comments ??= []).push(comment);
    return { status: 200, body: { data: { commentCreate: { success: true, comment: { id: comment.id } } } } };
  }
  if (isMutation && /\bcommentUpdate\s*\(/.test(query)) {
    const issue = ctx.issues.find((i) => (i.comments ?? []).some((c) => c.id === variables.id));
    const comment = issue?.comments?.find((c) => c.id === variables.id);
    if (!comment) return notFound("Comment");
    if (!ctx.canWrite) return forbidden();
    const input = (variables.input ?? {}) as { body?: unknown };
    if (typeof input.body !== "string" || !input.body) return { status: 400, body: gqlError("Argument Validation Error: body should not be empty", "INVALID_INPUT") };
    comment.body = input.body;
    comment.updated = now();
    return { status: 200, body: { data: { commentUpdate: { success: true } } } };
  }
  if (isMutation && /\bissueLabelCreate\s*\(/.test(query)) {
    if (!ctx.canWrite) return forbidden();
    const input = (variables.input ?? {}) as { name?: unknown; teamId?: unknown };
    if (typeof input.name !== "string" || !input.name) return { status: 400, body: gqlError("Argument Validation Error: name should not be empty", "INVALID_INPUT") };
    if (ctx.labelIds.has(input.name.toLowerCase())) return { status: 400, body: gqlError("Duplicate label name", "INVALID_INPUT") };
    const team = typeof input.teamId === "string" ? ctx.teamKey(input.teamId) : null;
    if (typeof input.teamId === "string" && !team) return notFound("Team");
    const id = linearLabelId(ctx, input.name, team);
    return { status: 200, body: { data: { issueLabelCreate: { success: true, issueLabel: { id, name: input.name } } } } };
  }
  if (isMutation && /\bissueUpdate\s*\(/.test(query)) {
    if (!ctx.canWrite) return forbidden();
    const issue = issueById(variables.id);
    if (!issue) return notFound("Issue");
    const input = (variables.input ?? {}) as { labelIds?: unknown };
    if (!Array.isArray(input.labelIds)) return { status: 400, body: gqlError("Argument Validation Error: labelIds must be an array", "INVALID_INPUT") };
    const byId = new Map([...ctx.labelIds.values()].map((l) => [l.id, l.name]));
    const names: string[] = [];
    for (const id of input.labelIds) {
      const name = byId.get(String(id));
      if (!name) return notFound("IssueLabel");
      names.push(name);
    }
    issue.labels = names;
    issue.updatedAt = now();
    return { status: 200, body: { data: { issueUpdate: { success: true } } } };
  }
  if (isMutation) return { status: 400, body: gqlError('Cannot query field on type "Mutation".', "GRAPHQL_VALIDATION_FAILED") };

  if (/\bissueLabels\s*\(/.test(query)) {
    const name = String(variables.name ?? "").toLowerCase();
    const label = ctx.labelIds.get(name);
    return {
      status: 200,
      body: { data: { issueLabels: { nodes: label ? [{ id: label.id, name: label.name, team: label.team ? { id: `team-${label.team}`, key: label.team } : null }] : [] } } },
    };
  }
  if (/\bissue\s*\(/.test(query)) {
    const issue = issueById(variables.id);
    if (!issue) return notFound("Issue");
    const comments = issue.comments ?? [];
    const key = `comments|${issue.id}`;
    let offset = 0;
    if (typeof variables.after === "string") {
      const read = ctx.readPageToken(variables.after, key);
      if (read === null) return { status: 400, body: gqlError("Invalid cursor", "INVALID_INPUT") };
      offset = read;
    }
    const first = /\bcomments\s*\(\s*first\s*:\s*(\d+)/.exec(query);
    const size = Math.min(ctx.commentPageSize, Number(first?.[1] ?? 50));
    const page = comments.slice(offset, offset + size);
    const more = offset + size < comments.length;
    return {
      status: 200,
      body: {
        data: {
          issue: {
            comments: {
              nodes: page.map((c) => ({ id: c.id, body: c.body })),
              pageInfo: { hasNextPage: more, endCursor: page.length ? ctx.pageToken(offset + page.length, key) : null },
            },
          },
        },
      },
    };
  }
  return null;
}
