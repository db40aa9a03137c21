import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { ResultsResponse, ScoreResponse, UploadResponse } from "@/lib/csv-flow/types";
import { setupTestDatabase } from "@/testing/db";
import { call, setEnv } from "@/testing/http";
import { GET as getResults } from "./results/[session_id]/route";
import { POST as postScore } from "./score/route";
import { POST as postUpload } from "./upload/route";

const database = setupTestDatabase();
const MB2 = 2 * 1024 * 1024;
const backlog = readFileSync(path.join(process.cwd(), "lib", "scoring", "fixtures", "backlogs", "g09.txt"), "utf8");
const stories = backlog.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);

// Every test gets its own client address, so the per-IP limits of one test never leak into another.
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

function upload(content: string | Uint8Array, options: { name?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.set("file", new Blob([content as BlobPart]), options.name ?? "backlog.csv");
  return call(postUpload, "/evaluate/upload", {
    body: form,
    headers: { "x-ssc-peer-address": options.ip ?? freshIp(), ...options.headers },
  });
}

function score(json: unknown, ip = freshIp()) {
  return call(postScore, "/evaluate/score", { json, headers: { "x-ssc-peer-address": ip } });
}

function results(sessionId: string, ip = freshIp(), query = "") {
  return call(getResults, `/evaluate/results/${sessionId}${query}`, { headers: { "x-ssc-peer-address": ip } }, { session_id: sessionId });
}

async function uploaded(content: string, name = "backlog.csv"): Promise<UploadResponse> {
  const response = await upload(content, { name });
  expect(response.status, response.text).toBe(201);
  return response.body as UploadResponse;
}

const csv = (rows: string[][], delimiter = ",") => Papa.unparse(rows, { delimiter });
const storyCsv = (count: number) => csv([["Key", "Summary"], ...Array.from({ length: count }, (_, i) => [`K-${i + 1}`, stories[i % stories.length]])]);

beforeEach(() => setEnv({ TRUSTED_PROXIES: undefined }));

describe("POST /evaluate/upload", () => {
  it("creates a session with the detected mapping and a preview of the first five rows", async () => {
    const response = await upload(csv([["Issue key", "Title", "Body", "AC"], ...stories.slice(0, 7).map((s, i) => [`DUO-${i + 1}`, s, `Details ${i}`, "Given x when y then z"])]));
    expect(response.status).toBe(201);
    const body = response.body as UploadResponse;
    expect(body).toMatchObject({
      filename: "backlog.csv",
      row_count: 7,
      columns: ["Issue key", "Title", "Body", "AC"],
      mapping: { summary: "Title", description: "Body", acceptance_criteria: "AC", key: "Issue key" },
      delimiter: ",",
      empty_summary_rows: [],
      warnings: [],
    });
    expect(body.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.preview).toHaveLength(5);
    expect(body.preview[0]).toEqual({ key: "DUO-1", summary: stories[0], description: "Details 0", acceptance_criteria: "Given x when y then z" });
    const expires = Date.parse(body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(24 * 3600_000 + 5000);
  });

  it("keeps the file's name without its path and control characters (U+0000 included)", async () => {
    const response = await upload(storyCsv(2), { name: "C:\\exports\\back\u0000log\u0007.csv" });
    expect(response.status).toBe(201);
    expect((response.body as UploadResponse).filename).toBe("backlog.csv");
  });

  it("reads UTF-8 with a BOM, CRLF line ends, quoted commas and line breaks, and semicolons", async () => {
    const content = "\uFEFFID;Story;Description\r\n1;\"As a user, I want to export; to CSV\";\"Line one\r\nline two, with comma\"\r\n2;Café ünïcode story;\r\n";
    const body = await uploaded(content);
    expect(body.delimiter).toBe(";");
    expect(body.columns).toEqual(["ID", "Story", "Description"]);
    expect(body.mapping).toMatchObject({ key: "ID", summary: "Story", description: "Description" });
    expect(body.preview).toEqual([
      { key: "1", summary: "As a user, I want to export; to CSV", description: "Line one\nline two, with comma" },
      { key: "2", summary: "Café ünïcode story" },
    ]);
  });

  it("reads a file that is not UTF-8 as Windows-1252, as Excel's plain CSV writes it, and says so", async () => {
    // Summary\nAs a “buyer” I want to pay in € – café, in Windows-1252.
    const bytes = Uint8Array.from([...Buffer.from("Summary\nAs a "), 0x93, ...Buffer.from("buyer"), 0x94,
      ...Buffer.from(" I want to pay in "), 0x80, 0x20, 0x96, ...Buffer.from(" caf"), 0xe9]);
    const response = await upload(bytes);
    expect(response.status, response.text).toBe(201);
    const body = response.body as UploadResponse;
    expect(body.encoding).toBe("windows-1252");
    expect(body.preview).toEqual([{ summary: "As a “buyer” I want to pay in € – café" }]);
    expect((await uploaded("Summary\nAs a “buyer”")).encoding).toBe("utf-8");
  });

  it("reads a .txt backlog as one story per line", async () => {
    const body = await uploaded(backlog, "g09.txt");
    expect(body).toMatchObject({ columns: ["Story"], mapping: { summary: "Story" }, delimiter: null, row_count: stories.length });
    expect(body.preview[0]).toEqual({ summary: stories[0] });
  });

  it("reads a headerless CSV whose first line is a story as one story per line", async () => {
    const body = await uploaded(stories.slice(0, 3).join("\n"), "stories.csv");
    expect(body.row_count).toBe(3);
    expect(body.preview[1]).toEqual({ summary: stories[1] });
  });

  it("reports rows with an empty summary instead of dropping them", async () => {
    const body = await uploaded(csv([["Summary", "Notes"], [stories[0], "a"], ["", "b"], [stories[1], ""], ["  ", "d"]]));
    expect(body.row_count).toBe(4);
    expect(body.empty_summary_rows).toEqual([2, 4]);
    expect(body.empty_cells).toEqual({ Summary: [2, 4], Notes: [3] });
  });

  it("never cuts a row with more fields than the header: joined back in a one-column file, reported per row otherwise", async () => {
    // Issue 42: a one-column file whose stories hold an unquoted comma kept only "As a guest".
    const one = await uploaded("Story\nAs a guest, I want to book a room, so that I can stay.\nAs a host, I want to list my flat\n", "guests.csv");
    expect(one.preview).toEqual([{ summary: "As a guest, I want to book a room, so that I can stay." }, { summary: "As a host, I want to list my flat" }]);
    expect(one.warnings).toEqual([]);
    const two = await uploaded("Key,Summary\nK-1,As a guest, I want to book a room\nK-2,As a host I want to list my flat\n");
    expect(two.row_count).toBe(2);
    expect(two.warnings).toEqual([{ row: 1, message: expect.stringMatching(/^Row 1 has 3 fields where the header has 2 columns .*“ I want to book a room” was left out/) }]);
  });

  it("counts the rows to score of each kind, as the engine will judge them, so the page can say what it scores", async () => {
    const jira = readFileSync(path.join(process.cwd(), "e2e", "fixtures", "mixed-kinds-jira.csv"), "utf8");
    const mixed = await uploaded(jira, "mixed.csv");
    expect(mixed.mapping.type).toBe("Issue Type");
    expect(mixed.by_work_item_type).toEqual({ story: 3, bug: 2, task: 3 });
    // A scored session judges them the same way.
    const scored = await score({ session_id: mixed.session_id, score_token: mixed.score_token });
    expect(scored.status, scored.text).toBe(200);
    const kinds = ((await results(mixed.session_id)).body as ResultsResponse).results.map((r) => r.work_item_type);
    expect({ story: kinds.filter((k) => k === "story").length, bug: kinds.filter((k) => k === "bug").length, task: kinds.filter((k) => k === "task").length }).toEqual(mixed.by_work_item_type);
    // One story per line, an empty summary not counted.
    expect((await uploaded(csv([["Summary"], [stories[0]], [""], [stories[1]]]))).by_work_item_type).toEqual({ story: 2 });
  });

  it("names blank and repeated headers so every column can be chosen", async () => {
    const body = await uploaded("Summary,,Summary\nA story,x,y\n");
    expect(body.columns).toEqual(["Summary", "Column 2", "Summary (2)"]);
  });

  it.each([
    ["a missing file", () => call(postUpload, "/evaluate/upload", { body: new FormData(), headers: { "x-ssc-peer-address": freshIp() } }), /No file was sent/],
    ["a JSON body", () => call(postUpload, "/evaluate/upload", { json: { file: "x" }, headers: { "x-ssc-peer-address": freshIp() } }), /multipart\/form-data/],
    ["a text field instead of a file", () => {
      const form = new FormData();
      form.set("file", "Summary\nA story");
      return call(postUpload, "/evaluate/upload", { body: form, headers: { "x-ssc-peer-address": freshIp() } });
    }, /No file was sent/],
    ["an empty file", () => upload(""), /empty/],
    ["a file of blank lines", () => upload("\r\n \n\n"), /empty/],
    ["a header without rows", () => upload("Summary,Key\r\n"), /no stories/],
    ["no summary-like column", () => upload("Foo,Bar\n1,2\n"), /No summary column found.*found: Foo, Bar/],
    ["an unclosed quote", () => upload("Summary,Key\n\"A story,K-1\nAnother,K-2\n"), /never closed/],
    ["an Excel workbook", () => upload(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: "backlog.xlsx" }), /workbook/],
    ["a binary file", () => upload(new Uint8Array([0x53, 0x75, 0x6d, 0x0a, 0x00, 0x01])), /not a text file/],
  ])("answers 400 with a {detail} for %s", async (_label, send, message) => {
    const response = await send();
    expect(response.status).toBe(400);
    expect(Object.keys(response.body as object)).toEqual(["detail"]);
    expect((response.body as { detail: string }).detail).toMatch(message);
  });

  it("accepts a file of exactly 2 MB and refuses one byte more with 413", async () => {
    const header = "Summary\n";
    const line = `${stories[0]}\n`;
    let content = header + line.repeat(900);
    content += "x".repeat(MB2 - Buffer.byteLength(content));
    expect(Buffer.byteLength(content)).toBe(MB2);
    const exact = await upload(content);
    expect(exact.status, exact.text).toBe(201);
    const over = await upload(`${content}y`);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: expect.stringMatching(/2 MB/) });
  });

  it("refuses a declared Content-Length over the limit before reading the body", async () => {
    let pulled = false;
    const body = new ReadableStream({
      pull(controller) {
        pulled = true;
        controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
      },
    }, { highWaterMark: 0 });
    const response = await call(postUpload, "/evaluate/upload", {
      body,
      headers: { "x-ssc-peer-address": freshIp(), "content-type": "multipart/form-data; boundary=abc", "content-length": String(50 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(pulled).toBe(false);
  });

  it("cuts off an endless streamed body with 413 instead of buffering it", async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await call(postUpload, "/evaluate/upload", {
      body,
      headers: { "x-ssc-peer-address": freshIp(), "content-type": "multipart/form-data; boundary=abc" },
    });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(MB2 + 512 * 1024);
  });

  it("accepts 1,000 rows and refuses 1,001 with 413", async () => {
    expect((await upload(storyCsv(1000))).status).toBe(201);
    const over = await upload(storyCsv(1001));
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: "The file has 1,001 rows; the limit is 1,000 stories per file." });
    const txtOver = await upload(Array.from({ length: 1001 }, (_, i) => `As a user, I want feature ${i}`).join("\n"), { name: "b.txt" });
    expect(txtOver.status).toBe(413);
  });

  it("deletes expired sessions on a later upload", async () => {
    const old = await uploaded(storyCsv(2));
    await database().query(sql`update csv_sessions set expires_at = now() - interval '1 second' where id = ${old.session_id}`);
    expect((await results(old.session_id)).status).toBe(404);
    await uploaded(storyCsv(2));
    const left = await database().query<{ n: number }>(sql`select count(*)::int as n from csv_sessions where id = ${old.session_id}`);
    expect(Number(left[0].n)).toBe(0);
  });
});

