// The backlog files trackers export, recognised by their shape (columns or JSON structure), and the work item
// types they carry.
import type { Markup } from "@/lib/richtext";
import { kindFromTypeName, type WorkItemKind } from "@/lib/scoring/kind";

export const BACKLOG_FORMATS = ["jira-csv", "azure-devops-csv", "linear-csv", "csv", "jira-json", "github-json", "json", "text"] as const;
export type BacklogFormat = (typeof BACKLOG_FORMATS)[number];

export const FORMAT_LABELS: Record<BacklogFormat, string> = {
  "jira-csv": "Jira CSV export",
  "azure-devops-csv": "Azure DevOps CSV export",
  "linear-csv": "Linear CSV export",
  csv: "CSV",
  "jira-json": "Jira JSON (REST search result)",
  "github-json": "GitHub issues JSON (gh issue list)",
  json: "JSON list of tickets",
  text: "Text, one story a line",
};

/** How each format writes rich text: its descriptions and criteria are read as this markup ("auto": per cell). */
export const FORMAT_MARKUP: Record<BacklogFormat, Markup | "auto"> = {
  "jira-csv": "jira-wiki",
  "azure-devops-csv": "html",
  "linear-csv": "markdown",
  csv: "auto",
  "jira-json": "auto",
  "github-json": "markdown",
  json: "auto",
  text: "plain",
};

export function normaliseHeader(header: string): string {
  return header.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/[\s_-]+/g, " ");
}

/** A tracker CSV by its columns: Jira (Issue key + Summary, or Custom field (...) columns), Azure DevOps, Linear. */
export function csvFormat(columns: string[]): BacklogFormat {
  const has = (name: string) => columns.some((c) => normaliseHeader(c) === name);
  if ((has("issue key") && has("summary")) || (has("summary") && columns.some((c) => /^custom field \(/i.test(c.trim())))) return "jira-csv";
  if (has("work item type") && has("title")) return "azure-devops-csv";
  if (has("title") && has("team") && (has("cycle number") || has("cycle name") || has("triaged") || has("project milestone"))) return "linear-csv";
  return "csv";
}

/** The spellings of acceptance criteria across trackers, inside "Custom field (...)" or not. */
const CRITERIA_NAMES = /^(?:custom field \()?(?:acceptance criteria|acceptance criterion|acceptance criterias|acceptance tests?|acceptance|ac|acs|criteria)\)?$/;

export function isCriteriaName(name: string): boolean {
  return CRITERIA_NAMES.test(normaliseHeader(name));
}

/**
 * The kind of work item (story, bug, task, spike, epic) a tracker's type or label names, by the names of
 * lib/scoring/kind.ts ("Defect" -> bug, "Sub-task" -> task, "Feature" -> story); null when it names none (the
 * engine then reads the kind from the text, else takes a story).
 */
export function workItemKind(type: string | null | undefined): WorkItemKind | null {
  return kindFromTypeName(type);
}

/** A label list's work item type ("bug, frontend" -> "bug"), for trackers that mark types with labels. */
export function typeFromLabels(labels: string[]): string | null {
  return labels.find((l) => workItemKind(l) !== null) ?? null;
}
