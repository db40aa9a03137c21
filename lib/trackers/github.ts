// GitHub: a repository's issues through REST (`GET /repos/{owner}/{repo}/issues?state=all`), following the `Link`
// header's rel="next" URL as GitHub gives it. That endpoint also lists pull requests (every PR is an issue to
// GitHub); they are not backlog items, so they are counted in `skipped`. Rate limits come in two kinds: the
// primary one (`x-ratelimit-remaining: 0` until `x-ratelimit-reset`) and the secondary ones (a 403 or 429,
// sometimes with `retry-after`, and GitHub asks for at least a minute when it says nothing).
import { languageFromLabels } from "./language";
import { typeFromLabels } from "@/lib/backlog/formats";
import { readRichText } from "@/lib/richtext";
import { webLink } from "@/lib/http/web-link";
import { isRecord, ownWords, retryAfterMs, str, trackerRequest, trimBase, type RateLimitReader, type TrackerResponse } from "./http";
import { TrackerError, type FetchIssuesOptions, type TrackerConfig, type TrackerIssue, type TrackerPage } from "./types";

export const GITHUB_PAGE_SIZE = 100;
/** GitHub's advice for a secondary rate limit that names no wait. */
export const SECONDARY_LIMIT_WAIT_MS = 60_000;

export interface GitHubQuery {
  owner: string;
  repo: string;
  labels: string[];
}

const QUERY = /^\s*([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)\/([A-Za-z0-9._-]+)(?:\s+labels=(.*?))?\s*$/;

/** `owner/repo`, optionally followed by whitespace and `labels=a,b`. */
export function parseGitHubQuery(query: string): GitHubQuery {
  const match = QUERY.exec(query);
  if (!match || match[2] === "." || match[2] === "..") {
    throw new TrackerError("bad_query", `GitHub query "${query.slice(0, 100)}" is not "owner/repo" optionally followed by " labels=a,b"`);
  }
  const labels = match[3] === undefined ? [] : match[3].split(",").map((l) => l.trim()).filter(Boolean);
  if (match[3] !== undefined && labels.length === 0) throw new TrackerError("bad_query", 'GitHub query: "labels=" names no label (write labels=bug,ui)');
  return { owner: match[1]!, repo: match[2]!, labels };
}

/** The rel="next" URL of a Link header, if any. */
export function nextLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(",")) {
    const match = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    const rel = match && /\brel="?([^";]*)"?/.exec(match[2]!);
    if (rel && rel[1]!.split(/\s+/).includes("next")) return match![1]!;
  }
  return null;
}

const message = (body: unknown): string => (isRecord(body) && typeof body.message === "string" ? ownWords(body.message) : "");

export const githubRateLimit: RateLimitReader = (response: TrackerResponse) => {
  if (response.status !== 403 && response.status !== 429) return null;
  const h = response.headers;
  const asked = retryAfterMs(h);
  if (asked !== null) return { waitMs: asked, reason: `${response.status} with retry-after` };
  if (h.get("x-ratelimit-remaining") === "0") {
    const reset = Number(h.get("x-ratelimit-reset"));
    // The reset is in epoch seconds; one more second covers the clocks' disagreement.
    const waitMs = Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) + 1000 : SECONDARY_LIMIT_WAIT_MS;
    return { waitMs, reason: "primary rate limit exhausted" };
  }
  // A 429, or a 403 whose message says rate limit: a secondary limit that names no wait.
  if (response.status === 429 || /rate limit/i.test(message(response.body))) return { waitMs: SECONDARY_LIMIT_WAIT_MS, reason: "secondary rate limit" };
  return null;
};

