// npm run advice:read -- [--out DIR]: every split and rewrite the engine offers on the shared stories, written out
// for a reader (lib/scoring/precision/ADVICE-READING.md). Each story of ../shared/data/backlogs and of
// ../shared/data/ustai-dev.csv is scored alone; a story with a split, a rewrite or a split declined with the
// features named goes to DIR/<set>.jsonl (one JSON object a line: set, file, line, story hash, story, overall,
// rewrite and its score, split parts and their scores, the advice of each finding that carries a fix) and to
// DIR/<set>.txt (the same, for reading). The sets: `tuned` (g02-g14, the backlogs the rules were read from) and
// `heldout` (g18-g27 and ustai-dev.csv, read only to measure). Nothing is written inside the repository: the
// texts belong to their authors.
import fs from "node:fs";
import path from "node:path";
import { adviceLines, sharedStories, type SharedStory } from "@/testing/advice-reading";

const REPO = path.resolve(__dirname, "..");
const argAt = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const out = path.resolve(argAt("--out") ?? "/tmp/advice-read");
const shared = path.resolve(REPO, "../shared/data");
if (!fs.existsSync(shared)) {
  console.error(`no shared data at ${shared}`);
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });
const stories = sharedStories(shared);
const bySet = new Map<string, SharedStory[]>();
for (const s of stories) bySet.set(s.set, [...(bySet.get(s.set) ?? []), s]);
for (const [set, list] of bySet) {
  const lines = list.map(adviceLines).filter((x) => x !== null);
  fs.writeFileSync(path.join(out, `${set}.jsonl`), lines.map((l) => JSON.stringify(l.record)).join("\n") + "\n");
  fs.writeFileSync(path.join(out, `${set}.txt`), lines.map((l) => l.text).join("\n"));
  const splits = lines.filter((l) => l.record.split.length > 0).length;
  const rewrites = lines.filter((l) => l.record.rewrite !== null).length;
  const named = lines.filter((l) => l.record.split.length === 0 && l.record.features !== null).length;
  console.log(`${set}: ${list.length} stories, ${splits} splits (${lines.reduce((n, l) => n + l.record.split.length, 0)} parts), ${rewrites} rewrites, ${named} with features named -> ${out}/${set}.txt`);
}
