// The reading of the shared Jira issues (issue 50): 300 real issues of six open-source projects, filed with no
// type. `jira-reading.json` keeps, by issue key only (the texts stay in the shared data), the kind a product owner
// reads in each issue and the verdict on every firing of the five codes the issue names, each with a short
// reason in our own words. `npm run bench:quality` prints the engine's figures on these issues beside the
// reading; `jira-reading.test.ts` fails when the inferred kinds or the firings fall below what was read.
import fs from "node:fs";
import path from "node:path";
import type { WorkItemKind } from "../types";

export interface JiraIssue {
  project: string;
  key: string;
  summary: string;
  description: string;
}

export interface FiringVerdict {
  key: string;
  code: string;
  verdict: "right" | "wrong";
  reason: string;
}

export interface JiraReading {
  source: string;
  read_on: string;
  codes: string[];
  /** The kind a product owner reads in each issue, with why (own words). */
  kinds: Record<string, { kind: WorkItemKind; reason: string }>;
  /** Every firing of `codes` on the engine the reading was made on, judged. */
  firings: FiringVerdict[];
}

export const JIRA_FILE = "jira/deep-se-six-projects.jsonl";

export function jiraReading(): JiraReading {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "jira-reading.json"), "utf8")) as JiraReading;
}

/** The shared issues of a JSON-lines file, as tickets without a type. */
export function jiraIssues(file: string): JiraIssue[] {
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => {
    const r = JSON.parse(l) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === "string" ? v : "");
    return { project: text(r.project), key: text(r.key), summary: text(r.summary), description: text(r.description) };
  });
}
