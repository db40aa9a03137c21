// The shared stories as the advice reading reads them (ADVICE-READING.md): each one scored alone, with the split
// and rewrite the engine offers and the features it names when it offers no split. Stories and advice are known
// by a hash only in the repository (advice.json): the texts belong to their authors and stay in the shared data folder beside the checkout.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { decodeText } from "@/lib/backlog/decode";
import { parseCsv } from "@/lib/backlog/csv/parse";
import { scoreTicket } from "@/lib/scoring/heuristic/engine";

export interface SharedStory {
  /**
   * `tuned`: the backlogs the split and rewrite rules were read from; `heldout`: read to measure (g18-g27 and
   * ustai-dev.csv; read once blind, then the rules changed); `fresh`: labelled/g21-badcamp, read only after the
   * last change of the rules.
   */
  set: "tuned" | "heldout" | "fresh";
  file: string;
  /** 1-based line of the file (a CSV: its data row, 1 = the first row after the header). */
  line: number;
  story: string;
}

/** The backlogs the split and rewrite rules were tuned on; every other shared story is held out. */
export const TUNED_FILES = /^g(?:02|05|08|09|10|11|12|14)\b/;

export const hashOf = (text: string) => createHash("sha256").update(text.replace(/\s+/g, " ").trim()).digest("hex").slice(0, 16);

/** Every story of the shared data folder's backlogs/ and ustai-dev.csv, with its set, file and line. */
export function sharedStories(dataDir: string): SharedStory[] {
  const out: SharedStory[] = [];
  const backlogs = path.join(dataDir, "backlogs");
  for (const file of fs.readdirSync(backlogs).filter((f) => f.endsWith(".txt")).sort()) {
    const lines = decodeText(fs.readFileSync(path.join(backlogs, file))).text.split(/\r\n|\r|\n/);
    lines.forEach((raw, i) => {
      const story = raw.trim();
      if (story) out.push({ set: TUNED_FILES.test(file) ? "tuned" : "heldout", file, line: i + 1, story });
    });
  }
  const ustai = path.join(dataDir, "ustai-dev.csv");
  if (fs.existsSync(ustai)) {
    parseCsv(fs.readFileSync(ustai, "utf8")).rows.forEach((row, i) => {
      const story = (row["User story"] ?? "").trim();
      if (story) out.push({ set: "heldout", file: "ustai-dev.csv", line: i + 1, story });
    });
  }
  // Read only after the last change of the rules: g21 (labelled by two experts) and the QUS reviewers' file
  // (g04, g13: the atomic rules' dev stories, never read for splits or rewrites).
  for (const [file, column] of [[path.join("labelled", "g21-badcamp-two-experts.csv"), "story"], ["qus-real-dev.csv", "story"]]) {
    const full = path.join(dataDir, file);
    if (!fs.existsSync(full)) continue;
    parseCsv(fs.readFileSync(full, "utf8")).rows.forEach((row, i) => {
      const story = (row[column] ?? "").trim();
      if (story) out.push({ set: "fresh", file: path.basename(file), line: i + 1, story });
    });
  }
  return out;
}

export interface AdviceRecord {
  set: string;
  file: string;
  line: number;
  story_hash: string;
  story: string;
  overall: number;
  rewrite: string | null;
  rewrite_overall: number | null;
  rewrite_hash: string | null;
  split: string[];
  split_overall: number[];
  split_hash: string | null;
  /** The advice naming the features of a compound offered no split ("3 features: ..."), or null. */
  features: string | null;
  recommendations: string[];
}

/** The features advice of a compound with no split: the recommendation that names them. */
export function featuresAdvice(recommendations: string[]): string | null {
  return recommendations.find((r) => /\b\d+ (?:features|things under one action)\b|^No clean cut|^No split/.test(r)) ?? null;
}

export function adviceRecord(s: SharedStory): AdviceRecord {
  const r = scoreTicket({ summary: s.story });
  const again = (text: string) => scoreTicket({ summary: text }).overall_score;
  return {
    set: s.set, file: s.file, line: s.line, story_hash: hashOf(s.story), story: s.story, overall: r.overall_score,
    rewrite: r.rewrite, rewrite_overall: r.rewrite === null ? null : again(r.rewrite), rewrite_hash: r.rewrite === null ? null : hashOf(r.rewrite),
    split: r.split, split_overall: r.split.map(again), split_hash: r.split.length ? hashOf(r.split.join("\n")) : null,
    features: r.split.length ? null : featuresAdvice(r.recommendations),
    recommendations: r.recommendations,
  };
}

/** The record and its text for reading, or null when the engine offers nothing to read. */
export function adviceLines(s: SharedStory): { record: AdviceRecord; text: string } | null {
  const record = adviceRecord(s);
  if (record.rewrite === null && record.split.length === 0 && record.features === null) return null;
  const lines = [`## ${s.file}:${s.line} (${record.overall})`, `   ${s.story}`];
  if (record.split.length) record.split.forEach((p, i) => lines.push(`   S${i + 1} (${record.split_overall[i]}) ${p}`));
  else if (record.features) lines.push(`   F  ${record.features}`);
  if (record.rewrite !== null) lines.push(`   R  (${record.rewrite_overall}) ${record.rewrite}`);
  for (const rec of record.recommendations) if (/moves?|[Ss]ay how|Write instead|goes to/.test(rec)) lines.push(`   A  ${rec}`);
  return { record, text: `${lines.join("\n")}\n` };
}
