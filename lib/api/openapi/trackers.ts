// Tracker connections (/api/v1/connections): a Jira site, a GitHub repository or a Linear team whose issues are
// imported and scored, with the schemas their routes parse and answer with (lib/trackers/schemas.ts).
import {
  ACCOUNT_CUSTOMER,
  ACCOUNT_UNAUTHORIZED,
  AT,
  BODY_OVER_64KB_413,
  CROSS_SITE_403,
  gatewayError,
  gatewayErrors,
  type Operation,
} from "./common";
import { connectionListSchema, connectionSchema, createConnectionSchema, updateConnectionSchema, type ConnectionView } from "@/lib/trackers/schemas";

const CONNECTION_ID = "3c9d7f4e-8a21-4b6e-9f0d-2e5a7c1b8d63";
const CONNECTION_EXAMPLE: ConnectionView = {
  id: CONNECTION_ID,
  kind: "jira",
  name: "Acme Jira",
  base_url: "https://acme.atlassian.net",
  query: "project = ACME AND issuetype in (Story, Bug) ORDER BY updated DESC",
  schedule: "daily",
  credentials: { email: "dana@acme.example", token_last4: "x9Qe" },
  write_back: { comment: true, label: "not-ready", below: 80 },
  created_at: AT,
  updated_at: AT,
  last_sync: {
    status: "completed",
    trigger: "manual",
    fetched: 412,
    scored: 398,
    skipped: 14,
    failed: 0,
    written: 131,
    write_failed: 0,
    started_at: "2026-11-23T09:40:00.000Z",
    finished_at: "2026-11-23T09:40:07.912Z",
  },
};

