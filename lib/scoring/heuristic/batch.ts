// Batch findings: QUS "unique" (duplicates and near duplicates) and "uniform" (the batch's template).
import { found, type Found } from "./finding";
import type { Tok } from "./nlp";
import type { Story } from "./parse-story";
import { subordinateClauses } from "./regions";

const LIGHT = new Set(["be", "have", "get", "do", "make", "want", "need", "able", "can", "i", "we", "my", "our", "the", "a", "an",
  "to", "of", "for", "in", "on", "with", "and", "or", "so", "that", "it", "this", "which", "who", "me", "us", "all", "some", "any",
  "from", "by", "at", "as", "up", "also", "will", "would", "should", "could", "their", "its", "your", "there", "when", "what"]);
const CONTENT = new Set(["NOUN", "PROPN", "VERB", "ADJ", "ADV", "NUM", "X"]);

interface Keys {
  exact: string;
  /** Content lemmas of the means without its head verb and its subordinate clauses. */
  means: string[];
  /** Content lemmas of the benefit. */
  ends: Set<string>;
  /** The benefit is negated ("so that they no longer have full control"). */
  negated: boolean;
}

const NEGATIONS = new Set(["not", "no", "never", "n't", "cannot", "without", "nobody", "nothing", "none", "longer"]);

function lemmas(t: Tok[], from: number, to: number, skip: (k: number) => boolean): string[] {
  const out = new Set<string>();
  for (let k = from; k < to; k++) {
    const x = t[k];
    if (skip(k) || !CONTENT.has(x.pos) || LIGHT.has(x.lemma) || x.text.length < 2) continue;
    out.add(x.lemma);
  }
  return [...out];
}

function keysOf(story: Story): Keys {
  const t = story.a.tokens;
  // The same words in the same order, whatever the case and punctuation.
  let exact = "";
  for (const x of t) if (x.word) exact += exact ? ` ${x.lower}` : x.lower;
  const means = story.means;
  const head = means && story.meansIsAction ? means.start : -1;
  // "change my estimate until the last person selects a card" asks for the same as "change my estimate as long
  // as the draw is open": conditions and times are not the request.
  const clauses = subordinateClauses(story);
  const skip = (k: number) => k === head || clauses.some((c) => k >= c.start && k < c.end);
  const ends = new Set<string>();
  const benefit = story.ends[0];
  let negated = false;
  if (benefit) {
    for (const w of lemmas(t, benefit.body.start, benefit.body.end, () => false)) ends.add(w);
    for (let k = benefit.body.start; k < benefit.body.end; k++) if (NEGATIONS.has(t[k].lower)) negated = true;
  }
  return { exact, means: means ? lemmas(t, means.start, means.end, skip) : [], ends, negated };
}

/**
 * The benefits agree: both stories have none, or most words of the shorter one are in the other and neither
 * is the negation of the other ("they have full control" / "they no longer have full control").
 */
function sameBenefit(x: Keys, y: Keys): boolean {
  const a = x.ends;
  const b = y.ends;
  if (a.size === 0 || b.size === 0) return a.size === 0 && b.size === 0;
  if (x.negated !== y.negated) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size) >= 0.8;
}

function jaccard(a: string[], b: Set<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (a.length + b.size - shared);
}

const MEANS_SIMILARITY = 0.75;

/**
 * Exact duplicates (the same text once case and punctuation are ignored) and near duplicates: the same
 * request for the same reason. The means share three quarters of their words, leaving out the verb ("have /
 * choose a flexible pick up time") and conditions ("... until the last person selects a card"), and the
 * benefits agree (most words of the shorter in the other, or neither has one). Both stories of a pair get the
 * finding. Candidate pairs come from a prefix filter over the rarest words, so a large batch is not compared
 * pair by pair.
 */
