// npm run bench:quality -- [--file PATH] [--engine heuristic|openai] [--strict] [--by-batch]
//   [--base-url URL] [--model NAME] [--api-key KEY] [--concurrency N]
// Finding F1 and score AUC against human QUS labels. The openai engine reads its endpoint from the flags or
// from OPENAI_BASE_URL, SCORING_MODEL, OPENAI_API_KEY and SCORING_CONCURRENCY; its findings are the heuristic
// evidence it is given, so for it the score AUCs are the figures that compare the two engines.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/csv/parse";
import { createEngine, type ScoringEngine, type ScoringResult } from "@/lib/scoring";
import { auc, prf } from "@/lib/scoring/heuristic/train/logistic";

const REPO = path.resolve(__dirname, "..");

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function buildEngine(name: string): ScoringEngine {
  if (name === "heuristic") return createEngine("heuristic");
  if (name !== "openai") fail(`unknown engine: ${name}`);
  const baseURL = arg("--base-url") ?? process.env.OPENAI_BASE_URL;
  const model = arg("--model") ?? process.env.SCORING_MODEL;
  if (!baseURL || !model) fail("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
  const rawConcurrency = arg("--concurrency") ?? process.env.SCORING_CONCURRENCY;
  const concurrency = rawConcurrency ? Number(rawConcurrency) : undefined;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) fail("--concurrency must be a positive integer");
  const apiKey = arg("--api-key") ?? process.env.OPENAI_API_KEY;
  return createEngine("openai", { baseURL, model, apiKey, concurrency });
}

const engine = arg("--engine") ?? "heuristic";
const scorer = buildEngine(engine);
const file = path.resolve(REPO, arg("--file") ?? "../shared/data/ustai-dev.csv");
const { rows } = parseCsv(fs.readFileSync(file, "utf8"));

function report(results: ScoringResult[], elapsed: number) {
  const tokens = results.reduce((sum, r) => sum + r.metadata.token_usage.total_tokens, 0);
  const has = (i: number, prefix: string) => results[i].findings.some((f) => f.code.startsWith(prefix));
  const idx = rows.map((_, i) => i);
  const judged = (col: string) => idx.filter((i) => (rows[i][col] ?? "").trim() !== "");

  const criteria: { name: string; prefix: string; col: string; positive: (v: string) => boolean; target: number }[] = [
    { name: "atomic", prefix: "atomic.", col: "atomic", positive: (v) => v === "conjunctions", target: 0.75 },
    { name: "minimal", prefix: "minimal.", col: "minimal", positive: (v) => v !== "minimal", target: 0.7 },
    { name: "unambiguous", prefix: "unambiguous.", col: "Unambiguous", positive: (v) => v === "General" || v === "Vagueness", target: 0.6 },
  ];

  const lines: string[] = [];
  const pad = (s: string, n: number) => s.padEnd(n);
  lines.push(`file: ${path.relative(process.cwd(), file) || file} (${rows.length} stories, engine ${engine}` +
    `${engine === "openai" ? `, model ${results[0]?.metadata.model.model_name ?? "?"}, ${tokens} tokens` : ""}, ${elapsed.toFixed(1)} s)`);
  lines.push("");
  lines.push(`${pad("metric", 22)}${pad("value", 8)}${pad("target", 8)}${pad("met", 5)}detail`);
  let allMet = true;
  for (const c of criteria) {
    const use = judged(c.col);
    const r = prf(use.map((i) => has(i, c.prefix)), use.map((i) => c.positive(rows[i][c.col].trim())));
    const met = r.f1 >= c.target;
    allMet &&= met;
    lines.push(`${pad(`${c.name} F1`, 22)}${pad(r.f1.toFixed(3), 8)}${pad(c.target.toFixed(2), 8)}${pad(met ? "yes" : "NO", 5)}` +
      `P=${r.precision.toFixed(3)} R=${r.recall.toFixed(3)} (tp ${r.tp}, fp ${r.fp}, fn ${r.fn}, n ${use.length})`);
  }
  const aucs: { name: string; dim: "independent" | "estimable"; col: string; positive: (v: string) => boolean }[] = [
    { name: "independent AUC", dim: "independent", col: "Independent", positive: (v) => v.toLowerCase() === "independent" },
    { name: "estimable AUC", dim: "estimable", col: "Estimatable", positive: (v) => /^(estimatable|yes)$/i.test(v) },
  ];
  for (const a of aucs) {
    const use = judged(a.col);
    const value = auc(use.map((i) => results[i].individual_scores[a.dim]), use.map((i) => a.positive(rows[i][a.col].trim())));
    const met = value >= 0.75;
    allMet &&= met;
    const pos = use.filter((i) => a.positive(rows[i][a.col].trim())).length;
    lines.push(`${pad(a.name, 22)}${pad(value.toFixed(3), 8)}${pad("0.75", 8)}${pad(met ? "yes" : "NO", 5)}(${pos} positive of ${use.length} judged)`);
  }
  console.log(lines.join("\n"));
  if (process.argv.includes("--by-batch")) console.log(`\n${byBatch(results).join("\n")}`);
  if (process.argv.includes("--strict") && !allMet) process.exitCode = 1;
}

