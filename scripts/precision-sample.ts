// npm run quality:sample -- CODE... [--misses PREFIX]... [--data DIR] [--n 20] [--out DIR] [--show [--chars N]]
// Draws the firings of each finding code that a person reads and judges: twenty stories across the shared
// backlogs (../shared/data/backlogs, none of them the labelled dev backlogs g04/g13) that the code fires on, each
// backlog scored as one batch as the CLI does. `--misses atomic.` draws ten stories the criterion stays silent on,
// to catch what it misses. Writes lib/scoring/precision/<code>.json (or <prefix>misses.json).
// A `bug.` code is drawn from the shared bug reports and Jira issues (../shared/data/bugs and jira, each scored as
// a Bug), a `task.` code from the shared Jira issues (each scored as a Task), and `--misses bug.no_steps` draws
// reports a code stays silent on. Those texts are not ours to copy: their samples keep the file, the report's id
// and the verdict with a reason in our own words, and `--show` prints the texts to read in the terminal.
//
// The draw is stable: candidates are ordered by a hash of the story, so after a rule changes the stories judged
// before stay in the sample while they still fire, and only the new ones come back unjudged ("verdict": "").
// Judgements already in the file are kept, and stories that left the sample move to `retired` with their
// verdict, so precision.test.ts can check that a firing judged wrong stays gone.
import fs from "node:fs";
import path from "node:path";
import { scoreTicket, scoreTickets } from "@/lib/scoring";
import type { FindingCode } from "@/lib/scoring/codes";
import { inferKind } from "@/lib/scoring/heuristic/kind-of";
import { backlogStories } from "./quality";

function args(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === name && process.argv[i + 1]) out.push(process.argv[i + 1]);
  });
  return out;
}

const REPO = path.resolve(__dirname, "..");
const OUT = path.resolve(args("--out")[0] ?? path.join(REPO, "lib/scoring/precision"));

export interface Judged {
  backlog: string;
  story: string;
  /** The finding's message when it fired (empty for a non-firing). */
  message: string;
  /** "right" or "wrong" by the criterion's definition as the reviewers applied it (`reading`); "" until read. */
  verdict: "right" | "wrong" | "";
  /** The same story by the definition taken strictly (atomic: parts of one thing under one verb are one feature). */
  strict?: "right" | "wrong" | "";
  reason: string;
}

export interface PrecisionFile {
  code: string;
  /** What is sampled: "firings" of the code, or "silences" of a criterion prefix (stories it does not fire on). */
  kind: "firings" | "silences";
  definition: string;
  /** How the definition was applied when judging. */
  reading?: string;
  sample: Judged[];
  /** The sample drawn from the engine before issue 25, judged the same way. */
  before?: Judged[];
  retired: Judged[];
  /** Right out of judged, per round of judging. */
  history: { round: string; right: number; strictRight?: number; of: number }[];
}

const DEFINITIONS: Record<string, string> = {
  atomic: "Atomic: the story expresses a requirement for exactly one feature.",
  minimal: "Minimal: the story contains nothing more than role, means and ends; explanations, conditions, examples, references and comments after or inside the sentence are extra.",
  uniform: "Uniform: all stories of a backlog follow the same template; a story phrased another way departs.",
  unique: "Unique: no two stories ask for the same thing.",
  estimable: "Estimable: the team can size the story; its scope is bounded and clear enough to estimate.",
  unambiguous: "Unambiguous: the story avoids terms or abstractions that admit more than one reading of what is asked for.",
  valuable: "Valuable: the story says what value it brings to whom (QUS full sentence: role, means and ends).",
  problem_oriented: "Problem-oriented: the story states the problem, not the solution.",
  negotiable: "Negotiable: the story leaves how it is done to the conversation; it does not fix the implementation.",
  independent: "Independent: the story can be planned and built without another ticket.",
  well_formed: "Well-formed: the story includes at least a role and a means.",
  conceptually_sound: "Conceptually sound: the means expresses a feature and the ends a rationale; the role is a user.",
  small: "Small: the story fits in an iteration and is written as one short sentence.",
};


/** FNV-1a of the text: the order a story is drawn in, the same on every machine and every run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

function read(file: string): PrecisionFile | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as PrecisionFile) : null;
}

/** A report judged by reference: its file and id, never its text. */
export interface JudgedReport {
  file: string;
  /** The system (bug reports) or project (Jira issues) it belongs to. */
  group: string;
  id: string;
  verdict: "right" | "wrong" | "";
  reason: string;
}

export interface ReportPrecisionFile {
  code: string;
  kind: "firings" | "silences";
  /** Where the reports come from, relative to the repository, and how each was scored. */
  source: string;
  scoredAs: "Bug" | "Task";
  definition: string;
  reading?: string;
  sample: JudgedReport[];
  retired: JudgedReport[];
  history: { round: string; right: number; of: number }[];
}

