// npm run bench:engine -- [--file PATH] [--seconds N]: heuristic engine throughput on one core, one story at
// a time and as one batch of 1,000 (duplicate search included), tagger and rules and rewrites all in.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/backlog/csv/parse";
import { scoreTicket, scoreTickets } from "@/lib/scoring";

const REPO = path.resolve(__dirname, "..");
const argAt = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const BATCH = 1000;
const seconds = Number(argAt("--seconds") ?? 3);

// The stories: a CSV or text file given with --file, else the UStAI dev stories (long, LLM-written) when the
// shared data is there, and the real backlogs of the repository.
function stories(): { label: string; texts: string[] } {
  const read = (file: string) => file.endsWith(".csv")
    ? parseCsv(fs.readFileSync(file, "utf8")).rows.map((r) => (r["User story"] ?? r.story ?? r.Summary ?? Object.values(r)[0] ?? "").trim())
    : fs.readFileSync(file, "utf8").split(/\r?\n/).map((l) => l.trim());
  const file = argAt("--file");
  if (file) return { label: file, texts: read(path.resolve(file)).filter(Boolean) };
  const ustai = path.resolve(REPO, "../shared/data/ustai-dev.csv");
  const fixtures = path.join(REPO, "lib/scoring/fixtures/backlogs");
  const files = [...(fs.existsSync(ustai) ? [ustai] : []), ...fs.readdirSync(fixtures).filter((f) => f.endsWith(".txt")).map((f) => path.join(fixtures, f))];
  return { label: files.map((f) => path.relative(REPO, f)).join(", "), texts: files.flatMap(read).filter(Boolean) };
}

const { label, texts } = stories();
// A batch of 1,000: the stories in order, cycled when there are fewer (the repeats are exact duplicates).
const tickets = Array.from({ length: BATCH }, (_, i) => ({ summary: texts[i % texts.length] }));

function measure(name: string, runOnce: () => number): number {
  for (let i = 0; i < 2; i++) runOnce(); // warm-up
  let scored = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    scored += runOnce();
    elapsed = process.hrtime.bigint() - start;
  }
  const rate = scored / (Number(elapsed) / 1e9);
  console.log(`${name.padEnd(34)}${Math.round(rate).toLocaleString("en-US").padStart(10)} stories/s  (${scored} stories in ${(Number(elapsed) / 1e9).toFixed(2)} s)`);
  return rate;
}

console.log(`stories: ${label} (${texts.length} distinct, batch of ${BATCH}), one thread, target >= 5,000 stories/s each`);
const single = measure("scoreTicket (one by one)", () => {
  for (const t of tickets) scoreTicket(t);
  return tickets.length;
});
const batch = measure(`scoreTickets (one batch of ${BATCH})`, () => scoreTickets(tickets.map((ticket) => ({ ticket }))).length);
console.log(single >= 5000 && batch >= 5000 ? "target met" : "target NOT met");

// Crafted descriptions at the field's limit (20,000 characters): long runs of one character or of blanks around a
// sentence, or of what the readers blank, the shape that made readers try every place in a run (docs/decisions.md, "Long runs cost seconds"). The
// slowest is printed; before the sixteenth pass 19 KB of empty lines took 107 s and a line of spaces under "Expected:"
// two minutes.
const RUN = 19_000;
const crafted: [string, string][] = [
  ...["\n", " ", "\t", " \n", ".", "-", "=", "*", "#", "1", ":", "\"", "(", "a"].map((c) => [`run of ${JSON.stringify(c)}`, `It fails${c.repeat(RUN)}x`] as [string, string]),
  ["spaces under a label", `Steps to reproduce:\n1. Open it\n${"x ".repeat(RUN / 4)}\nExpected:\n${" ".repeat(5000)}ok`],
  ["empty lines between sentences", `The export stops.${"\n".repeat(RUN / 2)}It should not.${" \n".repeat(RUN / 4)}x`],
  // Text the readers blank before reading (a chat's heads on lines of their own, a template's comments) must not leave
  // an untamed run: a page of chat heads took 0.7 s before the blanked text was tamed again (twentieth pass).
  ["chat heads and nothing else", "Jess Smith Jones 10:12 AM\n".repeat(800).slice(0, RUN)],
  ["template comments around a line", `${"<!-- describe it -->\n".repeat(RUN / 42)}It fails.${"<!-- -->\n".repeat(RUN / 18)}`],
];
let worst = { name: "", ms: 0 };
for (const [name, description] of crafted) {
  const start = performance.now();
  scoreTicket({ summary: "Export fails", description, issue_type: "Bug" });
  const ms = performance.now() - start;
  if (ms > worst.ms) worst = { name, ms };
}
console.log(`crafted descriptions of ${RUN.toLocaleString("en-US")} characters (${crafted.length}): slowest ${Math.round(worst.ms)} ms (${worst.name})`);
