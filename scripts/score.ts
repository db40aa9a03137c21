// npm run --silent score -- FILE [--format json|csv|table] [--engine heuristic|openai] [--min-score N] [--type KIND]
//   [--rules default|strict|lenient|SETTINGS.json]
//   [--base-url URL] [--model NAME] [--api-key KEY] [--concurrency N] [--response-format json_schema|json_object|none]
// Scores a backlog file as one batch; --min-score (percent) exits 1 when any story scores below it. --type story
// (or bug, task, spike, epic) scores only the rows whose type column names that kind (untyped rows are stories);
// each row's type is its issue_type, and every result says the kind it was judged as. The openai
// engine takes its endpoint from the flags or from OPENAI_BASE_URL, SCORING_MODEL, OPENAI_API_KEY,
// SCORING_CONCURRENCY and SCORING_RESPONSE_FORMAT. A story whose model answers break the schema (after one retry
// with the errors) fails the run (exit 2) naming it; nothing is printed then. --rules takes a preset's name or a
// JSON file of rule settings, the body GET/PUT /api/v1/rules use (docs/rules.md).
import { describeKindCounts } from "@/lib/work-items/kinds";
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { decodeText } from "@/lib/backlog/decode";
import { fileTickets, TicketFileError, type FileTickets } from "@/lib/backlog/csv/tickets-file";
import { FORMAT_LABELS } from "@/lib/backlog";
import {
  DIMENSIONS,
  EngineUnavailable,
  EngineUnavailableError,
  ModelAnswerError,
  RESPONSE_FORMATS,
  RULE_PRESETS,
  ruleSettingsSchema,
  WORK_ITEM_KINDS,
  createEngine,
  isEngineName,
  type ResponseFormat,
  type RuleSettings,
  type ScoringResult,
  type WorkItemKind,
} from "@/lib/scoring";

const USAGE =
  "usage: score FILE [--format json|csv|table] [--engine heuristic|openai] [--min-score N] [--type story|bug|task|spike|epic]\n" +
  "             [--rules default|strict|lenient|SETTINGS.json]\n" +
  "             [--base-url URL] [--model NAME] [--api-key KEY] [--concurrency N] [--response-format json_schema|json_object|none]\n" +
  "             (openai engine; or OPENAI_BASE_URL, SCORING_MODEL, OPENAI_API_KEY, SCORING_CONCURRENCY, SCORING_RESPONSE_FORMAT)";

function fail(message: string, code = 2): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

function parseArgs(argv: string[]) {
  const opts = {
    file: "",
    format: "table",
    engine: "heuristic",
    minScore: null as number | null,
    kind: undefined as WorkItemKind | undefined,
    baseURL: process.env.OPENAI_BASE_URL || undefined,
    model: process.env.SCORING_MODEL || undefined,
    apiKey: process.env.OPENAI_API_KEY || undefined,
    concurrency: process.env.SCORING_CONCURRENCY || undefined,
    responseFormat: process.env.SCORING_RESPONSE_FORMAT || undefined,
    rules: undefined as string | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => argv[++i] ?? fail(`${a} needs a value\n${USAGE}`);
    if (a === "--format") opts.format = value();
    else if (a === "--engine") opts.engine = value();
    else if (a === "--base-url") opts.baseURL = value();
    else if (a === "--model") opts.model = value();
    else if (a === "--api-key") opts.apiKey = value();
    else if (a === "--concurrency") opts.concurrency = value();
    else if (a === "--response-format") opts.responseFormat = value();
    else if (a === "--rules") opts.rules = value();
    else if (a === "--type") {
      const type = value();
      const kind = WORK_ITEM_KINDS.find((k) => k === type.trim().toLowerCase());
      if (!kind) fail(`--type takes one of ${WORK_ITEM_KINDS.join(", ")} (score only the rows of that kind), got "${type}"`);
      opts.kind = kind;
    }
    else if (a === "--min-score") {
      const raw = value();
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n) || n < 0 || n > 100) fail(`--min-score must be a number from 0 to 100, got "${raw}"`);
      opts.minScore = n;
    } else if (a === "--help" || a === "-h") {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    } else if (a.startsWith("--")) fail(`unknown option ${a}\n${USAGE}`);
    else if (!opts.file) opts.file = a;
    else fail(`unexpected argument ${a}\n${USAGE}`);
  }
  if (!opts.file) fail(USAGE);
  if (!["json", "csv", "table"].includes(opts.format)) fail(`--format must be json, csv or table, got "${opts.format}"`);
  return opts;
}

