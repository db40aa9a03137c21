// npm run bench:engine -- [--file PATH] [--seconds N]: heuristic engine throughput on one core.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/csv/parse";
import { scoreTicket, scoreTickets } from "@/lib/scoring";

const REPO = path.resolve(__dirname, "..");
const argAt = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const file = path.resolve(REPO, argAt("--file") ?? "../shared/data/ustai-dev.csv");
const seconds = Number(argAt("--seconds") ?? 3);
const { rows } = parseCsv(fs.readFileSync(file, "utf8"));
const tickets = rows.map((r) => ({ summary: (r["User story"] ?? r["Summary"] ?? Object.values(r)[0] ?? "").trim() }));

function measure(label: string, runOnce: () => number): number {
  for (let i = 0; i < 3; i++) runOnce(); // warm-up
  let stories = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    stories += runOnce();
    elapsed = process.hrtime.bigint() - start;
  }
  const rate = stories / (Number(elapsed) / 1e9);
  console.log(`${label.padEnd(28)}${Math.round(rate).toLocaleString("en-US").padStart(10)} stories/s  (${stories} stories in ${(Number(elapsed) / 1e9).toFixed(2)} s)`);
  return rate;
}

console.log(`file: ${path.relative(process.cwd(), file) || file} (${tickets.length} stories), one thread, target >= 5,000 stories/s`);
const single = measure("scoreTicket (one by one)", () => {
  for (const t of tickets) scoreTicket(t);
  return tickets.length;
});
measure("scoreTickets (one batch)", () => scoreTickets(tickets.map((ticket) => ({ ticket }))).length);
console.log(single >= 5000 ? "target met" : "target NOT met");
