// npm run bench:bands -- [--list FILE]
// Issue 44, point 2: tickets written with the band a product owner puts them in (lib/scoring/heuristic/written-reports/
// bands*.json), scored by the heuristic engine through the path the API uses. Per file and band, how many are in it:
// a useless report at 40% or less; a written-out report at 80% or more with none of the five "missing" findings; a
// report that states its failure above its pair that names nothing; a task whose reason is a clause without a "no
// reason" finding; a story whose criteria measure its vague word without the vague-term finding on it.
// `--list FILE` prints the tickets of that file out of their band (never for bands-unread.json: it is measured, not read).
import fs from "node:fs";
import path from "node:path";
import { scoreTicket } from "@/lib/scoring/heuristic/engine";
import { type Band, type BandTicket, inBand, readBandTickets, ticketOf } from "@/lib/scoring/band-tickets";
import type { ScoringResult } from "@/lib/scoring/types";

const DIR = path.resolve(__dirname, "../lib/scoring/heuristic/written-reports");
const list = process.argv.includes("--list") ? process.argv[process.argv.indexOf("--list") + 1] : undefined;
if (list === "bands-unread.json") {
  console.error("bench:bands: bands-unread.json is measured, not read: its figures only (docs/decisions.md).");
  process.exit(2);
}
const BANDS: Band[] = ["useless", "written_out", "states_failure", "task", "story"];

for (const file of fs.readdirSync(DIR).filter((f) => /^bands.*\.json$/.test(f)).sort()) {
  const tickets = readBandTickets(path.join(DIR, file));
  const cache = new Map<string, ScoringResult>();
  const score = (t: BandTicket) => cache.get(t.id) ?? cache.set(t.id, scoreTicket(ticketOf(t))).get(t.id)!;
  const out: string[] = [];
  let kept = 0;
  let judged = 0;
  const perBand = BANDS.map((band) => {
    const of = tickets.filter((t) => t.band === band);
    const ok = of.filter((t) => {
      const v = inBand(t, score, tickets)!;
      if (!v.ok && list === file) out.push(`  ${t.id} [${band}] ${v.said} :: ${t.summary}`);
      return v.ok;
    }).length;
    kept += ok;
    judged += of.length;
    return `${band} ${ok}/${of.length}`;
  });
  console.log(`${file.padEnd(20)} in band ${kept}/${judged}: ${perBand.join(", ")}`);
  if (out.length) console.log(out.join("\n"));
}
