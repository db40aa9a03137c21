// What write-back puts on a tracker issue, from its latest score: the comment (Markdown for GitHub and Linear,
// Atlassian Document Format for Jira, both from one model so they say the same), the Jira issue property, and
// the label decision. Pure: no database, no network. Every text is derived from the score alone (no time, no run
// id), so an issue scored again with the same result gets byte-identical text and its hash says "unchanged".
import { createHash } from "node:crypto";
import { z } from "zod";
import { DIMENSION_LABELS, DIMENSIONS, WORK_ITEM_KIND_LABELS, workItemKindSchema, type Dimension, type WorkItemKind } from "@/lib/scoring/types";
import type { WriteBackSettings } from "../schemas";

/**
 * The service's mark on its own comment: the fragment of the comment's link to the story page. A link survives
 * every tracker's Markdown and ADF (an HTML comment does not survive Linear's editor), and a fragment changes
 * nothing about the page it opens. A sync that lost track of a comment's id finds the comment by it.
 */
export const COMMENT_MARKER = "story-scoring-service-comment";
/**
 * The Jira issue property the scores are kept in, read by automation rules as `{{issue.properties.storyScoring.ready}}`
 * (a key without a hyphen: smart values take it as a plain name).
 */
export const JIRA_PROPERTY_KEY = "storyScoring";
/** Findings a comment lists; the rest are on the story page. */
export const COMMENT_FINDINGS = 3;

/** The parts of a stored score the comment reads (a stored response has more; older ones may lack some). */
export const writtenScoreSchema = z.object({
  overall_score: z.number().min(0).max(10),
  individual_scores: z.record(z.string(), z.number()),
  scores: z.record(z.string(), z.object({ improvement_suggestions: z.array(z.string()).catch([]) }).loose()).catch({}),
  findings: z
    .array(z.object({ dimension: z.string(), severity: z.enum(["high", "medium", "low"]), message: z.string() }).loose())
    .catch([]),
  metadata: z.object({ work_item_type: workItemKindSchema.catch("story") }).loose().catch({ work_item_type: "story" }),
});
export type WrittenScore = z.output<typeof writtenScoreSchema>;

export type Band = "weak" | "needs work" | "ready";

export interface CommentFinding {
  dimension: string;
  severity: "high" | "medium" | "low";
  message: string;
  /** What to do about it: the dimension's first suggestion, given with its first finding only. */
  todo: string | null;
}

/** What the comment says, before it is written as Markdown or ADF. */
export interface CommentModel {
  percent: number;
  band: Band;
  kind: WorkItemKind;
  weakest: { label: string; percent: number }[];
  findings: CommentFinding[];
  /** Findings not listed. */
  more: number;
  /** With a label configured: the threshold, the label and whether this issue is below it. */
  gate: { below: number; label: string; isBelow: boolean } | null;
  url: string;
}

/** The percentage people see for a stored 0-10 score (a stored 7 is 70%), as everywhere in the service. */
export const percentOf = (score: number): number => Math.round(score * 10);

/** The band names of lib/format.ts (weak below 50%, needs work from 50%, ready from 80%). */
export function bandOf(percent: number): Band {
  return percent >= 80 ? "ready" : percent >= 50 ? "needs work" : "weak";
}

const SEVERITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

function isDimension(value: string): value is Dimension {
  return (DIMENSIONS as readonly string[]).includes(value);
}

/** Whether an issue scoring `percent` is below the ready threshold (and so carries the label). */
export const isBelow = (percent: number, settings: Pick<WriteBackSettings, "below">): boolean => percent < settings.below;

export function commentModel(score: WrittenScore, settings: WriteBackSettings, url: string): CommentModel {
  const percent = percentOf(score.overall_score);
  const dimensionScore = (d: string) => score.individual_scores[d] ?? 10;
  // The weakest two dimensions below 100%, weakest first (ties in the rubric's order).
  const weakest = DIMENSIONS.map((d, index) => ({ d, index, value: dimensionScore(d) }))
    .filter((x) => x.value < 10)
    .sort((a, b) => a.value - b.value || a.index - b.index)
    .slice(0, 2)
    .map((x) => ({ label: DIMENSION_LABELS[x.d], percent: percentOf(x.value) }));
  // The findings that matter most: high severity first, then those of the weakest dimensions; the engine's order after.
  const ordered = score.findings
    .map((f, index) => ({ f, index }))
    .sort((a, b) => SEVERITY_ORDER[a.f.severity] - SEVERITY_ORDER[b.f.severity] || dimensionScore(a.f.dimension) - dimensionScore(b.f.dimension) || a.index - b.index);
  const advised = new Set<string>();
  const findings = ordered.slice(0, COMMENT_FINDINGS).map(({ f }) => {
    const suggestion = advised.has(f.dimension) ? null : (score.scores[f.dimension]?.improvement_suggestions[0] ?? null);
    advised.add(f.dimension);
    return { dimension: isDimension(f.dimension) ? DIMENSION_LABELS[f.dimension] : f.dimension, severity: f.severity, message: f.message, todo: suggestion };
  });
  return {
    percent,
    band: bandOf(percent),
    kind: score.metadata.work_item_type,
    weakest,
    findings,
    more: Math.max(0, score.findings.length - findings.length),
    gate: settings.label ? { below: settings.below, label: settings.label, isBelow: isBelow(percent, settings) } : null,
    url,
  };
}