/**
 * `--by-batch`: the labels and the engine's atomic findings per range of paper abstracts (the `A<n>` prefix of
 * the ID; six equal ranges). The stories of every range were written by the same three models in the same
 * style, so a label rate that moves between ranges while the text does not is the annotators' drift, which
 * no reading of the text can follow.
 */
function byBatch(results: ScoringResult[]): string[] {
  const abstractOf = (i: number) => Number(/^A(\d+)/.exec(rows[i].ID ?? "")?.[1] ?? NaN);
  const numbers = rows.map((_, i) => abstractOf(i)).filter((n) => Number.isFinite(n));
  if (numbers.length === 0) return ["--by-batch: no A<n> ids in this file"];
  const max = Math.max(...numbers);
  const width = Math.ceil(max / 6);
  const rate = (hits: number, of: number) => (of === 0 ? "-" : `${((100 * hits) / of).toFixed(0)}%`);
  const lines = ["abstracts  stories  and/or in story  atomic: labelled conj.  engine flags  engine precision  | labelled: not estimable  independent  ambiguous"];
  for (let from = 1; from <= max; from += width) {
    const to = Math.min(max, from + width - 1);
    const idx = rows.map((_, i) => i).filter((i) => abstractOf(i) >= from && abstractOf(i) <= to);
    const col = (i: number, name: string) => (rows[i][name] ?? "").trim();
    const conj = idx.filter((i) => col(i, "atomic") === "conjunctions").length;
    const flagged = idx.filter((i) => results[i].findings.some((f) => f.code.startsWith("atomic.")));
    const flaggedRight = flagged.filter((i) => col(i, "atomic") === "conjunctions").length;
    const andOr = idx.filter((i) => /\b(and|or)\b/i.test(col(i, "User story"))).length;
    const judged = (name: string) => idx.filter((i) => col(i, name) !== "");
    const notEstimable = judged("Estimatable").filter((i) => col(i, "Estimatable") === "No").length;
    const independent = judged("Independent").filter((i) => col(i, "Independent").toLowerCase() === "independent").length;
    const ambiguous = judged("Unambiguous").filter((i) => col(i, "Unambiguous") !== "Unambiguous").length;
    lines.push(
      `${`A${from}-${to}`.padEnd(11)}${String(idx.length).padEnd(9)}${rate(andOr, idx.length).padEnd(17)}${rate(conj, idx.length).padEnd(24)}` +
        `${rate(flagged.length, idx.length).padEnd(14)}${rate(flaggedRight, flagged.length).padEnd(18)}| ${rate(notEstimable, judged("Estimatable").length).padEnd(24)}` +
        `${rate(independent, judged("Independent").length).padEnd(13)}${rate(ambiguous, judged("Unambiguous").length)}`,
    );
  }
  return lines;
}

const started = performance.now();
scorer
  .scoreBatch(rows.map((r) => ({ ticket: { summary: (r["User story"] ?? "").trim() } })))
  .then((results) => report(results, (performance.now() - started) / 1000))
  .catch((error: unknown) => fail(`scoring failed: ${(error as Error).message}`));
