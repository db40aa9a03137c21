import fs from "node:fs";
import { expectedIn, observedIn } from "@/lib/scoring/heuristic/bug-readers";
const keys = process.argv.slice(2);
for (const l of fs.readFileSync("../shared/data/jira/deep-se-six-projects.jsonl", "utf8").split("\n")) {
  if (!l.trim()) continue; const j = JSON.parse(l);
  if (!keys.includes(j.key)) continue;
  const t = `${j.description ?? ""}`;
  console.log("=====", j.key, j.summary); console.log(t.slice(0, 1200));
  console.log("EXPECTED:", expectedIn(t).map(r => `${r.kind}:${t.slice(r.start, r.end)}`));
}
