// Tickets written with the band a product owner puts them in (issue 44, point 2), and the check of each band: the
// one reading `npm run bench:bands` prints and `written-reports/bands.test.ts` asserts.
import fs from "node:fs";
import type { ScoringResult, TicketData } from "./types";

export type Band = "useless" | "written_out" | "states_failure" | "names_nothing" | "task" | "story";

export interface BandTicket {
  id: string;
  band: Band;
  issue_type: "Bug" | "Task" | null;
  summary: string;
  description: string;
  why: string;
  /** The pair a "states_failure" and a "names_nothing" ticket share. */
  pair?: string;
  /** A story's vague word, which its acceptance criteria measure. */
  vague?: string;
}

/** What a written-out report says; a reader finds each of them in it. */
export const MISSING_PARTS = ["bug.no_expected_result", "bug.no_actual_result", "bug.no_steps", "bug.no_impact", "bug.no_environment"];

export function readBandTickets(file: string): BandTicket[] {
  return JSON.parse(fs.readFileSync(file, "utf8")) as BandTicket[];
}

export function ticketOf(t: BandTicket): TicketData {
  return { summary: t.summary, description: t.description, ...(t.issue_type ? { issue_type: t.issue_type } : {}) };
}

/**
 * A story's vague word as its summary writes it: the word given, or the summary's word of the same stem when the author
 * gave another form of it ("reliably" for "Reliable offline mode"), so the finding on the summary's word is the one looked
 * for. Lower case.
 */
export function vagueWord(t: BandTicket): string {
  const given = (t.vague ?? "").toLowerCase();
  const summary = t.summary.toLowerCase();
  if (!given || new RegExp(`\\b${given}\\b`).test(summary)) return given;
  const stem = given.replace(/(?:ly|y|e)$/, "");
  return new RegExp(`\\b(${stem}\\w*)\\b`).exec(summary)?.[1] ?? given;
}

export const percentOf = (r: ScoringResult) => Math.round(r.overall_score * 10);

/**
 * Whether a ticket is in its band, with what was read. A "names_nothing" ticket is judged with its pair, on the
 * "states_failure" one.
 */
export function inBand(t: BandTicket, score: (t: BandTicket) => ScoringResult, all: BandTicket[]): { ok: boolean; said: string } | null {
  const r = score(t);
  const percent = percentOf(r);
  const codes = r.findings.map((f) => f.code);
  switch (t.band) {
    case "useless":
      return { ok: percent <= 40, said: `${percent}%` };
    case "written_out": {
      const missing = codes.filter((c) => MISSING_PARTS.includes(c));
      return { ok: percent >= 80 && missing.length === 0, said: `${percent}%${missing.length ? ` ${missing.join(", ")}` : ""}` };
    }
    case "states_failure": {
      const other = all.find((x) => x.pair === t.pair && x.band === "names_nothing");
      if (!other) return { ok: false, said: "no names_nothing ticket for its pair" };
      const theirs = percentOf(score(other));
      return { ok: percent > theirs, said: `${percent}% against ${theirs}%` };
    }
    case "names_nothing":
      return null;
    case "task":
      return { ok: r.metadata.work_item_type === "task" && !codes.includes("task.no_reason") && !codes.includes("work_item.no_reason"), said: `${r.metadata.work_item_type}: ${codes.join(", ")}` };
    case "story": {
      const word = vagueWord(t);
      const onWord = r.findings.some((f) => f.code === "unambiguous.vague_term" && f.message.toLowerCase().includes(`"${word}"`));
      return { ok: r.metadata.work_item_type === "story" && !onWord, said: `${r.metadata.work_item_type}: ${codes.join(", ")}` };
    }
  }
}
