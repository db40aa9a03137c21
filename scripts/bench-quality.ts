// npm run bench:quality -- [--qus FILE]... [--backlog FILE]... [--ustai FILE] [--engine heuristic|openai]
//   [--experts FILE]... [--base-url URL] [--model NAME] [--api-key KEY] [--concurrency N] [--by-batch] [--stories] [--presets]
// How the engine's findings and scores agree with human reviewers:
// 1. QUS files (columns set, story, consensus; each set scored as one batch): Cohen's kappa against the
//    consensus for the engine and, in the same run, the literal rule of the data README; per-criterion
//    precision and recall; the AUC of the overall score for violation-free stories above violated ones.
//    Each labelled backlog alone and all together.
// 2. The spread of the overall score on every backlog (mean, standard deviation, range), and the firing table:
//    the share of stories of each backlog with each finding code, the labelled backlogs beside the others, so a
//    rule that fires on 40% of one backlog and 2% of the rest shows.
// 3. The UStAI file, reported and never fitted: unambiguous/minimal/atomic F1, independent/estimable AUC.
// 4. Real Jira issues filed with no type (`--jira FILE`, default the shared deep-se file): the kinds inferred and
//    how sure (work_item_type_source), each code's firing rate, the spread of the overall; beside the reading of
//    lib/scoring/precision/jira-reading.json (kinds a product owner reads, verdicts on the five codes' firings).
// 5. Every rule preset (default, strict, lenient) on every labelled file, each file alone: the QUS kappa against
//    the consensus, and the atomic kappa against each expert of a two-expert file (`--experts FILE`: columns
//    `story`, `e1:atomic.conjunctions`, `e2:atomic.conjunctions`, 1 = violation).
// Defaults: the files of ../shared/data. `--stories` prints each QUS story where engine and consensus differ.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/backlog/csv/parse";
import { createEngine, RULE_PRESETS, type RulePreset, type ScoringEngine, type ScoringResult } from "@/lib/scoring";
import * as lexicon from "@/lib/scoring/heuristic/lexicon";
import { JIRA_FILE, jiraIssues, jiraReading } from "@/lib/scoring/precision/jira-reading";
import { auc, backlogStories, engineLabel, firingRates, kappa, literalLabels, NO_VIOLATION, prf, QUS_CRITERIA, spread } from "./quality";

const REPO = path.resolve(__dirname, "..");
const DATA = path.resolve(REPO, "../shared/data");

function args(name: string): string[] {
  const out: string[] = [];
  process.argv.forEach((a, i) => {
    if (a === name && process.argv[i + 1]) out.push(process.argv[i + 1]);
  });
  return out;
}
const arg = (name: string) => args(name)[0];

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function buildEngine(name: string, preset: RulePreset = "default"): ScoringEngine {
  if (name === "heuristic") return createEngine("heuristic", { rules: { preset } });
  if (name !== "openai") fail(`unknown engine: ${name}`);
  const baseURL = arg("--base-url") ?? process.env.OPENAI_BASE_URL;
  const model = arg("--model") ?? process.env.SCORING_MODEL;
  if (!baseURL || !model) fail("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
  const rawConcurrency = arg("--concurrency") ?? process.env.SCORING_CONCURRENCY;
  const concurrency = rawConcurrency ? Number(rawConcurrency) : undefined;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) fail("--concurrency must be a positive integer");
  const apiKey = arg("--api-key") ?? process.env.OPENAI_API_KEY;
  return createEngine("openai", { baseURL, model, apiKey, concurrency, rules: { preset } });
}

const engineName = arg("--engine") ?? "heuristic";
const engine = buildEngine(engineName);
// Named files replace the defaults: the shared data when it is there, else the backlogs in the repository.
const existing = (files: string[]) => files.filter((f) => fs.existsSync(f));
const named = ["--qus", "--backlog", "--ustai", "--jira", "--experts"].some((a) => process.argv.includes(a));
const FIXTURES = path.join(REPO, "lib/scoring/fixtures/backlogs");
const qusFiles = named ? args("--qus") : existing([path.join(DATA, "qus-real-dev.csv")]);
const backlogFiles = named ? args("--backlog") : fs.existsSync(path.join(DATA, "backlogs"))
  ? fs.readdirSync(path.join(DATA, "backlogs")).filter((f) => f.endsWith(".txt")).sort().map((f) => path.join(DATA, "backlogs", f))
  : fs.readdirSync(FIXTURES).filter((f) => f.endsWith(".txt")).map((f) => path.join(FIXTURES, f));
