// Fake Jira Cloud, GitHub and Linear servers on loopback, for the tracker clients' tests, the sync tests, the
// Playwright test and the import benchmark. Each serves the real paths with the real authentication, pagination
// and error shapes, from a mutable list of issues (tests add and change issues between syncs), honours the
// incremental filters, can be told to fail the next requests (429 with Retry-After, 500, GitHub's secondary limit),
// and logs every request. Only what the clients use is served; anything else answers 404 as the real API would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleGitHubWrite, handleJiraWrite, handleLinearWrite, linearLabelId, type FakeComment } from "./fake-tracker-writes";

export type { FakeComment } from "./fake-tracker-writes";

// ---------------------------------------------------------------------------------------------------------------
// Shared server plumbing

export interface LoggedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
  status: number;
}

export interface Fault {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** The request is carried out all the same, and this answer replaces the real one (an answer lost after the write). */
  process?: boolean;
  /** Only for requests of this method (the others pass it by); any request when absent. */
  method?: string;
  /** Only for the requests this accepts (a Linear mutation, say). */
  when?: (request: LoggedRequest) => boolean;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: LoggedRequest[];
  /** Answers for the next requests, used first to last before any real handling. */
  faults: Fault[];
  /** The next `count` requests answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(count: number, retryAfterSeconds?: number): void;
  /** The next `count` requests answer 500. */
  failNext(count: number, status?: number): void;
  /** The next request of `method` (default POST) is carried out, but answered with a 502 (its answer lost on the way back). */
  failAfterNext(method?: string, status?: number): void;
  /** Every answer waits this long (a slow tracker: a sync lasts long enough to watch its progress). Mutable. */
  latencyMs: number;
  close(): Promise<void>;
}

type Handler = (request: LoggedRequest) => Reply;

