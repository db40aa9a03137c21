// Batch findings: QUS "unique" (duplicates and near duplicates, in duplicates.ts) and "uniform" (the batch's template).
import { found, type Found } from "./finding";
import type { Story } from "./parse-story";

export { uniqueFindings } from "./duplicates";

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
      out[i].push(found("uniform.template", "low", `The story departs from the template of its batch: ${departures.join("; ")}.`,
        "Write it with the same keywords as the rest of the backlog, so stories read and compare alike."));
    }
    const story = stories[i];
    const stutter = story.ends.findIndex((e, k) => k + 1 < story.ends.length && e.body.end <= e.body.start);
    if (stutter >= 0) {
      const indicator = story.ends[stutter + 1].indicator;
      const a = story.a;
      out[i].push(found("uniform.repeated_indicator", "low",
        `"${a.text.slice(a.tokens[story.ends[stutter].indicator.start].start, a.tokens[indicator.end - 1].end)}" breaks the template with a repeated keyword.`,
        "Use the keyword once."));
    }
  });
  return out;
}