describe("tracker exports through upload, score and results", () => {
  const trackerFixture = (name: string) => readFileSync(path.join(process.cwd(), "lib", "backlog", "fixtures", name), "utf8");
  const markup = /h[1-6]\.\s|\{code|\{color|\|\||<\/?[a-z][^>]*>|&nbsp;|\*\*|!\[|\]\(|```/i;
  const cases: [string, string, string, string][] = [
    ["jira-export.csv", "jira-csv", "Jira CSV export", "SHOP-102"],
    ["azure-devops-export.csv", "azure-devops-csv", "Azure DevOps CSV export", "4211"],
    ["linear-export.csv", "linear-csv", "Linear CSV export", "ENG-12"],
    ["github-issues.json", "github-json", "GitHub issues JSON (gh issue list)", "#41"],
    ["jira-search.json", "jira-json", "Jira JSON (REST search result)", "PAY-7"],
  ];
  for (const [file, format, label, storyKey] of cases) {
    it(`reads ${file} as ${label}: criteria found raise testable, types listed, no markup left`, async () => {
      const body = await uploaded(trackerFixture(file), file);
      expect(body).toMatchObject({ format, format_label: label });
      expect((await score({ session_id: body.session_id })).status).toBe(200);
      const view = (await results(body.session_id)).body as ResultsResponse;
      expect(view.format).toBe(format);
      const story = view.results.find((r) => r.key === storyKey)!;
      expect(story.acceptance_criteria).toMatch(/Given/);
      expect(story.individual_scores.testable).toBe(10);
      expect(view.results.some((r) => r.type !== null && /bug/i.test(r.type))).toBe(true);
      for (const r of view.results) {
        for (const text of [r.description, r.acceptance_criteria]) if (text) expect(text).not.toMatch(markup);
        for (const f of r.findings) if (f.field) expect((r[f.field] ?? "").slice(f.start, f.end)).not.toMatch(markup);
      }
      const csvBody = (await results(body.session_id, freshIp(), "?format=csv")).text;
      expect(csvBody.split(/\r?\n/)[0]).toContain("type");
    });
  }

  it("judges each row by the kind its type column names: the preview, the results and the export say which", async () => {
    const body = await uploaded(trackerFixture("jira-export.csv"), "jira-export.csv");
    expect(body.mapping.type).toBe("Issue Type");
    expect(body.preview.map((ticket) => ticket.issue_type)).toEqual(["Story", "Story", "Bug", "Sub-task"]);
    expect((await score({ session_id: body.session_id })).status).toBe(200);
    const view = (await results(body.session_id)).body as ResultsResponse;
    expect(view.results.map((r) => [r.key, r.type, r.work_item_type])).toEqual([
      ["SHOP-101", "Story", "story"],
      ["SHOP-102", "Story", "story"],
      ["SHOP-103", "Bug", "bug"],
      ["SHOP-104", "Sub-task", "task"],
    ]);
    const exported = Papa.parse<string[]>((await results(body.session_id, freshIp(), "?format=csv")).text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const kindColumn = exported[0].indexOf("work_item_type");
    expect(kindColumn).toBe(exported[0].indexOf("type") + 1);
    expect(exported.slice(1).map((row) => row[kindColumn])).toEqual(["story", "story", "bug", "task"]);
    // Where each kind came from: the file's type column named every one.
    expect(view.results.map((r) => r.work_item_type_source)).toEqual(["given", "given", "given", "given"]);
    const sourceColumn = exported[0].indexOf("work_item_type_source");
    expect(exported.slice(1).map((row) => row[sourceColumn])).toEqual(Array(4).fill("from its type"));

    // Scored without a type column (mapping.type null): no kind from the file, so the text decides, else story.
    expect((await score({ session_id: body.session_id, mapping: { type: null }, score_token: body.score_token })).status).toBe(200);
    const untyped = (await results(body.session_id)).body as ResultsResponse;
    expect(untyped.results.every((r) => r.type === null)).toBe(true);
    expect(untyped.results[0].work_item_type).toBe("story");
    expect(untyped.results.map((r) => r.work_item_type_source)).not.toContain("given");
  });

  it("reads sessions scored before results had a kind: from the type, else story", async () => {
    const body = await uploaded(trackerFixture("jira-export.csv"), "jira-export.csv");
    expect((await score({ session_id: body.session_id })).status).toBe(200);
    await database().db.execute(sql`update csv_sessions set results = (
      select jsonb_agg((r - 'work_item_type') || case when r->>'key' = 'SHOP-102' then '{"type": null}'::jsonb else '{}'::jsonb end)
      from jsonb_array_elements(results) r) where id = ${body.session_id}::uuid`);
    const view = (await results(body.session_id)).body as ResultsResponse;
    expect(view.results.map((r) => r.work_item_type)).toEqual(["story", "story", "bug", "task"]);
    const exported = (await results(body.session_id, freshIp(), "?format=csv")).text;
    expect(exported).toMatch(/\r\n3,SHOP-103,Bug,bug,/);
  });

  it("refuses a JSON file of another shape, naming the shapes it reads", async () => {
    const response = await upload('{"data": {"items": [1, 2]}}', { name: "export.json" });
    expect(response.status).toBe(400);
    expect((response.body as { detail: string }).detail).toMatch(/Jira search result.*GitHub issue list.*list of tickets/);
  });
});

describe("POST /evaluate/score and GET /evaluate/results/{id}", () => {
  it("reads the stories by the preset the visitor chose, and refuses one that is not a preset", async () => {
    const content = csv([["Key", "Summary"], ["V-1", "As an administrator, I want to create and maintain venues, so that users find them."]]);
    const atomicOf = async (preset?: string) => {
      const session = await uploaded(content);
      const scored = await score({ session_id: session.session_id, score_token: session.score_token, ...(preset ? { preset } : {}) });
      expect(scored.status, scored.text).toBe(200);
      const body = (await results(session.session_id)).body as ResultsResponse;
      return body.results[0].findings.map((f) => f.code).filter((c) => c.startsWith("atomic."));
    };
    expect(await atomicOf()).toEqual(["atomic.two_actions"]);
    expect(await atomicOf("lenient")).toEqual([]);
    expect(await atomicOf("strict")).toEqual(["atomic.two_actions"]);
    const session = await uploaded(content);
    const refused = await score({ session_id: session.session_id, score_token: session.score_token, preset: "loose" });
    expect(refused.status).toBe(400);
  });

  it("keeps the preset a scoring ran with: the results and the export say it, and scoring again replaces it", async () => {
    const session = await uploaded(storyCsv(3));
    const presetOf = async () => {
      const view = (await results(session.session_id)).body as ResultsResponse;
      const exported = Papa.parse<string[]>((await results(session.session_id, freshIp(), "?format=csv")).text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
      const column = exported[0].indexOf("preset");
      expect(column).toBe(exported[0].length - 1);
      return { json: view.preset, csv: [...new Set(exported.slice(1).map((row) => row[column]))] };
    };
    expect((await score({ session_id: session.session_id, preset: "lenient" })).status).toBe(200);
    expect(await presetOf()).toEqual({ json: "lenient", csv: ["lenient"] });
    // No preset chosen is the default reading, and says so.
    expect((await score({ session_id: session.session_id, score_token: session.score_token })).status).toBe(200);
    expect(await presetOf()).toEqual({ json: "default", csv: ["default"] });
    expect((await score({ session_id: session.session_id, score_token: session.score_token, preset: "strict" })).status).toBe(200);
    expect(await presetOf()).toEqual({ json: "strict", csv: ["strict"] });
  });

  it("loads a session scored before the preset was recorded, claiming no preset for it", async () => {
    const session = await uploaded(storyCsv(3));
    expect((await score({ session_id: session.session_id, preset: "strict" })).status).toBe(200);
    // Such a session may have been scored strict or lenient (the select came before the column): null, not "default".
    await database().query(sql`update csv_sessions set preset = null where id = ${session.session_id}`);
    const view = await results(session.session_id);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ status: "completed", scored_count: 3, preset: null });
    const exported = Papa.parse<string[]>((await results(session.session_id, freshIp(), "?format=csv")).text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(exported).toHaveLength(4);
    expect(exported.slice(1).map((row) => row[exported[0].indexOf("preset")])).toEqual(["", "", ""]);
  });

  it("lets whoever holds the results link read them, and only the uploader score the session again", async () => {
    const response = await upload(storyCsv(3));
    const session = response.body as UploadResponse;
    expect(session.score_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toBe(`ssc-score-${session.session_id}=${session.score_token}; Path=/evaluate/score; Max-Age=86400; HttpOnly; SameSite=Strict`);
    expect((await score({ session_id: session.session_id })).status).toBe(200);
    const shared = (await results(session.session_id)).body as ResultsResponse;

    // The link's holder: reading works, replacing the results does not, with no token or a wrong one.
    for (const attempt of [{}, { score_token: "x".repeat(43) }, { score_token: "" }]) {
      const refused = await score({ session_id: session.session_id, mapping: { summary: "Key" }, ...attempt });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: expect.stringMatching(/^Only the uploader can score this session again/) });
    }
    const after = (await results(session.session_id)).body as ResultsResponse;
    expect(after.results).toEqual(shared.results);
    expect(after.scored_at).toBe(shared.scored_at);

    // The uploader: the browser's cookie, or the token in the body.
    const byCookie = await call(postScore, "/evaluate/score", {
      json: { session_id: session.session_id },
      headers: { "x-ssc-peer-address": freshIp(), cookie: cookie.split(";")[0] },
    });
    expect(byCookie.status, byCookie.text).toBe(200);
    expect((await score({ session_id: session.session_id, score_token: session.score_token })).status).toBe(200);
    // Another session's token opens nothing else.
    const other = (await upload(storyCsv(2))).body as UploadResponse;
    expect((await score({ session_id: other.session_id })).status).toBe(200);
    expect((await score({ session_id: other.session_id, score_token: session.score_token })).status).toBe(403);
  });

  it("answers status uploaded with no results before scoring, and 409 for a CSV download", async () => {
    const session = await uploaded(storyCsv(3));
    const before = await results(session.session_id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ session_id: session.session_id, status: "uploaded", row_count: 3, scored_count: 0, summary: null, preset: null, results: [] });
    const download = await results(session.session_id, freshIp(), "?format=csv");
    expect(download.status).toBe(409);
    expect(download.body).toEqual({ detail: expect.stringMatching(/not been scored/) });
  });

  it("scores all rows as one batch and returns them with findings, rewrites and a summary", async () => {
    const rows = [
      ["Key", "Summary", "Acceptance criteria"],
      ["A-1", stories[0], "Given a rule, when I save it, then it is listed"],
      ["A-2", stories[0], ""],
      ["A-3", "As a user, I want to reset my password (urgent)", ""],
      ["A-4", stories[1], ""],
    ];
    const session = await uploaded(csv(rows));
    const scored = await score({ session_id: session.session_id });
    expect(scored.status, scored.text).toBe(200);
    const body = scored.body as ScoreResponse;
    expect(body).toMatchObject({ session_id: session.session_id, status: "completed", row_count: 4, scored_count: 4, skipped_rows: [] });
    expect(Object.keys(body.summary.dimension_averages)).toEqual(["independent", "negotiable", "valuable", "estimable", "small", "testable"]);
    expect(body.summary.average_overall).toBeGreaterThan(0);

    const view = (await results(session.session_id)).body as ResultsResponse;
    expect(view.status).toBe("completed");
    expect(view.summary).toEqual(body.summary);
    expect(view.results.map((r) => [r.row, r.key])).toEqual([[1, "A-1"], [2, "A-2"], [3, "A-3"], [4, "A-4"]]);
    const first = view.results[0];
    expect(first).toMatchObject({ summary: stories[0], acceptance_criteria: rows[1][2], description: null });
    expect(first.individual_scores).toEqual(expect.objectContaining({ testable: expect.any(Number) }));
    expect(Array.isArray(first.recommendations)).toBe(true);
    // One batch: the repeated story is found as a duplicate of the other.
    expect(view.results[1].findings.some((f) => f.code.startsWith("unique."))).toBe(true);
    // Findings point at the offending text.
    const located = view.results[2].findings.find((f) => f.field && f.start !== undefined);
    expect(located).toBeDefined();
    expect(view.results[2].summary.slice(located!.start, located!.end)).toBe("(urgent)");
  });

  it("splits a compound story into one story per feature, in the results and the CSV export", async () => {
    const compound = "As an admin, I want to add or remove users, so that the team stays current.";
    const session = await uploaded(csv([["Key", "Summary"], ["U-1", compound], ["U-2", stories[0]]]));
    expect((await score({ session_id: session.session_id })).status).toBe(200);
    const view = (await results(session.session_id)).body as ResultsResponse;
    const [split, single] = view.results;
    expect(split.split.length).toBeGreaterThanOrEqual(2);
    // A split is never the rewrite (issue 43): the rewrite, when there is one, is the whole story.
    expect(split.split).not.toContain(split.rewrite);
    expect(split.split.every((part) => part.startsWith("As an admin, I want to "))).toBe(true);
    expect(single.split).toEqual([]);

    const download = await results(session.session_id, freshIp(), "?format=csv");
    const parsed = Papa.parse<string[]>(download.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    const column = parsed[0].indexOf("split");
    expect(column).toBe(parsed[0].indexOf("rewrite") + 1);
    expect(parsed[1][column]).toBe(split.split.join("\n"));
    expect(parsed[2][column]).toBe("");

    // A session scored before results carried `split` still loads, with an empty one.
    await database().query(sql`update csv_sessions set results = (select jsonb_agg(r - 'split') from jsonb_array_elements(results) r) where id = ${session.session_id}`);
    const older = (await results(session.session_id)).body as ResultsResponse;
    expect(older.results.map((r) => r.split)).toEqual([[], []]);
    expect((await results(session.session_id, freshIp(), "?format=csv")).status).toBe(200);
  });

  it("shows a session's results in their documented shape only, whatever else is stored with them", async () => {
    const session = await uploaded(csv([["Key", "Summary"], ["S-1", stories[0]]]));
    expect((await score({ session_id: session.session_id })).status).toBe(200);
    await database().query(sql`update csv_sessions set results = (select jsonb_agg(r || '{"internal_note": "not for readers"}') from jsonb_array_elements(results) r) where id = ${session.session_id}`);
    const response = await results(session.session_id);
    expect(response.status).toBe(200);
    const [result] = (response.body as ResultsResponse).results;
    expect(result).toMatchObject({ row: 1, key: "S-1", summary: stories[0] });
    expect(result).not.toHaveProperty("internal_note");
  });

  it("scores with a changed mapping and skips (and reports) rows whose summary is empty", async () => {
    const session = await uploaded(csv([["Title", "User story", "Notes"], ["Rules", stories[0], "n1"], ["Links", "", "n2"], ["Sources", stories[2], "n3"]]));
    expect(session.mapping.summary).toBe("Title");
    const scored = await score({ session_id: session.session_id, mapping: { summary: "User story", description: "Notes" } });
    expect(scored.status, scored.text).toBe(200);
    expect(scored.body).toMatchObject({ row_count: 3, scored_count: 2, skipped_rows: [2] });
    const view = (await results(session.session_id)).body as ResultsResponse;
    expect(view.mapping).toEqual({ summary: "User story", description: "Notes", acceptance_criteria: null, key: null, type: null });
    expect(view.results.map((r) => [r.row, r.summary, r.description])).toEqual([[1, stories[0], "n1"], [3, stories[2], "n3"]]);
    expect(view.skipped_rows).toEqual([2]);
  });

  it.each([
    [{ summary: "Nope" }, /no column "Nope"/],
    [{ summary: null }, /summary column is required/],
    [{ key: "Summary" }, /already mapped to summary/],
    [{ colour: "Summary" }, /Invalid request/],
    [{ summary: 7 }, /Invalid request/],
  ])("answers 400 for the mapping %j", async (mapping, message) => {
    const session = await uploaded(storyCsv(2));
    const response = await score({ session_id: session.session_id, mapping });
    expect(response.status).toBe(400);
    expect((response.body as { detail: string }).detail).toMatch(message);
  });

  it("answers 400 when the chosen summary column is empty in every row", async () => {
    const session = await uploaded(csv([["Summary", "Empty"], ["A story", ""]]));
    const response = await score({ session_id: session.session_id, mapping: { summary: "Empty" } });
    expect(response.status).toBe(400);
    expect((response.body as { detail: string }).detail).toMatch(/No row has a summary in column "Empty"/);
  });

  it.each([
    ["invalid JSON", { body: "{nope", headers: { "content-type": "application/json" } }, 400],
    ["a missing session_id", { json: {} }, 400],
    ["an unknown session", { json: { session_id: "00000000-0000-4000-8000-000000000000" } }, 404],
    ["a malformed session id", { json: { session_id: "../etc" } }, 404],
  ])("answers a {detail} error for %s", async (_label, options, status) => {
    const response = await call(postScore, "/evaluate/score", { ...options, headers: { ...(options as { headers?: Record<string, string> }).headers, "x-ssc-peer-address": freshIp() } });
    expect(response.status).toBe(status);
    expect(Object.keys(response.body as object)).toEqual(["detail"]);
  });

  it("answers 404 for unknown, malformed and expired sessions, and 400 for an unknown format", async () => {
    expect((await results("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await results("not-a-uuid")).body).toEqual({ detail: expect.stringMatching(/not found/) });
    const session = await uploaded(storyCsv(2));
    expect((await results(session.session_id, freshIp(), "?format=xml")).status).toBe(400);
    expect((await score({ session_id: session.session_id })).status).toBe(200);
    await database().query(sql`update csv_sessions set expires_at = now() - interval '1 second' where id = ${session.session_id}`);
    expect((await results(session.session_id)).status).toBe(404);
    expect((await score({ session_id: session.session_id })).status).toBe(404);
  });

  it("exports CSV with formula cells neutralised, percentages and skipped rows noted", async () => {
    const session = await uploaded(
      csv([
        ["Key", "Summary"],
        ["=1+1", "=HYPERLINK(\"http://evil.example\",\"click\")"],
        ["+K", "+As a user, I want to pay"],
        ["-K", "-As a user, I want to log in"],
        ["@K", "@SUM(A1:A2) as a user"],
        ["K5", ""],
        ["K6", "\tAs a user, I want tabs"],
        ["K7", stories[0]],
      ]),
    );
    // Cells starting with CR or LF cannot survive parsing-and-trimming of an upload; test them directly below.
    expect((await score({ session_id: session.session_id })).status).toBe(200);
    const download = await results(session.session_id, freshIp(), "?format=csv");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="results-backlog.csv"; filename*=UTF-8''results-backlog.csv`);
    const parsed = Papa.parse<string[]>(download.text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(["row", "key", "type", "work_item_type", "language", "summary", "overall (%)", "overall_reasoning", "independent (%)", "negotiable (%)", "valuable (%)", "estimable (%)", "small (%)", "testable (%)", "findings", "recommendations", "rewrite", "split", "note", "work_item_type_source", "preset"]);
    expect(parsed).toHaveLength(8);
    for (const row of parsed.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\n]/);
    expect(parsed[1].slice(0, 6)).toEqual(["1", "'=1+1", "", "story", "en", "'=HYPERLINK(\"http://evil.example\",\"click\")"]);
    const note = parsed[0].indexOf("note");
    expect(parsed[5]).toEqual(["5", ...Array<string>(note - 1).fill(""), "not scored: the summary is empty", ...Array<string>(parsed[0].length - note - 1).fill("")]);
    expect(parsed[7][6]).toMatch(/^\d{1,3}$/);
    const view = (await results(session.session_id)).body as ResultsResponse;
    expect(Number(parsed[7][6])).toBe(Math.round(view.results.find((r) => r.row === 7)!.overall_score * 10));
  });
});

