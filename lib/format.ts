// Display helpers shared by server pages and client components (no database, no Node APIs).
import { DIMENSION_LABELS, DIMENSIONS, type Dimension } from "@/lib/scoring/types";

export { DIMENSION_LABELS, DIMENSIONS, type Dimension };

/** Stored scores are 0-10; every user-facing surface shows whole percentages (a stored 7 is 70%). */
export function percent(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "–";
  return `${Math.round(score * 10)}%`;
}

// The score bands, low to high, each from its lowest whole percentage, after what the scores mean
// (lib/scoring/README.md): weak below 50% (a title, an epic, a compound story), needs work from 50% (a clean
// one-liner without criteria is 60%), ready from 80% (a story with a benefit, a description and checkable
// criteria). Every page's score colours, the results filter and summary, and the dashboard's band chart read
// them from here. The colours fill chart bars (SVG), which do not see the stylesheet's variables.
const BAND_FLOORS = [
  { key: "bad", from: 0, colour: "#b42318" },
  { key: "mid", from: 50, colour: "#b07400" },
  { key: "good", from: 80, colour: "#137a3a" },
] as const;

export type ScoreBand = (typeof BAND_FLOORS)[number]["key"];

export interface ScoreBandInfo {
  key: ScoreBand;
  /** The band's whole percentages, both ends included. */
  from: number;
  to: number;
  /** Its name for people: "Below 50%", "50% to 79%", "80% and above". */
  label: string;
  colour: string;
}

export const SCORE_BANDS: readonly ScoreBandInfo[] = BAND_FLOORS.map(({ key, from, colour }, index) => {
  const next = BAND_FLOORS[index + 1]?.from;
  const label = next === undefined ? `${from}% and above` : index === 0 ? `Below ${next}%` : `${from}% to ${next - 1}%`;
  return { key, from, to: next === undefined ? 100 : next - 1, label, colour };
});

/** The band of a whole percentage: the highest one whose floor it reaches. */
export function band(percentage: number): ScoreBand {
  return BAND_FLOORS.findLast(({ from }) => percentage >= from)?.key ?? BAND_FLOORS[0].key;
}

/** The colour of a whole percentage's band: every chart's bars use it, as every page's score text does. */
export function bandColour(percentage: number): string {
  const key = band(percentage);
  return SCORE_BANDS.find((b) => b.key === key)!.colour;
}

/** The class that colours a stored 0-10 score: the band of the percentage shown (a stored 7.95 reads 80%). */
export function scoreClass(score: number | null | undefined): string {
  if (score === null || score === undefined) return "";
  return `score-${band(Math.round(score * 10))}`;
}

/**
 * The dimension to call the weakest, from 0-10 averages: the lowest one (the first of a tie), or null when there
 * is none to name: no averages, or every one reading the same whole percentage (all 100%, or all equal).
 */
export function weakestDimension(averages: Partial<Record<Dimension, number | null>>): Dimension | null {
  const present = DIMENSIONS.filter((d) => typeof averages[d] === "number" && !Number.isNaN(averages[d]));
  if (present.length === 0) return null;
  const shown = (d: Dimension) => Math.round((averages[d] as number) * 10);
  let weakest = present[0];
  for (const d of present) if ((averages[d] as number) < (averages[weakest] as number)) weakest = d;
  return present.every((d) => shown(d) === shown(weakest)) ? null : weakest;
}

/** When no dimension is weaker than the others: the one percentage all six read ("100%"), else null. */
export function evenDimensions(averages: Partial<Record<Dimension, number | null>>): string | null {
  const present = DIMENSIONS.filter((d) => typeof averages[d] === "number" && !Number.isNaN(averages[d]));
  if (present.length === 0 || weakestDimension(averages) !== null) return null;
  return percent(averages[present[0]]);
}

/** Round a 0-10 average to two decimals for the API (null stays null). */
export function round2(value: number | null | undefined): number | null {
  if (value === null || value === undefined || Number.isNaN(value)) return null;
  return Math.round(value * 100) / 100;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}