async function startServer(handle: Handler, latencyMs = 0, host = "127.0.0.1"): Promise<FakeServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      const logged: LoggedRequest = { method: req.method ?? "GET", url: req.url ?? "/", path: url.pathname, query: url.searchParams, headers, body: Buffer.concat(chunks).toString("utf8"), status: 0 };
      let reply: Reply;
      try {
        const at = fake.faults.findIndex((f) => (!f.method || f.method === logged.method) && (!f.when || f.when(logged)));
        const fault = at >= 0 ? fake.faults.splice(at, 1)[0] : undefined;
        if (fault?.process) handle(logged);
        reply = fault ?? handle(logged);
      } catch (error) {
        reply = { status: 500, body: { message: `fake tracker error: ${(error as Error).message}` } };
      }
      logged.status = reply.status;
      fake.requests.push(logged);
      const body = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
      const send = () => {
        res.writeHead(reply.status, { "content-type": typeof reply.body === "string" ? "text/plain" : "application/json", ...reply.headers });
        res.end(body);
      };
      if (fake.latencyMs > 0) setTimeout(send, fake.latencyMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeServer = {
    url: `http://${host}:${port}`,
    requests: [],
    faults: [],
    latencyMs,
    rateLimitNext(count, retryAfterSeconds = 1) {
      for (let i = 0; i < count; i++) fake.faults.push({ status: 429, headers: { "retry-after": String(retryAfterSeconds) }, body: { message: "Too many requests" } });
    },
    failNext(count, status = 500) {
      for (let i = 0; i < count; i++) fake.faults.push({ status, body: { message: "Internal server error" } });
    },
    failAfterNext(method = "POST", status = 502) {
      fake.faults.push({ status, body: { message: "Bad gateway" }, process: true, method });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return fake;
}

/** An opaque page token: the offset, tied to the query it belongs to (a token from another query is refused). */
function pageToken(offset: number, query: string): string {
  return Buffer.from(JSON.stringify({ o: offset, q: hash(query) })).toString("base64url");
}

function readPageToken(token: string, query: string): number | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { o?: unknown; q?: unknown };
    return typeof parsed.o === "number" && parsed.q === hash(query) ? parsed.o : null;
  } catch {
    return null;
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The number a tracker gives a project's or team's next issue ("ACME-13" after "ACME-12"), from its keys. */
function nextKeyNumber(keys: string[]): number {
  return keys.reduce((n, key) => Math.max(n, Number(key.split("-")[1])), 0) + 1;
}

/** An edit made in a fake tracker: the changes (with the fresh update time the tracker would stamp) on the issue. */
function updateFakeIssue<I extends object>(issue: I | undefined, missing: string, changes: Partial<I>): I {
  if (!issue) throw new Error(missing);
  return Object.assign(issue, changes);
}

// ---------------------------------------------------------------------------------------------------------------
// Realistic backlog text, generated on demand (deterministic by index, so 5,000 issues cost a few milliseconds).

export type GeneratedType = "Story" | "Bug" | "Task";

export interface GeneratedItem {
  type: GeneratedType;
  summary: string;
  /** Markdown paragraphs. */
  description: string;
  /** Criteria lines, one per criterion ("Given ... when ... then ..."); empty for some items. */
  criteria: string[];
}

const ROLES = ["shopper", "store manager", "support agent", "finance analyst", "new customer", "warehouse picker", "account admin", "marketing editor"];
const GOALS: [string, string][] = [
  ["save my card at checkout", "I can pay for repeat orders in one step"],
  ["export last month's invoices as CSV", "I can reconcile them in the accounting system"],
  ["filter orders by delivery status", "I can chase the late ones first"],
  ["reset my password from the sign-in page", "I can get back into my account without calling support"],
  ["see stock levels per warehouse", "I can move items before a store runs out"],
  ["schedule a promotion to start at midnight", "the campaign goes live without anyone awake"],
  ["invite a colleague with read-only access", "they can check reports without changing settings"],
  ["get an email when a refund is processed", "I know the money is on its way"],
  ["merge duplicate customer records", "order history is not split across two accounts"],
  ["download a packing slip for each order", "the parcel carries the right paperwork"],
];
const BUGS: [string, string][] = [
  ["Checkout total ignores the discount code on the second item", "Add two items, apply SPRING10: only the first line is discounted, the total is 4.50 too high."],
  ["Invoice PDF shows the wrong VAT number for EU customers", "Customers in Ireland receive invoices with the German VAT number in the footer."],
  ["Password reset link expires immediately", "The reset email arrives, but following the link within a minute says it has expired."],
  ["Order list times out for accounts with more than 10,000 orders", "The orders page spins for 30 s and shows a gateway error for large merchants."],
  ["Stock count goes negative after a cancelled return", "Cancelling a return that was already restocked subtracts the items a second time."],
  ["Search returns archived products", "Products archived last year still appear in the storefront search results."],
];
const TASKS = [
  "Upgrade the payment SDK to the version that supports 3-D Secure 2.2",
  "Rotate the database credentials used by the reporting job",
  "Add an index on orders.customer_id for the order history query",
  "Move the nightly export from cron to the job queue",
  "Remove the feature flag for the old checkout page",
  "Write the runbook for restoring the product catalogue from backup",
];
const VAGUE = ["checkout", "onboarding", "search", "reporting", "account settings"];
const AREAS = ["web", "iOS app", "admin console", "public API", "mobile web"];

/** The i-th item of an endless, varied backlog: stories, bugs and tasks in a realistic mix (60/25/15). */
export function generateItem(i: number): GeneratedItem {
  const area = AREAS[i % AREAS.length]!;
  // A multiplicative hash spreads the kinds (consecutive keys are not all bugs).
  const pick = (Math.imul(i + 1, 2654435761) >>> 0) % 20;
  if (pick < 12) {
    const role = ROLES[(i * 31) % ROLES.length]!;
    const [goal, benefit] = GOALS[(i * 17) % GOALS.length]!;
    const vague = i % 9 === 0;
    const article = /^[aeiou]/.test(role) ? "an" : "a";
    return {
      type: "Story",
      summary: vague ? `Improve the ${VAGUE[i % VAGUE.length]} experience (${area})` : `As ${article} ${role}, I want to ${goal} on the ${area}`,
      description: vague
        ? `We should make this better and more user-friendly. See the discussion from the ${area} review.`
        : `As ${article} ${role}, I want to ${goal}, so that ${benefit}.\n\nThis applies to the ${area} only; other channels follow in a later story.`,
      criteria:
        i % 5 === 0
          ? []
          : [`Given a signed-in ${role}, when they ${goal.split(" ").slice(0, 3).join(" ")}, then the result is shown within 2 seconds`, `Given the ${area} is offline, when they try, then a clear error explains what to do`],
    };
  }
  if (pick < 17) {
    const [summary, detail] = BUGS[(i * 13) % BUGS.length]!;
    return {
      type: "Bug",
      summary: `${summary} (${area})`,
      description: `${detail}\n\nSteps to reproduce:\n\n1. Sign in as a test customer on the ${area}\n2. Follow the steps above\n\nExpected: the correct result. Actual: as described.`,
      criteria: i % 3 === 0 ? [] : ["The steps above give the expected result", "A regression test covers the case"],
    };
  }
  return {
    type: "Task",
    summary: `${TASKS[(i * 11) % TASKS.length]} (${area})`,
    description: `Technical task for the ${area} team. Done when it is deployed to production and the dashboards show no new errors for a day.`,
    criteria: [],
  };
}

/** Markdown to a small ADF document (paragraphs, numbered lists), as Jira stores descriptions. */
export function markdownToAdf(markdown: string): Record<string, unknown> {
  const content: Record<string, unknown>[] = [];
  for (const block of markdown.split(/\n{2,}/)) {
    const lines = block.split("\n");
    if (lines.every((l) => /^\d+\.\s/.test(l))) {
      content.push({
        type: "orderedList",
        content: lines.map((l) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: l.replace(/^\d+\.\s/, "") }] }] })),
      });
    } else {
      content.push({ type: "paragraph", content: lines.flatMap((l, n) => [...(n ? [{ type: "hardBreak" }] : []), { type: "text", text: l }]) });
    }
  }
  return { type: "doc", version: 1, content };
}

/** Criteria lines as an ADF bullet list. */
export function criteriaToAdf(lines: string[]): Record<string, unknown> {
  return {
    type: "doc",
    version: 1,
    content: [{ type: "bulletList", content: lines.map((text) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }] })) }],
  };
}

const BASE_TIME = Date.parse("2026-01-05T09:00:00Z");

// ---------------------------------------------------------------------------------------------------------------
// Jira Cloud

export interface FakeJiraIssue {
  id: string;
  key: string;
  project: string;
  summary: string;
  /** An ADF document, a string (wiki markup, as REST v2 would give), or null. */
  description: Record<string, unknown> | string | null;
  /** The acceptance-criteria custom field's value (ADF or text), or null. */
  criteria: Record<string, unknown> | string | null;
  issueType: string;
  /** ISO 8601; Jira's own format is produced when serving. */
  updated: string;
  created: string;
  labels?: string[];
  /** Comments, oldest first (bodies in ADF). */
  comments?: FakeComment[];
  /** Issue properties by key. */
  properties?: Record<string, unknown>;
}

