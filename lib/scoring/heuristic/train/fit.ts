// Fits the decision models of the heuristic engine on labelled stories and writes model-weights.ts.
//   npx tsx lib/scoring/heuristic/train/fit.ts [--file ../shared/data/ustai-dev.csv] [--write]
// Reports in-sample and 5-fold cross-validated figures for every variant; the variant with the best
// cross-validated figure is written.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/csv/parse";
import { atomicGate, dependencyAnchor, estimableAnchor, minimalGate, modelPenalty, RANKING_SCALE, unambiguousGate } from "../decide";
import { FEATURE_INDEX, FEATURE_NAMES, type FeatureName, storyFeatures } from "../features";
import type { RuleInput } from "../finding";
import { parseStory } from "../parse-story";
import { atomicFindings } from "../rules-atomic";
import { minimalFindings } from "../rules-minimal";
import { unambiguousFindings } from "../rules-unambiguous";
import { auc, bestThreshold, fit, folds, predict, prf } from "./logistic";

const arg = (n: string) => { const i = process.argv.indexOf(n); return i >= 0 ? process.argv[i + 1] : undefined; };
const file = path.resolve(arg("--file") ?? "../shared/data/ustai-dev.csv");
const { rows } = parseCsv(fs.readFileSync(file, "utf8"));

const inputs: RuleInput[] = rows.map((r) => {
  const summary = (r["User story"] ?? "").trim();
  return { ticket: { summary }, summary, description: "", criteria: "", story: parseStory(summary) };
});
const candidates = inputs.map((i) => [...atomicFindings(i), ...minimalFindings(i), ...unambiguousFindings(i)]);
const X = inputs.map((i, n) => storyFeatures(i, candidates[n]));

const group = (from: FeatureName, to: FeatureName) => FEATURE_NAMES.slice(FEATURE_INDEX[from], FEATURE_INDEX[to] + 1);
const SHAPE = group("log_words", "sentences_gt1");
const ATOMIC = group("a_verb_means", "verbs_in_means");
const MINIMAL = group("brackets", "so_i_need");
const UNAMB = group("vague", "vague_ends");
const INDEP = group("role_builder", "first_person_ends");
const CONSUMER = group("research_head", "role_end_user");

interface Target {
  name: string;
  kind: "f1" | "auc";
  col: string;
  positive: (v: string) => boolean;
  gate: (n: number) => boolean;
  variants: Record<string, FeatureName[]>;
}
const targets: Target[] = [
  { name: "atomic", kind: "f1", col: "atomic", positive: (v) => v === "conjunctions", gate: (n) => atomicGate(inputs[n], candidates[n]),
    variants: { rules: ATOMIC, shape: [...SHAPE, ...ATOMIC], all: [...SHAPE, ...ATOMIC, ...MINIMAL, ...UNAMB, ...INDEP] } },
  { name: "minimal", kind: "f1", col: "minimal", positive: (v) => v !== "minimal", gate: (n) => minimalGate(inputs[n], candidates[n]),
    variants: { rules: MINIMAL, shape: [...SHAPE, ...MINIMAL] } },
  { name: "unambiguous", kind: "f1", col: "Unambiguous", positive: (v) => v === "General" || v === "Vagueness", gate: (n) => unambiguousGate(inputs[n]),
    variants: { rules: UNAMB, shape: [...SHAPE, ...UNAMB], all: [...SHAPE, ...ATOMIC, ...UNAMB, ...INDEP] } },
  { name: "independent", kind: "auc", col: "Independent", positive: (v) => v.toLowerCase() === "independent", gate: (n) => dependencyAnchor(inputs[n]) !== null,
    variants: { indep: [...INDEP, ...CONSUMER], shape: [...SHAPE, ...INDEP, ...CONSUMER], all: [...SHAPE, ...ATOMIC, ...UNAMB, ...INDEP, ...CONSUMER] } },
  { name: "estimable", kind: "auc", col: "Estimatable", positive: (v) => /^(estimatable|yes)$/i.test(v), gate: (n) => estimableAnchor(inputs[n], candidates[n]) !== null,
    variants: { indep: [...INDEP, ...UNAMB], shape: [...SHAPE, ...UNAMB, ...INDEP], all: [...SHAPE, ...ATOMIC, ...UNAMB, ...INDEP] } },
];
/** Same mapping as the engine: probability of "fine" to a 0..10 score contribution. */
const pct = (v: number[], q: number) => [...v].sort((a, b) => a - b)[Math.floor(q * (v.length - 1))];
const LAMBDAS = [1, 3, 10, 30, 100];

