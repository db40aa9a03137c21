// Linear: a team's issues through its GraphQL API (`POST {base}/graphql`), paged by cursor (`pageInfo { hasNextPage
// endCursor }`). Linear answers errors in an `errors` array, often with HTTP 200 or 400 rather than a status of
// their own, so the kind of error is read from `extensions.code`. A team key that matches no team is not an error
// to Linear (the filter just finds nothing), so the team is looked up first and a missing one is `not_found`.
import { languageFromLabels } from "./language";
import { typeFromLabels } from "@/lib/backlog/formats";
import { readRichText } from "@/lib/richtext";
import { webLink } from "@/lib/http/web-link";
import { isRecord, ownWords, retryAfterMs, str, trackerRequest, trimBase, type RateLimitReader, type TrackerResponse } from "./http";
import { TrackerError, type FetchIssuesOptions, type TrackerConfig, type TrackerIssue, type TrackerPage } from "./types";

export const LINEAR_PAGE_SIZE = 50;
/** Linear's rate limit window is an hour; without a reset header, a minute is the shortest sensible wait. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

export const TEAM_QUERY = `query Team($team: String!) {
  teams(filter: { key: { eq: $team } }) { nodes { id key name } }
}`;

const ISSUE_FIELDS = `pageInfo { hasNextPage endCursor }
    nodes { id identifier url title description updatedAt labels { nodes { id name } } }`;

export const ISSUES_QUERY = `query Issues($team: String!, $after: String) {
  issues(first: ${LINEAR_PAGE_SIZE}, after: $after, filter: { team: { key: { eq: $team } } }) {
    ${ISSUE_FIELDS}
  }
}`;

export const ISSUES_SINCE_QUERY = `query IssuesSince($team: String!, $after: String, $since: DateTimeOrDuration!) {
  issues(first: ${LINEAR_PAGE_SIZE}, after: $after, filter: { team: { key: { eq: $team } }, updatedAt: { gte: $since } }) {
    ${ISSUE_FIELDS}
  }
}`;

interface GraphQLError {
  message: string;
  code: string;
}

export function graphQLErrors(body: unknown): GraphQLError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.map((e) => {
    const ext = isRecord(e) && isRecord(e.extensions) ? e.extensions : {};
    // userPresentableMessage is Linear's own sentence for people; message is the developer one.
    const message = isRecord(e) ? str(ext.userPresentableMessage) || str(e.message) : "";
    return { message, code: str(ext.code) };
  });
}

export const linearRateLimit: RateLimitReader = (response: TrackerResponse) => {
  const limited = response.status === 429 || graphQLErrors(response.body).some((e) => e.code === "RATELIMITED");
  if (!limited) return null;
  const asked = retryAfterMs(response.headers);
  if (asked !== null) return { waitMs: asked, reason: "RATELIMITED with retry-after" };
  // Linear's reset headers are epoch milliseconds: the request budget's, or the complexity budget's when that is
  // the one spent.
  const h = response.headers;
  const spent = h.get("x-ratelimit-complexity-remaining") === "0" && h.get("x-ratelimit-requests-remaining") !== "0" ? "complexity" : "requests";
  const reset = Number(h.get(`x-ratelimit-${spent}-reset`));
  if (Number.isFinite(reset) && reset > 0) return { waitMs: Math.max(0, reset - Date.now()) + 500, reason: `RATELIMITED (${spent})` };
  return { waitMs: DEFAULT_RATE_LIMIT_WAIT_MS, reason: "RATELIMITED" };
};

export function linearError(response: TrackerResponse, errors: GraphQLError[]): TrackerError {
  const words = ownWords(errors.map((e) => e.message).filter(Boolean).join(" "));
  const said = words ? `: ${words}` : "";
  if (response.status === 401 || errors.some((e) => e.code === "AUTHENTICATION_ERROR")) {
    return new TrackerError("bad_credentials", `Linear refused the API key${said}`, response.status);
  }
  if (response.status === 403 || errors.some((e) => e.code === "FORBIDDEN")) {
    return new TrackerError("bad_credentials", `Linear: the key may not read this workspace's issues${said}`, response.status);
  }
  if (response.status === 404) return new TrackerError("not_found", `Linear: no GraphQL API at this base URL (404)${said}`, 404);
  if (response.status === 400 || errors.some((e) => e.code === "INVALID_INPUT" || e.code === "GRAPHQL_VALIDATION_FAILED")) {
    return new TrackerError("bad_query", `Linear refused the query${said}`, response.status);
  }
  return new TrackerError("bad_response", `Linear answered ${response.status}${said}`, response.status);
}

export async function* fetchLinearIssues(config: TrackerConfig, options: FetchIssuesOptions = {}): AsyncGenerator<TrackerPage> {
  const team = config.query.trim();
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(team)) throw new TrackerError("bad_query", `Linear query "${team.slice(0, 60)}" is not a team key (like ENG)`);
  const url = `${trimBase(config.baseUrl)}/graphql`;
  const token = config.credentials.token;
  const headers = {
    // Personal API keys go as they are; OAuth access tokens as Bearer.
    Authorization: token.startsWith("lin_api_") ? token : `Bearer ${token}`,
    "Content-Type": "application/json",
    Accept: "application/json",
  };
  const graphql = async (query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await trackerRequest({ url, method: "POST", headers, body: JSON.stringify({ query, variables }), tracker: "Linear", rateLimit: linearRateLimit }, options);
    const errors = graphQLErrors(response.body);
    if (response.status !== 200 || errors.length) throw linearError(response, errors);
    if (!isRecord(response.body) || !isRecord(response.body.data)) throw new TrackerError("bad_response", "Linear's answer has no data; is the base URL Linear's API?");
    return response.body.data;
  };

  const teams = await graphql(TEAM_QUERY, { team });
  const found = isRecord(teams.teams) && Array.isArray(teams.teams.nodes) ? teams.teams.nodes : null;
  if (!found) throw new TrackerError("bad_response", "Linear's teams answer has no nodes");
  if (found.length === 0) throw new TrackerError("not_found", `Linear: no team with key ${team} in this workspace, or the key cannot see it`, 404);

  const since = options.updatedSince?.toISOString();
  let after: string | null = null;
  for (;;) {
    const data = await graphql(since ? ISSUES_SINCE_QUERY : ISSUES_QUERY, since ? { team, after, since } : { team, after });
    const connection = isRecord(data.issues) ? data.issues : null;
    if (!connection || !Array.isArray(connection.nodes) || !isRecord(connection.pageInfo)) throw new TrackerError("bad_response", "Linear's issues answer has no nodes or pageInfo");
    const issues = connection.nodes.map(toIssue);
    yield { issues, skipped: 0 };
    const next = str(connection.pageInfo.endCursor);
    if (connection.pageInfo.hasNextPage !== true || !next) return;
    if (next === after) throw new TrackerError("bad_response", "Linear returned the same cursor twice");
    after = next;
  }
}

function toIssue(raw: unknown): TrackerIssue {
  if (!isRecord(raw) || !str(raw.id) || !str(raw.identifier)) throw new TrackerError("bad_response", "Linear returned an issue without id or identifier");
  const labelNodes = isRecord(raw.labels) && Array.isArray(raw.labels.nodes) ? raw.labels.nodes.filter(isRecord).filter((l) => str(l.name)) : [];
  const labels = labelNodes.map((l) => str(l.name));
  const read = readRichText(typeof raw.description === "string" ? raw.description : "", { markup: "markdown", splitCriteria: true });
  const updated = Date.parse(str(raw.updatedAt));
  return {
    externalId: str(raw.id),
    key: str(raw.identifier),
    url: webLink(raw.url) ?? "",
    summary: str(raw.title),
    description: read.text,
    acceptanceCriteria: read.criteria ?? "",
    // Linear has no issue types; teams mark bugs and features with labels.
    issueType: typeFromLabels(labels),
    language: languageFromLabels(labels) ?? undefined,
    updatedAt: Number.isNaN(updated) ? new Date(0).toISOString() : new Date(updated).toISOString(),
    labels: labelNodes.map((l) => ({ name: str(l.name), ...(str(l.id) ? { id: str(l.id) } : {}) })),
  };
}
