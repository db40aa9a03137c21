// Whether the engine's advice can be followed: every split part and every rewrite, scored again by the same
// engine (alone: the per-story rules, no batch, no context), against what the issue asks of them.
// - A split meets it when every part has no high or medium atomic finding, scores at least the original, and
//   puts no wrong article ("a existing") where the original had none.
// - A rewrite meets it when it scores at least the original, keeps none of the original's high findings that a
//   summary edit fixes (an edit, or a split the engine offered), does not put a bug, a task or a title in a
//   user's mouth, and is not offered for a wish with no feature.
import { kindFromTypeName, type ScoringResult, type TicketData } from "../types";
import { findingsOf, scoreTicket } from "./engine";
import { PLACEHOLDERS } from "./lexicon";
import { articleFor } from "./rewrite";

export interface AdviceCheck {
  original: ScoringResult;
  /** `declined`: the story has a list to cut, and no split is offered (its advice says why). */
  split: { offered: boolean; declined: boolean; ok: boolean; problems: string[] };
  rewrite: { offered: boolean; ok: boolean; problems: string[] };
}

const compound = (r: ScoringResult) => r.findings.filter((f) => f.code.startsWith("atomic.") && f.severity !== "low");

/** "a existing", "an filter": an article that does not fit the word after it. */
export function wrongArticles(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(a|an)\s+([\p{L}][\p{L}-]*)/giu)) if (m[1].toLowerCase() !== articleFor(m[2])) out.push(m[0]);
  return out;
}

export function checkAdvice(ticket: TicketData): AdviceCheck {
  const original = scoreTicket(ticket);
  const found = findingsOf(ticket);
  const offered = original.split.length > 0;
  const split = { offered, declined: !offered && found.some((f) => f.split), ok: true, problems: [] as string[] };
  const articlesBefore = wrongArticles(ticket.summary).length;
  for (const part of original.split) {
    const again = scoreTicket({ ...ticket, summary: part });
    const left = compound(again);
    if (left.length > 0) split.problems.push(`"${part}" still has ${left.map((f) => f.code).join(", ")}`);
    if (again.overall_score < original.overall_score) split.problems.push(`"${part}" scores ${again.overall_score} < ${original.overall_score}`);
    if (wrongArticles(part).length > articlesBefore) split.problems.push(`"${part}" has ${wrongArticles(part).join(", ")}`);
  }
  split.ok = split.offered && split.problems.length === 0;

  const rewrite = { offered: original.rewrite !== null, ok: true, problems: [] as string[] };
  if (original.rewrite !== null) {
    const again = scoreTicket({ ...ticket, summary: original.rewrite });
    if (again.overall_score < original.overall_score) rewrite.problems.push(`scores ${again.overall_score} < ${original.overall_score}`);
    const kind = kindFromTypeName(ticket.issue_type);
    const template = original.rewrite.includes(PLACEHOLDERS.role) || original.rewrite.includes(PLACEHOLDERS.benefit);
    const task = (kind !== null && kind !== "story") || found.some((f) => f.code === "well_formed.not_a_story");
    // What a summary edit can fix: an edit (but no story template for a non-story), or a split the engine offered.
    const edits = (f: (typeof found)[number]) => (f.edits ?? []).filter((e) => !task || !/\[(?:type of user|the benefit)\]/.test(e.text));
    const fixable = new Set(found.filter((f) => f.severity === "high" && (edits(f).length > 0 || (f.split && original.split.length > 0)))
      .map((f) => f.code));
    const kept = again.findings.filter((f) => f.severity === "high" && fixable.has(f.code));
    if (kept.length > 0) rewrite.problems.push(`keeps ${kept.map((f) => f.code).join(", ")}`);
    if (template && task) rewrite.problems.push("puts a non-story in a user's mouth");
    if (found.some((f) => f.code === "conceptually_sound.no_feature")) rewrite.problems.push("rewrites a wish with no feature");
  }
  rewrite.ok = rewrite.offered && rewrite.problems.length === 0;
  return { original, split, rewrite };
}