export interface FakeJiraOptions {
  email?: string;
  token?: string;
  /** Projects that exist (their issues may be none). Default ["ACME"]. */
  projects?: string[];
  /** Issues generated for the first project (ACME-1 ...). Default 0. */
  count?: number;
  /** The most issues a page gives, whatever maxResults asks (default 100, Jira's own cap). */
  pageSize?: number;
  /** The criteria field's id and display name. */
  criteriaField?: { id: string; name: string };
  /** Every answer waits this long. */
  latencyMs?: number;
  /** The first generated issue's id (default 10000): fakes of one run that must not share ids start apart. */
  firstId?: number;
  /** The loopback address it listens on (default 127.0.0.1; the outbound tests put a "public" tracker on 127.0.0.2). */
  host?: string;
  /** API tokens (of the same email) that authenticate but may not comment or edit: write-back is refused with 403. */
  readOnlyTokens?: string[];
  /** The most comments a page of an issue's comments gives (default 100, Jira's cap). */
  commentPageSize?: number;
}

export interface FakeJira extends FakeServer {
  email: string;
  token: string;
  issues: FakeJiraIssue[];
  projects: Set<string>;
  /** Adds an issue (next id and key of the project), updated now unless said. */
  addIssue(fields: Partial<FakeJiraIssue> & { summary: string }): FakeJiraIssue;
  /** Changes an issue by key and stamps it updated now (or at `fields.updated`). */
  updateIssue(key: string, fields: Partial<FakeJiraIssue>): FakeJiraIssue;
  /** The Basic authorization header value the fake accepts. */
  authorization: string;
}

/** Jira's timestamp format: 2026-01-05T09:00:00.000+0000. */
function jiraTime(iso: string): string {
  return new Date(iso).toISOString().replace("Z", "+0000");
}

