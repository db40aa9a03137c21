// The rewrite is the findings' safe fixes applied to the summary (brackets, examples and notes dropped, vague
// words taken out, placeholders for a missing role or benefit), and a compound story cut into one story per
// feature. It never guesses: every word of a feature it keeps is kept, in order.
import type { Edit, Found, RuleInput, SplitPlan } from "./finding";

/** At most this many stories come out of one split. */
const MAX_PARTS = 6;
const MAX_LENGTH = 2000;

/** Applies non-overlapping edits (the first of two overlapping edits wins), then closes up spaces and commas. */
export function applyEdits(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos) continue;
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return tidy(out + text.slice(pos));
}

export function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, " ")
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/,(?:\s*,)+/g, ",")
    .replace(/,\s*([.;:!?])/g, "$1")
    .replace(/\(\s*\)|\[\s*\]|\{\s*\}/g, "")
    .replace(/[ \t]+/g, " ")
    .trim();
}

const inside = (e: Edit, s: { start: number; end: number }) => e.start >= s.start && e.end <= s.end;
const overlaps = (e: Edit, s: { start: number; end: number }) => e.start < s.end && e.end > s.start;

/**
 * The stories of a split: every combination of one item per list (lists that overlap an earlier one are left
 * whole, and lists are taken while the stories stay at six or fewer). Each story is the summary with each list
 * replaced by its chosen item, and the other fixes applied where they still apply: inside the chosen item, or
 * outside every list.
 */
function splitStories(summary: string, plans: SplitPlan[], edits: Edit[]): string[] {
  const chosen: SplitPlan[] = [];
  let count = 1;
  for (const plan of [...plans].sort((a, b) => a.start - b.start)) {
    if (chosen.some((c) => plan.start < c.end && plan.end > c.start) || count * plan.parts.length > MAX_PARTS) continue;
    chosen.push(plan);
    count *= plan.parts.length;
  }
  if (chosen.length === 0) return [];
  const outside = edits.filter((e) => !chosen.some((c) => overlaps(e, c)));
  let combos: Edit[][] = [[]];
  for (const plan of chosen) {
    const next: Edit[][] = [];
    for (const combo of combos) {
      for (const part of plan.parts) {
        const own = edits.filter((e) => !outside.includes(e) && inside(e, part)).map((e) => ({ ...e, start: e.start - part.start, end: e.end - part.start }));
        const text = own.length ? applyEdits(summary.slice(part.start, part.end), own) : summary.slice(part.start, part.end);
        next.push([...combo, { start: plan.start, end: plan.end, text }]);
      }
    }
    combos = next;
  }
  return combos.map((combo) => applyEdits(summary, [...combo, ...outside]));
}

export interface Proposal {
  rewrite: string | null;
  split: string[];
}

/**
 * The proposal for a story: null and no split when no finding has a fix; otherwise the fixed summary, and for a
 * compound story one story per feature (`split`, the rewrite being its first).
 */
export function proposeRewrite(input: RuleInput, findings: Found[]): Proposal {
  const summary = input.summary;
  const plans: SplitPlan[] = [];
  const edits: Edit[] = [];
  for (const f of findings) {
    if (f.field !== undefined && f.field !== "summary") continue;
    if (f.split) plans.push(f.split);
    if (f.edits) edits.push(...f.edits);
  }
  if ((plans.length === 0 && edits.length === 0) || summary.length > MAX_LENGTH) return { rewrite: null, split: [] };
  const split = plans.length > 0 ? splitStories(summary, plans, edits) : [];
  if (split.length > 1) return { rewrite: split[0], split };
  const cleaned = applyEdits(summary, edits);
  const same = cleaned.replace(/\s+/g, " ").trim().toLowerCase() === summary.replace(/\s+/g, " ").trim().toLowerCase();
  return { rewrite: same || cleaned === "" ? null : cleaned, split: [] };
}
