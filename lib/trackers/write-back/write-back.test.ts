// Write-back against the fake trackers (testing/fake-trackers.ts and fake-tracker-writes.ts: each tracker's real
// write endpoints, authentication and refusals), over real HTTP on loopback: what a comment says, one comment per
// issue found again by its marker (across pages of comments) when its id is lost, edited in place, never written
// for an unchanged issue; labels on exactly the issues below the threshold and removed when one crosses it; the
// Jira issue property; a token that may only read; rate limits during writes; a create whose answer was lost.
import { describe, expect, it } from "vitest";
import { trackServers } from "@/testing/track-servers";
import { createEngine } from "@/lib/scoring";
import { startFakeGitHub, startFakeJira, startFakeLinear, type LoggedRequest } from "@/testing/fake-trackers";
import { setEnv } from "@/testing/http";
import { fetchIssues, type FetchIssuesOptions, type TrackerConfig, type TrackerIssue } from "../index";
import type { WriteBackSettings } from "../schemas";
import { ticketOf } from "../sync";
import { commentAdf, commentMarkdown, commentModel, COMMENT_MARKER, escapeMarkdown, isOwnComment, JIRA_PROPERTY_KEY, propertyValue, writtenScoreSchema, type WrittenScore } from "./comment";
import { planWrite, trackerWriter, WriteBackRun, type WriteItem, type WriteState } from "./index";

setEnv({ ALLOW_PRIVATE_CALLBACKS: "true" });

const track = trackServers();

const engine = createEngine("heuristic");
const ON: WriteBackSettings = { comment: true, label: "not-ready", below: 80 };
const STORY_URL = "https://stories.example.com/dashboard/stories/ACME-1?customer=acme";

