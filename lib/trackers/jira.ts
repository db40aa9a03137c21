// Jira Cloud: the issues a JQL query finds, through REST v3's enhanced search (`GET /rest/api/3/search/jql`, the
// endpoint Atlassian moved everyone to when `/search` was retired), paged by its opaque `nextPageToken` until
// `isLast`. Descriptions come as ADF; the acceptance-criteria custom field has a site-specific id
// (customfield_10042 on one site, another elsewhere), so it is found by its display name in `names`
// (`expand=names`), as the export reader finds it in a saved search result.
import { jiraLanguage } from "./language";
import { isCriteriaName } from "@/lib/backlog/formats";
import { readRichText } from "@/lib/richtext";
import { isRecord, ownWords, str, trackerRequest, trimBase, type TrackerResponse } from "./http";
import { TrackerError, type FetchIssuesOptions, type TrackerConfig, type TrackerIssue, type TrackerPage } from "./types";

/** Jira's enhanced search gives at most 100 issues a page when all navigable fields are asked for. */
export const JIRA_PAGE_SIZE = 100;

/**
 * Every navigable field: the criteria field's id is not known before the first answer names it, and asking for
 * fewer fields on later pages would change the query the page token belongs to.
 */
const FIELDS = "*navigable";

/**
 * Jira reads a JQL date in the searching user's time zone, which the API does not tell us. A window opened 14 hours
 * early (the widest UTC offset) cannot miss an update whatever that zone is; the issues it also brings back that
 * were updated before the instant asked for are dropped here by their exact `updated` stamp.
 */
const TIME_ZONE_MARGIN_MS = 14 * 3600_000;

