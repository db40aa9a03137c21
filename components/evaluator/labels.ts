import type { Dimension, MappingField } from "@/lib/csv-flow/types";

export const DIMENSION_LABELS: Record<Dimension, string> = {
  independent: "Independent",
  negotiable: "Negotiable",
  valuable: "Valuable",
  estimable: "Estimable",
  small: "Small",
  testable: "Testable",
};

export const FIELD_LABELS: Record<MappingField, string> = {
  summary: "Summary",
  description: "Description",
  acceptance_criteria: "Acceptance criteria",
  key: "Key",
};

/** The colour band of a percentage: the same thresholds everywhere on the pages. */
export function band(percentage: number): "good" | "mid" | "bad" {
  return percentage >= 80 ? "good" : percentage >= 50 ? "mid" : "bad";
}

export function rowList(rows: number[], max = 12): string {
  const shown = rows.slice(0, max).join(", ");
  return rows.length > max ? `${shown} and ${rows.length - max} more` : shown;
}