const ustaiFile = named ? arg("--ustai") : existing([path.join(DATA, "ustai-dev.csv")])[0];
const LABELLED = path.join(DATA, "labelled");
const expertFiles = named ? args("--experts") : fs.existsSync(LABELLED)
  ? fs.readdirSync(LABELLED).filter((f) => f.endsWith(".csv")).sort().map((f) => path.join(LABELLED, f)) : [];
const jiraFile = named ? arg("--jira") : existing([path.join(DATA, JIRA_FILE)])[0];
for (const f of [...qusFiles, ...backlogFiles, ...expertFiles, ...(ustaiFile ? [ustaiFile] : [])]) if (!fs.existsSync(f)) fail(`no such file: ${f}`);

const f3 = (x: number) => (Number.isNaN(x) ? "  -  " : x.toFixed(3));
const pct = (x: number) => `${Math.round(x * 10)}%`;
const rel = (f: string) => path.relative(process.cwd(), f) || f;
let tokens = 0;
let model = "";
async function score(items: string[], using: ScoringEngine = engine): Promise<ScoringResult[]> {
  const results = await using.scoreBatch(items.map((summary) => ({ ticket: { summary } })));
  for (const r of results) {
    tokens += r.metadata.token_usage.total_tokens;
    model = r.metadata.model.model_name;
  }
  return results;
}

interface Scored {
  set: string;
  story: string;
  consensus: string;
  raters: string[];
  result: ScoringResult;
  literal: string;
}

async function scoreQus(file: string): Promise<Scored[]> {
  const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
  const sets = [...new Set(rows.map((r) => r.set ?? ""))];
  const out: Scored[] = [];
  for (const set of sets) {
    const batch = rows.filter((r) => (r.set ?? "") === set);
    const stories = batch.map((r) => (r.story ?? "").trim());
    const results = await score(stories);
    const literal = literalLabels(stories);
    batch.forEach((r, i) => out.push({
      set, story: stories[i], consensus: (r.consensus ?? "").trim(), result: results[i], literal: literal[i],
      raters: Object.keys(r).filter((k) => /^rater_/.test(k)).map((k) => (r[k] ?? "").trim()),
    }));
  }
  return out;
}

function qusReport(name: string, scored: Scored[]): string[] {
  const lines: string[] = [];
  const consensus = scored.map((s) => s.consensus);
  const engineLabels = scored.map((s) => engineLabel(s.result));
  const literal = scored.map((s) => s.literal);
  const clean = scored.map((s) => s.consensus === NO_VIOLATION);
  const overall = scored.map((s) => s.result.overall_score);
  lines.push(`  ${name} (${scored.length} stories): kappa engine ${f3(kappa(engineLabels, consensus))}, literal rule ${f3(kappa(literal, consensus))}; ` +
    `AUC of the overall score (violation-free above violated) ${f3(auc(overall, clean))}`);
  return lines;
}

function criteriaReport(scored: Scored[]): string[] {
  const lines: string[] = [];
  for (const c of QUS_CRITERIA) {
    const actual = scored.map((s) => s.consensus.split(",").includes(c.name));
    const e = prf(scored.map((s) => engineLabel(s.result).split(",").includes(c.name)), actual);
    const l = prf(scored.map((s) => s.literal.split(",").includes(c.name)), actual);
    lines.push(`    ${c.name.padEnd(9)} ${String(e.tp + e.fn).padStart(3)}  ${f3(e.precision)} / ${f3(e.recall)} / ${f3(e.f1)} (${e.tp} ${e.fp} ${e.fn})`.padEnd(60) +
      `${f3(l.precision)} / ${f3(l.recall)} / ${f3(l.f1)}`);
  }
  return lines;
}