/** The story page's link as the comment carries it: with the service's mark as its fragment. */
export function markedUrl(storyUrl: string): string {
  return `${storyUrl.replace(/#.*$/, "")}#${COMMENT_MARKER}`;
}

/** Whether a comment's body (Markdown text, or an ADF tree) is the service's own. */
export function isOwnComment(body: unknown): boolean {
  const text = typeof body === "string" ? body : JSON.stringify(body ?? "");
  return text.includes(`#${COMMENT_MARKER}`);
}

const kindWord = (kind: WorkItemKind) => WORK_ITEM_KIND_LABELS[kind].toLowerCase();

/** The sentences of the comment, shared by both renderings. */
function lines(model: CommentModel) {
  const kind = kindWord(model.kind);
  return {
    title: `INVEST score: ${model.percent}%`,
    titleRest: ` (${model.band}), judged as ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind}.`,
    weakest: model.weakest.length ? `Weakest: ${model.weakest.map((w) => `${w.label} ${w.percent}%`).join(", ")}.` : "No dimension loses points.",
    findingsTitle: model.findings.length ? (model.more ? `Top ${model.findings.length} of ${model.findings.length + model.more} findings:` : "Findings:") : null,
    gate: model.gate
      ? model.gate.isBelow
        ? `Below the ready threshold of ${model.gate.below}%: labelled “${model.gate.label}” until it reaches it.`
        : `At or above the ready threshold of ${model.gate.below}%.`
      : null,
    linkText: "The full score, every finding and the history",
    footer: " · kept current by Story Scoring Service when the issue changes.",
  };
}

/**
 * Markdown as GitHub and Linear show it. Text that came from the issue (quoted in a finding's message) is escaped, and
 * an "@" is kept from turning into a mention (a comment must not notify people the issue's author named).
 */
export function commentMarkdown(model: CommentModel): string {
  const l = lines(model);
  const out = [`**${l.title}**${escapeMarkdown(l.titleRest)}`, "", escapeMarkdown(l.weakest)];
  if (l.findingsTitle) {
    out.push("", l.findingsTitle, "");
    for (const f of model.findings) {
      out.push(`- **${escapeMarkdown(f.dimension)}** (${f.severity}): ${escapeMarkdown(f.message)}${f.todo ? ` *To do:* ${escapeMarkdown(f.todo)}` : ""}`);
    }
  }
  if (l.gate) out.push("", escapeMarkdown(l.gate));
  out.push("", `[${l.linkText}](${markedUrl(model.url)})${escapeMarkdown(l.footer)}`);
  return out.join("\n");
}

/** Markdown's punctuation escaped, line starts made plain, and mentions defused (a word joiner after "@"). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`)
    .replace(/\r?\n+/g, " ")
    .replace(/@/g, "@\u2060");
}

type AdfNode = Record<string, unknown>;
const text = (value: string, marks?: AdfNode[]): AdfNode => (marks ? { type: "text", text: value, marks } : { type: "text", text: value });
const strong = [{ type: "strong" }];
const em = [{ type: "em" }];
const paragraph = (...content: AdfNode[]): AdfNode => ({ type: "paragraph", content });

/** The same comment as an Atlassian Document Format document (Jira Cloud's REST v3 comment body). */
export function commentAdf(model: CommentModel): AdfNode {
  const l = lines(model);
  const content: AdfNode[] = [paragraph(text(l.title, strong), text(l.titleRest)), paragraph(text(l.weakest))];
  if (l.findingsTitle) {
    content.push(paragraph(text(l.findingsTitle)));
    content.push({
      type: "bulletList",
      content: model.findings.map((f) => ({
        type: "listItem",
        content: [paragraph(text(f.dimension, strong), text(` (${f.severity}): ${f.message.replace(/\s+/g, " ")}`), ...(f.todo ? [text(" To do: ", em), text(f.todo)] : []))],
      })),
    });
  }
  if (l.gate) content.push(paragraph(text(l.gate)));
  content.push(paragraph(text(l.linkText, [{ type: "link", attrs: { href: markedUrl(model.url) } }]), text(l.footer)));
  return { type: "doc", version: 1, content };
}

/** The Jira issue property's value: the scores as numbers, for automation rules and scripts. */
export function propertyValue(score: WrittenScore, settings: WriteBackSettings, url: string): Record<string, unknown> {
  const percent = percentOf(score.overall_score);
  return {
    overall: percent,
    band: bandOf(percent),
    ready: !isBelow(percent, settings),
    below: settings.below,
    kind: score.metadata.work_item_type,
    scores: Object.fromEntries(DIMENSIONS.map((d) => [d, percentOf(score.individual_scores[d] ?? 10)])),
    findings: score.findings.length,
    url: url.replace(/#.*$/, ""),
  };
}

export function sha256(value: unknown): string {
  return createHash("sha256").update(typeof value === "string" ? value : JSON.stringify(value), "utf8").digest("hex");
}