/** Tracker connections: a Jira site, a GitHub repository or a Linear team whose issues are imported and scored. */
export function connectionOperations(): Operation[] {
  const auth =
    "With an API key (`Authorization: Bearer`) or the dashboard session cookie (the settings page); changes made with the session must come from the service's own pages (their `Origin`), else 403. A company login names the customer with `customer`.";
  const id = { name: "id", in: "path" as const, description: "The connection's `id`.", example: CONNECTION_ID };
  const common = { tag: "Trackers", security: "apiKeyOrSession" as const };
  const noConnection = { description: "No such connection, or another customer's.", example: gatewayError("not_found", "No such connection.") };
  const running = { ...CONNECTION_EXAMPLE, last_sync: { status: "running" as const, trigger: "manual" as const, fetched: 100, scored: 96, skipped: 4, failed: 0, started_at: AT } };
  return [
    {
      ...common,
      method: "get",
      path: "/api/v1/connections",
      summary: "List the account's tracker connections",
      description: `Newest first, each with its last sync; never a token (only the Jira email and the token's last four characters). ${auth}`,
      parameters: [ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "The connections.", schema: connectionListSchema, example: { data: [CONNECTION_EXAMPLE] } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/connections",
      summary: "Connect Jira, GitHub or Linear",
      description:
        "`kind` `jira`: `base_url` is the Jira Cloud site (required), `credentials` an Atlassian account's `email` and API token, `query` JQL. " +
        "`github`: `base_url` defaults to `https://api.github.com` (or a GitHub Enterprise API), `credentials.token` a token that can read the repository's issues, `query` `owner/repo`, optionally followed by ` labels=a,b`. " +
        "`linear`: `base_url` defaults to `https://api.linear.app`, `credentials.token` a Linear API key, `query` a team key. " +
        "`base_url` must be https and resolve to public addresses only (as callback URLs). The token is stored encrypted and never answered. `schedule` (default `manual`): `hourly` or `daily` syncs. At most 20 connections per account. " +
        "`write_back` (off by default): `comment` true puts one comment with the score and findings on each issue (edited in place when they change), `label` (letters, digits, `.`, `_`, `:`, `-`; at most 50 characters) is carried by the issues scoring below `below` percent (default 80) and removed from the others; a Jira issue also gets the `storyScoring` issue property. The token then needs write access (docs/trackers.md). " +
        `Recorded in the audit trail. ${auth}`,
      parameters: [ACCOUNT_CUSTOMER],
      body: createConnectionSchema,
      bodyExample: { kind: "jira", name: "Acme Jira", base_url: "https://acme.atlassian.net", credentials: { email: "dana@acme.example", token: "ATATT3xFfGF0-example" }, query: CONNECTION_EXAMPLE.query, schedule: "daily" },
      moreBodyExamples: {
        github: { summary: "A GitHub repository, issues labelled story or bug", value: { kind: "github", name: "Shop", credentials: { token: "github_pat_example" }, query: "acme/shop labels=story,bug" } },
        linear: { summary: "A Linear team", value: { kind: "linear", name: "Engineering", credentials: { token: "lin_api_example" }, query: "ENG", schedule: "hourly" } },
      },
      responses: {
        "201": { description: "Connected; no sync yet (`last_sync` is null).", schema: connectionSchema, headers: { Location: "The connection's URL." }, example: { ...CONNECTION_EXAMPLE, last_sync: null } },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["credentials.email: is required for jira (Basic auth is email:token)"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          409: { description: "The account already has 20 connections.", example: gatewayError("conflict", "You already have 20 tracker connections; delete one first.", ["connections: at most 20 per account"]) },
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      ...common,
      method: "get",
      path: "/api/v1/connections/{id}",
      summary: "A tracker connection and its last sync",
      description: `Poll it while a sync runs: \`last_sync\` counts what was fetched, scored, skipped and failed so far (updated after every page). ${auth}`,
      parameters: [id, ACCOUNT_CUSTOMER],
      responses: {
        "200": { description: "The connection.", schema: connectionSchema, examples: { completed: { summary: "After a sync", value: CONNECTION_EXAMPLE }, running: { summary: "While a sync runs", value: running } } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 404: noConnection }),
      },
    },
    {
      ...common,
      method: "patch",
      path: "/api/v1/connections/{id}",
      summary: "Change a connection's name, query, schedule, credentials or write-back",
      description: `Credentials are replaced whole (a Jira connection keeps its email when only a token is sent). \`write_back\` changes only the fields sent; turning it off leaves the comments and labels already written as they are. A changed query or write-back makes the next scheduled sync read every issue again. Recorded in the audit trail (never the token). ${auth}`,
      parameters: [id, ACCOUNT_CUSTOMER],
      body: updateConnectionSchema,
      bodyExample: { schedule: "hourly", credentials: { token: "ATATT3xFfGF0-rotated" }, write_back: { label: "not-ready", below: 70 } },
      responses: {
        "200": {
          description: "The connection after the change.",
          schema: connectionSchema,
          example: { ...CONNECTION_EXAMPLE, schedule: "hourly", credentials: { email: "dana@acme.example", token_last4: "ated" }, write_back: { comment: true, label: "not-ready", below: 70 } },
        },
        ...gatewayErrors({
          400: gatewayError("validation_error", "The request failed validation.", ["query: must be 'owner/repo', optionally followed by ' labels=a,b'"]),
          401: ACCOUNT_UNAUTHORIZED,
          403: CROSS_SITE_403,
          404: noConnection,
          413: BODY_OVER_64KB_413,
        }),
      },
    },
    {
      ...common,
      method: "delete",
      path: "/api/v1/connections/{id}",
      summary: "Disconnect a tracker",
      description: `204. Its schedule stops; a running sync stops at its next page. The stories it imported stay on the dashboard, billed as they were; the comments, labels and properties write-back put on the issues stay there too. Recorded in the audit trail. ${auth}`,
      parameters: [id, ACCOUNT_CUSTOMER],
      responses: {
        "204": { description: "Deleted." },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: noConnection }),
      },
    },
    {
      ...common,
      method: "post",
      path: "/api/v1/connections/{id}/sync",
      summary: "Import the connection's issues now",
      description:
        "202 with the connection, its `last_sync` running. Every issue is read (page by page, as the tracker serves them), scored as its kind (from the tracker's issue type) and recorded with the tracker's id as `external_id`: a new issue is a new story, counted against the quota; a changed one is scored again free; an unchanged one is not scored again (counted in `skipped`, with GitHub's pull requests). " +
        "A sync that reaches the quota stops with `status` `failed` and `error` naming the quota, keeping what it scored. A sync asked for while one waits or runs answers that one (202, nothing new is queued). " +
        auth,
      parameters: [id, ACCOUNT_CUSTOMER],
      responses: {
        "202": { description: "The sync is queued or running.", schema: connectionSchema, example: { ...running, last_sync: { ...running.last_sync, fetched: 0, scored: 0, skipped: 0 } } },
        ...gatewayErrors({ 401: ACCOUNT_UNAUTHORIZED, 403: CROSS_SITE_403, 404: noConnection }),
      },
    },
  ];
}