describe("per-IP limits", () => {
  async function expectLimited(response: { status: number; headers: Headers; body: unknown }, windowSeconds: number) {
    expect(response.status).toBe(429);
    const retryAfter = response.headers.get("retry-after");
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds);
    expect(Object.keys(response.body as object)).toEqual(["detail"]);
    expect(response.body).not.toHaveProperty("code");
  }

  it("allows the 10th upload in an hour and refuses the 11th with Retry-After", async () => {
    const ip = freshIp();
    for (let i = 1; i <= 10; i++) expect((await upload(storyCsv(1), { ip })).status, `upload ${i}`).toBe(201);
    const eleventh = await upload(storyCsv(1), { ip });
    await expectLimited(eleventh, 3600);
    expect((eleventh.body as { detail: string }).detail).toMatch(/limit is 10 per hour\. Try again in \d+ minutes?\./);
    // Another client is not affected.
    expect((await upload(storyCsv(1))).status).toBe(201);
  });

  it("checks the limit before reading the upload: a refused request does no work", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await upload("", { ip });
    const before = await database().query<{ n: number }>(sql`select count(*)::int as n from csv_sessions`);
    const refused = await upload(storyCsv(1), { ip });
    expect(refused.status).toBe(429);
    const after = await database().query<{ n: number }>(sql`select count(*)::int as n from csv_sessions`);
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it("opens a new window when the old one is over", async () => {
    const ip = freshIp();
    for (let i = 0; i < 11; i++) await upload("", { ip });
    expect((await upload(storyCsv(1), { ip })).status).toBe(429);
    await database().query(sql`update rate_limit_counters set window_start = now() - interval '3601 seconds' where bucket = ${`csv:upload:${ip}`}`);
    expect((await upload(storyCsv(1), { ip })).status).toBe(201);
  });

  it("allows the 5th score in an hour and refuses the 6th", async () => {
    const session = await uploaded(storyCsv(2));
    const ip = freshIp();
    const again = { session_id: session.session_id, score_token: session.score_token };
    for (let i = 1; i <= 5; i++) expect((await score(again, ip)).status, `score ${i}`).toBe(200);
    const sixth = await score(again, ip);
    await expectLimited(sixth, 3600);
    expect((sixth.body as { detail: string }).detail).toMatch(/limit is 5 per hour/);
  });

  it("allows the 60th results request in a minute and refuses the 61st", async () => {
    const session = await uploaded(storyCsv(1));
    const ip = freshIp();
    for (let i = 1; i <= 60; i++) expect((await results(session.session_id, ip)).status, `results ${i}`).toBe(200);
    const refused = await results(session.session_id, ip);
    await expectLimited(refused, 60);
    expect((refused.body as { detail: string }).detail).toMatch(/limit is 60 per minute\. Try again in \d+ seconds?\./);
    // The CSV download and unknown sessions count against the same limit.
    expect((await results(session.session_id, ip, "?format=csv")).status).toBe(429);
    expect((await results("00000000-0000-4000-8000-000000000000", ip)).status).toBe(429);
  });

  it("never moves a client to a fresh bucket with a forged X-Forwarded-For (no trusted proxies)", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const response = await upload("", { ip, headers: { "x-forwarded-for": `203.0.113.${i}`, "x-real-ip": `203.0.113.${i}` } });
      expect(response.status).toBe(400);
    }
    const forged = await upload(storyCsv(1), { ip, headers: { "x-forwarded-for": "203.0.113.99" } });
    expect(forged.status).toBe(429);
  });

  it("behind a trusted proxy, counts the address the proxy saw, not what the client wrote", async () => {
    setEnv({ TRUSTED_PROXIES: "10.0.0.0/8" });
    const proxy = "10.1.2.3";
    const client = "192.0.2.77";
    for (let i = 0; i < 10; i++) {
      // The client forges the left part; the proxy appends the real peer it saw.
      const response = await upload("", { ip: proxy, headers: { "x-forwarded-for": `203.0.113.${i}, ${client}` } });
      expect(response.status).toBe(400);
    }
    expect((await upload(storyCsv(1), { ip: proxy, headers: { "x-forwarded-for": `203.0.113.200, ${client}` } })).status).toBe(429);
    // A different real client behind the same proxy has its own bucket.
    expect((await upload(storyCsv(1), { ip: proxy, headers: { "x-forwarded-for": "192.0.2.78" } })).status).toBe(201);
    // The same client connecting directly (IPv4-mapped, as Node reports it) is the same bucket.
    expect((await upload(storyCsv(1), { ip: "::ffff:192.0.2.77" })).status).toBe(429);
  });

  it("counts an IPv6 client by its /64 network", async () => {
    for (let i = 1; i <= 10; i++) await upload("", { ip: `2001:db8:77:1::${i.toString(16)}` });
    expect((await upload(storyCsv(1), { ip: "2001:db8:77:1:ffff::1" })).status).toBe(429);
    expect((await upload(storyCsv(1), { ip: "2001:db8:77:2::1" })).status).toBe(201);
  });
});
