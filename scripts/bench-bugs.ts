// npm run bench:bugs -- [--file FILE | --written] [--list CODE] [--system NAME] [--forms] [--agreement]
// How the bug rules agree with researchers' labels: every report of ../shared/data/bugs (title, description;
// labels has_ob, has_eb, has_sr, see ../shared/data/README.md) scored as a bug through the path the API uses
// (the heuristic engine, issue_type "Bug"), and three codes compared with "labelled missing":
//   bug.no_expected_result <- !has_eb,  bug.no_steps <- !has_sr,  bug.no_actual_result <- !has_ob.
// Per code and per system (and all together): precision, recall, F1 and Cohen's kappa, the share flagged
// beside the share labelled missing, and the trivial detector (flag every report) beside it.
// `--list CODE` prints the reports the code gets wrong (file, id, title: to read in the terminal, never to copy
// into the repository); `--system NAME` keeps one system. When the data is absent it says so and exits 0.
// `--written` measures the reports written for this repository instead (lib/scoring/heuristic/written-reports/*.jsonl:
// a browser's and a web server's Bugzilla, per file and writer; see docs/decisions.md, "Bug readers, fourth pass").
// `--forms` measures the same reports in each form a tracker stores them in or an export leaves them (scripts/bug-forms.ts).
// `--written --agreement` sets a second, blind reader's labels of three read sets beside the writers' and the engine's.
import fs from "node:fs";
import path from "node:path";
import { createEngine, type ScoringEngine, type ScoringResult } from "@/lib/scoring";
import { type LabelledReport, readLabelledReports } from "@/lib/scoring/labelled-reports";
import type { FindingCode } from "@/lib/scoring/codes";
import { BUG_FORMS } from "./bug-forms";
import { kappa, prf } from "./quality";

const REPO = path.resolve(__dirname, "..");
const DEFAULT_FILE = path.resolve(REPO, "../shared/data/bugs/chaparro-eclipse-facebook.jsonl");
const WRITTEN = path.resolve(REPO, "lib/scoring/heuristic/written-reports");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The codes measured, each with the label whose absence it should flag. */
const CODES = [
  { code: "bug.no_expected_result", name: "missing expected behaviour", missing: (r: LabelledReport) => !r.has_eb },
  { code: "bug.no_steps", name: "missing steps to reproduce", missing: (r: LabelledReport) => !r.has_sr },
  { code: "bug.no_actual_result", name: "missing observed behaviour", missing: (r: LabelledReport) => !r.has_ob },
] as const satisfies readonly { code: FindingCode; name: string; missing: (r: LabelledReport) => boolean }[];

/** Published for the trained detector (DEMIBUD-ML, Chaparro et al. 2017, on these systems and five more). */
const TRAINED: Record<string, string> = {
  "bug.no_expected_result": "P 0.859 R 0.932 (F1 0.894)",
  "bug.no_steps": "P 0.692 R 0.830 (F1 0.755)",
  "bug.no_actual_result": "no detector",
} satisfies Partial<Record<FindingCode, string>>;

const f3 = (x: number) => (Number.isNaN(x) ? "  -  " : x.toFixed(3));
const pc = (x: number) => `${Math.round(100 * x)}%`.padStart(4);

function binaryKappa(predicted: boolean[], actual: boolean[]): number {
  const s = (b: boolean) => (b ? "1" : "0");
  return kappa(predicted.map(s), actual.map(s));
}