/** A generated Jira issue: ADF description, criteria in the custom field (or, for some, as a description section). */
export function generateJiraIssue(i: number, project = "ACME", firstId = 10000): FakeJiraIssue {
  const item = generateItem(i);
  const inDescription = item.criteria.length > 0 && i % 4 === 3;
  const description = inDescription ? `${item.description}\n\nAcceptance criteria\n\n${item.criteria.map((c, n) => `${n + 1}. ${c}`).join("\n")}` : item.description;
  const adf = markdownToAdf(description);
  if (inDescription) {
    // Make the "Acceptance criteria" paragraph a heading, as people write it in Jira.
    const content = adf.content as Record<string, unknown>[];
    const at = content.findIndex((b) => JSON.stringify(b).includes('"Acceptance criteria"'));
    if (at >= 0) content[at] = { type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Acceptance criteria" }] };
  }
  const time = new Date(BASE_TIME + i * 60_000).toISOString();
  return {
    id: String(firstId + i),
    key: `${project}-${i + 1}`,
    project,
    summary: item.summary,
    description: adf,
    criteria: !inDescription && item.criteria.length ? criteriaToAdf(item.criteria) : null,
    issueType: item.type,
    created: time,
    updated: time,
  };
}

export async function startFakeJira(options: FakeJiraOptions = {}): Promise<FakeJira> {
  const email = options.email ?? "dev@acme.example";
  const token = options.token ?? "jira-token-1";
  const projects = new Set(options.projects ?? ["ACME"]);
  const first = [...projects][0] ?? "ACME";
  const criteriaField = options.criteriaField ?? { id: "customfield_10042", name: "Acceptance Criteria" };
  const maxPage = options.pageSize ?? 100;
  const firstId = options.firstId ?? 10000;
  const issues: FakeJiraIssue[] = Array.from({ length: options.count ?? 0 }, (_, i) => generateJiraIssue(i, first, firstId));
  let nextId = firstId + issues.length;

  const readOnly = new Set((options.readOnlyTokens ?? []).map((t) => `Basic ${Buffer.from(`${email}:${t}`).toString("base64")}`));
  const server = await startServer((request) => {
    const auth = request.headers.authorization ?? "";
    if (auth !== jira.authorization && !readOnly.has(auth)) {
      // Jira Cloud answers a bad Basic credential with 401 and a text body.
      return { status: 401, body: "Client must be authenticated to access this resource." };
    }
    const write = handleJiraWrite(request, { issues: jira.issues, canWrite: !readOnly.has(auth), commentPageSize: options.commentPageSize ?? 100, url: jira.url });
    if (write) return write;
    if (request.method !== "GET" || request.path !== "/rest/api/3/search/jql") {
      return { status: 404, body: { errorMessages: ["Not found"], errors: {} } };
    }
    const jql = request.query.get("jql") ?? "";
    let parsed: ParsedJql;
    try {
      parsed = parseJql(jql);
    } catch (error) {
      return { status: 400, body: { errorMessages: [(error as Error).message], errors: {} } };
    }
    for (const value of parsed.projects) {
      if (!jira.projects.has(value.toUpperCase())) {
        return { status: 400, body: { errorMessages: [`The value '${value}' does not exist for the field 'project'.`], errors: {} } };
      }
    }
    const maxResults = Math.min(maxPage, Math.max(1, Number(request.query.get("maxResults") ?? 50) || 50));
    const token = request.query.get("nextPageToken");
    let offset = 0;
    if (token) {
      const read = readPageToken(token, jql);
      if (read === null) return { status: 400, body: { errorMessages: ["The provided next page token is invalid or expired."], errors: {} } };
      offset = read;
    }
    const found = jira.issues.filter((issue) => parsed.matches(issue));
    found.sort(parsed.compare);
    const page = found.slice(offset, offset + maxResults);
    const more = offset + maxResults < found.length;
    const expandNames = (request.query.get("expand") ?? "").split(",").includes("names");
    return {
      status: 200,
      body: {
        issues: page.map((issue) => ({
          id: issue.id,
          key: issue.key,
          self: `${jira.url}/rest/api/3/issue/${issue.id}`,
          fields: {
            summary: issue.summary,
            description: issue.description,
            issuetype: { name: issue.issueType, subtask: issue.issueType === "Sub-task" },
            project: { key: issue.project },
            created: jiraTime(issue.created),
            updated: jiraTime(issue.updated),
            labels: issue.labels ?? [],
            [criteriaField.id]: issue.criteria,
          },
        })),
        ...(expandNames
          ? { names: { summary: "Summary", description: "Description", issuetype: "Issue Type", project: "Project", created: "Created", updated: "Updated", [criteriaField.id]: criteriaField.name } }
          : {}),
        ...(more ? { nextPageToken: pageToken(offset + maxResults, jql) } : {}),
        isLast: !more,
      },
    };
  }, options.latencyMs, options.host);

  const jira: FakeJira = Object.assign(server, {
    email,
    token,
    issues,
    projects,
    authorization: `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`,
    addIssue(fields: Partial<FakeJiraIssue> & { summary: string }) {
      const project = fields.project ?? first;
      const number = nextKeyNumber(jira.issues.filter((i) => i.project === project).map((i) => i.key));
      const now = new Date().toISOString();
      const issue: FakeJiraIssue = { id: String(nextId++), key: `${project}-${number}`, project, description: null, criteria: null, issueType: "Story", created: now, updated: now, ...fields };
      jira.issues.push(issue);
      return issue;
    },
    updateIssue(key: string, fields: Partial<FakeJiraIssue>) {
      return updateFakeIssue(jira.issues.find((i) => i.key === key), `fake Jira has no issue ${key}`, { updated: new Date().toISOString(), ...fields });
    },
  });
  return jira;
}

interface ParsedJql {
  projects: string[];
  matches(issue: FakeJiraIssue): boolean;
  compare(a: FakeJiraIssue, b: FakeJiraIssue): number;
}

type Token = { kind: "word" | "string" | "op" | "paren" | "comma"; text: string };

function tokenize(jql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < jql.length) {
    const c = jql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = "";
      while (j < jql.length && jql[j] !== c) {
        if (jql[j] === "\\") j++;
        text += jql[j] ?? "";
        j++;
      }
      if (j >= jql.length) throw new Error(`Error in the JQL Query: The quoted string '${text}' has not been completed. (line 1, character ${i + 1})`);
      tokens.push({ kind: "string", text });
      i = j + 1;
    } else if (c === "(" || c === ")") {
      tokens.push({ kind: "paren", text: c });
      i++;
    } else if (c === ",") {
      tokens.push({ kind: "comma", text: c });
      i++;
    } else if (/[=!<>~]/.test(c)) {
      const m = /^(?:!=|>=|<=|!~|=|>|<|~)/.exec(jql.slice(i));
      if (!m) throw new Error(`Error in the JQL Query: The character '${c}' is a reserved JQL character. (line 1, character ${i + 1})`);
      tokens.push({ kind: "op", text: m[0] });
      i += m[0].length;
    } else {
      const m = /^[^\s()=!<>~,"']+/.exec(jql.slice(i))!;
      tokens.push({ kind: "word", text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

/** A JQL date ("yyyy/MM/dd HH:mm", "yyyy-MM-dd", ...) read in the fake's zone, UTC. */
function jqlInstant(text: string): number {
  const m = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!m) throw new Error(`Date value '${text}' for field 'updated' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', 'yyyy-MM-dd'.`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
}

const FIELDS: Record<string, (issue: FakeJiraIssue) => string | number> = {
  project: (i) => i.project,
  key: (i) => Number(i.key.split("-")[1]),
  id: (i) => Number(i.id),
  issuetype: (i) => i.issueType,
  type: (i) => i.issueType,
  updated: (i) => Date.parse(i.updated),
  created: (i) => Date.parse(i.created),
};

/**
 * The JQL the fake understands: clauses on project, issuetype, key, updated and created joined by AND / OR with
 * parentheses, and ORDER BY. Any other field is refused in Jira's words.
 */
export function parseJql(jql: string): ParsedJql {
  const tokens = tokenize(jql);
  let at = 0;
  const projects: string[] = [];
  const peek = () => tokens[at];
  const isWord = (t: Token | undefined, w: string) => t?.kind === "word" && t.text.toLowerCase() === w;
  const fail = (what: string): never => {
    throw new Error(`Error in the JQL Query: Expecting ${what} but got '${peek()?.text ?? "end of query"}'. (line 1, character ${at + 1})`);
  };

  type Pred = (issue: FakeJiraIssue) => boolean;
  const value = (field: string): string => {
    const t = tokens[at++];
    if (!t || (t.kind !== "word" && t.kind !== "string")) return fail("either a value or a function");
    if (field === "project") projects.push(t.text);
    return t.text;
  };
  const clause = (): Pred => {
    const t = tokens[at];
    if (t?.kind === "paren" && t.text === "(") {
      at++;
      const inner = orExpr();
      if (tokens[at]?.text !== ")") fail("')'");
      at++;
      return inner;
    }
    if (isWord(t, "not")) {
      at++;
      const inner = clause();
      return (i) => !inner(i);
    }
    if (!t || t.kind !== "word") return fail("a field name");
    const field = t.text.toLowerCase();
    const get = FIELDS[field];
    if (!get) throw new Error(`Field '${t.text}' does not exist or you do not have permission to view it.`);
    at++;
    const opToken = tokens[at];
    let op: string;
    if (opToken?.kind === "op") op = opToken.text;
    else if (isWord(opToken, "in")) op = "in";
    else if (isWord(opToken, "not") && isWord(tokens[at + 1], "in")) {
      op = "not in";
      at++;
    } else return fail("operator");
    at++;
    const toComparable = (raw: string): string | number => {
      if (field === "updated" || field === "created") return jqlInstant(raw);
      if (field === "key") return Number(raw.split("-")[1]);
      if (field === "id") return Number(raw);
      return raw.toLowerCase();
    };
    const actual = (i: FakeJiraIssue) => {
      const v = get(i);
      return typeof v === "string" ? v.toLowerCase() : v;
    };
    if (op === "in" || op === "not in") {
      if (tokens[at]?.text !== "(") fail("'('");
      at++;
      const values: (string | number)[] = [];
      for (;;) {
        values.push(toComparable(value(field)));
        if (tokens[at]?.kind === "comma") at++;
        else break;
      }
      if (tokens[at]?.text !== ")") fail("')'");
      at++;
      return op === "in" ? (i) => values.includes(actual(i)) : (i) => !values.includes(actual(i));
    }
    const expected = toComparable(value(field));
    switch (op) {
      case "=":
        return (i) => actual(i) === expected;
      case "!=":
        return (i) => actual(i) !== expected;
      case ">=":
        return (i) => actual(i) >= expected;
      case ">":
        return (i) => actual(i) > expected;
      case "<=":
        return (i) => actual(i) <= expected;
      case "<":
        return (i) => actual(i) < expected;
      default:
        throw new Error(`The operator '${op}' is not supported by the '${t.text}' field.`);
    }
  };
  // AND binds tighter than OR: each is a run of the level below it joined by its word.
  const joined = (word: string, operand: () => Pred, combine: (parts: Pred[]) => Pred) => (): Pred => {
    const parts = [operand()];
    while (isWord(peek(), word)) {
      at++;
      parts.push(operand());
    }
    return combine(parts);
  };
  const andExpr = joined("and", clause, (parts) => (i) => parts.every((p) => p(i)));
  const orExpr = joined("or", andExpr, (parts) => (i) => parts.some((p) => p(i)));

  const matches = tokens.length === 0 || isWord(tokens[0], "order") ? () => true : orExpr();
  // ORDER BY field [ASC|DESC], ...; without one the fake orders by id ascending (creation order), so pages
  // read naturally. Any order is fine for the clients: they read to the last page.
  const orders: { get: (i: FakeJiraIssue) => string | number; dir: number }[] = [];
  if (at < tokens.length) {
    if (!isWord(peek(), "order") || !isWord(tokens[at + 1], "by")) fail("'AND', 'OR' or 'ORDER BY'");
    at += 2;
    for (;;) {
      const f = tokens[at];
      if (!f || f.kind !== "word") fail("a field name");
      const get = FIELDS[f!.text.toLowerCase()];
      if (!get) throw new Error(`Not able to sort using field '${f!.text}'.`);
      at++;
      let dir = 1;
      if (isWord(peek(), "desc")) {
        dir = -1;
        at++;
      } else if (isWord(peek(), "asc")) at++;
      orders.push({ get, dir });
      if (peek()?.kind === "comma") at++;
      else break;
    }
    if (at < tokens.length) fail("end of query");
  }
  orders.push({ get: FIELDS.id!, dir: 1 });
  return {
    projects,
    matches,
    compare: (a, b) => {
      for (const { get, dir } of orders) {
        const x = get(a);
        const y = get(b);
        if (x < y) return -dir;
        if (x > y) return dir;
      }
      return 0;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GitHub

export interface FakeGitHubIssue {
  number: number;
  nodeId: string;
  title: string;
  body: string | null;
  labels: string[];
  /** The organisation issue type's name, when the repository uses issue types. */
  type: string | null;
  pullRequest: boolean;
  state: "open" | "closed";
  createdAt: string;
  updatedAt: string;
  /** What the API says the issue's web link is (default: github.com's), for a hostile repository's tests. */
  htmlUrl?: string;
  /** Comments, oldest first (Markdown bodies). */
  comments?: FakeComment[];
}

export interface FakeGitHubOptions {
  token?: string;
  /** Tokens that authenticate but lack the scope to read issues (403 "Resource not accessible..."). */
  scopelessTokens?: string[];
  /** `owner/repo` of the repository served. Default "acme/shop". */
  repo?: string;
  /** Issues generated (every fourth item a pull request). Default 0. */
  count?: number;
  /** The most items a page gives, whatever per_page asks (default 100, GitHub's cap). */
  pageSize?: number;
  /** Every answer waits this long. */
  latencyMs?: number;
  /** The loopback address it listens on (default 127.0.0.1). */
  host?: string;
  /** Tokens that read issues but may not write (a fine-grained token with Issues: Read-only): writes answer 403. */
  readOnlyTokens?: string[];
  /** The most comments a page of an issue's comments gives (default 100, GitHub's cap). */
  commentPageSize?: number;
}

export interface FakeGitHub extends FakeServer {
  token: string;
  repo: string;
  issues: FakeGitHubIssue[];
  /** The next `count` requests answer GitHub's secondary rate limit (403, with `retry-after` when given). */
  secondaryLimitNext(count: number, retryAfterSeconds?: number): void;
  /** The next request answers the primary limit: 403 with x-ratelimit-remaining 0, reset in `resetInSeconds`. */
  primaryLimitNext(resetInSeconds: number): void;
  addIssue(fields: Partial<FakeGitHubIssue> & { title: string }): FakeGitHubIssue;
  updateIssue(number: number, fields: Partial<FakeGitHubIssue>): FakeGitHubIssue;
}

export function generateGitHubIssue(i: number): FakeGitHubIssue {
  const item = generateItem(i);
  const time = new Date(BASE_TIME + i * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const pullRequest = i % 4 === 3;
  const body = item.criteria.length ? `${item.description}\n\n## Acceptance criteria\n\n${item.criteria.map((c) => `- [ ] ${c}`).join("\n")}` : item.description;
  return {
    number: i + 1,
    nodeId: `I_kwDOFake${String(i + 1).padStart(6, "0")}`,
    title: pullRequest ? `Fix: ${item.summary.toLowerCase()}` : item.summary,
    body,
    labels: pullRequest ? [] : item.type === "Bug" ? ["bug", "triage"] : item.type === "Task" ? ["chore"] : ["enhancement"],
    // A few issues carry an issue type, which wins over labels.
    type: !pullRequest && i % 10 === 0 ? (item.type === "Story" ? "Feature" : item.type) : null,
    pullRequest,
    state: i % 7 === 0 ? "closed" : "open",
    createdAt: time,
    updatedAt: time,
  };
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const token = options.token ?? "ghp_fake0000000000000000000000000000000000";
  const scopeless = new Set(options.scopelessTokens ?? []);
  const readOnly = new Set(options.readOnlyTokens ?? []);
  const repo = options.repo ?? "acme/shop";
  const maxPage = options.pageSize ?? 100;
  const issues = Array.from({ length: options.count ?? 0 }, (_, i) => generateGitHubIssue(i));
  let remaining = 5000;
  const reset = () => Math.floor(Date.now() / 1000) + 3600;

  const server = await startServer((request) => {
    const limitHeaders = { "x-ratelimit-limit": "5000", "x-ratelimit-remaining": String(Math.max(0, --remaining)), "x-ratelimit-reset": String(reset()), "x-ratelimit-resource": "core" };
    const auth = request.headers.authorization ?? "";
    const given = /^(?:Bearer|token) (.+)$/i.exec(auth)?.[1];
    if (given !== token && !(given && (scopeless.has(given) || readOnly.has(given)))) {
      return { status: 401, headers: limitHeaders, body: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" } };
    }
    const write = handleGitHubWrite(request, { issues: github.issues, repo, canWrite: given === token, commentPageSize: options.commentPageSize ?? 100, url: github.url, limitHeaders });
    if (write) return write;
    const m = /^\/repos\/([^/]+)\/([^/]+)\/issues$/.exec(request.path);
    if (request.method !== "GET" || !m || `${decodeURIComponent(m[1]!)}/${decodeURIComponent(m[2]!)}`.toLowerCase() !== repo.toLowerCase()) {
      return { status: 404, headers: limitHeaders, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest/issues/issues#list-repository-issues", status: "404" } };
    }
    if (given && scopeless.has(given)) {
      return { status: 403, headers: limitHeaders, body: { message: "Resource not accessible by personal access token", documentation_url: "https://docs.github.com/rest/issues/issues#list-repository-issues", status: "403" } };
    }
    const q = request.query;
    const state = q.get("state") ?? "open";
    const perPage = Math.min(maxPage, Math.max(1, Number(q.get("per_page") ?? 30) || 30));
    const page = Math.max(1, Number(q.get("page") ?? 1) || 1);
    const labels = (q.get("labels") ?? "").split(",").map((l) => l.trim().toLowerCase()).filter(Boolean);
    const sinceText = q.get("since");
    const since = sinceText ? Date.parse(sinceText) : null;
    if (since !== null && Number.isNaN(since)) {
      return { status: 422, headers: limitHeaders, body: { message: "Validation Failed", errors: [{ resource: "Issue", field: "since", code: "invalid" }], status: "422" } };
    }
    const sort = q.get("sort") ?? "created";
    const direction = q.get("direction") === "asc" ? 1 : -1;
    const found = github.issues
      .filter((i) => state === "all" || i.state === state)
      .filter((i) => labels.every((l) => i.labels.some((x) => x.toLowerCase() === l)))
      .filter((i) => since === null || Date.parse(i.updatedAt) >= since)
      .sort((a, b) => {
        const x = sort === "updated" ? Date.parse(a.updatedAt) : a.number;
        const y = sort === "updated" ? Date.parse(b.updatedAt) : b.number;
        return (x - y) * direction || (a.number - b.number) * direction;
      });
    const slice = found.slice((page - 1) * perPage, page * perPage);
    const last = Math.max(1, Math.ceil(found.length / perPage));
    const link = (p: number) => {
      const params = new URLSearchParams(q);
      params.set("page", String(p));
      return `<${github.url}${request.path}?${params}>`;
    };
    const links: string[] = [];
    if (page < last) links.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
    if (page > 1) links.push(`${link(1)}; rel="first"`, `${link(page - 1)}; rel="prev"`);
    const [owner, name] = repo.split("/");
    const web = `${github.url}/${owner}/${name}`;
    return {
      status: 200,
      headers: { ...limitHeaders, ...(links.length ? { link: links.join(", ") } : {}) },
      body: slice.map((i) => ({
        id: 1_000_000 + i.number,
        node_id: i.nodeId,
        number: i.number,
        title: i.title,
        body: i.body,
        state: i.state,
        labels: i.labels.map((l, n) => ({ id: 100 + n, name: l, color: "ededed" })),
        type: i.type ? { id: 1, name: i.type } : null,
        html_url: i.htmlUrl ?? `${web}/${i.pullRequest ? "pull" : "issues"}/${i.number}`,
        url: `${github.url}/repos/${repo}/issues/${i.number}`,
        comments: (i.comments ?? []).length,
        created_at: i.createdAt,
        updated_at: i.updatedAt,
        ...(i.pullRequest ? { pull_request: { url: `${github.url}/repos/${repo}/pulls/${i.number}`, html_url: `${web}/pull/${i.number}` } } : {}),
      })),
    };
  }, options.latencyMs, options.host);

  const github: FakeGitHub = Object.assign(server, {
    token,
    repo,
    issues,
    secondaryLimitNext(count: number, retryAfterSeconds?: number) {
      for (let i = 0; i < count; i++) {
        server.faults.push({
          status: 403,
          headers: retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) },
          body: { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits", status: "403" },
        });
      }
    },
    primaryLimitNext(resetInSeconds: number) {
      server.faults.push({
        status: 403,
        headers: { "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.ceil(Date.now() / 1000 + resetInSeconds)) },
        body: { message: "API rate limit exceeded for user ID 1.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api", status: "403" },
      });
    },
    addIssue(fields: Partial<FakeGitHubIssue> & { title: string }) {
      const number = github.issues.reduce((n, i) => Math.max(n, i.number), 0) + 1;
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
      const issue: FakeGitHubIssue = { number, nodeId: `I_kwDOFake${String(number).padStart(6, "0")}`, body: null, labels: [], type: null, pullRequest: false, state: "open", createdAt: now, updatedAt: now, ...fields };
      github.issues.push(issue);
      return issue;
    },
    updateIssue(number: number, fields: Partial<FakeGitHubIssue>) {
      return updateFakeIssue(github.issues.find((i) => i.number === number), `fake GitHub has no issue #${number}`, { updatedAt: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"), ...fields });
    },
  });
  return github;
}

// ---------------------------------------------------------------------------------------------------------------
// Linear

export interface FakeLinearIssue {
  id: string;
  identifier: string;
  team: string;
  title: string;
  /** Markdown, or null. */
  description: string | null;
  labels: string[];
  createdAt: string;
  updatedAt: string;
  /** Comments, oldest first (Markdown bodies). */
  comments?: FakeComment[];
}

export interface FakeLinearOptions {
  /** A personal API key (sent as is). Default "lin_api_fake...". */
  apiKey?: string;
  /** OAuth access tokens (sent as Bearer). */
  oauthTokens?: string[];
  /** Team keys that exist. Default ["ENG"]. */
  teams?: string[];
  /** Issues generated for the first team. Default 0. */
  count?: number;
  /** The most nodes a page gives, whatever `first` asks (default 250, Linear's cap). */
  pageSize?: number;
  /** The workspace's URL key, for issue links. */
  workspace?: string;
  /** Every answer waits this long. */
  latencyMs?: number;
  /** Personal API keys with Read access only: mutations answer FORBIDDEN. */
  readOnlyKeys?: string[];
  /** The most comments a page of an issue's comments gives (default 250). */
  commentPageSize?: number;
}

export interface FakeLinear extends FakeServer {
  apiKey: string;
  teams: Set<string>;
  issues: FakeLinearIssue[];
  /** The workspace's labels by lower-cased name (ids made on first use; issueLabelCreate adds). */
  labelIds: Map<string, { id: string; name: string; team: string | null }>;
  /** The next `count` requests answer RATELIMITED (HTTP 400, errors[].extensions.code) with a reset `resetInMs` ahead. */
  rateLimitedNext(count: number, resetInMs?: number): void;
  addIssue(fields: Partial<FakeLinearIssue> & { title: string }): FakeLinearIssue;
  updateIssue(identifier: string, fields: Partial<FakeLinearIssue>): FakeLinearIssue;
}

function uuid(n: number): string {
  const hex = n.toString(16).padStart(12, "0");
  return `9f0c7e52-4b1d-4c2a-8e3f-${hex}`;
}

export function generateLinearIssue(i: number, team = "ENG"): FakeLinearIssue {
  const item = generateItem(i);
  const time = new Date(BASE_TIME + i * 60_000).toISOString();
  const description = item.criteria.length ? `${item.description}\n\n### Acceptance criteria\n\n${item.criteria.map((c) => `- ${c}`).join("\n")}` : item.description;
  return {
    id: uuid(i + 1),
    identifier: `${team}-${i + 1}`,
    team,
    title: item.summary,
    description,
    labels: item.type === "Bug" ? ["Bug"] : item.type === "Task" ? ["Chore"] : ["Feature"],
    createdAt: time,
    updatedAt: time,
  };
}

const gqlError = (message: string, code: string, extra: Record<string, unknown> = {}) => ({
  errors: [{ message, extensions: { code, type: code.toLowerCase().replace(/_/g, " "), userPresentableMessage: message, ...extra } }],
});

export async function startFakeLinear(options: FakeLinearOptions = {}): Promise<FakeLinear> {
  const apiKey = options.apiKey ?? "lin_api_fake00000000000000000000000000000000";
  const oauth = new Set(options.oauthTokens ?? []);
  const teams = new Set((options.teams ?? ["ENG"]).map((t) => t.toUpperCase()));
  const first = [...teams][0] ?? "ENG";
  const maxPage = options.pageSize ?? 250;
  const workspace = options.workspace ?? "acme";
  const issues = Array.from({ length: options.count ?? 0 }, (_, i) => generateLinearIssue(i, first));
  let nextNumber = issues.length;
  const readOnly = new Set(options.readOnlyKeys ?? []);
  const labelIds = new Map<string, { id: string; name: string; team: string | null }>();

  const server = await startServer((request) => {
    if (request.path !== "/graphql" || request.method !== "POST") return { status: 404, body: "Not Found" };
    const auth = request.headers.authorization ?? "";
    const bearer = /^Bearer (.+)$/.exec(auth)?.[1];
    // Personal API keys are sent without "Bearer"; OAuth tokens with it.
    if (!(auth === linear.apiKey || readOnly.has(auth) || (bearer && oauth.has(bearer)))) {
      return { status: 400, body: gqlError("Authentication required, not authenticated", "AUTHENTICATION_ERROR") };
    }
    let payload: { query?: unknown; variables?: Record<string, unknown> };
    try {
      payload = JSON.parse(request.body) as typeof payload;
    } catch {
      return { status: 400, body: gqlError("POST body sent invalid JSON.", "BAD_USER_INPUT") };
    }
    const query = typeof payload.query === "string" ? payload.query : "";
    const variables = payload.variables ?? {};
    const write = handleLinearWrite(query, variables, {
      issues: linear.issues,
      labelIds,
      canWrite: !readOnly.has(auth),
      commentPageSize: options.commentPageSize ?? 250,
      teamKey: (id) => [...linear.teams].find((key) => uuid(hash(key)) === id) ?? null,
      pageToken,
      readPageToken,
    });
    if (write) return write;
    // The filter's team key and updatedAt bound: from $team / $since (the form the client sends) or a $filter.
    const filter = (variables.filter ?? {}) as { team?: { key?: { eq?: unknown } }; updatedAt?: { gte?: unknown }; key?: { eq?: unknown } };
    if (/\bteams\s*\(/.test(query)) {
      const key = String(variables.team ?? filter.key?.eq ?? "").toUpperCase();
      return { status: 200, body: { data: { teams: { nodes: linear.teams.has(key) ? [{ id: uuid(hash(key)), key, name: `${key} team` }] : [] } } } };
    }
    if (!/\bissues\s*\(/.test(query)) {
      return { status: 400, body: gqlError("Cannot query field on type \"Query\".", "GRAPHQL_VALIDATION_FAILED") };
    }
    const firstArg = /\bfirst\s*:\s*(\d+|\$(\w+))/.exec(query);
    const requested = firstArg ? (firstArg[2] ? Number(variables[firstArg[2]]) : Number(firstArg[1])) : 50;
    if (requested > 250) return { status: 400, body: gqlError("first must be at most 250", "INVALID_INPUT") };
    const size = Math.min(maxPage, Math.max(1, requested || 50));
    const team = String(variables.team ?? filter.team?.key?.eq ?? "").toUpperCase();
    const sinceRaw = variables.since ?? filter.updatedAt?.gte;
    const since = sinceRaw === undefined || sinceRaw === null ? null : Date.parse(String(sinceRaw));
    if (since !== null && Number.isNaN(since)) return { status: 400, body: gqlError(`Argument Validation Error: updatedAt.gte is not a date`, "INVALID_INPUT") };
    const key = `${team}|${since ?? ""}`;
    let offset = 0;
    if (typeof variables.after === "string") {
      const read = readPageToken(variables.after, key);
      if (read === null) return { status: 400, body: gqlError("Invalid cursor", "INVALID_INPUT") };
      offset = read;
    }
    // Linear orders by createdAt by default, newest first.
    const found = linear.issues
      .filter((i) => !team || i.team === team)
      .filter((i) => since === null || Date.parse(i.updatedAt) >= since)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.identifier.localeCompare(a.identifier));
    const page = found.slice(offset, offset + size);
    const more = offset + size < found.length;
    return {
      status: 200,
      headers: { "x-ratelimit-requests-limit": "1500", "x-ratelimit-requests-remaining": "1499", "x-ratelimit-requests-reset": String(Date.now() + 3600_000) },
      body: {
        data: {
          issues: {
            pageInfo: { hasNextPage: more, endCursor: page.length ? pageToken(offset + page.length, key) : null },
            nodes: page.map((i) => ({
              id: i.id,
              identifier: i.identifier,
              url: `${linear.url}/${workspace}/issue/${i.identifier}/${i.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 40).replace(/-+$/, "")}`,
              title: i.title,
              description: i.description,
              updatedAt: i.updatedAt,
              labels: { nodes: i.labels.map((name) => ({ id: linearLabelId({ labelIds }, name), name })) },
            })),
          },
        },
      },
    };
  }, options.latencyMs);

  const linear: FakeLinear = Object.assign(server, {
    apiKey,
    teams,
    issues,
    labelIds,
    rateLimitedNext(count: number, resetInMs = 1000) {
      for (let i = 0; i < count; i++) {
        server.faults.push({
          status: 400,
          headers: { "x-ratelimit-requests-limit": "1500", "x-ratelimit-requests-remaining": "0", "x-ratelimit-requests-reset": String(Date.now() + resetInMs) },
          body: gqlError("Rate limit exceeded", "RATELIMITED"),
        });
      }
    },
    addIssue(fields: Partial<FakeLinearIssue> & { title: string }) {
      const team = fields.team ?? first;
      nextNumber++;
      const number = nextKeyNumber(linear.issues.filter((i) => i.team === team).map((i) => i.identifier));
      const now = new Date().toISOString();
      const issue: FakeLinearIssue = { id: uuid(100_000 + nextNumber), identifier: `${team}-${number}`, team, description: null, labels: [], createdAt: now, updatedAt: now, ...fields };
      linear.issues.push(issue);
      return issue;
    },
    updateIssue(identifier: string, fields: Partial<FakeLinearIssue>) {
      return updateFakeIssue(linear.issues.find((i) => i.identifier === identifier), `fake Linear has no issue ${identifier}`, { updatedAt: new Date().toISOString(), ...fields });
    },
  });
  return linear;
}