const REPORT_DEFINITIONS: Record<string, string> = {
  "bug.no_expected_result": "Expected behaviour: the report says what should happen (a stated expectation, a wish or request, or a case that works set beside the failing one).",
  "bug.vague_expected_result": "A checkable expected result: it names what a tester would see (a message, a value, a page), not only that it should work.",
  "bug.no_actual_result": "Observed behaviour: the report says what happens (a failure, an absence, a wrong value, an error, an unexpected state).",
  "bug.no_steps": "Steps to reproduce: the report says how to make the failure happen (actions in order, a command, a request or a snippet that reproduces it).",
  "bug.no_environment": "Environment: where it happened (a version or build, a browser, device or operating system, a stage).",
  "bug.no_impact": "Impact: who is affected and how badly (users, a count, money, what it blocks, a severity).",
  "bug.several_defects": "One defect per report: a second, separate failure is reported in the same ticket.",
  "bug.prescribes_fix": "The failure, not the code change: a summary that names the change to make instead of what goes wrong.",
  "task.no_reason": "A task's reason: why the work is needed (a cause or consequence, what it unblocks or prevents, a deadline or a risk).",
  "task.no_done_condition": "A done condition: something that says when the task is finished.",
  "task.vague_done_condition": "A checkable done condition: it names the state, file, version or number that shows the task is done.",
} satisfies Partial<Record<FindingCode, string>>;

interface SharedReport {
  group: string;
  id: string;
  summary: string;
  description: string;
}

const SHARED_FILES = {
  bugs: path.resolve(REPO, "../shared/data/bugs/chaparro-eclipse-facebook.jsonl"),
  jira: path.resolve(REPO, "../shared/data/jira/deep-se-six-projects.jsonl"),
};

/**
 * The shared reports a family of codes is drawn from: bug codes from the bug reports and the Jira issues whose text
 * reads as a bug, task codes from all the Jira issues.
 */
function sharedReports(kind: "bug" | "task"): (SharedReport & { file: string })[] {
  const out: (SharedReport & { file: string })[] = [];
  for (const which of kind === "bug" ? (["bugs", "jira"] as const) : (["jira"] as const)) {
    const file = SHARED_FILES[which];
    if (!fs.existsSync(file)) continue;
    const rel = path.relative(REPO, file);
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as Record<string, string>;
      const report = which === "bugs"
        ? { file: rel, group: r.system, id: r.bug_id, summary: r.title, description: r.description ?? "" }
        : { file: rel, group: r.project, id: r.key, summary: r.summary, description: r.description ?? "" };
      // The Jira issues carry no type: a bug code is drawn from those whose text reads as a bug report.
      if (kind === "bug" && which === "jira" && inferKind({ summary: report.summary, description: report.description }).kind !== "bug") continue;
      out.push(report);
    }
  }
  return out;
}

/** Firings (or silences) of bug and task codes on the shared reports, drawn and kept by reference. */
function drawReports(codes: string[], silences: string[], n: number) {
  for (const [code, kind] of [...codes.map((c) => [c, "firings"] as const), ...silences.map((c) => [c, "silences"] as const)]) {
    const family = code.startsWith("bug.") ? "bug" : "task";
    const reports = sharedReports(family);
    if (reports.length === 0) {
      console.log(`${code}: the shared ${family === "bug" ? "bug reports" : "Jira issues"} are not there; nothing drawn`);
      continue;
    }
    const scoredAs = family === "bug" ? "Bug" : "Task";
    const size = kind === "silences" ? Math.min(n, 10) : n;
    const name = kind === "silences" ? `${code}.misses` : code;
    const file = path.join(OUT, `${name}.json`);
    const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as ReportPrecisionFile) : null;
    const known = new Map<string, JudgedReport>();
    for (const j of [...(before?.sample ?? []), ...(before?.retired ?? [])]) known.set(`${j.group}\n${j.id}`, j);
    const candidates = reports.filter((r) => {
      const fires = scoreTicket({ summary: r.summary, description: r.description, issue_type: scoredAs }).findings.some((f) => f.code === code);
      return kind === "firings" ? fires : !fires;
    });
    const sample = candidates.sort((x, y) => hash(`${name}\n${x.group}\n${x.id}`) - hash(`${name}\n${y.group}\n${y.id}`)).slice(0, size).map((r) => {
      const old = known.get(`${r.group}\n${r.id}`);
      return { file: r.file, group: r.group, id: r.id, verdict: old?.verdict ?? "", reason: old?.reason ?? "" } satisfies JudgedReport;
    });
    const inSample = new Set(sample.map((j) => `${j.group}\n${j.id}`));
    const retired = [...known.values()].filter((j) => j.verdict && !inSample.has(`${j.group}\n${j.id}`));
    const out: ReportPrecisionFile = {
      code: name, kind, source: [...new Set(reports.map((r) => r.file))].join(", "), scoredAs, definition: REPORT_DEFINITIONS[code] ?? "", reading: before?.reading,
      sample, retired, history: before?.history ?? [],
    };
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`${name}: ${candidates.length} candidates, ${sample.length} drawn, ${sample.filter((j) => !j.verdict).length} to judge -> ${path.relative(REPO, file)}`);
    if (process.argv.includes("--show")) {
      for (const j of sample) {
        const r = reports.find((x) => x.group === j.group && x.id === j.id)!;
        const f = scoreTicket({ summary: r.summary, description: r.description, issue_type: scoredAs }).findings.find((x) => x.code === code);
        console.log(`\n=== ${j.group} ${j.id} [${j.verdict || "?"}] ${f ? f.message : "(silent)"}\n${r.summary}\n${r.description.slice(0, Number(args("--chars")[0] ?? 1200))}`);
      }
    }
  }
}