function recorder(): { waits: number[]; sleep: NonNullable<FetchIssuesOptions["sleep"]> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

async function read(config: TrackerConfig): Promise<TrackerIssue[]> {
  const issues: TrackerIssue[] = [];
  for await (const page of fetchIssues(config)) issues.push(...page.issues);
  return issues;
}

async function scoreOf(issue: TrackerIssue): Promise<WrittenScore> {
  return writtenScoreSchema.parse(await engine.score(ticketOf(issue), []));
}

/** Write-back of issues as a sync does it: the states it answers are remembered for the next round. */
class Rounds {
  states = new Map<string, WriteState>();
  constructor(
    private readonly config: TrackerConfig,
    private readonly settings: WriteBackSettings = ON,
    private readonly options: FetchIssuesOptions = {},
  ) {}

  async run(issues: TrackerIssue[], scores?: Map<string, WrittenScore>): Promise<WriteBackRun> {
    const run = new WriteBackRun(trackerWriter(this.config, this.options), this.settings);
    const items: WriteItem[] = [];
    for (const issue of issues) {
      items.push({
        target: { externalId: issue.externalId, key: issue.key, labels: issue.labels ?? [], ...(issue.commentCount === undefined ? {} : { commentCount: issue.commentCount }) },
        score: scores?.get(issue.key) ?? (await scoreOf(issue)),
        storyUrl: `https://stories.example.com/dashboard/stories/${encodeURIComponent(issue.key)}?customer=acme`,
        state: this.states.get(issue.externalId) ?? null,
        sourceHash: null,
      });
    }
    for (const state of await run.write(items)) this.states.set(state.externalId, state);
    return run;
  }
}

const writes = (requests: LoggedRequest[]) => requests.filter((r) => r.method !== "GET");
const mutations = (requests: LoggedRequest[]) => requests.filter((r) => /^\s*mutation\b/.test((JSON.parse(r.body || "{}") as { query?: string }).query ?? ""));
const percent = (score: WrittenScore) => Math.round(score.overall_score * 10);

describe("the comment", () => {
  const score: WrittenScore = writtenScoreSchema.parse({
    overall_score: 4.1,
    individual_scores: { independent: 10, negotiable: 8, valuable: 2, estimable: 8, small: 10, testable: 2 },
    scores: {
      valuable: { improvement_suggestions: ['Write it as "As a <type of user>, I want <goal>, so that <benefit>".'] },
      testable: { improvement_suggestions: ["Add checkable conditions, one per line, as Given/When/Then."] },
      negotiable: { improvement_suggestions: ["Move the bracketed detail to the description."] },
    },
    findings: [
      { code: "minimal.brackets", dimension: "negotiable", severity: "medium", message: 'Bracketed text "(web)" adds detail.' },
      { code: "testable.no_acceptance_criteria", dimension: "testable", severity: "high", message: "The story has no acceptance criteria." },
      { code: "well_formed.not_a_story", dimension: "valuable", severity: "high", message: '"Ping @dana about *checkout*" is a task, not a story.' },
      { code: "estimable.broad_goal", dimension: "estimable", severity: "medium", message: '"Improve ..." names a direction.' },
    ],
    metadata: { work_item_type: "story" },
  });

  it("says the percentage, the weakest dimensions, the top findings with what to do, the gate and the story page", () => {
    const markdown = commentMarkdown(commentModel(score, ON, STORY_URL));
    expect(markdown.split("\n")).toEqual([
      "**INVEST score: 41%** (weak), judged as a story.",
      "",
      "Weakest: Valuable 20%, Testable 20%.",
      "",
      "Top 3 of 4 findings:",
      "",
      "- **Testable** (high): The story has no acceptance criteria. *To do:* Add checkable conditions, one per line, as Given/When/Then.",
      "- **Valuable** (high): \"Ping @\u2060dana about \\*checkout\\*\" is a task, not a story. *To do:* Write it as \"As a \\<type of user\\>, I want \\<goal\\>, so that \\<benefit\\>\".",
      "- **Negotiable** (medium): Bracketed text \"(web)\" adds detail. *To do:* Move the bracketed detail to the description.",
      "",
      "Below the ready threshold of 80%: labelled “not-ready” until it reaches it.",
      "",
      `[The full score, every finding and the history](${STORY_URL}#${COMMENT_MARKER}) · kept current by Story Scoring Service when the issue changes.`,
    ]);
    expect(isOwnComment(markdown)).toBe(true);
    expect(isOwnComment("A person's comment linking https://stories.example.com/dashboard/stories/ACME-1")).toBe(false);
    // Without a label the comment does not speak of a threshold; a high score has no weak dimension.
    const plain = commentMarkdown(commentModel({ ...score, overall_score: 10, individual_scores: {}, findings: [] }, { ...ON, label: null }, STORY_URL));
    expect(plain).toContain("**INVEST score: 100%** (ready), judged as a story.\n\nNo dimension loses points.\n\n[The full score");
    expect(plain).not.toMatch(/threshold|Findings/);
    expect(escapeMarkdown("a_b [x](y) <img> | `c` @all\nnext")).toBe("a\\_b \\[x\\](y) \\<img\\> \\| \\`c\\` @\u2060all next");
  });

  it("is the same in ADF for Jira, with the marked link, and the property carries the scores as numbers", () => {
    const adf = commentAdf(commentModel(score, ON, STORY_URL));
    expect(adf).toMatchObject({ type: "doc", version: 1 });
    const text = JSON.stringify(adf);
    expect(text).toContain('"text":"INVEST score: 41%","marks":[{"type":"strong"}]');
    expect(text).toContain('"type":"bulletList"');
    expect(text).toContain("Ping @dana about *checkout*");
    expect(isOwnComment(adf)).toBe(true);
    expect(text).toContain(`"href":"${STORY_URL}#${COMMENT_MARKER}"`);
    expect(propertyValue(score, ON, STORY_URL)).toEqual({
      overall: 41,
      band: "weak",
      ready: false,
      below: 80,
      kind: "story",
      scores: { independent: 100, negotiable: 80, valuable: 20, estimable: 80, small: 100, testable: 20 },
      findings: 4,
      url: STORY_URL,
    });
  });

  it("plans only what differs from what was left on the issue", () => {
    const jira = { tracker: "Jira", setProperty: async () => undefined };
    const target = { externalId: "site:1", key: "ACME-1", labels: [] };
    const fresh = planWrite({ target, score, storyUrl: STORY_URL, state: null, sourceHash: null }, ON, jira);
    expect(fresh.comment?.body.markdown).toContain("INVEST score: 41%");
    expect([fresh.addLabels, fresh.removeLabels, fresh.label]).toEqual([["not-ready"], [], "not-ready"]);
    expect(fresh.property?.value).toMatchObject({ overall: 41, ready: false });
    const state: WriteState = { externalId: "site:1", issueKey: "ACME-1", commentId: "1", commentHash: fresh.commentHash, label: "not-ready", propertyHash: fresh.propertyHash, sourceHash: "x" };
    const same = planWrite({ target: { ...target, labels: [{ name: "not-ready" }] }, score, storyUrl: STORY_URL, state, sourceHash: null }, ON, jira);
    expect([same.comment, same.addLabels, same.removeLabels, same.property]).toEqual([null, [], [], null]);
    // Lifted to 85%: the label goes, the comment and the property change.
    const lifted = planWrite({ target: { ...target, labels: [{ name: "not-ready" }] }, score: { ...score, overall_score: 8.5 }, storyUrl: STORY_URL, state, sourceHash: null }, ON, jira);
    expect([lifted.addLabels, lifted.removeLabels, lifted.label, lifted.property?.value.ready]).toEqual([[], ["not-ready"], null, true]);
    expect(lifted.comment?.body.markdown).toContain("At or above the ready threshold of 80%.");
    // The label renamed in the settings: the old one (the service's) is taken off, the new one put on.
    const renamed = planWrite({ target: { ...target, labels: [{ name: "not-ready" }, { name: "team-a" }] }, score, storyUrl: STORY_URL, state, sourceHash: null }, { ...ON, label: "needs-work" }, jira);
    expect([renamed.addLabels, renamed.removeLabels]).toEqual([["needs-work"], ["not-ready"]]);
    // GitHub and Linear take labels in any case as the same.
    const github = planWrite({ target: { ...target, labels: [{ name: "Not-Ready" }] }, score, storyUrl: STORY_URL, state, sourceHash: null }, ON, { tracker: "GitHub" });
    expect([github.addLabels, github.removeLabels, github.property]).toEqual([[], [], null]);
  });
});

describe("Jira", () => {
  const config = (url: string, token = "jira-token-1"): TrackerConfig => ({ kind: "jira", baseUrl: url, query: "project = ACME", credentials: { email: "dev@acme.example", token } });

  it("comments each issue once, labels exactly those below the threshold, sets the property, and writes nothing again", async () => {
    const jira = await track(startFakeJira({ count: 12 }));
    const rounds = new Rounds(config(jira.url));
    const issues = await read(config(jira.url));
    const first = await rounds.run(issues);
    expect([first.written, first.failed, first.error]).toEqual([12, 0, undefined]);
    const scores = new Map(await Promise.all(issues.map(async (i) => [i.key, await scoreOf(i)] as const)));
    const below = issues.filter((i) => percent(scores.get(i.key)!) < 80).map((i) => i.key);
    expect(below.length).toBeGreaterThan(0);
    expect(below.length).toBeLessThan(12);
    for (const issue of jira.issues) {
      expect(issue.comments, issue.key).toHaveLength(1);
      expect(isOwnComment(issue.comments![0]!.body)).toBe(true);
      expect(JSON.stringify(issue.comments![0]!.body)).toContain(`INVEST score: ${percent(scores.get(issue.key)!)}%`);
      expect(issue.labels ?? [], issue.key).toEqual(below.includes(issue.key) ? ["not-ready"] : []);
      expect(issue.properties?.[JIRA_PROPERTY_KEY]).toMatchObject({ overall: percent(scores.get(issue.key)!), ready: !below.includes(issue.key), below: 80 });
    }
    // The real endpoints, with the reader's Basic auth: a look for an old comment, the comment, labels, the property.
    const sent = writes(jira.requests);
    expect(new Set(sent.map((r) => `${r.method} ${r.path.replace(/ACME-\d+/, "{key}")}`))).toEqual(
      new Set(["POST /rest/api/3/issue/{key}/comment", "PUT /rest/api/3/issue/{key}", `PUT /rest/api/3/issue/{key}/properties/${JIRA_PROPERTY_KEY}`]),
    );
    expect(sent.every((r) => r.headers.authorization === jira.authorization && r.headers["content-type"] === "application/json")).toBe(true);
    expect(JSON.parse(sent.find((r) => r.method === "PUT" && /ACME-\d+$/.test(r.path))!.body)).toEqual({ update: { labels: [{ add: "not-ready" }] } });

    // Read again (the writes changed `updated` and the labels) and write again: nothing to write.
    const before = jira.requests.length;
    const again = await rounds.run(await read(config(jira.url)));
    expect([again.written, again.failed, again.requests]).toEqual([0, 0, 0]);
    expect(writes(jira.requests.slice(before))).toHaveLength(0);
    expect(jira.requests.slice(before).filter((r) => r.path.endsWith("/comment"))).toHaveLength(0);

    // One issue edited so it reaches the threshold, another falls below it: its comment is edited in place (PUT, no
    // second comment), the label moves with the threshold.
    const up = below[0]!;
    const down = issues.find((i) => !below.includes(i.key))!.key;
    const changed = new Map(scores);
    changed.set(up, { ...scores.get(up)!, overall_score: 9.2 });
    changed.set(down, { ...scores.get(down)!, overall_score: 3.3 });
    const mark = jira.requests.length;
    const third = await rounds.run(await read(config(jira.url)), changed);
    expect([third.written, third.failed]).toEqual([2, 0]);
    const edits = writes(jira.requests.slice(mark));
    expect(edits.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(edits.filter((r) => /\/comment\/\d+$/.test(r.path))).toHaveLength(2);
    const upIssue = jira.issues.find((i) => i.key === up)!;
    const downIssue = jira.issues.find((i) => i.key === down)!;
    expect([upIssue.comments, downIssue.comments].map((c) => c?.length)).toEqual([1, 1]);
    expect(JSON.stringify(upIssue.comments![0]!.body)).toContain("INVEST score: 92%");
    expect([upIssue.labels, downIssue.labels]).toEqual([[], ["not-ready"]]);
    expect(upIssue.properties?.[JIRA_PROPERTY_KEY]).toMatchObject({ overall: 92, ready: true });
  });

  it("finds its comment by the marker through every page of comments when its id was lost, and edits it", async () => {
    const jira = await track(startFakeJira({ count: 1, commentPageSize: 100 }));
    const [issue] = await read(config(jira.url));
    await new Rounds(config(jira.url)).run([issue!]);
    const own = jira.issues[0]!.comments![0]!;
    // 230 comments of people after the service's own (oldest first): its own is on the first page...
    jira.issues[0]!.comments!.push(...Array.from({ length: 230 }, (_, n) => ({ id: `p${n}`, body: { type: "doc", version: 1, content: [] }, created: "", updated: "" })));
    // ...so move it to the last page, as if people had written before it.
    jira.issues[0]!.comments!.push(jira.issues[0]!.comments!.shift()!);
    const mark = jira.requests.length;
    const lost = await new Rounds(config(jira.url)).run([issue!], new Map([[issue!.key, { ...(await scoreOf(issue!)), overall_score: 9.9 }]]));
    expect([lost.written, lost.failed]).toEqual([1, 0]);
    const reads = jira.requests.slice(mark).filter((r) => r.method === "GET");
    expect(reads.map((r) => r.query.get("startAt"))).toEqual(["0", "100", "200"]);
    expect(writes(jira.requests.slice(mark)).filter((r) => r.path.endsWith(`/comment/${own.id}`))).toHaveLength(1);
    expect(jira.issues[0]!.comments!.filter((c) => isOwnComment(c.body))).toHaveLength(1);
    expect(JSON.stringify(own.body)).toContain("INVEST score: 99%");
  });

  it("with a token that may only read: refused in words, the rest not tried, nothing written", async () => {
    const jira = await track(startFakeJira({ count: 5, readOnlyTokens: ["jira-read-only"] }));
    const issues = await read(config(jira.url, "jira-read-only"));
    const run = await new Rounds(config(jira.url, "jira-read-only")).run(issues);
    expect([run.written, run.failed]).toEqual([0, 5]);
    expect(run.error).toMatch(
      /^Write-back refused: Jira answered 403 when adding the comment to ACME-\d: You do not have permission to comment on this issue\. The account needs the Add Comments, Edit Own Comments and Edit Issues project permissions \(a scoped token: write:jira-work\)\.$/,
    );
    // The writes in flight when the first refusal came back (Jira takes four at a time), and none after.
    expect(writes(jira.requests).length).toBeLessThanOrEqual(4);
    expect(writes(jira.requests).every((r) => r.status === 403 && r.path.endsWith("/comment"))).toBe(true);
    expect(jira.issues.every((i) => (i.comments ?? []).length === 0 && (i.labels ?? []).length === 0)).toBe(true);
  });

  it("waits out a rate limit during the writes and goes on", async () => {
    const jira = await track(startFakeJira({ count: 3 }));
    const issues = await read(config(jira.url));
    const { waits, sleep } = recorder();
    for (let i = 0; i < 2; i++) jira.faults.push({ status: 429, headers: { "retry-after": "7" }, body: { errorMessages: ["Rate limit exceeded."] }, method: "PUT" });
    const run = await new Rounds(config(jira.url), ON, { sleep }).run(issues);
    expect([run.written, run.failed]).toEqual([3, 0]);
    expect(waits).toEqual([7000, 7000]);
    expect(jira.requests.filter((r) => r.status === 429)).toHaveLength(2);
    expect(jira.issues.every((i) => i.comments?.length === 1 && i.properties?.[JIRA_PROPERTY_KEY])).toBe(true);
  });

  it("adds no second comment when the answer to adding one was lost: it looks, finds it and keeps its id", async () => {
    const jira = await track(startFakeJira({ count: 1 }));
    const [issue] = await read(config(jira.url));
    jira.failAfterNext("POST");
    const rounds = new Rounds(config(jira.url), { ...ON, label: null });
    const run = await rounds.run([issue!]);
    expect([run.written, run.failed]).toEqual([1, 0]);
    expect(jira.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    expect(jira.issues[0]!.comments).toHaveLength(1);
    expect(rounds.states.get(issue!.externalId)?.commentId).toBe(jira.issues[0]!.comments![0]!.id);
  });
});

describe("GitHub", () => {
  const config = (url: string, token = "ghp_fake0000000000000000000000000000000000"): TrackerConfig => ({ kind: "github", baseUrl: url, query: "acme/shop", credentials: { token } });

  it("comments once, one request at a time, labels below the threshold, does not look for comments an issue has none of, and writes nothing again", async () => {
    const github = await track(startFakeGitHub({ count: 12 }));
    const issues = await read(config(github.url));
    const rounds = new Rounds(config(github.url));
    const first = await rounds.run(issues);
    expect([first.written, first.failed]).toEqual([issues.length, 0]);
    expect(github.requests.filter((r) => r.method === "GET" && r.path.endsWith("/comments"))).toHaveLength(0);
    for (const issue of issues) {
      const fake = github.issues.find((i) => `acme/shop#${i.number}` === issue.key)!;
      expect(fake.comments, issue.key).toHaveLength(1);
      const below = percent(await scoreOf(issue)) < 80;
      expect(fake.labels.includes("not-ready"), issue.key).toBe(below);
    }
    const sent = writes(github.requests);
    expect(new Set(sent.map((r) => `${r.method} ${r.path.replace(/\/\d+\//, "/{n}/")}`))).toEqual(new Set(["POST /repos/acme/shop/issues/{n}/comments", "POST /repos/acme/shop/issues/{n}/labels"]));
    expect(JSON.parse(sent.find((r) => r.path.endsWith("/labels"))!.body)).toEqual({ labels: ["not-ready"] });
    expect(typeof JSON.parse(sent[0]!.body).body).toBe("string");

    const mark = github.requests.length;
    const again = await rounds.run(await read(config(github.url)));
    expect([again.written, again.requests]).toEqual([0, 0]);
    expect(writes(github.requests.slice(mark))).toHaveLength(0);

    // Lifted above the threshold: the comment is edited (PATCH), the label deleted.
    const labelled = issues.find((i) => github.issues.find((g) => `acme/shop#${g.number}` === i.key)!.labels.includes("not-ready"))!;
    const lifted = new Map([[labelled.key, { ...(await scoreOf(labelled)), overall_score: 8.8 }]]);
    const edit = github.requests.length;
    await rounds.run(await read(config(github.url)).then((all) => all.filter((i) => i.key === labelled.key)), lifted);
    const number = labelled.key.split("#")[1];
    expect(writes(github.requests.slice(edit)).map((r) => `${r.method} ${r.path}`)).toEqual([
      expect.stringMatching(/^PATCH \/repos\/acme\/shop\/issues\/comments\/\d+$/),
      `DELETE /repos/acme/shop/issues/${number}/labels/not-ready`,
    ]);
    const fake = github.issues.find((i) => String(i.number) === number)!;
    expect(fake.labels).not.toContain("not-ready");
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments![0]!.body).toContain("INVEST score: 88%");
  });

  it("finds its comment across Link pages, and waits out a secondary rate limit during the writes", async () => {
    const github = await track(startFakeGitHub({ count: 2, commentPageSize: 2 }));
    const [issue] = (await read(config(github.url))).filter((i) => i.key === "acme/shop#1");
    await new Rounds(config(github.url), { ...ON, label: null }).run([issue!]);
    const fake = github.issues[0]!;
    fake.comments!.unshift(...Array.from({ length: 5 }, (_, n) => ({ id: String(900 + n), body: `A person's comment ${n}`, created: "", updated: "" })));
    const [reread] = (await read(config(github.url))).filter((i) => i.key === "acme/shop#1");
    expect(reread!.commentCount).toBe(6);
    const { waits, sleep } = recorder();
    github.faults.push({ status: 403, headers: { "retry-after": "3" }, body: { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." }, method: "PATCH" });
    const mark = github.requests.length;
    const lost = await new Rounds(config(github.url), { ...ON, label: null }, { sleep }).run([reread!], new Map([[reread!.key, { ...(await scoreOf(reread!)), overall_score: 7.7 }]]));
    expect([lost.written, lost.failed]).toEqual([1, 0]);
    expect(waits).toEqual([3000]);
    expect(github.requests.slice(mark).filter((r) => r.method === "GET").map((r) => r.query.get("page"))).toEqual([null, "2", "3"]);
    expect(fake.comments!.filter((c) => isOwnComment(c.body))).toHaveLength(1);
    expect(fake.comments!.at(-1)!.body).toContain("INVEST score: 77%");
  });

  it("with a read-only token: refused in words naming the permission, and stops", async () => {
    const github = await track(startFakeGitHub({ count: 6, readOnlyTokens: ["github_pat_issues_read_only"] }));
    const issues = await read(config(github.url, "github_pat_issues_read_only"));
    const run = await new Rounds(config(github.url, "github_pat_issues_read_only")).run(issues);
    expect([run.written, run.failed]).toEqual([0, issues.length]);
    expect(run.error).toMatch(/^Write-back refused: GitHub answered 403 when adding the comment to acme\/shop#\d+: Resource not accessible by personal access token\. The token needs Issues: Read and write/);
    expect(writes(github.requests)).toHaveLength(1);
  });
});

describe("Linear", () => {
  const config = (url: string, token = "lin_api_fake00000000000000000000000000000000"): TrackerConfig => ({ kind: "linear", baseUrl: url, query: "ENG", credentials: { token } });

  it("comments once, creates the label once in the team, sets label ids below the threshold, and writes nothing again", async () => {
    const linear = await track(startFakeLinear({ count: 10 }));
    const issues = await read(config(linear.url));
    const rounds = new Rounds(config(linear.url));
    const first = await rounds.run(issues);
    expect([first.written, first.failed, first.error]).toEqual([10, 0, undefined]);
    const made = mutations(linear.requests).filter((r) => r.body.includes("issueLabelCreate"));
    expect(made).toHaveLength(1);
    expect(JSON.parse(made[0]!.body).variables.input).toEqual({ name: "not-ready", teamId: expect.any(String) });
    for (const issue of issues) {
      const fake = linear.issues.find((i) => i.identifier === issue.key)!;
      expect(fake.comments, issue.key).toHaveLength(1);
      const below = percent(await scoreOf(issue)) < 80;
      // The issue's own labels stay; the service's comes and goes with the threshold.
      expect(fake.labels, issue.key).toEqual(below ? [...issue.labels!.map((l) => l.name), "not-ready"] : issue.labels!.map((l) => l.name));
    }
    const update = mutations(linear.requests).find((r) => r.body.includes("issueUpdate"))!;
    expect(JSON.parse(update.body).variables.input.labelIds).toHaveLength(2);

    const mark = linear.requests.length;
    const again = await rounds.run(await read(config(linear.url)));
    expect([again.written, again.requests]).toEqual([0, 0]);
    expect(mutations(linear.requests.slice(mark))).toHaveLength(0);

    // Lifted: the comment is updated and the label taken out of the issue's label ids.
    const labelled = linear.issues.find((i) => i.labels.includes("not-ready"))!;
    const reread = (await read(config(linear.url))).find((i) => i.key === labelled.identifier)!;
    const edit = linear.requests.length;
    await rounds.run([reread], new Map([[reread.key, { ...(await scoreOf(reread)), overall_score: 9.5 }]]));
    expect(mutations(linear.requests.slice(edit)).map((r) => /mutation (\w+)/.exec(JSON.parse(r.body).query)![1])).toEqual(["CommentUpdate", "IssueUpdateLabels"]);
    expect(labelled.labels).not.toContain("not-ready");
    expect(labelled.comments).toHaveLength(1);
    expect(labelled.comments![0]!.body).toContain("INVEST score: 95%");
  });

  it("adds a new comment when someone deleted the service's, finds one across cursor pages, and waits out RATELIMITED", async () => {
    const linear = await track(startFakeLinear({ count: 2, commentPageSize: 2 }));
    const issues = await read(config(linear.url));
    const rounds = new Rounds(config(linear.url), { ...ON, label: null });
    await rounds.run(issues);
    const [a, b] = issues.map((i) => linear.issues.find((f) => f.identifier === i.key)!);
    a!.comments!.splice(0);
    b!.comments!.unshift(...Array.from({ length: 4 }, (_, n) => ({ id: `person-${n}`, body: `A person's comment ${n}`, created: "", updated: "" })));
    rounds.states.delete(issues[1]!.externalId);
    const { waits, sleep } = recorder();
    linear.rateLimitedNext(1, 2000);
    const changed = new Map(await Promise.all(issues.map(async (i) => [i.key, { ...(await scoreOf(i)), overall_score: 6.6 }] as const)));
    const later = new Rounds(config(linear.url), { ...ON, label: null }, { sleep });
    later.states = rounds.states;
    const run = await later.run(issues, changed);
    expect([run.written, run.failed]).toEqual([2, 0]);
    expect(waits).toHaveLength(1);
    expect(a!.comments).toHaveLength(1);
    expect(b!.comments!.filter((c) => isOwnComment(c.body))).toHaveLength(1);
    expect([a!.comments![0]!.body, b!.comments!.at(-1)!.body].every((body) => String(body).includes("INVEST score: 66%"))).toBe(true);
  });

  it("with a key that may only read: refused in words", async () => {
    const linear = await track(startFakeLinear({ count: 3, readOnlyKeys: ["lin_api_readonly000000000000000000000000000"] }));
    const issues = await read(config(linear.url, "lin_api_readonly000000000000000000000000000"));
    const run = await new Rounds(config(linear.url, "lin_api_readonly000000000000000000000000000")).run(issues);
    expect([run.written, run.failed]).toEqual([0, 3]);
    expect(run.error).toMatch(/^Write-back refused: Linear answered 403 when adding the comment to ENG-\d+: You don't have access to perform this action\. The API key is missing the required scope: write\. The API key needs Write access/);
    expect(linear.issues.every((i) => (i.comments ?? []).length === 0)).toBe(true);
  });
});
