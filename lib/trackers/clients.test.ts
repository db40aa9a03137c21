// The three tracker clients against the fake trackers (testing/fake-trackers.ts), real HTTP on loopback:
// pagination to the end, pull requests skipped, incremental filters, ADF and criteria read, types mapped, rate
// limits and retries (waits recorded through the `sleep` option, one real short Retry-After), and each error.
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { trackServers } from "@/testing/track-servers";
import {
  criteriaToAdf,
  markdownToAdf,
  startFakeGitHub,
  startFakeJira,
  startFakeLinear,
} from "@/testing/fake-trackers";
import { fetchIssues, DEFAULT_BASE_URLS, TrackerError, type FetchIssuesOptions, type TrackerConfig, type TrackerIssue } from "./index";
import { incrementalJql, splitOrderBy } from "./jira";
import { nextLink, parseGitHubQuery } from "./github";
import { retryAfterMs, trackerRequest } from "./http";
import { setEnv } from "@/testing/http";

// The fake trackers listen on loopback, which the guarded client refuses unless private addresses are allowed
// (lib/trackers/outbound.test.ts tests the refusals).
setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });

const track = trackServers();

function recorder(): { waits: number[]; sleep: NonNullable<FetchIssuesOptions["sleep"]> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

async function collect(config: TrackerConfig, options: FetchIssuesOptions = {}) {
  const issues: TrackerIssue[] = [];
  let skipped = 0;
  let pages = 0;
  for await (const page of fetchIssues(config, options)) {
    pages++;
    issues.push(...page.issues);
    skipped += page.skipped;
  }
  return { issues, skipped, pages };
}

async function failure(config: TrackerConfig, options: FetchIssuesOptions = {}): Promise<TrackerError> {
  try {
    await collect(config, options);
  } catch (error) {
    if (error instanceof TrackerError) return error;
    throw error;
  }
  throw new Error("expected a TrackerError");
}

describe("Jira", () => {
  const config = (url: string, query = "project = ACME", token = "jira-token-1"): TrackerConfig => ({
    kind: "jira",
    baseUrl: `${url}/`,
    query,
    credentials: { email: "dev@acme.example", token },
  });

  it("reads every page of a search, with ADF descriptions, the criteria field found by name, and types", async () => {
    const jira = await track(startFakeJira({ count: 230, pageSize: 40, criteriaField: { id: "customfield_10311", name: "Acceptance criteria" } }));
    jira.addIssue({
      summary: "As a shopper, I want to save my card",
      description: markdownToAdf("Saving the card lets repeat orders go through in one step."),
      criteria: criteriaToAdf(["Given a saved card, when I check out, then I am not asked for it again"]),
      issueType: "Story",
    });
    const { issues, pages, skipped } = await collect(config(jira.url));
    expect(pages).toBe(6);
    expect(skipped).toBe(0);
    expect(issues).toHaveLength(231);
    expect(new Set(issues.map((i) => i.externalId)).size).toBe(231);
    const last = issues.find((i) => i.key === "ACME-231")!;
    expect(last).toMatchObject({
      summary: "As a shopper, I want to save my card",
      description: "Saving the card lets repeat orders go through in one step.",
      acceptanceCriteria: "- Given a saved card, when I check out, then I am not asked for it again",
      issueType: "Story",
      url: `${jira.url}/browse/ACME-231`,
    });
    expect(last.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // A generated issue with its criteria as a section of the description (a heading in the ADF).
    const sectionedKey = jira.issues.find((i) => i.criteria === null && JSON.stringify(i.description).includes('"heading"'))!.key;
    const sectioned = issues.find((i) => i.key === sectionedKey)!;
    expect(sectioned.acceptanceCriteria).toMatch(/^- Given/);
    expect(sectioned.description).not.toMatch(/Acceptance criteria/i);
    expect(new Set(issues.map((i) => i.issueType))).toEqual(new Set(["Story", "Bug", "Task"]));
    // The requests: Basic auth, the enhanced search path, names expanded, the opaque token passed on.
    const first = jira.requests[0]!;
    expect(first.path).toBe("/rest/api/3/search/jql");
    expect(first.headers.authorization).toBe(`Basic ${Buffer.from("dev@acme.example:jira-token-1").toString("base64")}`);
    expect(first.query.get("expand")).toBe("names");
    expect(first.query.get("nextPageToken")).toBeNull();
    expect(jira.requests[1]!.query.get("nextPageToken")).toBeTruthy();
  });

  it("narrows the JQL to issues updated since the last sync, keeping ORDER BY last", async () => {
    expect(splitOrderBy('project = ACME AND summary ~ "order by date" order  BY created DESC')).toEqual({
      where: 'project = ACME AND summary ~ "order by date"',
      orderBy: "order  BY created DESC",
    });
    expect(splitOrderBy("ORDER BY key")).toEqual({ where: "", orderBy: "ORDER BY key" });
    expect(splitOrderBy("project = BORDER")).toEqual({ where: "project = BORDER", orderBy: "" });
    const since = new Date("2026-03-01T12:34:56Z");
    expect(incrementalJql("project = ACME OR project = OPS ORDER BY updated", since)).toBe(
      '(project = ACME OR project = OPS) AND updated >= "2026/02/28 22:34" ORDER BY updated',
    );
    expect(incrementalJql("project = ACME")).toBe("project = ACME");

    const jira = await track(startFakeJira({ count: 30 }));
    jira.updateIssue("ACME-3", { summary: "Checkout total is wrong", updated: "2026-03-02T08:00:00.000Z" });
    jira.updateIssue("ACME-7", { updated: "2026-03-01T12:35:00.000Z" });
    // Inside the 14-hour window Jira is asked for, but before the instant: dropped by its exact stamp.
    jira.updateIssue("ACME-9", { updated: "2026-03-01T06:00:00.000Z" });
    const { issues } = await collect(config(jira.url, "project = ACME ORDER BY created DESC"), { updatedSince: since });
    expect(issues.map((i) => i.key)).toEqual(["ACME-7", "ACME-3"]);
    expect(jira.requests[0]!.query.get("jql")).toBe('(project = ACME) AND updated >= "2026/02/28 22:34" ORDER BY created DESC');
  });

  it("reports a bad JQL with Jira's own words, a missing project as not found, a bad token as bad credentials", async () => {
    const jira = await track(startFakeJira({ count: 3 }));
    const badField = await failure(config(jira.url, "projekt = ACME"));
    expect(badField.code).toBe("bad_query");
    expect(badField.status).toBe(400);
    expect(badField.message).toContain("Field 'projekt' does not exist or you do not have permission to view it.");
    const syntax = await failure(config(jira.url, "project = "));
    expect(syntax.code).toBe("bad_query");
    expect(syntax.message).toContain("Expecting either a value or a function");
    const project = await failure(config(jira.url, "project = NOPE"));
    expect(project.code).toBe("not_found");
    expect(project.message).toContain("The value 'NOPE' does not exist for the field 'project'.");
    const token = await failure(config(jira.url, "project = ACME", "wrong"));
    expect(token.code).toBe("bad_credentials");
    expect(token.message).not.toContain("wrong");
    const site = await failure({ ...config(jira.url), baseUrl: `${jira.url}/wiki` });
    expect(site.code).toBe("not_found");
    expect(jira.requests.every((r) => r.status !== 500)).toBe(true);
  });

  it("honours a real, short Retry-After on a 429 and goes on", async () => {
    const jira = await track(startFakeJira({ count: 5 }));
    jira.rateLimitNext(1, 1);
    const started = Date.now();
    const { issues } = await collect(config(jira.url));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(issues).toHaveLength(5);
    expect(jira.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  it("backs off after 5xx and gives up as unavailable, or rate limited, after maxRetries; a long wait is not honoured", async () => {
    const jira = await track(startFakeJira({ count: 5 }));
    const { waits, sleep } = recorder();
    jira.failNext(2);
    expect((await collect(config(jira.url), { sleep })).issues).toHaveLength(5);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(250);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(500);
    expect(waits[1]).toBeLessThanOrEqual(1000);

    jira.failNext(3, 503);
    const down = await failure(config(jira.url), { sleep, maxRetries: 2 });
    expect(down.code).toBe("unavailable");
    jira.rateLimitNext(3, 2);
    const limited = await failure(config(jira.url), { sleep, maxRetries: 2 });
    expect(limited.code).toBe("rate_limited");
    jira.faults.splice(0);
    jira.rateLimitNext(1, 600);
    const tooLong = await failure(config(jira.url), { sleep, maxWaitMs: 60_000 });
    expect(tooLong.code).toBe("rate_limited");
    expect(tooLong.message).toContain("600 s");
  });

  it("is unavailable when nothing listens, after its retries", async () => {
    const jira = await startFakeJira();
    const url = jira.url;
    await jira.close();
    const { waits, sleep } = recorder();
    const error = await failure(config(url), { sleep, maxRetries: 2 });
    expect(error.code).toBe("unavailable");
    expect(waits).toHaveLength(2);
  });

  it("stops at once when the signal aborts", async () => {
    const jira = await track(startFakeJira({ count: 5 }));
    jira.rateLimitNext(1, 30);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("sync cancelled")), 50);
    await expect(collect(config(jira.url), { signal: controller.signal })).rejects.toThrow("sync cancelled");
  });
});

describe("GitHub", () => {
  const config = (url: string, query = "acme/shop", token = "ghp_fake0000000000000000000000000000000000"): TrackerConfig => ({
    kind: "github",
    baseUrl: url,
    query,
    credentials: { token },
  });

  it("follows Link pages, skips and counts pull requests, maps types from issue types and labels", async () => {
    const github = await track(startFakeGitHub({ count: 110, pageSize: 25 }));
    const { issues, skipped, pages } = await collect(config(github.url));
    expect(pages).toBe(5);
    expect(skipped).toBe(27); // every fourth item is a pull request
    expect(issues).toHaveLength(83);
    const first = github.requests[0]!;
    expect(first.url).toBe("/repos/acme/shop/issues?state=all&per_page=100");
    expect(first.headers.authorization).toBe("Bearer ghp_fake0000000000000000000000000000000000");
    expect(first.headers.accept).toBe("application/vnd.github+json");
    expect(first.headers["x-github-api-version"]).toBe("2022-11-28");
    expect(github.requests[1]!.query.get("page")).toBe("2");
    const one = issues.find((i) => i.key === "acme/shop#1")!;
    // Issue #1 carries an issue type, which wins over its labels.
    expect(github.issues[0]!.type).toBeTruthy();
    expect(one).toMatchObject({ externalId: "I_kwDOFake000001", url: `${github.url}/acme/shop/issues/1`, issueType: github.issues[0]!.type });
    const withCriteria = github.issues.find((i) => !i.pullRequest && i.body?.includes("## Acceptance criteria"))!;
    const two = issues.find((i) => i.key === `acme/shop#${withCriteria.number}`)!;
    expect(two.acceptanceCriteria).toMatch(/^- \[ \] \S|^- \S/);
    expect(two.description).not.toMatch(/Acceptance criteria/);
    const types = new Set(issues.map((i) => i.issueType));
    expect(types).toContain("bug");
    expect(types).toContain("enhancement");
    expect(issues.find((i) => i.issueType === "chore") ?? issues.find((i) => i.issueType === null)).toBeTruthy();
  });

  it("passes labels and since, and parses the query", async () => {
    expect(parseGitHubQuery("acme/shop")).toEqual({ owner: "acme", repo: "shop", labels: [] });
    expect(parseGitHubQuery("  acme/shop.web   labels=bug, ui ")).toEqual({ owner: "acme", repo: "shop.web", labels: ["bug", "ui"] });
    for (const bad of ["acme", "acme/shop/x", "acme/shop labels=", "acme/shop label=bug", "/shop", "acme/.."]) {
      expect(() => parseGitHubQuery(bad)).toThrow(TrackerError);
    }
    expect(nextLink('<https://api.github.com/x?page=2>; rel="next", <https://api.github.com/x?page=5>; rel="last"')).toBe("https://api.github.com/x?page=2");
    expect(nextLink('<https://api.github.com/x?page=1>; rel="prev"')).toBeNull();

    const github = await track(startFakeGitHub({ count: 40 }));
    github.updateIssue(5, { updatedAt: "2026-06-01T10:00:00Z", labels: ["bug", "ui"] });
    github.updateIssue(9, { updatedAt: "2026-06-02T10:00:00Z" });
    github.updateIssue(13, { updatedAt: "2026-06-02T10:00:00Z", labels: ["bug", "ui"], pullRequest: true });
    const since = new Date("2026-05-31T00:00:00Z");
    const { issues, skipped } = await collect(config(github.url, "acme/shop labels=bug,ui"), { updatedSince: since });
    expect(issues.map((i) => i.key)).toEqual(["acme/shop#5"]);
    expect(skipped).toBe(1);
    expect(github.requests[0]!.query.get("labels")).toBe("bug,ui");
    expect(github.requests[0]!.query.get("since")).toBe("2026-05-31T00:00:00.000Z");
    const bad = await failure(config(github.url, "not a repo"));
    expect(bad.code).toBe("bad_query");
  });

  it("waits out a 429 Retry-After, secondary limits (a minute when unnamed) and the primary reset", async () => {
    const github = await track(startFakeGitHub({ count: 5 }));
    const { waits, sleep } = recorder();
    github.rateLimitNext(1, 2);
    github.secondaryLimitNext(1);
    github.secondaryLimitNext(1, 7);
    github.primaryLimitNext(30);
    const { issues } = await collect(config(github.url), { sleep });
    expect(issues).toHaveLength(4);
    expect(waits.slice(0, 3)).toEqual([2000, 60_000, 7000]);
    expect(waits[3]).toBeGreaterThan(29_000);
    expect(waits[3]).toBeLessThanOrEqual(32_000);
    // A reset beyond maxWaitMs is not waited for.
    github.primaryLimitNext(3600);
    const limited = await failure(config(github.url), { sleep, maxWaitMs: 120_000 });
    expect(limited.code).toBe("rate_limited");
    expect(limited.status).toBe(403);
  });

  it("maps 401, a 403 without rate limit signs, and 404", async () => {
    const github = await track(startFakeGitHub({ count: 5, scopelessTokens: ["github_pat_readonly_metadata"] }));
    const bad = await failure(config(github.url, "acme/shop", "ghp_wrong"));
    expect(bad).toMatchObject({ code: "bad_credentials", status: 401 });
    expect(bad.message).toContain("Bad credentials");
    const scope = await failure(config(github.url, "acme/shop", "github_pat_readonly_metadata"));
    expect(scope).toMatchObject({ code: "bad_credentials", status: 403 });
    expect(scope.message).toContain("Resource not accessible by personal access token");
    const missing = await failure(config(github.url, "acme/nothing"));
    expect(missing).toMatchObject({ code: "not_found", status: 404 });
    expect(missing.message).toContain("acme/nothing");
  });
});

describe("Linear", () => {
  const config = (url: string, query = "ENG", token = "lin_api_fake00000000000000000000000000000000"): TrackerConfig => ({
    kind: "linear",
    baseUrl: url,
    query,
    credentials: { token },
  });

  it("checks the team, then reads every cursor page with labels as types and criteria split out", async () => {
    const linear = await track(startFakeLinear({ count: 120, pageSize: 20, oauthTokens: ["oauth-access-1"] }));
    const { issues, pages } = await collect(config(linear.url));
    expect(pages).toBe(6);
    expect(issues).toHaveLength(120);
    expect(new Set(issues.map((i) => i.key)).size).toBe(120);
    expect(linear.requests).toHaveLength(7);
    const [team, page1, page2] = linear.requests;
    expect(JSON.parse(team!.body).query).toMatch(/teams\(filter: \{ key: \{ eq: \$team \} \}\)/);
    expect(team!.headers.authorization).toBe("lin_api_fake00000000000000000000000000000000");
    expect(JSON.parse(page1!.body).variables).toEqual({ team: "ENG", after: null });
    expect(JSON.parse(page2!.body).variables.after).toBeTruthy();
    const withCriteria = linear.issues.find((i) => i.description?.includes("Acceptance criteria"))!;
    const two = issues.find((i) => i.key === withCriteria.identifier)!;
    expect(two.externalId).toBe(withCriteria.id);
    expect(two.externalId).toMatch(/^[0-9a-f-]{36}$/);
    expect(two.url).toContain(`/acme/issue/${withCriteria.identifier}/`);
    expect(two.acceptanceCriteria).toMatch(/^- Given/);
    expect(two.description).not.toMatch(/Acceptance criteria/);
    expect(new Set(issues.map((i) => i.issueType))).toEqual(new Set(["Bug", "Chore", "Feature"]));

    // An OAuth token goes as Bearer.
    await collect(config(linear.url, "ENG", "oauth-access-1"));
    expect(linear.requests.at(-1)!.headers.authorization).toBe("Bearer oauth-access-1");
  });

  it("filters by updatedAt when incremental", async () => {
    const linear = await track(startFakeLinear({ count: 30 }));
    linear.updateIssue("ENG-4", { updatedAt: "2026-07-01T00:00:00.000Z" });
    const { issues } = await collect(config(linear.url), { updatedSince: new Date("2026-06-30T00:00:00Z") });
    expect(issues.map((i) => i.key)).toEqual(["ENG-4"]);
    const request = JSON.parse(linear.requests[1]!.body);
    expect(request.query).toMatch(/updatedAt: \{ gte: \$since \}/);
    expect(request.variables.since).toBe("2026-06-30T00:00:00.000Z");
  });

  it("waits out RATELIMITED (reset header, or retry-after on a 429)", async () => {
    const linear = await track(startFakeLinear({ count: 3 }));
    const { waits, sleep } = recorder();
    linear.rateLimitedNext(1, 4000);
    linear.rateLimitNext(1, 3);
    expect((await collect(config(linear.url), { sleep })).issues).toHaveLength(3);
    expect(waits[0]).toBeGreaterThan(3000);
    expect(waits[0]).toBeLessThanOrEqual(4500);
    expect(waits[1]).toBe(3000);
  });

  it("maps a bad key, a missing team and a malformed team key", async () => {
    const linear = await track(startFakeLinear({ count: 3 }));
    const bad = await failure(config(linear.url, "ENG", "lin_api_wrong"));
    expect(bad.code).toBe("bad_credentials");
    expect(bad.message).toContain("Authentication required");
    const missing = await failure(config(linear.url, "OPS"));
    expect(missing.code).toBe("not_found");
    expect(missing.message).toContain("OPS");
    expect((await failure(config(linear.url, "ENG OPS"))).code).toBe("bad_query");
  });
});

describe("shared", () => {
  it("leaves no listener on the caller's signal once a request is over (a sync sends thousands with one signal)", async () => {
    const jira = await track(startFakeJira({ count: 1 }));
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) {
      const response = await trackerRequest({ url: `${jira.url}/rest/api/3/issue/ACME-1/comment`, headers: { authorization: jira.authorization }, tracker: "Jira" }, { signal: controller.signal });
      expect(response.status).toBe(200);
    }
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("reads Retry-After in seconds or as an HTTP date, and knows the default base URLs", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "3" }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ "retry-after": "Tue, 24 Nov 2026 12:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(DEFAULT_BASE_URLS).toEqual({ jira: null, github: "https://api.github.com", linear: "https://api.linear.app" });
  });
});
