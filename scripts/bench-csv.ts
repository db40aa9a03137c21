// `npm run bench:csv`: a 1,000-row backlog through the public CSV flow end to end (upload + score + results)
// against the production server, a few times, with the time of each step. Target: under 2 s end to end. Two
// backlogs: a plain CSV, and a Jira CSV export (all fields, wiki-markup descriptions read as text at upload).
import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { benchOptions, median, startBenchServer } from "./bench-server";

const { rows: rowCount, repetitions, port } = benchOptions({ rows: 1000, repetitions: 5, port: 3291 });
let base = "";
const TARGET_MS = 2000;

/** A realistic backlog: the g09 stories, varied so they are not all duplicates, some with details and criteria. */
function backlogCsv(count: number): string {
  const stories = readFileSync(path.join(process.cwd(), "lib", "scoring", "fixtures", "backlogs", "g09.txt"), "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const rows = Array.from({ length: count }, (_, i) => {
    const story = stories[i % stories.length];
    const round = Math.floor(i / stories.length);
    return {
      "Issue key": `DUO-${1000 + i}`,
      Summary: round === 0 ? story : story.replace(/\.?$/, ` in release ${round + 1}.`),
      Description: i % 3 === 0 ? `Part of the rule-authoring work for release ${round + 1}; see the rulebase guide for the current behaviour.` : "",
      "Acceptance criteria": i % 4 === 0 ? "Given a rule author\nWhen they save the rule\nThen the rule appears in the list within 2 seconds" : "",
    };
  });
  return Papa.unparse(rows);
}

/** A Jira CSV export (lib/backlog/fixtures/jira-export.csv's columns and wiki markup), with the g09 stories as summaries. */
function jiraExportCsv(count: number): string {
  const fixture = readFileSync(path.join(process.cwd(), "lib", "backlog", "fixtures", "jira-export.csv"), "utf8");
  const [header, ...records] = Papa.parse<string[]>(fixture, { skipEmptyLines: "greedy" }).data;
  const stories = readFileSync(path.join(process.cwd(), "lib", "scoring", "fixtures", "backlogs", "g09.txt"), "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const summary = header.indexOf("Summary");
  const key = header.indexOf("Issue key");
  const rows = Array.from({ length: count }, (_, i) => {
    const row = [...records[i % records.length]];
    const round = Math.floor(i / stories.length);
    row[summary] = round === 0 ? stories[i % stories.length] : stories[i % stories.length].replace(/\.?$/, ` in release ${round + 1}.`);
    row[key] = `SHOP-${1000 + i}`;
    return row;
  });
  return Papa.unparse([header, ...rows]);
}

async function expectStatus(response: Response, status: number, step: string): Promise<unknown> {
  const body = await response.json();
  if (response.status !== status) throw new Error(`${step}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body;
}

interface Run {
  upload: number;
  score: number;
  results: number;
  total: number;
}

/** One end-to-end pass. Each pass comes "from" its own client address, so the per-IP limits never interfere. */
async function run(csv: string, client: string): Promise<Run> {
  const headers = { "x-forwarded-for": client };
  const started = performance.now();
  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "bench.csv");
  const uploaded = (await expectStatus(await fetch(`${base}/evaluate/upload`, { method: "POST", body: form, headers }), 201, "upload")) as {
    session_id: string;
    row_count: number;
  };
  if (uploaded.row_count !== rowCount) throw new Error(`upload: ${uploaded.row_count} rows, expected ${rowCount}`);
  const afterUpload = performance.now();
  await expectStatus(
    await fetch(`${base}/evaluate/score`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ session_id: uploaded.session_id }),
    }),
    200,
    "score",
  );
  const afterScore = performance.now();
  const results = (await expectStatus(await fetch(`${base}/evaluate/results/${uploaded.session_id}`, { headers }), 200, "results")) as {
    results: unknown[];
  };
  if (results.results.length !== rowCount) throw new Error(`results: ${results.results.length} rows, expected ${rowCount}`);
  const done = performance.now();
  return { upload: afterUpload - started, score: afterScore - afterUpload, results: done - afterScore, total: done - started };
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

async function main(): Promise<void> {
  console.log("Starting the production server (builds first when the sources changed)...");
  const server = await startBenchServer(port, {
    // The bench client is the only peer; trusting it lets each pass present its own address.
    TRUSTED_PROXIES: "127.0.0.1",
  });
  base = server.base;
  try {
    let met = true;
    const backlogs: [string, string][] = [
      ["CSV backlog", backlogCsv(rowCount)],
      ["Jira CSV export", jiraExportCsv(rowCount)],
    ];
    for (const [b, [name, csv]] of backlogs.entries()) {
      console.log(`\n${name}: ${rowCount} rows, ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB. Warming up...`);
      await run(csv, `10.250.${b * 10}.1`);
      const runs: Run[] = [];
      for (let i = 0; i < repetitions; i++) runs.push(await run(csv, `10.250.${b * 10 + 1}.${i + 1}`));
      console.log(`${"pass".padEnd(6)}${"upload".padStart(8)}${"score".padStart(8)}${"results".padStart(8)}${"total".padStart(8)}`);
      runs.forEach((r, i) => console.log(`${String(i + 1).padEnd(6)}${ms(r.upload)}${ms(r.score)}${ms(r.results)}${ms(r.total)}`));
      const totals = runs.map((r) => r.total);
      const figure = median(totals);
      met &&= figure < TARGET_MS;
      console.log(
        `${name}, ${rowCount}-row upload + score + results, end to end: median ${Math.round(figure)} ms ` +
          `(min ${Math.round(Math.min(...totals))}, max ${Math.round(Math.max(...totals))}); target < ${TARGET_MS} ms: ${figure < TARGET_MS ? "met" : "NOT met"}.`,
      );
    }
    process.exitCode = met ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