async function qus(file: string): Promise<void> {
  const scored = await scoreQus(file);
  console.log(`QUS reviewers' consensus: ${rel(file)}`);
  const sets = [...new Set(scored.map((s) => s.set))];
  for (const set of sets) console.log(qusReport(set, scored.filter((s) => s.set === set)).join("\n"));
  console.log(qusReport("all", scored).join("\n"));
  for (const [name, part] of [...sets.map((set) => [set, scored.filter((s) => s.set === set)] as const), ["all", scored] as const]) {
    console.log("");
    console.log(`  ${name}: criterion  positives  engine P / R / F1 (tp fp fn)      literal rule P / R / F1`);
    console.log(criteriaReport(part).join("\n"));
  }
  console.log("");
  const raters = Math.max(0, ...scored.map((s) => s.raters.length));
  const raterKappas: string[] = [];
  for (let r = 0; r < raters; r++) {
    const rated = scored.filter((s) => s.raters[r]);
    raterKappas.push(f3(kappa(rated.map((s) => s.raters[r]), rated.map((s) => s.consensus))));
  }
  if (raterKappas.length) console.log(`  each reviewer against the consensus: ${raterKappas.join(", ")}`);
  if (process.argv.includes("--stories")) {
    console.log("");
    for (const s of scored) {
      const label = engineLabel(s.result);
      if (label === s.consensus) continue;
      const codes = s.result.findings.filter((f) => QUS_CRITERIA.some((c) => f.code.startsWith(c.prefix))).map((f) => f.code);
      console.log(`  engine ${label} | consensus ${s.consensus} | ${s.story} | ${codes.join(" ")}`);
    }
  }
  console.log("");
}

/** Firing rates of every backlog (the labelled ones marked dev), by backlog name; a criterion as "atomic.*". */
const backlogRates = new Map<string, Map<string, number>>();

async function backlogSpread(name: string, stories: string[]): Promise<string> {
  const results = await score(stories);
  const rates = firingRates(results);
  for (const c of QUS_CRITERIA) {
    rates.set(`${c.prefix}*`, results.filter((r) => r.findings.some((f) => f.code.startsWith(c.prefix))).length / results.length);
  }
  backlogRates.set(name, rates);
  const s = spread(results.map((r) => r.overall_score));
  const weak = results.filter((r) => r.overall_score < 5).length;
  return `  ${name.padEnd(28)} ${String(stories.length).padStart(4)}  mean ${s.mean.toFixed(2)} (${pct(s.mean)})  sd ${s.sd.toFixed(2)}  ` +
    `range ${s.min.toFixed(1)}-${s.max.toFixed(1)} (${pct(s.min)}-${pct(s.max)})  below 50%: ${weak}`;
}

async function spreads(): Promise<void> {
  console.log("Overall score per backlog (0-10)");
  for (const file of qusFiles) {
    const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
    for (const set of [...new Set(rows.map((r) => r.set ?? ""))]) {
      console.log(await backlogSpread(`${set} (dev)`, rows.filter((r) => (r.set ?? "") === set).map((r) => (r.story ?? "").trim())));
    }
  }
  for (const file of backlogFiles) {
    console.log(await backlogSpread(path.basename(file), backlogStories(fs.readFileSync(file))));
  }
  console.log("");
}

/**
 * The firing table: one row per finding code, one column per backlog (% of its stories with the code), the
 * labelled (dev) backlogs first. `max/med` is the highest rate over the median of the shared backlogs: a rule
 * read from one team's words fires on that team's backlog and hardly anywhere else.
 */
function firingTable(): void {
  const columns = [...backlogRates.keys()].filter((n) => !n.endsWith("(dev)")).sort();
  const dev = [...backlogRates.keys()].filter((n) => n.endsWith("(dev)"));
  const all = [...dev, ...columns];
  const codes = [...new Set(all.flatMap((n) => [...backlogRates.get(n)!.keys()]))].sort((x, y) => {
    const q = (c: string) => (QUS_CRITERIA.some((k) => c.startsWith(k.prefix)) ? 0 : 1);
    return q(x) - q(y) || (x < y ? -1 : 1);
  });
  const short = (n: string) => /^g\d+/.exec(n)?.[0] ?? n.slice(0, 4);
  console.log("Firing table: % of each backlog's stories with the code (dev: the labelled backlogs the rules were read from)");
  console.log(`  ${"code".padEnd(32)}${dev.map((n) => `${short(n)}*`.padStart(5)).join("")} |${columns.map((n) => short(n).padStart(5)).join("")} | max/med`);
  for (const code of codes) {
    const cell = (n: string) => Math.round(100 * (backlogRates.get(n)!.get(code) ?? 0));
    const rates = columns.map((n) => backlogRates.get(n)!.get(code) ?? 0).sort((a, b) => a - b);
    const median = rates.length ? (rates[(rates.length - 1) >> 1] + rates[rates.length >> 1]) / 2 : 0;
    const max = rates.length ? rates[rates.length - 1] : 0;
    const ratio = max === 0 ? "-" : median === 0 ? "inf" : (max / median).toFixed(1);
    console.log(`  ${code.padEnd(32)}${dev.map((n) => String(cell(n)).padStart(5)).join("")} |${columns.map((n) => String(cell(n)).padStart(5)).join("")} | ${ratio}`);
  }
  console.log("  * dev backlog\n");
}

