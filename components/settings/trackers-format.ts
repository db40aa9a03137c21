// What the tracker settings show and send, shared by the section, a connection's rows and its edit form: the
// schedules, each kind's query and token wording, the sync counts in words, and the write-back settings as the
// form holds them (strings) and as the API takes them.
import { DEFAULT_BASE_URLS } from "@/lib/trackers/defaults";
import type { TrackerKind } from "@/lib/trackers/types";
import type { LastSync, Schedule, WriteBack } from "./trackers-types";

export const SCHEDULES: { value: Schedule; label: string }[] = [
  { value: "manual", label: "Manual (Sync now only)" },
  { value: "hourly", label: "Every hour" },
  { value: "daily", label: "Every day" },
];
export const scheduleLabel = (schedule: Schedule) => SCHEDULES.find((s) => s.value === schedule)?.label ?? schedule;

/** What each kind's query is, shown under the field. */
export const QUERY_HINTS: Record<TrackerKind, { label: string; placeholder: string; hint: string }> = {
  jira: { label: "JQL query", placeholder: "project = ACME AND type in (Story, Bug)", hint: "Any JQL; its ORDER BY is kept." },
  github: { label: "Repository", placeholder: "acme/shop labels=bug,ui", hint: "owner/repo, optionally followed by labels=a,b" },
  linear: { label: "Team key", placeholder: "ENG", hint: "The key in the team's issue ids (ENG-12 → ENG)." },
};
export const TOKEN_LABELS: Record<TrackerKind, string> = { jira: "API token", github: "Access token", linear: "API key" };
export const BASE_URL_PLACEHOLDER: Record<TrackerKind, string> = {
  jira: "https://acme.atlassian.net",
  github: DEFAULT_BASE_URLS.github ?? "",
  linear: DEFAULT_BASE_URLS.linear ?? "",
};

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "fetched 12, scored 10, skipped 2, failed 0" in words people read. */
export function syncCounts(sync: LastSync): string {
  const parts = [`${sync.fetched} fetched`, `${sync.scored} scored`];
  if (sync.skipped) parts.push(`${sync.skipped} skipped`);
  if (sync.failed) parts.push(`${sync.failed} failed`);
  if (sync.written !== undefined) parts.push(`${sync.written} written back`);
  if (sync.write_failed) parts.push(`${sync.write_failed} not written`);
  return parts.join(", ");
}

export const WRITE_BACK_OFF: WriteBack = { comment: false, label: null, below: 80 };

/** "Comment; label not-ready below 80%", or "Off". */
export function writeBackSummary(settings: WriteBack): string {
  const parts: string[] = [];
  if (settings.comment) parts.push("comment");
  if (settings.label) parts.push(`label “${settings.label}” below ${settings.below}%`);
  if (parts.length === 0) return "Write-back off";
  const text = parts.join("; ");
  return `Writes back: ${text}`;
}

/** The form's write-back fields as the API takes them. */
export const writeBackBody = (value: WriteBackDraft): WriteBack => ({
  comment: value.comment,
  label: value.label.trim() || null,
  below: Number(value.below),
});

export const writeBackForm = (settings: WriteBack): WriteBackDraft => ({ comment: settings.comment, label: settings.label ?? "", below: String(settings.below) });

/** The write-back settings as the form holds them: `label` "" means no label, `below` the field's text. */
export interface WriteBackDraft {
  comment: boolean;
  label: string;
  below: string;
}
