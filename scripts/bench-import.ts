// `npm run bench:import`: a tracker import end to end on the production server. A fake Jira Cloud in this process
// (testing/fake-trackers.ts: the real search endpoint, nextPageToken pages of 100, Basic auth) serves N
// generated issues (default 5,000, each a new story: ADF descriptions, criteria, Story, Bug and Task); the server runs on a fresh embedded database (or
// BENCH_DATABASE_URL) with its workers in the web process. Through the API, as a customer would: provision a
// customer, create the connection, ask for a sync, poll GET /api/v1/connections/{id} until it completes.
// Printed: the time from the sync request to `completed`, and issues/s; then the same for a second sync of the
// unchanged backlog (every issue skipped, nothing billed). Exit code 1 when a sync fails or the counts are wrong.
// `--write-back`: the connection writes back (a comment on every issue, the label "not-ready" below 80%, the Jira
// issue property), through the fake's real write endpoints: printed besides are the issues written, the write
// requests and writes/s; the unchanged second sync must send no write request at all. A third sync follows
// `--changed` edited issues (default 50): only they are scored again, and written.
import { parseArgs } from "node:util";
import { startFakeJira } from "@/testing/fake-trackers";
import { provisionBenchCustomer, startBenchServer } from "./bench-server";
import type { LastSync } from "@/components/settings/trackers-types";

const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "5000" },
    port: { type: "string", default: "3291" },
    "timeout-s": { type: "string", default: "1800" },
    "write-back": { type: "boolean", default: false },
    changed: { type: "string", default: "50" },
  },
});
const writeBack = values["write-back"];
const changedCount = Number(values.changed);

const issueCount = Number(values.issues);
const port = Number(values.port);
const timeoutMs = Number(values["timeout-s"]) * 1000;
if (!Number.isInteger(issueCount) || issueCount < 1) throw new Error(`--issues: expected a positive integer, got '${values.issues}'`);
if (!Number.isInteger(port) || port < 1) throw new Error(`--port: expected a port, got '${values.port}'`);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));