// Spreadsheets run cells that start with these characters as formulas.
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `--rules`: a preset's name, or a JSON file of settings as the API takes them; anything else exits 2 saying why. */
function rulesArg(value: string | undefined): RuleSettings | undefined {
  if (value === undefined) return undefined;
  if ((RULE_PRESETS as readonly string[]).includes(value)) return ruleSettingsSchema.parse({ preset: value });
  let raw: string;
  try {
    raw = fs.readFileSync(value, "utf8");
  } catch (e) {
    fail(`--rules takes ${RULE_PRESETS.join(", ")} or a JSON file of rule settings; cannot read ${value}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    fail(`--rules ${value}: not JSON (${(e as Error).message})`);
  }
  const parsed = ruleSettingsSchema.safeParse(json);
  if (!parsed.success) fail(`--rules ${value}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(settings)"}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** A 0-10 score as people read it, a whole percentage (a stored 7 is 70), as --min-score takes it. */
function pct(score: number): number {
  return Math.round(score * 10);
}

/** "3 stories, 1 bug and 1 task": the kinds present, in the order of WORK_ITEM_KINDS. */
/** "2 stories, 1 bug and 1 task" (the pages' wording), or "0 stories". */
function kindCounts(byKind: Partial<Record<WorkItemKind, number>>): string {
  return describeKindCounts(WORK_ITEM_KINDS.filter((kind) => byKind[kind]).map((kind) => ({ kind, count: byKind[kind]! }))) || "0 stories";
}

function summarise(results: ScoringResult[], minScore: number | null) {
  const count = results.length;
  const byKind: Partial<Record<WorkItemKind, number>> = {};
  for (const kind of WORK_ITEM_KINDS) {
    const n = results.filter((r) => r.metadata.work_item_type === kind).length;
    if (n) byKind[kind] = n;
  }
  const stories = byKind.story ?? 0;
  const avg = (f: (r: ScoringResult) => number) => (count === 0 ? 0 : round1(results.reduce((s, r) => s + f(r), 0) / count));
  const below = minScore === null ? [] : results.flatMap((r, i) => (r.overall_score * 10 < minScore ? [i + 1] : []));
  return {
    count,
    stories,
    other_types: count - stories,
    by_work_item_type: byKind,
    average_overall: avg((r) => r.overall_score),
    dimension_averages: Object.fromEntries(DIMENSIONS.map((d) => [d, avg((r) => r.individual_scores[d])])),
    min_score: minScore,
    below_min_score: below.length,
    rows_below_min_score: below,
    // The rule settings the run read the stories by, as every result records them (docs/rules.md).
    rules: results[0]?.metadata.rules ?? null,
  };
}

function truncate(text: string, width: number): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > width ? `${oneLine.slice(0, width - 1)}…` : oneLine;
}

/** The recommendation that names the features of a compound offered no split, as a line under its row. */
function features(recommendations: string[]): string {
  const named = recommendations.find((x) => /^\d+ (?:features|things under one action)\b|^No (?:clean cut|split)\b/.test(x));
  return named ? `\n${" ".repeat(15)}${truncate(named.replace(/ \(\+\d+\.\d overall\)$/, ""), 100)}` : "";
}

function render(format: string, { tickets, types, format: fileFormat }: FileTickets, results: ScoringResult[], summary: ReturnType<typeof summarise>): string {
  const rows = results.map((r, i) => ({
    row: i + 1,
    key: tickets[i].key ?? null,
    type: types[i],
    work_item_type: r.metadata.work_item_type,
    // How sure the kind is: the file's type named it (given), the text showed it, or nothing decided (default).
    work_item_type_source: r.metadata.work_item_type_source ?? "given",
    language: r.metadata.language ?? "en",
    summary: tickets[i].summary,
    overall_score: r.overall_score,
    overall_reasoning: r.overall_reasoning,
    individual_scores: r.individual_scores,
    findings: r.findings,
    recommendations: r.recommendations,
    // The advice to act on: the whole story with its safe fixes, and one story per action (lib/scoring/README.md).
    rewrite: r.rewrite,
    split: r.split,
  }));
  // JSON is for programs: the API's fields on the API's 0-10 scale (docs/api.md). What a person reads, the
  // table and the CSV a spreadsheet opens, is in whole percentages, as --min-score is and as every page shows.
  if (format === "json") return `${JSON.stringify({ format: fileFormat, results: rows, summary }, null, 2)}\n`;
  if (format === "csv") {
    const data = rows.map((r) => [
      String(r.row), r.key ?? "", r.type ?? "", r.work_item_type, r.language, r.summary, String(pct(r.overall_score)), r.overall_reasoning,
      ...DIMENSIONS.map((d) => String(pct(r.individual_scores[d]))),
      r.findings.map((f) => f.code).join("; "), r.recommendations.join(" | "), r.rewrite ?? "", r.split.join("\n"),
    ].map(safeCell));
    // The headers of the results page's CSV export: the unit in the name.
    const fields = ["row", "key", "type", "work_item_type", "language", "summary", "overall (%)", "overall_reasoning", ...DIMENSIONS.map((d) => `${d} (%)`), "findings", "recommendations", "rewrite", "split"];
    return `${Papa.unparse({ fields, data })}\n`;
  }
  const header = `${"row".padStart(4)}  ${"overall".padStart(7)}  ${"kind".padEnd(5)}  lang  ${DIMENSIONS.map((d) => d[0].toUpperCase().padStart(4)).join(" ")}  summary`;
  const lines = rows.map((r) =>
    `${String(r.row).padStart(4)}  ${`${pct(r.overall_score)}%`.padStart(7)}  ${r.work_item_type.padEnd(5)}  ${r.language.padEnd(4)}  ${DIMENSIONS.map((d) => `${pct(r.individual_scores[d])}%`.padStart(4)).join(" ")}  ` +
    truncate(`${r.key ? `${r.key}: ` : ""}${r.summary}`, 70) +
    // Why the overall is what it is, under the row it explains.
    `\n${" ".repeat(15)}${truncate(r.overall_reasoning, 100)}` +
    // The split (one story per action) or the features a compound holds when it cannot be cut, then the rewrite.
    r.split.map((part, i) => `\n${" ".repeat(15)}split ${i + 1}: ${truncate(part, 100)}`).join("") +
    (r.split.length === 0 ? features(r.recommendations) : "") +
    (r.rewrite ? `\n${" ".repeat(15)}rewrite: ${truncate(r.rewrite, 100)}` : ""));
  const dims = DIMENSIONS.map((d) => `${d} ${pct(summary.dimension_averages[d])}%`).join(", ");
  const counted = kindCounts(summary.by_work_item_type);
  const footer = [`${FORMAT_LABELS[fileFormat]}: ${counted}, average ${pct(summary.average_overall)}% (${dims})`];
  if (summary.min_score !== null) footer.push(`${summary.below_min_score} below ${summary.min_score}%`);
  return `${[header, ...lines, "", ...footer].join("\n")}\n`;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!isEngineName(opts.engine)) fail(`--engine must be heuristic or openai, got "${opts.engine}"`);
  const rules = rulesArg(opts.rules);
  let engine;
  try {
    if (opts.engine === "openai") {
      if (!opts.baseURL || !opts.model) fail("--engine openai needs --base-url (or OPENAI_BASE_URL) and --model (or SCORING_MODEL)");
      const concurrency = opts.concurrency === undefined ? undefined : Number(opts.concurrency);
      if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) fail(`--concurrency must be a positive integer, got "${opts.concurrency}"`);
      const responseFormat = opts.responseFormat?.trim();
      if (responseFormat !== undefined && !(RESPONSE_FORMATS as readonly string[]).includes(responseFormat)) {
        fail(`--response-format (or SCORING_RESPONSE_FORMAT) must be one of ${RESPONSE_FORMATS.join(", ")}, got "${responseFormat}"`);
      }
      engine = createEngine("openai", { baseURL: opts.baseURL, model: opts.model, apiKey: opts.apiKey, concurrency, responseFormat: responseFormat as ResponseFormat | undefined, rules });
    } else engine = createEngine(opts.engine, { rules });
  } catch (e) {
    if (e instanceof EngineUnavailableError) fail(e.message);
    throw e;
  }
  let text: string;
  try {
    text = decodeText(fs.readFileSync(opts.file)).text;
  } catch (e) {
    fail(`cannot read ${opts.file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let file: FileTickets;
  try {
    file = fileTickets(path.basename(opts.file), text, { kind: opts.kind });
  } catch (e) {
    if (e instanceof TicketFileError) fail(`${opts.file}: ${e.message}`);
    throw e;
  }
  // Rows not read as they stand: on stderr, so a report on stdout stays parseable.
  for (const warning of file.warnings) process.stderr.write(`${opts.file}: ${warning.message}\n`);
  const results = await engine.scoreBatch(file.tickets.map((ticket) => ({ ticket })));
  const summary = summarise(results, opts.minScore);
  process.stdout.write(render(opts.format, file, results, summary));
  if (summary.below_min_score > 0) process.exitCode = 1;
}

main().catch((e: unknown) => {
  if (e instanceof ModelAnswerError) fail(`score failed: ${e.message}. Nothing was printed; run it again, or see docs/scoring.md ("Local models") for the model and response format.`);
  if (e instanceof EngineUnavailable) fail(`score failed: ${e.message}. Nothing was printed; try again when the endpoint answers.`);
  fail(`score failed: ${(e as Error).message ?? String(e)}`);
});
