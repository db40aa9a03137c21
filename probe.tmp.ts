import fs from "node:fs";
import { backlogLines } from "@/lib/backlog/decode";
import { scoreTickets } from "@/lib/scoring";
const dir = "../shared/data/backlogs";
const stories = fs.readdirSync(dir).flatMap((f) => backlogLines(fs.readFileSync(`${dir}/${f}`)));
const t0 = performance.now();
scoreTickets(stories.map((summary) => ({ ticket: { summary } })));
console.log(stories.length, "stories", Math.round(performance.now() - t0), "ms", JSON.stringify((globalThis as any).__n));