const out: Record<string, unknown> = {};
const report: string[] = [];
for (const t of targets) {
  const use = rows.map((r, n) => ((r[t.col] ?? "").trim() !== "" ? n : -1)).filter((n) => n >= 0);
  const y = use.map((n) => t.positive(rows[n][t.col].trim()));
  const Xs = use.map((n) => X[n]);
  const gate = use.map((n) => t.gate(n));
  const fold = folds(y, 5);
  let best: { score: number; line: string; variant: string; lambda: number } | null = null;
  // Variants are listed simplest first; a larger feature set must beat a simpler one by 0.005 CV to be chosen.
  const better = (score: number, variant: string) => !best || score > best.score + (variant === best.variant ? 0 : 0.005);
  for (const [variant, names] of Object.entries(t.variants)) {
    const cols = [0, ...names.map((nm) => FEATURE_INDEX[nm])];
    for (const lambda of LAMBDAS) {
      const oof = new Array<number>(use.length).fill(0);
      const oofPred = new Array<boolean>(use.length).fill(false);
      for (let k = 0; k < 5; k++) {
        const tr = use.map((_, i) => i).filter((i) => fold[i] !== k);
        const m = fit(tr.map((i) => Xs[i]), tr.map((i) => y[i]), cols, lambda);
        const pTr = tr.map((i) => predict(m.weights, Xs[i]));
        const thr = bestThreshold(pTr, tr.map((i) => y[i]), tr.map((i) => gate[i]));
        use.forEach((_, i) => {
          if (fold[i] !== k) return;
          oof[i] = predict(m.weights, Xs[i]);
          oofPred[i] = oof[i] >= thr && gate[i];
        });
      }
      const full = fit(Xs, y, cols, lambda);
      const pAll = Xs.map((x) => predict(full.weights, x));
      let score: number, line: string;
      if (t.kind === "f1") {
        const thr = bestThreshold(pAll, y, gate);
        const ins = prf(pAll.map((p, i) => p >= thr && gate[i]), y);
        const cv = prf(oofPred, y);
        score = cv.f1;
        line = `${t.name} ${variant} l=${lambda}: in-sample F1 ${ins.f1.toFixed(3)} (P ${ins.precision.toFixed(3)} R ${ins.recall.toFixed(3)}, t=${thr}) | CV F1 ${cv.f1.toFixed(3)} (P ${cv.precision.toFixed(3)} R ${cv.recall.toFixed(3)})`;
        if (better(score, variant)) out[t.name] = { variant, lambda, threshold: thr, weights: full.weights, cv, inSample: ins };
      } else {
        const raw = auc(oof, y);
        const range = { low: pct(pAll, 0.05), high: pct(pAll, 0.95) };
        // Same as the engine: anchored stories lose up to PENALTY_SCALE points; independent also nudges the rest.
        const rest = t.name === "independent" ? RANKING_SCALE : 0;
        const toScore = (p: number, i: number) => (gate[i] ? 10 - modelPenalty(p, range) : 10 - modelPenalty(p, range, rest));
        score = auc(oof.map(toScore), y);
        const ins = auc(pAll.map(toScore), y);
        line = `${t.name} ${variant} l=${lambda}: in-sample AUC ${ins.toFixed(3)} (p ${auc(pAll, y).toFixed(3)}) | CV AUC ${score.toFixed(3)} (p ${raw.toFixed(3)})`;
        if (better(score, variant)) out[t.name] = { variant, lambda, ...range, weights: full.weights, cv: { auc: score }, inSample: { auc: ins } };
      }
      if (better(score, variant)) best = { score, line, variant, lambda };
      if (process.argv.includes("--verbose")) console.log(line);
    }
  }
  report.push(`best ${best!.line}`);
}
console.log(report.join("\n"));

if (process.argv.includes("--dump")) {
  const o = out as Record<string, { weights: number[] }>;
  for (const name of Object.keys(o)) {
    const w = o[name].weights;
    console.log(name, FEATURE_NAMES.map((f, i) => [f, w[i]] as const).filter(([, v]) => Math.abs(v) > 1e-6)
      .map(([f, v]) => `${f}=${v.toFixed(2)}`).join(" "));
  }
}
if (process.argv.includes("--write")) {
  const target = path.resolve(__dirname, "../model-weights.ts");
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const body = Object.fromEntries(Object.entries(out as Record<string, { weights: number[] } & Record<string, unknown>>).map(([k, v]) => [k, {
    ...v, weights: Object.fromEntries(FEATURE_NAMES.map((f, i) => [f, round(v.weights[i])]).filter(([, w]) => w !== 0)),
  }]));
  fs.writeFileSync(target, `// Generated by lib/scoring/heuristic/train/fit.ts from ${path.basename(file)}; do not edit by hand.\n` +
    `// cv: 5-fold cross-validated figures (fit on 4/5, measured on 1/5); inSample: fitted and measured on all rows.\n` +
    `export const MODELS = ${JSON.stringify(body, (_k, v) => (typeof v === "number" ? round(v) : v), 2)} as const;\n`);
  console.log(`wrote ${target}`);
}