async function main() {
  const written = process.argv.includes("--written");
  const file = written ? WRITTEN : path.resolve(arg("--file") ?? DEFAULT_FILE);
  if (!fs.existsSync(file)) {
    console.log(`bench:bugs: ${path.relative(process.cwd(), file)} is not there (the shared bug reports live outside the repository); nothing measured.`);
    return;
  }
  const only = arg("--system");
  const files = written ? fs.readdirSync(file).filter((f) => f.endsWith(".jsonl")).sort().map((f) => path.join(file, f)) : [file];
  const reports = files.flatMap(readLabelledReports).filter((r) => !only || r.system === only);
  const engine = createEngine("heuristic");
  if (process.argv.includes("--forms")) return forms(reports, written, engine);
  if (process.argv.includes("--agreement")) return agreement(reports, engine);
  const started = performance.now();
  const results: ScoringResult[] = [];
  for (const r of reports) results.push(await engine.score({ summary: r.title, description: r.description, issue_type: "Bug" }));
  const seconds = (performance.now() - started) / 1000;
  const fires = (i: number, code: string) => results[i].findings.some((f) => f.code === code);

  console.log(`bench:bugs: ${reports.length} reports of ${path.relative(process.cwd(), file)}, scored as bugs by the heuristic engine in ${seconds.toFixed(1)} s\n`);
  const systems = [...new Set(reports.map((r) => r.system))].sort();
  const groups: [string, number[]][] = [
    ...systems.map((s) => [s, reports.flatMap((r, i) => (r.system === s ? [i] : []))] as [string, number[]]),
    ...(systems.length > 1 ? [["all", reports.map((_, i) => i)] as [string, number[]]] : []),
  ];
  const width = Math.max(10, ...groups.map(([name]) => name.length));
  for (const c of CODES) {
    console.log(`${c.code} (${c.name}; trained detector: ${TRAINED[c.code]})`);
    console.log(`  ${"system".padEnd(width)} ${"n".padStart(4)}  missing flagged   P     R     F1    kappa  (tp  fp  fn) | flag every report: P     F1`);
    for (const [name, idx] of groups) {
      const actual = idx.map((i) => c.missing(reports[i]));
      const predicted = idx.map((i) => fires(i, c.code));
      const m = prf(predicted, actual);
      const k = binaryKappa(predicted, actual);
      const trivial = prf(idx.map(() => true), actual);
      const positives = actual.filter(Boolean).length / idx.length;
      const flagged = predicted.filter(Boolean).length / idx.length;
      console.log(`  ${name.padEnd(width)} ${String(idx.length).padStart(4)}  ${pc(positives)}    ${pc(flagged)}   ${f3(m.precision)} ${f3(m.recall)} ${f3(m.f1)} ${f3(k).padStart(6)}  ` +
        `(${String(m.tp).padStart(3)} ${String(m.fp).padStart(3)} ${String(m.fn).padStart(3)}) |                    ${f3(trivial.precision)} ${f3(trivial.f1)}`);
    }
    console.log("");
  }

  const list = arg("--list");
  if (list) {
    const c = CODES.find((x) => x.code === list);
    if (!c) {
      console.error(`--list takes one of ${CODES.map((x) => x.code).join(", ")}`);
      process.exit(2);
    }
    const rel = path.basename(file);
    for (const [label, wrong] of [["flagged, labelled present (false positives)", (i: number) => fires(i, c.code) && !c.missing(reports[i])],
      ["not flagged, labelled missing (misses)", (i: number) => !fires(i, c.code) && c.missing(reports[i])]] as const) {
      const idx = reports.map((_, i) => i).filter(wrong);
      console.log(`${c.code}: ${label}: ${idx.length}`);
      // The unread sets are measured, never read: their reports are counted above and not listed.
      const heldOut = idx.filter((i) => reports[i].system.includes("unread")).length;
      for (const i of idx) if (!reports[i].system.includes("unread")) console.log(`  ${rel} ${reports[i].system} ${reports[i].bug_id}: ${reports[i].title.slice(0, 90)}`);
      if (heldOut) console.log(`  (${heldOut} of an unread set, not listed: they are measured, never read)`);
      console.log("");
    }
  }
}

/**
 * `--forms`: the same reports in each form a tracker, an export, a mail or a person gives them (scripts/bug-forms.ts),
 * one line a form: missing-EB F1, missing-steps F1 and missing-OB kappa per group (the written sets grouped by how they
 * were used: tuned, read, unread; the shared ones by system). A form keeps every word and every label, so a figure that
 * moves with the form is the readers' doing.
 */
