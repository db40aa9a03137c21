// The reading of the shared Jira issues (issue 50): 300 real issues of six open-source projects, filed with no
// type. `jira-reading.json` keeps, by issue key only (the texts stay in the shared data), the kind a product owner
// reads in each issue and the verdict on every firing of the five codes the issue names, each with a short
// reason in our own words; then (`all_codes`) a sample of every other code's firings and (`advice`) the
// recommendations of 30 issues, judged before and after the fixes they led to; (`bug_codes`) the same for the bug
// readers' codes, with the bugs where they should fire and do not. `npm run bench:quality` prints the
// engine's figures on these issues beside the reading; `jira-reading.test.ts` fails when the inferred kinds or the
// firings fall below what was read, or a firing or an advice judged wrong comes back.
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

/** A firing judged on the engine the reading started from and on the engine after its fixes. */
export interface CodeFiringVerdict {
  from: "right" | "wrong" | "not fired";
  now: "right" | "wrong" | "not fired";
  reason: string;
}

/** The recommendations an issue got, judged as its author would act on them. */
export interface AdviceVerdict {
  kind: WorkItemKind;
  from: "right" | "wrong";
  now: "right" | "wrong";
  reason: string;
  /** Words of the advice judged wrong (our own advice, never the issue's text): they must not come back. */
  wrong_advice?: string;
}

export interface JiraReading {
  source: string;
  read_on: string;
  codes: string[];
  /** The kind a product owner reads in each issue, with why (own words). */
  kinds: Record<string, { kind: WorkItemKind; reason: string }>;
  /** Every firing of `codes` on the engine the reading was made on, judged. */
  firings: FiringVerdict[];
  /**
   * The other codes (every code with 3 or more firings but `codes` and the bug readers'): up to 15 firings each,
   * drawn by a hash of the key, judged on the engine the reading started from (`engine_from`) and after its fixes.
   */
  all_codes: {
    read_on: string;
    engine_from: string;
    note: string;
    codes: Record<string, { fired_from: number; fired_now: number; read: Record<string, CodeFiringVerdict> }>;
  };
  /** The recommendations for 10 bugs, 10 tasks and 10 stories (the engine's kinds), judged. */
  advice: { read_on: string; note: string; issues: Record<string, AdviceVerdict> };
  /**
   * The bug readers' codes, read as `all_codes` once the readers' third pass was merged: up to 15 firings each
   * (and any the fixes added), and up to 10 bugs where each of the three main codes does not fire, with the ones
   * where it should.
   */
  bug_codes: {
    read_on: string;
    engine_from: string;
    note: string;
    codes: Record<string, { fired_from: number; fired_now: number; read: Record<string, CodeFiringVerdict> }>;
    misses: Record<string, { read: string[]; should_fire: Record<string, string> }>;
  };
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
