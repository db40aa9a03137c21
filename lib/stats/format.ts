// Display helpers shared by server pages and client components (no database, no Node APIs).
import { DIMENSION_LABELS, DIMENSIONS, type Dimension } from "@/lib/scoring/types";

export { DIMENSION_LABELS, DIMENSIONS, type Dimension };

/** Stored scores are 0-10; every user-facing surface shows whole percentages (a stored 7 is 70%). */
export function percent(score: number | null | undefined): string {
  if (score === null || score === undefined || Number.isNaN(score)) return "–";
  return `${Math.round(score * 10)}%`;
}

/**
 * The colour band of a percentage, the same on every page, after what the scores mean (lib/scoring/README.md):
 * ready from 80% (a story with a benefit, a description and checkable criteria), weak below 50% (a title, an
 * epic, a compound story); between them a story that needs work (a clean one-liner without criteria is 60%).
 */
export function band(percentage: number): "good" | "mid" | "bad" {
  return percentage >= 80 ? "good" : percentage >= 50 ? "mid" : "bad";
}

/** The class that colours a stored 0-10 score (see `band`). */
export function scoreClass(score: number | null | undefined): string {
  if (score === null || score === undefined) return "";
  return `score-${band(score * 10)}`;
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