export function uniqueFindings(stories: Story[]): Found[][] {
  const out: Found[][] = stories.map(() => []);
  const keys = stories.map(keysOf);
  const partner: (number | null)[] = stories.map(() => null);
  const exactPartner: (number | null)[] = stories.map(() => null);
  const firstExact = new Map<string, number>();
  keys.forEach((k, i) => {
    if (k.exact === "") return;
    const first = firstExact.get(k.exact);
    if (first === undefined) firstExact.set(k.exact, i);
    else {
      exactPartner[i] = first;
      exactPartner[first] ??= i;
    }
  });

  const df = new Map<string, number>();
  for (const k of keys) for (const w of k.means) df.set(w, (df.get(w) ?? 0) + 1);
  const byWord = new Map<string, number[]>();
  const checked = new Int32Array(stories.length).fill(-1);
  for (let i = 0; i < stories.length; i++) {
    const k = keys[i];
    if (exactPartner[i] !== null || k.means.length === 0) continue;
    const words = [...k.means].sort((x, y) => df.get(x)! - df.get(y)! || (x < y ? -1 : 1));
    const prefix = words.length - Math.ceil(MEANS_SIMILARITY * words.length) + 1;
    const rare = words.slice(0, prefix);
    const mine = new Set(words);
    // The earliest earlier story that matches (each candidate is checked once).
    let match = -1;
    for (const w of rare) {
      for (const j of byWord.get(w) ?? []) {
        if ((match >= 0 && j >= match) || checked[j] === i) continue;
        checked[j] = i;
        if (sameBenefit(k, keys[j]) && jaccard(keys[j].means, mine) >= MEANS_SIMILARITY) match = j;
      }
    }
    if (match >= 0) {
      partner[i] ??= match;
      partner[match] ??= i;
    }
    for (const w of rare) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  }

  for (let i = 0; i < stories.length; i++) {
    const exact = exactPartner[i];
    if (exact !== null) {
      out[i].push(found("unique.duplicate", "independent", "high", `The same story as story ${exact + 1} of this batch.`,
        "Keep one of the two stories."));
      continue;
    }
    const near = partner[i];
    if (near === null) continue;
    const text = stories[near].a.text.replace(/\s+/g, " ").trim();
    out[i].push(found("unique.near_duplicate", "independent", "medium",
      `Nearly the same request and benefit as story ${near + 1} of this batch: "${text.length > 90 ? `${text.slice(0, 89)}…` : text}".`,
      "Merge the two stories, or make the difference between them explicit in both."));
  }
  return out;
}

interface Template {
  role: string;
  means: string;
  ends: string | null;
}

function templateOf(story: Story): Template {
  return { role: story.roleKey ?? "none", means: story.meansKey ?? "none", ends: story.ends[0]?.key ?? null };
}

function dominant(values: string[], share: number): string | null {
  if (values.length < 5) return null;
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [v, c] of counts) if (c > bestCount) [best, bestCount] = [v, c];
  return best !== null && best !== "none" && bestCount >= share * values.length ? best : null;
}

const ROLE_TEXT: Record<string, string> = { "as a": '"As a <role>"', as: '"As <role>"', none: "no role" };

function meansText(key: string): string {
  return key === "none" ? 'no "I want"' : `"I ${key}"`;
}

/**
 * QUS "uniform": where at least four in five stories of a batch (of five or more) use the same role, means or
 * ends keywords, a story that uses others departs from the batch's template. A missing "so that" is not a
 * departure (the valuable rule reports it); a story whose benefit starts with another keyword but also uses
 * the batch's one is not either. "so that so that" is a slip of the template whatever the batch.
 */
export function uniformFindings(stories: Story[]): Found[][] {
  const out: Found[][] = stories.map(() => []);
  const templates = stories.map(templateOf);
  const role = dominant(templates.map((t) => t.role), 0.8);
  const means = dominant(templates.map((t) => t.means), 0.8);
  const withEnds = templates.filter((t) => t.ends !== null).map((t) => t.ends!);
  const ends = dominant(withEnds, 0.8);
  templates.forEach((t, i) => {
    const departures: string[] = [];
    if (role && t.role !== role) departures.push(`${ROLE_TEXT[t.role] ?? t.role} where the batch has ${ROLE_TEXT[role]}`);
    if (means && t.means !== means) departures.push(`${meansText(t.means)} where the batch has ${meansText(means)}`);
    if (ends && t.ends !== null && t.ends !== ends && !stories[i].ends.some((e) => e.key === ends)) {
      departures.push(`"${t.ends}" where the batch has "${ends}"`);
    }
    if (departures.length > 0) {
      out[i].push(found("uniform.template", "valuable", "low", `The story departs from the template of its batch: ${departures.join("; ")}.`,
        "Write it with the same keywords as the rest of the backlog, so stories read and compare alike."));
    }
    const story = stories[i];
    const stutter = story.ends.findIndex((e, k) => k + 1 < story.ends.length && e.body.end <= e.body.start);
    if (stutter >= 0) {
      const indicator = story.ends[stutter + 1].indicator;
      const a = story.a;
      out[i].push(found("uniform.repeated_indicator", "valuable", "low",
        `"${a.text.slice(a.tokens[story.ends[stutter].indicator.start].start, a.tokens[indicator.end - 1].end)}" breaks the template with a repeated keyword.`,
        "Use the keyword once."));
    }
  });
  return out;
}