function githubError(response: TrackerResponse, query: GitHubQuery): TrackerError {
  const words = message(response.body);
  const said = words ? `: ${words}` : "";
  const repo = `${query.owner}/${query.repo}`;
  switch (response.status) {
    case 401:
      return new TrackerError("bad_credentials", `GitHub refused the token (401)${said}`, 401);
    case 403:
      // Not a rate limit (those were retried): the token lacks a scope or the organisation blocks it.
      return new TrackerError("bad_credentials", `GitHub refused access to ${repo} (403)${said}`, 403);
    case 404:
      return new TrackerError("not_found", `GitHub: repository ${repo} not found, or the token cannot see it (404)${said}`, 404);
    case 410:
      return new TrackerError("not_found", `GitHub: issues are disabled on ${repo} (410)${said}`, 410);
    case 400:
    case 422:
      return new TrackerError("bad_query", `GitHub refused the query (${response.status})${said}`, response.status);
    default:
      return new TrackerError("bad_response", `GitHub answered ${response.status}${said}`, response.status);
  }
}

function toIssue(raw: Record<string, unknown>, query: GitHubQuery): TrackerIssue {
  const labels = Array.isArray(raw.labels) ? raw.labels.map((l) => (isRecord(l) ? str(l.name) : str(l))).filter(Boolean) : [];
  // Issue types (organisation repositories) win over labels when set.
  const type = isRecord(raw.type) && str(raw.type.name) ? str(raw.type.name) : typeFromLabels(labels);
  const read = readRichText(typeof raw.body === "string" ? raw.body : "", { markup: "markdown", splitCriteria: true });
  const number = str(raw.number);
  const updated = Date.parse(str(raw.updated_at));
  return {
    externalId: str(raw.node_id) || str(raw.id),
    key: `${query.owner}/${query.repo}#${number}`,
    url: webLink(raw.html_url) ?? "",
    summary: str(raw.title),
    description: read.text,
    acceptanceCriteria: read.criteria ?? "",
    issueType: type,
    language: languageFromLabels(labels) ?? undefined,
    updatedAt: Number.isNaN(updated) ? new Date(0).toISOString() : new Date(updated).toISOString(),
    labels: labels.map((name) => ({ name })),
    ...(typeof raw.comments === "number" ? { commentCount: raw.comments } : {}),
  };
}

export async function* fetchGitHubIssues(config: TrackerConfig, options: FetchIssuesOptions = {}): AsyncGenerator<TrackerPage> {
  const query = parseGitHubQuery(config.query);
  const baseUrl = trimBase(config.baseUrl);
  const headers = {
    Authorization: `Bearer ${config.credentials.token}`,
    Accept: "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
    "User-Agent": "story-scoring-service",
  };
  const params = new URLSearchParams({ state: "all", per_page: String(GITHUB_PAGE_SIZE) });
  if (query.labels.length) params.set("labels", query.labels.join(","));
  if (options.updatedSince) params.set("since", options.updatedSince.toISOString());
  let url: string | null = `${baseUrl}/repos/${encodeURIComponent(query.owner)}/${encodeURIComponent(query.repo)}/issues?${params}`;
  const seen = new Set<string>();
  while (url) {
    if (seen.has(url)) throw new TrackerError("bad_response", "GitHub's Link header points back to a page already read");
    seen.add(url);
    const response = await trackerRequest({ url, headers, tracker: "GitHub", rateLimit: githubRateLimit }, options);
    if (response.status !== 200) throw githubError(response, query);
    if (!Array.isArray(response.body)) throw new TrackerError("bad_response", "GitHub's issue list is not a JSON array; is the base URL GitHub's API?");
    let skipped = 0;
    const issues: TrackerIssue[] = [];
    for (const raw of response.body) {
      if (!isRecord(raw)) throw new TrackerError("bad_response", "GitHub's issue list holds something that is not an issue");
      if (raw.pull_request) skipped++;
      else issues.push(toIssue(raw, query));
    }
    yield { issues, skipped };
    const next = nextLink(response.headers.get("link"));
    // Follow GitHub's own URL, but only on the same origin: the token goes with it.
    url = next && new URL(next, baseUrl).origin === new URL(baseUrl).origin ? new URL(next, baseUrl).toString() : next ? badNext() : null;
  }
}

function badNext(): never {
  throw new TrackerError("bad_response", "GitHub's Link header points to another host; not following it with the token");
}