async function api(base: string, key: string, method: string, route: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Ask for a sync and poll until it is no longer running; answers its last state and the wall time. */
async function timedSync(base: string, key: string, connectionId: string): Promise<{ state: LastSync; seconds: number }> {
  const started = performance.now();
  const requested = await api(base, key, "POST", `/api/v1/connections/${connectionId}/sync`);
  if (requested.status !== 202) throw new Error(`sync: ${requested.status} ${JSON.stringify(requested.json)}`);
  const deadline = Date.now() + timeoutMs;
  let lastPrinted = 0;
  for (;;) {
    const { json } = await api(base, key, "GET", `/api/v1/connections/${connectionId}`);
    const state = json.last_sync as LastSync;
    if (state.status !== "running") return { state, seconds: (performance.now() - started) / 1000 };
    if (Date.now() - lastPrinted > 5000) {
      lastPrinted = Date.now();
      console.log(`  ... fetched ${state.fetched}, scored ${state.scored}, skipped ${state.skipped}, failed ${state.failed}`);
    }
    if (Date.now() > deadline) throw new Error(`the sync did not finish within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

async function main(): Promise<void> {
  // Generated issues (the fake's realistic backlog text: ADF descriptions, criteria in the custom field or as a
  // description section, Story, Bug and Task), each a new story; Jira's own page cap of 100.
  const jira = await startFakeJira({ count: issueCount, pageSize: 100 });
  console.log(`Fake Jira with ${issueCount} issues at ${jira.url}; starting the production server on port ${port}...`);
  const server = await startBenchServer(port, { ALLOW_PRIVATE_CALLBACKS: "true", LOG_LEVEL: "warn" });
  let failed = false;
  try {
    const key = await provisionBenchCustomer(server.base, `bench-import-${Date.now().toString(36)}`);
    const created = await api(server.base, key, "POST", "/api/v1/connections", {
      kind: "jira",
      name: "Benchmark Jira",
      base_url: jira.url,
      credentials: { email: jira.email, token: jira.token },
      query: "project = ACME ORDER BY key",
      ...(writeBack ? { write_back: { comment: true, label: "not-ready", below: 80 } } : {}),
    });
    if (created.status !== 201) throw new Error(`connection: ${created.status} ${JSON.stringify(created.json)}`);
    const connectionId = String(created.json.id);

    /** The write-back requests the fake received between two points of its log: writes, comments added, comment reads. */
    const writeRequests = (from: number, to: number) => {
      const slice = jira.requests.slice(from, to);
      return {
        writes: slice.filter((r) => r.method !== "GET").length,
        posts: slice.filter((r) => r.method === "POST").length,
        reads: slice.filter((r) => r.method === "GET" && r.path.endsWith("/comment")).length,
      };
    };

    console.log(`First sync: ${issueCount} new issues${writeBack ? ", written back" : ""}`);
    const first = await timedSync(server.base, key, connectionId);
    console.log(
      `  ${first.state.status}: fetched ${first.state.fetched}, scored ${first.state.scored}, skipped ${first.state.skipped}, failed ${first.state.failed}${first.state.error ? `, error: ${first.state.error}` : ""}`,
    );
    console.log(`  imported ${first.state.scored} issues in ${first.seconds.toFixed(1)} s: ${(first.state.scored / first.seconds).toFixed(0)} issues/s`);
    if (first.state.status !== "completed" || first.state.scored !== issueCount) failed = true;
    if (writeBack) {
      const w = writeRequests(0, jira.requests.length);
      console.log(
        `  write-back: written ${first.state.written} issues, write_failed ${first.state.write_failed}${first.state.write_error ? ` (${first.state.write_error})` : ""}; ` +
          `${w.writes} write requests (${w.posts} comments added) and ${w.reads} comment reads: ${(w.writes / first.seconds).toFixed(0)} writes/s, ${((first.state.written ?? 0) / first.seconds).toFixed(0)} issues written/s`,
      );
      if (first.state.written !== issueCount || first.state.write_failed !== 0) failed = true;
    }
    const secondFrom = jira.requests.length;

    console.log("Second sync: the same backlog, unchanged");
    const second = await timedSync(server.base, key, connectionId);
    const secondTo = jira.requests.length;
    console.log(`  ${second.state.status}: fetched ${second.state.fetched}, scored ${second.state.scored}, skipped ${second.state.skipped}, failed ${second.state.failed}`);
    console.log(`  read ${second.state.fetched} unchanged issues in ${second.seconds.toFixed(1)} s: ${(second.state.fetched / second.seconds).toFixed(0)} issues/s, nothing scored or billed`);
    if (second.state.status !== "completed" || second.state.scored !== 0 || second.state.skipped !== issueCount) failed = true;
    if (writeBack) {
      const unchangedWrites = writeRequests(secondFrom, secondTo);
      console.log(`  write-back: written ${second.state.written}, write requests ${unchangedWrites.writes}, comment reads ${unchangedWrites.reads} (must be 0)`);
      if (second.state.written !== 0 || unchangedWrites.writes !== 0 || unchangedWrites.reads !== 0) failed = true;
    }

    // A few issues edited: only they are scored again (and written).
    for (let i = 0; i < changedCount; i++) jira.updateIssue(`ACME-${1 + Math.floor((i * issueCount) / changedCount)}`, { summary: `As a shopper, I want to reorder a past order ${i} from its receipt, so that I save time` });
    const mark = jira.requests.length;
    console.log(`Third sync: ${changedCount} issues edited`);
    const third = await timedSync(server.base, key, connectionId);
    console.log(`  ${third.state.status}: scored ${third.state.scored}, skipped ${third.state.skipped}, in ${third.seconds.toFixed(1)} s`);
    if (third.state.status !== "completed" || third.state.scored !== changedCount) failed = true;
    if (writeBack) {
      const edits = writeRequests(mark, jira.requests.length);
      console.log(`  write-back: written ${third.state.written}, write requests ${edits.writes} (comments added ${edits.posts}), comment reads ${edits.reads}`);
      if ((third.state.written ?? 0) > changedCount || edits.posts !== 0) failed = true;
      const comments = jira.issues.map((i) => (i.comments ?? []).length);
      console.log(`  comments per issue: min ${Math.min(...comments)}, max ${Math.max(...comments)}`);
      if (Math.min(...comments) !== 1 || Math.max(...comments) !== 1) failed = true;
    }
  } finally {
    await server.stop();
    await jira.close();
  }
  if (failed) {
    console.error("FAILED: a sync did not complete with the expected counts");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
