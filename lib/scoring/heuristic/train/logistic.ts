// L2-regularised logistic regression (Newton's method) and the metrics used to choose models.
// Offline only: the engine reads the fitted weights from model-weights.ts.

export interface Fitted {
  /** Weights on the raw feature scale; index 0 multiplies the constant "bias" feature. */
  weights: number[];
}

function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    const d = m[c][c] || 1e-12;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const k = m[r][c] / d;
      if (k !== 0) for (let j = c; j <= n; j++) m[r][j] -= k * m[c][j];
    }
  }
  return m.map((row, i) => row[n] / (row[i] || 1e-12));
}

export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Fits on the columns `cols` of X (column 0 = bias, not penalised). Features are standardised internally. */
export function fit(X: number[][], y: boolean[], cols: number[], lambda: number, weightPos = 1): Fitted {
  const n = X.length;
  const k = cols.length;
  const mean = cols.map((c) => X.reduce((s, r) => s + r[c], 0) / n);
  const sd = cols.map((c, j) => Math.sqrt(X.reduce((s, r) => s + (r[c] - mean[j]) ** 2, 0) / n) || 1);
  const Z = X.map((r) => cols.map((c, j) => (c === 0 ? 1 : (r[c] - mean[j]) / sd[j])));
  let w = new Array<number>(k).fill(0);
  for (let it = 0; it < 30; it++) {
    const g = new Array<number>(k).fill(0);
    const H = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (let i = 0; i < n; i++) {
      const z = Z[i];
      const p = sigmoid(z.reduce((s, v, j) => s + v * w[j], 0));
      const sw = y[i] ? weightPos : 1;
      const e = sw * (p - (y[i] ? 1 : 0));
      const h = sw * p * (1 - p);
      for (let a = 0; a < k; a++) {
        g[a] += e * z[a];
        for (let b = a; b < k; b++) H[a][b] += h * z[a] * z[b];
      }
    }
    for (let a = 0; a < k; a++) {
      for (let b = 0; b < a; b++) H[a][b] = H[b][a];
      if (cols[a] !== 0) { g[a] += lambda * w[a]; H[a][a] += lambda; }
      H[a][a] += 1e-9;
    }
    const step = solve(H, g);
    w = w.map((v, j) => v - step[j]);
    if (step.reduce((s, v) => s + Math.abs(v), 0) < 1e-7) break;
  }
  // Back to the raw scale.
  const raw = new Array<number>(X[0].length).fill(0);
  cols.forEach((c, j) => {
    if (c === 0) raw[0] += w[j];
    else { raw[c] += w[j] / sd[j]; raw[0] -= (w[j] * mean[j]) / sd[j]; }
  });
  return { weights: raw };
}

export function predict(weights: number[], x: number[]): number {
  let z = 0;
  for (let j = 0; j < x.length; j++) z += weights[j] * x[j];
  return sigmoid(z);
}

export interface Prf { precision: number; recall: number; f1: number; tp: number; fp: number; fn: number }

/** Precision, recall and F1 of boolean predictions, with the counts behind them. */
export function prf(pred: boolean[], y: boolean[]): Prf {
  let tp = 0, fp = 0, fn = 0;
  pred.forEach((p, i) => { if (p && y[i]) tp++; else if (p) fp++; else if (y[i]) fn++; });
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, fp, fn };
}

/** Probability that a random positive scores higher than a random negative (ties count half). */
export function auc(scores: number[], positive: boolean[]): number {
  const pairs = scores.map((s, i) => ({ s, p: positive[i] })).sort((a, b) => a.s - b.s);
  let rankSum = 0, nPos = 0, i = 0;
  while (i < pairs.length) {
    let j = i;
    while (j < pairs.length && pairs[j].s === pairs[i].s) j++;
    const avg = (i + 1 + j) / 2;
    for (let q = i; q < j; q++) if (pairs[q].p) { rankSum += avg; nPos++; }
    i = j;
  }
  const nNeg = pairs.length - nPos;
  return nPos && nNeg ? (rankSum - (nPos * (nPos + 1)) / 2) / (nPos * nNeg) : NaN;
}

/** Deterministic stratified fold assignment (0..k-1). */
export function folds(y: boolean[], k: number, seed = 7): number[] {
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const out = new Array<number>(y.length).fill(0);
  for (const cls of [true, false]) {
    const idx = y.map((v, i) => (v === cls ? i : -1)).filter((i) => i >= 0);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [idx[i], idx[j]] = [idx[j], idx[i]];
    }
    idx.forEach((row, n) => { out[row] = n % k; });
  }
  return out;
}

/** The threshold that maximises F1 of (p >= t && gate) on the given rows. */
export function bestThreshold(p: number[], y: boolean[], gate: boolean[]): number {
  let best = 0.5, bestF = -1;
  for (let t = 0.05; t <= 0.95; t += 0.01) {
    const f = prf(p.map((v, i) => v >= t && gate[i]), y).f1;
    if (f > bestF + 1e-9) { bestF = f; best = t; }
  }
  return Math.round(best * 100) / 100;
}
