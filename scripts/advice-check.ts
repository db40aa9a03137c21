// npm run bench:advice -- [--dir DIR] [--show N]: can the engine's advice be followed? Every story of the
// shared backlogs (../shared/data/backlogs, or --dir) is scored alone; every split part and every rewrite is
// scored again, alone, by the same engine, and counted against lib/scoring/heuristic/advice-check.ts:
// a split whose every part has no high or medium atomic finding, scores at least the original and gets its
// articles right; a rewrite that scores at least the original, keeps no high finding a summary edit fixes and
// puts no bug, task or title in a user's mouth. `--show N` prints N examples of each failure.
import { backlogLines } from "@/lib/backlog/decode";
import fs from "node:fs";
import path from "node:path";
import type { TicketData } from "@/lib/scoring";
import { checkAdvice } from "@/lib/scoring/heuristic/advice-check";

const REPO = path.resolve(__dirname, "..");
const argAt = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dir = path.resolve(argAt("--dir") ?? path.resolve(REPO, "../shared/data/backlogs"));
// Stories of our own, not from the shared files, in several styles; "Type<TAB>summary" gives a tracker type.
const OWN = path.join(REPO, "lib/scoring/fixtures/advice-stories.txt");
const show = Number(argAt("--show") ?? 0);

const storyLines = backlogLines;

function measure(label: string, tickets: { file: string; ticket: TicketData }[]) {
const stories = tickets.length;
const splits = { offered: 0, ok: 0, declined: 0 };
const rewrites = { offered: 0, ok: 0 };
const failures: { split: string[]; rewrite: string[] } = { split: [], rewrite: [] };
const started = Date.now();
{
  for (const { file, ticket } of tickets) {
    const summary = ticket.summary;
    const c = checkAdvice(ticket);
    if (c.split.declined) splits.declined++;
    if (c.split.offered) {
      splits.offered++;
      if (c.split.ok) splits.ok++;
      else failures.split.push(`${file}: ${summary}\n    ${c.split.problems.join("\n    ")}`);
    }
    if (c.rewrite.offered) {
      rewrites.offered++;
      if (c.rewrite.ok) rewrites.ok++;
      else failures.rewrite.push(`${file}: ${summary}\n    -> ${c.original.rewrite}\n    ${c.rewrite.problems.join("; ")}`);
    }
  }
}
console.log(`\n${label}: ${stories} stories, each scored alone; ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`splits offered   ${splits.offered}, meeting point 1: ${splits.ok} (${splits.offered - splits.ok} not); declined (no honest split, said so): ${splits.declined}`);
console.log(`rewrites offered ${rewrites.offered}, meeting point 2: ${rewrites.ok} (${rewrites.offered - rewrites.ok} not)`);
if (show > 0) {
  for (const [name, list] of Object.entries(failures)) {
    if (list.length === 0) continue;
    console.log(`\n${name} failures (${list.length}), first ${Math.min(show, list.length)}:`);
    for (const line of list.slice(0, show)) console.log(`  ${line}`);
  }
}
}

const files = fs.readdirSync(dir).filter((f) => f.endsWith(".txt")).sort();
measure(`${files.length} shared backlogs (${path.relative(REPO, dir)})`,
  files.flatMap((file) => storyLines(fs.readFileSync(path.join(dir, file))).map((summary) => ({ file, ticket: { summary } }))));
measure(`our own stories (${path.relative(REPO, OWN)})`, storyLines(fs.readFileSync(OWN)).map((line) => {
  const tab = line.indexOf("\t");
  const ticket: TicketData = tab > 0 ? { issue_type: line.slice(0, tab), summary: line.slice(tab + 1) } : { summary: line };
  return { file: "own", ticket };
}));
