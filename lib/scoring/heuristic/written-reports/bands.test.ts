// Issue 44, point 2, on tickets a new author wrote (bands.json, in their own words, about products of every kind):
// every useless report at 40% or less; every written-out report at 80% or more, in whichever layout, and with none
// of the five "missing" findings; every report that states its failure above the one that names nothing of the
// same failure; every task whose reason is a cause or consequence clause without "task.no_reason"; every story
// whose vague word its acceptance criteria measure without the vague-term finding on that word. Each ticket is
// asserted on its own: a band holds for all of them, not for a share.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ScoringResult } from "../../types";
import { scoreTicket } from "../engine";

interface Written {
  id: string;
  band: "useless" | "written_out" | "states_failure" | "names_nothing" | "task" | "story";
  issue_type: "Bug" | "Task" | null;
  summary: string;
  description: string;
  why: string;
  /** The pair a "states_failure" and a "names_nothing" report share. */
  pair?: string;
  /** A story's vague word, which its acceptance criteria measure. */
  vague?: string;
}

const TICKETS = JSON.parse(fs.readFileSync(path.join(__dirname, "bands.json"), "utf8")) as Written[];
const results = new Map<string, ScoringResult>();
function result(t: Written): ScoringResult {
  let r = results.get(t.id);
  if (!r) results.set(t.id, (r = scoreTicket({ summary: t.summary, description: t.description, ...(t.issue_type ? { issue_type: t.issue_type } : {}) })));
  return r;
}
const percent = (t: Written) => Math.round(result(t).overall_score * 10);
const codes = (t: Written) => result(t).findings.map((f) => f.code);
const band = (b: Written["band"]) => TICKETS.filter((t) => t.band === b);

/** What a written-out report says; a reader finds each of them in it. */
const MISSING = ["bug.no_expected_result", "bug.no_actual_result", "bug.no_steps", "bug.no_impact", "bug.no_environment"];

describe("bands.json, a new author's tickets", () => {
  it("holds the tickets the brief asked for", () => {
    expect(band("useless")).toHaveLength(25);
    expect(band("written_out")).toHaveLength(30);
    expect(band("states_failure")).toHaveLength(15);
    expect(band("names_nothing")).toHaveLength(15);
    expect(band("task")).toHaveLength(10);
    expect(band("story")).toHaveLength(5);
    expect(new Set(TICKETS.map((t) => t.id)).size).toBe(TICKETS.length);
  });

  it.each(band("useless").map((t) => [t.id, t] as const))("useless report %s stays at or below 40%%", (_id, t) => {
    expect(percent(t), `${t.summary} | ${t.description}`).toBeLessThanOrEqual(40);
  });

  it.each(band("written_out").map((t) => [t.id, t] as const))("written-out report %s reaches 80%% and misses nothing", (_id, t) => {
    expect(percent(t), t.summary).toBeGreaterThanOrEqual(80);
    expect(codes(t).filter((c) => MISSING.includes(c)), t.summary).toEqual([]);
  });

  it.each(band("states_failure").map((t) => [t.pair ?? t.id, t] as const))("%s: the stated failure ranks above the one that names nothing", (pair, states) => {
    const names = TICKETS.find((t) => t.pair === pair && t.band === "names_nothing");
    expect(names, pair).toBeDefined();
    expect(percent(states), `${states.summary} vs ${names!.summary}`).toBeGreaterThan(percent(names!));
  });

  it.each(band("task").map((t) => [t.id, t] as const))("task %s has its reason in a clause", (_id, t) => {
    expect(result(t).metadata.work_item_type).toBe("task");
    expect(codes(t), t.summary).not.toContain("task.no_reason");
    expect(codes(t), t.summary).not.toContain("work_item.no_reason");
  });

  it.each(band("story").map((t) => [t.id, t] as const))("story %s: the criteria measure its vague word", (_id, t) => {
    expect(t.vague && t.summary.toLowerCase().includes(t.vague), t.id).toBe(true);
    expect(result(t).metadata.work_item_type).toBe("story");
    const onWord = result(t).findings.filter((f) => f.code === "unambiguous.vague_term" && f.message.toLowerCase().includes(`"${t.vague}"`));
    expect(onWord, t.summary).toEqual([]);
  });

  it("still flags the vague word when the description has no criteria to measure it", () => {
    // The control: the same summaries with the criteria taken away keep their finding, so the test above reads a change.
    for (const t of band("story")) {
      const bare = scoreTicket({ summary: t.summary, description: "" });
      expect(bare.findings.some((f) => f.code === "unambiguous.vague_term" && f.message.toLowerCase().includes(`"${t.vague}"`)), t.summary).toBe(true);
    }
  });
});