/**
 * Words the rules' lists name that occur in the labelled (dev) stories and in no shared backlog: a rule written
 * from the dev file's words would show here. Closed classes of English (subordinators) may appear by chance.
 */
function devOnlyWords(): void {
  if (qusFiles.length === 0 || backlogFiles.length === 0) return;
  const lower = (texts: string[]) => texts.join("\n").toLowerCase();
  const dev = lower(qusFiles.flatMap((f) => parseCsv(fs.readFileSync(f, "utf8")).rows.map((r) => r.story ?? "")));
  const shared = lower(backlogFiles.map((f) => backlogStories(fs.readFileSync(f)).join("\n")));
  const has = (text: string, w: string) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}($|[^\\p{L}])`, "u").test(text);
  const found: string[] = [];
  for (const [name, value] of Object.entries(lexicon)) {
    const entries: string[] = value instanceof Set ? [...(value as Set<string>)] : Array.isArray(value)
      ? (value as (string | string[] | Set<string>)[]).map((v) => (Array.isArray(v) ? v.join(" ") : v instanceof Set ? [...v].join(" ") : v)) : [];
    for (const entry of entries) {
      for (const w of entry.split(/[\s/]+/)) if (w.length > 1 && has(dev, w) && !has(shared, w)) found.push(`${name}: "${w}"`);
    }
  }
  console.log(`Words the rules name that occur in the dev stories and in none of the ${backlogFiles.length} backlogs: ${found.length ? found.join(", ") : "none"}\n`);
}

/**
 * `--by-batch`: UStAI label rates per range of paper abstracts (the `A<n>` prefix of the ID). The stories of
 * every range were written by the same models in the same style, so a rate that moves while the text does not
 * is the annotators' drift, which no reading of the text can follow.
 */
function byBatch(rows: Record<string, string>[], results: ScoringResult[]): string[] {
  const abstractOf = (i: number) => Number(/^A(\d+)/.exec(rows[i].ID ?? "")?.[1] ?? NaN);
  const numbers = rows.map((_, i) => abstractOf(i)).filter((n) => Number.isFinite(n));
  if (numbers.length === 0) return ["  --by-batch: no A<n> ids in this file"];
  const max = Math.max(...numbers);
  const width = Math.ceil(max / 6);
  const rate = (hits: number, of: number) => (of === 0 ? "-" : `${((100 * hits) / of).toFixed(0)}%`);
  const lines = ["  abstracts  stories  labelled conj.  engine atomic  precision | labelled not estimable"];
  for (let from = 1; from <= max; from += width) {
    const to = Math.min(max, from + width - 1);
    const idx = rows.map((_, i) => i).filter((i) => abstractOf(i) >= from && abstractOf(i) <= to);
    const col = (i: number, name: string) => (rows[i][name] ?? "").trim();
    const conj = idx.filter((i) => col(i, "atomic") === "conjunctions").length;
    const flagged = idx.filter((i) => results[i].findings.some((f) => f.code.startsWith("atomic.")));
    const right = flagged.filter((i) => col(i, "atomic") === "conjunctions").length;
    const judged = idx.filter((i) => col(i, "Estimatable") !== "");
    const notEstimable = judged.filter((i) => col(i, "Estimatable") === "No").length;
    lines.push(`  ${`A${from}-${to}`.padEnd(11)}${String(idx.length).padEnd(9)}${rate(conj, idx.length).padEnd(16)}` +
      `${rate(flagged.length, idx.length).padEnd(15)}${rate(right, flagged.length).padEnd(10)}| ${rate(notEstimable, judged.length)}`);
  }
  return lines;
}

async function ustai(file: string): Promise<void> {
  const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
  const results = await score(rows.map((r) => (r["User story"] ?? "").trim()));
  const has = (i: number, prefix: string) => results[i].findings.some((f) => f.code.startsWith(prefix));
  const judged = (col: string) => rows.map((_, i) => i).filter((i) => (rows[i][col] ?? "").trim() !== "");
  const value = (i: number, col: string) => (rows[i][col] ?? "").trim();
  console.log(`UStAI (reported, not fitted: its atomic and estimable labels follow the annotation batch): ${rel(file)}, ${rows.length} stories`);
  const criteria = [
    { name: "unambiguous F1", prefix: "unambiguous.", col: "Unambiguous", positive: (v: string) => v === "General" || v === "Vagueness" },
    { name: "minimal F1", prefix: "minimal.", col: "minimal", positive: (v: string) => v !== "minimal" },
    { name: "atomic F1", prefix: "atomic.", col: "atomic", positive: (v: string) => v === "conjunctions" },
  ];
  for (const c of criteria) {
    const use = judged(c.col);
    const r = prf(use.map((i) => has(i, c.prefix)), use.map((i) => c.positive(value(i, c.col))));
    console.log(`  ${c.name.padEnd(18)} ${f3(r.f1)}  P ${f3(r.precision)} R ${f3(r.recall)} (tp ${r.tp}, fp ${r.fp}, fn ${r.fn}, n ${use.length})`);
  }
  const aucs = [
    { name: "independent AUC", dim: "independent" as const, col: "Independent", positive: (v: string) => v.toLowerCase() === "independent" },
    { name: "estimable AUC", dim: "estimable" as const, col: "Estimatable", positive: (v: string) => /^(estimatable|yes)$/i.test(v) },
  ];
  for (const a of aucs) {
    const use = judged(a.col);
    const x = auc(use.map((i) => results[i].individual_scores[a.dim]), use.map((i) => a.positive(value(i, a.col))));
    console.log(`  ${a.name.padEnd(18)} ${f3(x)}  (${use.filter((i) => a.positive(value(i, a.col))).length} positive of ${use.length} judged)`);
  }
  if (process.argv.includes("--by-batch")) console.log(byBatch(rows, results).join("\n"));
  console.log("");
}

/**
 * Real Jira issues with no type: what kind each is taken for and how sure, how often each code fires, how the
 * overall spreads (a ticket a team can take as written should reach 70%, one nobody can plan from stay at 40% or
 * below), and, for the issues of the reading, the kinds and firings a product owner judged.
 */
async function jira(file: string): Promise<void> {
  const issues = jiraIssues(file);
  const results = await engine.scoreBatch(issues.map((i) => ({ ticket: { summary: i.summary, description: i.description, key: i.key } })));
  const n = issues.length;
  const share = (k: number) => `${k} (${Math.round((100 * k) / n)}%)`;
  console.log(`Jira issues without a type: ${rel(file)}, ${n} issues`);
  const kinds = new Map<string, number>();
  for (const r of results) {
    const k = `${r.metadata.work_item_type}/${r.metadata.work_item_type_source ?? "-"}`;
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  console.log(`  kinds (kind/source): ${[...kinds].sort((a, b) => b[1] - a[1]).map(([k, c]) => `${k} ${c}`).join(", ")}`);
  const s = spread(results.map((r) => r.overall_score));
  const high = results.filter((r) => r.overall_score >= 7).length;
  const low = results.filter((r) => r.overall_score <= 4).length;
  console.log(`  overall: mean ${s.mean.toFixed(2)} (${pct(s.mean)})  sd ${s.sd.toFixed(2)}  range ${pct(s.min)}-${pct(s.max)}  >= 70%: ${share(high)}  <= 40%: ${share(low)}`);
  const rates = firingRates(results);
  console.log(`  firing rate: ${[...rates].sort((a, b) => b[1] - a[1]).map(([c, r]) => `${c} ${Math.round(100 * r)}%`).join(", ")}`);
  const reading = jiraReading();
  const read = issues.map((i, k) => ({ i, r: results[k], v: reading.kinds[i.key] })).filter((x) => x.v);
  if (read.length === 0) return console.log("");
  const right = read.filter((x) => x.r.metadata.work_item_type === x.v.kind).length;
  console.log(`  reading (${read.length} issues judged): kind right ${right}/${read.length}`);
  const verdicts = new Map(reading.firings.map((f) => [`${f.key} ${f.code}`, f.verdict]));
  for (const code of reading.codes) {
    const fired = read.filter((x) => x.r.findings.some((f) => f.code === code)).map((x) => verdicts.get(`${x.i.key} ${code}`) ?? "unread");
    const count = (v: string) => fired.filter((f) => f === v).length;
    console.log(`    ${code.padEnd(34)} fires ${String(fired.length).padStart(3)}: right ${count("right")}, wrong ${count("wrong")}, unread ${count("unread")}`);
  }
  const template = read.filter((x) => ["bug", "task"].includes(x.v.kind) && x.r.findings.some((f) => /^(?:well_formed\.|valuable\.no_benefit$|testable\.no_acceptance_criteria$|minimal\.|uniform\.)/.test(f.code))).length;
  console.log(`    story-template findings on issues read as a bug or a task: ${template}\n`);
}

/** Atomic kappa of one preset against each expert of a two-expert file (the backlog scored as one batch). */
async function expertsKappa(file: string, using: ScoringEngine): Promise<{ n: number; perExpert: number[]; between: number }> {
  const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
  const results = await score(rows.map((r) => (r.story ?? "").trim()), using);
  const engineAtomic = results.map((r) => (r.findings.some((f) => f.code.startsWith("atomic.")) ? "1" : "0"));
  const experts = ["e1", "e2"].filter((e) => rows.some((r) => `${e}:atomic.conjunctions` in r));
  const labels = experts.map((e) => rows.map((r) => ((r[`${e}:atomic.conjunctions`] ?? "").trim() === "1" ? "1" : "0")));
  return { n: rows.length, perExpert: labels.map((l) => kappa(engineAtomic, l)), between: labels.length === 2 ? kappa(labels[0], labels[1]) : NaN };
}

/** Each preset on each labelled file, each file alone: the figures the default preset is chosen by (docs/rules.md). */
async function presets(): Promise<void> {
  if (qusFiles.length === 0 && expertFiles.length === 0) return;
  console.log("Rule presets on each labelled file (docs/rules.md)");
  for (const preset of RULE_PRESETS) {
    const using = preset === "default" ? engine : buildEngine(engineName, preset);
    const parts: string[] = [];
    for (const file of qusFiles) {
      const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
      const labels: string[] = [];
      const consensus: string[] = [];
      for (const set of [...new Set(rows.map((r) => r.set ?? ""))]) {
        const batch = rows.filter((r) => (r.set ?? "") === set);
        const results = await score(batch.map((r) => (r.story ?? "").trim()), using);
        results.forEach((r, i) => {
          labels.push(engineLabel(r));
          consensus.push((batch[i].consensus ?? "").trim());
        });
      }
      const atomic = (xs: string[]) => xs.map((x) => (x.split(",").includes("Atomic") ? "1" : "0"));
      parts.push(`${path.basename(file)} kappa ${f3(kappa(labels, consensus))} (atomic ${f3(kappa(atomic(labels), atomic(consensus)))})`);
    }
    for (const file of expertFiles) {
      const k = await expertsKappa(file, using);
      const mean = k.perExpert.reduce((a, b) => a + b, 0) / k.perExpert.length;
      parts.push(`${path.basename(file)} atomic kappa ${f3(mean)} (each expert ${k.perExpert.map(f3).join(", ")}; experts between them ${f3(k.between)})`);
    }
    console.log(`  ${preset.padEnd(8)} ${parts.join("; ")}`);
  }
  console.log("");
}

async function main() {
  const started = performance.now();
  console.log(`engine ${engineName}\n`);
  await presets();
  // `--presets`: the presets' figures only.
  if (process.argv.includes("--presets")) return;
  for (const file of qusFiles) await qus(file);
  await spreads();
  firingTable();
  devOnlyWords();
  if (ustaiFile) await ustai(ustaiFile);
  if (jiraFile) await jira(jiraFile);
  const llm = engineName === "openai" ? `, model ${model || "?"}, ${tokens} tokens` : "";
  console.log(`engine ${engineName}${llm}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => fail(`bench:quality failed: ${(error as Error).message}`));
