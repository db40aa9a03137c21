import type { MappingField } from "@/lib/csv-flow/types";

export { band, bandColour, DIMENSION_LABELS, SCORE_BANDS, type ScoreBand } from "@/lib/format";

export const FIELD_LABELS: Record<MappingField, string> = {
  summary: "Summary",
  description: "Description",
  acceptance_criteria: "Acceptance criteria",
  key: "Key",
  type: "Type",
};

export function rowList(rows: number[], max = 12): string {
  const shown = rows.slice(0, max).join(", ");
  return rows.length > max ? `${shown} and ${rows.length - max} more` : shown;
}
