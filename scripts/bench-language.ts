// npm run bench:language: the language detector (lib/scoring/heuristic/language.ts) on the short stories written
// for it in each language the rules read (accuracy per language), on the shared English backlogs (how many
// English stories it names another language: the target is none), how many of those stories are plainly English
// (read as English without loading the detector, whose n-gram database holds about 50 MB of heap) and whether the
// shortcut ever disagrees with the detector (the target is never), and its speed.
import fs from "node:fs";
import path from "node:path";
import { parseCsv } from "@/lib/backlog/csv/parse";
import { detectLanguage, detectorLanguage, plainlyEnglish } from "@/lib/scoring/heuristic/language";
import { LANGUAGE_SAMPLES } from "@/lib/scoring/heuristic/languages/samples";

const REPO = path.resolve(__dirname, "..");
const shared = path.resolve(REPO, "../shared/data");

let total = 0;
let right = 0;
for (const [lang, texts] of Object.entries(LANGUAGE_SAMPLES)) {
  const wrong = texts.filter((t) => detectLanguage(t) !== lang);
  total += texts.length;
  right += texts.length - wrong.length;
  console.log(`${lang}: ${texts.length - wrong.length}/${texts.length}${wrong.length ? `  missed: ${wrong.map((t) => `"${t}" -> ${detectLanguage(t)}`).join("; ")}` : ""}`);
}
console.log(`written samples: ${right}/${total}`);

let plain = 0;
let disagreements = 0;
function englishFile(label: string, texts: string[]) {
  const named = texts.filter((t) => detectLanguage(t) !== "en");
  plain += texts.filter((t) => plainlyEnglish(t.slice(0, 160))).length;
  disagreements += texts.filter((t) => detectLanguage(t) !== detectorLanguage(t)).length;
  console.log(`${label}: ${named.length} of ${texts.length} named non-English${named.length ? `: ${named.slice(0, 5).map((t) => `"${t.slice(0, 60)}" -> ${detectLanguage(t)}`).join("; ")}` : ""}`);
  return [named.length, texts.length];
}

if (fs.existsSync(shared)) {
  let named = 0;
  let n = 0;
  const backlogs = path.join(shared, "backlogs");
  for (const f of fs.readdirSync(backlogs).filter((x) => x.endsWith(".txt")).sort()) {
    const [a, b] = englishFile(`backlogs/${f}`, fs.readFileSync(path.join(backlogs, f), "utf8").split(/\r?\n/).map((l) => l.trim()).filter(Boolean));
    named += a;
    n += b;
  }
  const qus = path.join(shared, "qus-real-dev.csv");
  if (fs.existsSync(qus)) {
    const [a, b] = englishFile("qus-real-dev.csv", parseCsv(fs.readFileSync(qus, "utf8")).rows.map((r) => (r.story ?? "").trim()).filter(Boolean));
    named += a;
    n += b;
  }
  console.log(`English stories named another language: ${named} of ${n}`);
  console.log(`plainly English (the detector not needed): ${plain} of ${n}; the shortcut disagrees with the detector on ${disagreements}`);
  // Bug reports and tracker issues as teams file them: titles, stack traces, logs. The same two counts.
  for (const file of ["bugs/chaparro-eclipse-facebook.jsonl", "jira/deep-se-six-projects.jsonl"]) {
    const full = path.join(shared, file);
    if (!fs.existsSync(full)) continue;
    const texts = fs
      .readFileSync(full, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const item = JSON.parse(line) as Record<string, unknown>;
        return [item.title ?? item.summary, item.description].filter((x) => typeof x === "string").join("\n");
      });
    const plainOnes = texts.filter((t) => plainlyEnglish(t.slice(0, 160))).length;
    const differ = texts.filter((t) => detectLanguage(t) !== detectorLanguage(t)).length;
    console.log(`${file}: plainly English ${plainOnes} of ${texts.length}; the shortcut disagrees with the detector on ${differ}`);
  }
} else {
  console.log("shared data not found: English backlogs not measured");
}

const all = Object.values(LANGUAGE_SAMPLES).flat();
const start = process.hrtime.bigint();
let count = 0;
while (process.hrtime.bigint() - start < 2_000_000_000n) for (const t of all) { detectLanguage(t); count++; }
console.log(`speed: ${Math.round(count / 2).toLocaleString("en")} detections/s (one-liners, one thread)`);
