import type { Finding } from "../types";
import { finding } from "./finding";
import type { ParsedStory } from "./parse-story";
import { contentWords } from "./text";

const STOP = new Set(["as", "a", "an", "the", "i", "want", "to", "so", "that", "can", "of", "and", "or", "in",
  "for", "on", "my", "be", "is", "it", "we", "with", "able", "should", "need", "would", "like", "me", "our"]);

function normalise(summary: string): string[] {
  return [...new Set(contentWords(summary).filter((w) => !STOP.has(w)))];
}

export type Template = "role_means_ends" | "role_means" | "means_only" | "free_text";

export function templateOf(story: ParsedStory): Template {
  if (story.roleIndicator && story.meansIndicator) return story.ends ? "role_means_ends" : "role_means";
  if (story.meansIndicator) return "means_only";
  return "free_text";
}

const TEMPLATE_TEXT: Record<Template, string> = {
  role_means_ends: '"As a <role>, I want <goal>, so that <benefit>"',
  role_means: '"As a <role>, I want <goal>"',
  means_only: '"I want <goal>"',
  free_text: "free text",
};

/**
 * Near-duplicates by Jaccard similarity of content words, with a prefix filter over rare words so a large
 * batch is not compared pair by pair.
 */
export function uniqueFindings(summaries: string[], threshold = 0.75): Finding[][] {
  const out: Finding[][] = summaries.map(() => []);
  const sets = summaries.map(normalise);
  const df = new Map<string, number>();
  for (const s of sets) for (const w of s) df.set(w, (df.get(w) ?? 0) + 1);
  const index = new Map<string, number[]>();
  const exact = new Map<string, number>();
  for (let i = 0; i < sets.length; i++) {
    const key = summaries[i].toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
    if (key.length === 0) continue;
    const first = exact.get(key);
    if (first !== undefined) {
      out[i].push(finding("unique.duplicate", "independent", "high", `Duplicates story ${first + 1} of this batch; keep one.`));
      continue;
    }
    exact.set(key, i);
    const words = [...sets[i]].sort((a, b) => (df.get(a)! - df.get(b)!) || (a < b ? -1 : 1));
    if (words.length < 3) continue;
    const prefix = words.length - Math.ceil(threshold * words.length) + 1;
    const candidates = new Set<number>();
    for (const w of words.slice(0, prefix)) for (const j of index.get(w) ?? []) candidates.add(j);
    let best = -1;
    let bestSim = 0;
    const mine = new Set(words);
    for (const j of candidates) {
      const other = sets[j];
      if (Math.min(other.length, mine.size) < threshold * Math.max(other.length, mine.size)) continue;
      let shared = 0;
      for (const w of other) if (mine.has(w)) shared++;
      const sim = shared / (mine.size + other.length - shared);
      if (sim >= threshold && sim > bestSim) {
        best = j;
        bestSim = sim;
      }
    }
    if (best >= 0) {
      out[i].push(finding("unique.near_duplicate", "independent", "medium",
        `Nearly duplicates story ${best + 1} of this batch (${Math.round(bestSim * 100)}% of its words); merge them or make the difference explicit.`));
    }
    for (const w of words.slice(0, prefix)) {
      const list = index.get(w);
      if (list) list.push(i);
      else index.set(w, [i]);
    }
  }
  return out;
}

/** Stories that deviate from the template most of the batch uses (at least 60% of 5 or more stories). */
export function uniformFindings(stories: ParsedStory[]): Finding[][] {
  const out: Finding[][] = stories.map(() => []);
  if (stories.length < 5) return out;
  const templates = stories.map(templateOf);
  const counts = new Map<Template, number>();
  for (const t of templates) counts.set(t, (counts.get(t) ?? 0) + 1);
  let major: Template = "free_text";
  let majorCount = 0;
  for (const [t, c] of counts) if (c > majorCount) [major, majorCount] = [t, c];
  if (majorCount < 0.6 * stories.length) return out;
  templates.forEach((t, i) => {
    if (t === major) return;
    out[i].push(finding("uniform.template", "valuable", "low",
      `Most stories of this batch follow ${TEMPLATE_TEXT[major]}; this one is ${TEMPLATE_TEXT[t]}.`));
  });
  return out;
}