/** Splits a trailing ORDER BY clause off a JQL query (outside quoted strings; case-insensitive). */
export function splitOrderBy(jql: string): { where: string; orderBy: string } {
  let quote: string | null = null;
  let found = -1;
  for (let i = 0; i < jql.length; i++) {
    const c = jql[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    if ((c === "o" || c === "O") && (i === 0 || /[\s)]/.test(jql[i - 1]!)) && /^order\s+by\b/i.test(jql.slice(i))) found = i;
  }
  if (found < 0) return { where: jql.trim(), orderBy: "" };
  return { where: jql.slice(0, found).trim(), orderBy: jql.slice(found).trim() };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A JQL date ("yyyy/MM/dd HH:mm"), written in UTC. */
export function jqlDate(date: Date): string {
  return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}

/** The user's JQL, narrowed to issues updated since an instant when syncing incrementally; ORDER BY stays last. */
export function incrementalJql(jql: string, updatedSince?: Date): string {
  if (!updatedSince) return jql.trim();
  const { where, orderBy } = splitOrderBy(jql);
  const since = `updated >= "${jqlDate(new Date(updatedSince.getTime() - TIME_ZONE_MARGIN_MS))}"`;
  const clause = where ? `(${where}) AND ${since}` : since;
  return orderBy ? `${clause} ${orderBy}` : clause;
}

/** A Jira field value as text: an ADF document, a string (wiki markup or plain), an option ({value}), a list. */
function fieldText(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return readRichText(String(value), { markup: "adf" }).text;
  if (Array.isArray(value)) return value.map(fieldText).filter(Boolean).join(", ");
  if (isRecord(value)) {
    if (value.type === "doc") return readRichText(value, { markup: "adf" }).text;
    return str(value.value) || str(value.name);
  }
  return "";
}

/** Jira's error body `{"errorMessages": [...], "errors": {"field": "message"}}` as one line of its own words. */
export function jiraMessage(body: unknown): string {
  if (isRecord(body)) {
    const messages = Array.isArray(body.errorMessages) ? body.errorMessages.map(str).filter(Boolean) : [];
    const errors = isRecord(body.errors) ? Object.entries(body.errors).map(([field, m]) => `${field}: ${str(m)}`) : [];
    const all = [...messages, ...errors];
    if (all.length) return ownWords(all.join(" "));
    if (typeof body.message === "string") return ownWords(body.message);
  }
  return "";
}

function jiraError(response: TrackerResponse): TrackerError {
  const words = jiraMessage(response.body);
  const said = words ? `: ${words}` : "";
  switch (response.status) {
    case 400:
      // A JQL naming a project that does not exist (or that the account cannot browse) is refused as a bad
      // query by Jira; for the customer it is the missing project.
      if (/does not exist for the field 'project'/i.test(words)) return new TrackerError("not_found", `Jira: the project was not found${said}`, 400);
      return new TrackerError("bad_query", `Jira refused the JQL${said}`, 400);
    case 401:
      return new TrackerError("bad_credentials", `Jira refused the email and API token (401)${said}`, 401);
    case 403:
      return new TrackerError("bad_credentials", `Jira: the account may not search this site (403)${said}`, 403);
    case 404:
      return new TrackerError("not_found", `Jira: not found at this site (404); check the site URL${said}`, 404);
    default:
      return new TrackerError("bad_response", `Jira answered ${response.status}${said}`, response.status);
  }
}

/**
 * The site part of a Jira issue's billing identity: the connection's base URL without its scheme
 * (`acme.atlassian.net`, `jira.example.com:8443/jira`). Jira's issue ids are numbered per site, so issue 10001
 * of one site and issue 10001 of another are two stories; `acme.atlassian.net:10001` keeps them apart.
 * db/migrations/0017_jira_site_identities.sql moved the identities recorded before (the bare id) to this form,
 * reading the site from each issue's link (`<base URL>/browse/<key>`).
 */
export function jiraSite(baseUrl: string): string {
  return trimBase(baseUrl).replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
}

function toIssue(raw: unknown, baseUrl: string, criteriaField: string | undefined): TrackerIssue {
  if (!isRecord(raw) || !isRecord(raw.fields) || !str(raw.id) || !str(raw.key)) {
    throw new TrackerError("bad_response", "Jira returned an issue without id, key or fields");
  }
  const f = raw.fields;
  const criteria = criteriaField ? fieldText(f[criteriaField]) : "";
  // The description's own "Acceptance criteria" section becomes the criteria when the field is empty.
  const read = readRichText(f.description ?? "", { markup: "adf", splitCriteria: !criteria });
  const key = str(raw.key);
  const updated = Date.parse(str(f.updated));
  return {
    externalId: `${jiraSite(baseUrl)}:${str(raw.id)}`,
    key,
    url: `${baseUrl}/browse/${encodeURIComponent(key)}`,
    summary: str(f.summary),
    description: read.text,
    acceptanceCriteria: criteria || read.criteria || "",
    issueType: isRecord(f.issuetype) && str(f.issuetype.name) ? str(f.issuetype.name) : null,
    language: jiraLanguage(f, Array.isArray(f.labels) ? f.labels.map(str) : []) ?? undefined,
    updatedAt: Number.isNaN(updated) ? new Date(0).toISOString() : new Date(updated).toISOString(),
    labels: Array.isArray(f.labels) ? f.labels.map(str).filter(Boolean).map((name) => ({ name })) : [],
  };
}

export async function* fetchJiraIssues(config: TrackerConfig, options: FetchIssuesOptions = {}): AsyncGenerator<TrackerPage> {
  const baseUrl = trimBase(config.baseUrl);
  const { email, token } = config.credentials;
  if (!email) throw new TrackerError("bad_credentials", "Jira needs the account's email with the API token");
  if (!config.query.trim()) throw new TrackerError("bad_query", "Jira needs a JQL query (e.g. project = ACME)");
  const jql = incrementalJql(config.query, options.updatedSince);
  const headers = {
    Authorization: `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`,
    Accept: "application/json",
  };
  const since = options.updatedSince?.getTime();
  let criteriaField: string | undefined;
  let pageToken: string | undefined;
  for (;;) {
    const params = new URLSearchParams({ jql, maxResults: String(JIRA_PAGE_SIZE), fields: FIELDS, expand: "names" });
    if (pageToken) params.set("nextPageToken", pageToken);
    const response = await trackerRequest({ url: `${baseUrl}/rest/api/3/search/jql?${params}`, headers, tracker: "Jira", urlName: "the site URL" }, options);
    if (response.status !== 200) throw jiraError(response);
    const body = response.body;
    if (!isRecord(body) || !Array.isArray(body.issues)) throw new TrackerError("bad_response", "Jira's search answer has no issues list; is the site URL a Jira Cloud site?");
    if (isRecord(body.names)) {
      const names = body.names;
      criteriaField ??= Object.keys(names).find((id) => isCriteriaName(str(names[id])));
    }
    const issues = body.issues.map((raw) => toIssue(raw, baseUrl, criteriaField)).filter((issue) => since === undefined || Date.parse(issue.updatedAt) >= since);
    yield { issues, skipped: 0 };
    const next = str(body.nextPageToken);
    if (body.isLast === true || !next) return;
    if (next === pageToken) throw new TrackerError("bad_response", "Jira returned the same page token twice");
    pageToken = next;
  }
}