function main() {
  const reportCodes = process.argv.slice(2).filter((a, i, all) => /^(?:bug|task)\./.test(a) && all[i - 1] !== "--misses");
  const reportMisses = args("--misses").filter((a) => /^(?:bug|task)\./.test(a));
  if (reportCodes.length || reportMisses.length) {
    drawReports(reportCodes, reportMisses, Number(args("--n")[0] ?? 20));
    return;
  }
  const data = args("--data")[0] ?? path.resolve(REPO, "../shared/data/backlogs");
  const n = Number(args("--n")[0] ?? 20);
  const argv = process.argv.slice(2);
  const wanted = argv.filter((a, i) => !a.startsWith("--") && !argv[i - 1]?.startsWith("--"));
  const misses = args("--misses");
  if (wanted.length === 0 && misses.length === 0) {
    console.error("usage: npm run quality:sample -- CODE... [--misses PREFIX]... [--data DIR] [--n 20]");
    process.exit(2);
  }
  const files = fs.readdirSync(data).filter((f) => f.endsWith(".txt")).sort();
  const scored = files.map((f) => {
    const stories = backlogStories(fs.readFileSync(path.join(data, f)));
    return { backlog: path.basename(f, ".txt"), stories, results: scoreTickets(stories.map((summary) => ({ ticket: { summary } }))) };
  });
  fs.mkdirSync(OUT, { recursive: true });

  const draw = (name: string, kind: PrecisionFile["kind"], candidates: Judged[], size: number) => {
    const file = path.join(OUT, `${name}.json`);
    const before = read(file);
    const known = new Map<string, Judged>();
    for (const j of [...(before?.before ?? []), ...(before?.sample ?? []), ...(before?.retired ?? [])]) known.set(`${j.backlog}\n${j.story}`, j);
    const seen = new Set<string>();
    const unique = candidates.filter((c) => !seen.has(c.story) && seen.add(c.story));
    const sample = unique.sort((x, y) => hash(`${name}\n${x.story}`) - hash(`${name}\n${y.story}`)).slice(0, size).map((c) => {
      const old = known.get(`${c.backlog}\n${c.story}`);
      return old ? { ...c, verdict: old.verdict, strict: old.strict, reason: old.reason } : c;
    });
    const inSample = new Set(sample.map((j) => `${j.backlog}\n${j.story}`));
    const inBefore = new Set((before?.before ?? []).map((j) => `${j.backlog}\n${j.story}`));
    const retired = [...known.values()].filter((j) => j.verdict && !inSample.has(`${j.backlog}\n${j.story}`) && !inBefore.has(`${j.backlog}\n${j.story}`));
    const prefix = name.split(".")[0];
    const out: PrecisionFile = {
      code: name, kind, definition: DEFINITIONS[prefix] ?? "", reading: before?.reading, sample, before: before?.before, retired,
      history: before?.history ?? [],
    };
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    const open = sample.filter((j) => !j.verdict).length;
    console.log(`${name}: ${candidates.length} candidates, ${sample.length} drawn, ${open} to judge -> ${path.relative(REPO, file)}`);
  };

  for (const code of wanted) {
    const candidates: Judged[] = [];
    for (const b of scored) {
      b.results.forEach((r, i) => {
        const f = r.findings.find((x) => x.code === code);
        if (f) candidates.push({ backlog: b.backlog, story: b.stories[i], message: f.message, verdict: "", reason: "" });
      });
    }
    draw(code, "firings", candidates, n);
  }
  for (const prefix of misses) {
    const candidates: Judged[] = [];
    for (const b of scored) {
      b.results.forEach((r, i) => {
        if (!r.findings.some((x) => x.code.startsWith(prefix))) candidates.push({ backlog: b.backlog, story: b.stories[i], message: "", verdict: "", reason: "" });
      });
    }
    draw(`${prefix}misses`, "silences", candidates, n);
  }
}

main();
