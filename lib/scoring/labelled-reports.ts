// Bug reports labelled for the parts they state (Chaparro et al. 2017): the shared reports `npm run bench:bugs`
// measures and the reports written for this repository (`heuristic/written-reports/*.jsonl`), one JSON object a line.
import fs from "node:fs";

export interface LabelledReport {
  system: string;
  bug_id: string;
  title: string;
  description: string;
  /** The report says what happens (observed behaviour). */
  has_ob: boolean;
  /** The report says what should happen (expected behaviour). */
  has_eb: boolean;
  /** The report gives steps to reproduce. */
  has_sr: boolean;
}

/** Every report of a JSON-lines file. */
export function readLabelledReports(file: string): LabelledReport[] {
  return fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as LabelledReport);
}