async function forms(reports: LabelledReport[], written: boolean, engine: ScoringEngine) {
  const group = (r: LabelledReport) => (written ? `${r.system.includes("unread") ? "unread" : r.system.includes("read-") ? "read" : "tuned"}-${r.system.split("-")[0]}` : r.system);
  const groups = [...new Set(reports.map(group))].sort();
  console.log(`bench:bugs --forms: ${reports.length} reports; per group, missing-EB F1 / missing-steps F1 / missing-OB kappa\n`);
  console.log(`  ${"form".padEnd(20)} ${groups.map((g) => g.padEnd(20)).join(" ")}`);
  for (const form of BUG_FORMS) {
    const cells: string[] = [];
    for (const g of groups) {
      const mine = reports.filter((r) => group(r) === g);
      const fires: Record<string, boolean[]> = { eb: [], sr: [], ob: [] };
      for (const r of mine) {
        const { title, description } = form.convert(r);
        const codes = new Set((await engine.score({ summary: title, description, issue_type: "Bug" })).findings.map((f) => f.code));
        fires.eb.push(codes.has("bug.no_expected_result"));
        fires.sr.push(codes.has("bug.no_steps"));
        fires.ob.push(codes.has("bug.no_actual_result"));
      }
      const eb = prf(fires.eb, mine.map((r) => !r.has_eb)).f1;
      const sr = prf(fires.sr, mine.map((r) => !r.has_sr)).f1;
      const ob = binaryKappa(fires.ob, mine.map((r) => !r.has_ob));
      cells.push(`${f3(eb)} / ${f3(sr)} / ${f3(ob)}`.padEnd(20));
    }
    console.log(`  ${form.name.padEnd(20)} ${cells.join(" ")}`);
  }
}

/**
 * `--agreement` (with `--written`): the read sets a second reader labelled blind (`written-reports/second-reader/read-N.jsonl`:
 * the reports, not the writer's labels, the code or another reader's work), per tracker: the second reader against
 * the writer, the engine against the writer and against the second reader, missing-EB and missing-steps F1 (kappa) and
 * missing-OB kappa. How far two careful readers agree is the most a reader of reports can be asked to agree with one.
 */
async function agreement(reports: LabelledReport[], engine: ScoringEngine) {
  const dir = path.join(WRITTEN, "second-reader");
  if (!fs.existsSync(dir)) return console.log("bench:bugs --agreement: no second reader's labels (written-reports/second-reader); nothing measured.");
  const second = new Map<string, LabelledReport>();
  const sets: string[] = [];
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith(".jsonl")).sort()) {
    sets.push(f.replace(/\.jsonl$/, ""));
    for (const line of fs.readFileSync(path.join(dir, f), "utf8").split("\n").filter((l) => l.trim())) {
      const r = JSON.parse(line) as LabelledReport;
      second.set(r.bug_id, r);
    }
  }
  const both = reports.filter((r) => second.has(r.bug_id) && sets.some((s) => r.system.endsWith(s)));
  const fired = new Map<string, Set<string>>();
  for (const r of both) fired.set(r.bug_id, new Set((await engine.score({ summary: r.title, description: r.description, issue_type: "Bug" })).findings.map((f) => f.code)));
  console.log(`bench:bugs --agreement: ${both.length} reports of ${sets.join(", ")} labelled by their writer and by a second reader, blind\n`);
  const trackers = [...new Set(both.map((r) => r.system.split("-")[0]))].sort();
  for (const t of trackers) {
    const mine = both.filter((r) => r.system.startsWith(`${t}-`));
    console.log(`${t} (${mine.length} reports)                second reader vs writer | engine vs writer | engine vs second reader`);
    for (const c of CODES) {
      const writer = mine.map((r) => c.missing(r));
      const reader = mine.map((r) => c.missing(second.get(r.bug_id)!));
      const flagged = mine.map((r) => fired.get(r.bug_id)!.has(c.code));
      const cell = (p: boolean[], a: boolean[]) => `F1 ${f3(prf(p, a).f1)} kappa ${f3(binaryKappa(p, a))}`;
      console.log(`  ${c.name.padEnd(30)} ${cell(reader, writer)} | ${cell(flagged, writer)} | ${cell(flagged, reader)}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(`bench:bugs failed: ${(error as Error).message}`);
  process.exit(2);
});
