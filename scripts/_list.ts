import fs from "node:fs";
import { createEngine } from "@/lib/scoring";
const [file, code, label, sys] = process.argv.slice(2);
const e = createEngine("heuristic");
(async () => {
  for (const l of fs.readFileSync(file, "utf8").split("\n")) {
    if (!l.trim()) continue; const r = JSON.parse(l);
    if (sys && r.system !== sys) continue;
    const res = await e.score({ summary: r.title, description: r.description, issue_type: "Bug" });
    const fires = res.findings.some((f) => f.code === code);
    const missing = !r[label];
    if (fires && !missing) { console.log(`===== FP ${r.bug_id}: ${r.title}\n${r.description}\n-- note: ${r.note}\n-- finding: ${res.findings.find((f) => f.code === code)?.message}`); }
    if (!fires && missing) { console.log(`===== FN ${r.bug_id}: ${r.title}\n${r.description.slice(0, 500)}\n-- note: ${r.note}`); }
  }
})();
