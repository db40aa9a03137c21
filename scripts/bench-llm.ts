// npm run bench:llm -- [options]: the LLM engine against a local OpenAI-compatible server (testing/fake-openai.ts),
// in two parts.
// 1. Throughput and cache: scores --stories N distinct stories (100) at --concurrency C (8) calls in flight with
//    --latency MS (200) per answer, compares the time with the ideal N / C x latency (target: at most 1.4x), then
//    scores them again: unchanged stories must make no call.
// 2. Answers like a small local model: --broken R (0.05) of first answers break the schema (evenly: cut off at the
//    token limit, five of six dimensions missing, scores of 42 and -3, strings for numbers), --repair-broken R2 (R)
//    of the answers to a retry too, latency lognormal around --median MS (100) with --sigma S (0.6: the 99th
//    percentile about 4x the median, capped at 20x). The same --reliability-stories M (2000) stories are scored
//    twice in the same sitting, by an engine without the schema retry and by one with it (the fates are drawn
//    from the seed and each request, so both passes meet the same broken first answers), each by
//    --reliability-concurrency callers (16) that send their next story when the last is answered: stories/s,
//    requests/s, failures the caller sees, broken answers, tokens per story (the fake counts 4 characters a
//    token), and the caller's latency. --format json_schema|json_object|none (json_schema) is the response format asked for; with
//    the weaker ones --wrapped W (0.2) of good answers come wrapped in a fence, prose or a think block.
//    --rounds (2) alternates the two engines that many times (the machine's other load falls on both alike; the
//    failures repeat exactly, the rates are given per round and as medians). --seed (1). --only throughput|reliability
//    runs one part.
// `--serve [--port P] [--latency MS] [--broken R]` only runs the fake provider (http://127.0.0.1:P/v1) until
// interrupted, for trying the server or the CLI with SCORING_ENGINE=openai / --engine openai without a real endpoint.
import { createEngine, ModelAnswerError, RESPONSE_FORMATS, type LlmEvent, type ResponseFormat, type TicketData } from "@/lib/scoring";
import { startFakeOpenAI, type FakeOpenAI } from "@/testing/fake-openai";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function intArg(name: string, fallback: number): number {
  const given = arg(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer`);
  return value;
}

function shareArg(name: string, fallback: number): number {
  const given = arg(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isFinite(value) || value < 0 || value > 1) fail(`${name} must be a share between 0 and 1 (0.05 is 5%)`);
  return value;
}

function numberArg(name: string, fallback: number): number {
  const given = arg(name);
  const value = given === undefined ? fallback : Number(given);
  if (!Number.isFinite(value) || value < 0) fail(`${name} must be a number of at least 0`);
  return value;
}

const count = intArg("--stories", 100);
const latencyMs = intArg("--latency", 200);
const concurrency = intArg("--concurrency", 8);
const broken = shareArg("--broken", 0.05);
const repairBroken = shareArg("--repair-broken", broken);
const wrapped = shareArg("--wrapped", 0.2);
const medianMs = intArg("--median", 100);
const sigma = numberArg("--sigma", 0.6);
const reliabilityStories = intArg("--reliability-stories", 2000);
const reliabilityConcurrency = intArg("--reliability-concurrency", 16);
const seed = intArg("--seed", 1);
const rounds = intArg("--rounds", 2);
const format = (arg("--format") ?? "json_schema") as ResponseFormat;
if (!RESPONSE_FORMATS.includes(format)) fail(`--format must be one of ${RESPONSE_FORMATS.join(", ")}`);
const only = arg("--only");
if (only !== undefined && only !== "throughput" && only !== "reliability") fail("--only takes throughput or reliability");

const ROLES = ["shopper", "clerk", "nurse", "driver", "teacher", "student", "admin", "author", "buyer", "tenant"];
const GOALS = ["save my cart", "export the monthly report", "reset my password", "filter orders by date", "share a document",
  "book a room", "see my invoices", "mute notifications", "rate a delivery", "upload a photo"];

function stories(n: number): TicketData[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `BENCH-${i + 1}`,
    summary: `As a ${ROLES[i % ROLES.length]}, I want to ${GOALS[Math.floor(i / ROLES.length) % GOALS.length]} (case ${i + 1}) so that I save time.`,
    acceptance_criteria: `Given case ${i + 1}, when I finish, then I see a confirmation within 2 seconds.`,
  }));
}

async function pass(score: (ticket: TicketData) => Promise<unknown>, tickets: TicketData[]): Promise<number> {
  const started = performance.now();
  await Promise.all(tickets.map((ticket) => score(ticket)));
  return (performance.now() - started) / 1000;
}

async function serve() {
  const fake = await startFakeOpenAI({ latencyMs, port: intArg("--port", 8089) });
  if (arg("--broken") !== undefined) fake.chaos = { broken, repairBroken, wrapped, sigma, seed };
  const chaos = fake.chaos ? `, ${(broken * 100).toFixed(1)}% broken answers, latency sigma ${sigma}` : "";
  console.log(`fake OpenAI-compatible server on ${fake.baseURL} (${latencyMs} ms per answer${chaos}); Ctrl-C to stop`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Part 1: the ideal-time ratio at a fixed latency, and the cache on a second pass. */
async function throughput(fake: FakeOpenAI): Promise<boolean> {
  fake.reset();
  fake.latencyMs = latencyMs;
  const engine = createEngine("openai", { baseURL: fake.baseURL, model: "fake-model", concurrency, timeoutMs: 10_000 });
  const tickets = stories(count);
  const ideal = (count / concurrency) * (latencyMs / 1000);
  const first = await pass((t) => engine.score(t), tickets);
  const firstCalls = fake.requests.length;
  const peak = fake.maxInFlight;
  fake.reset();
  const second = await pass((t) => engine.score(t), tickets);
  const secondCalls = fake.requests.length;
  const ratio = first / ideal;
  console.log(`throughput and cache: ${count} stories, ${latencyMs} ms per call, concurrency ${concurrency}`);
  console.log(`  first pass:  ${first.toFixed(2)} s (ideal ${ideal.toFixed(2)} s, ratio ${ratio.toFixed(2)}x, target <= 1.40x), ` +
    `${firstCalls} upstream calls, at most ${peak} in flight`);
  console.log(`  second pass: ${second.toFixed(3)} s, ${secondCalls} upstream calls (target 0)`);
  return ratio <= 1.4 && secondCalls === 0 && firstCalls === count && peak <= concurrency;
}

interface Outcome {
  seconds: number;
  scored: number;
  failed: number;
  otherErrors: number;
  requests: number;
  brokenAnswers: number;
  tokens: number;
  latencies: number[];
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/** Part 2, one pass: every story scored once by a fresh engine (no cache carried over), retry on or off. */
async function reliabilityPass(fake: FakeOpenAI, tickets: TicketData[], schemaRetries: number): Promise<Outcome> {
  fake.reset();
  fake.latencyMs = medianMs;
  fake.chaos = { broken, repairBroken, wrapped, sigma, seed };
  let tokens = 0;
  let brokenAnswers = 0;
  const onEvent = (event: LlmEvent) => {
    if (event.type === "answer") tokens += event.usage.total_tokens;
    if (event.type === "schema_violation") brokenAnswers++;
  };
  const engine = createEngine("openai", {
    baseURL: fake.baseURL, model: "fake-model", concurrency: reliabilityConcurrency, timeoutMs: 30_000, maxRetries: 0,
    responseFormat: format, schemaRetries, onEvent,
  });
  const outcome: Outcome = { seconds: 0, scored: 0, failed: 0, otherErrors: 0, requests: 0, brokenAnswers: 0, tokens: 0, latencies: [] };
  // C callers, each sending its next story when the last one is answered: the caller's latency is the engine's
  // (its retry included), not time spent queued behind a burst.
  let next = 0;
  const caller = async () => {
    while (next < tickets.length) {
      const ticket = tickets[next++];
      const asked = performance.now();
      try {
        await engine.score(ticket);
        outcome.scored++;
      } catch (error) {
        if (error instanceof ModelAnswerError) outcome.failed++;
        else {
          outcome.otherErrors++;
          if (outcome.otherErrors === 1) console.error(`  unexpected failure: ${(error as Error).message}`);
        }
      }
      outcome.latencies.push(performance.now() - asked);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: reliabilityConcurrency }, caller));
  outcome.seconds = (performance.now() - started) / 1000;
  outcome.requests = fake.requests.length;
  outcome.brokenAnswers = brokenAnswers;
  outcome.tokens = tokens;
  outcome.latencies.sort((a, b) => a - b);
  return outcome;
}

async function reliability(fake: FakeOpenAI): Promise<boolean> {
  const tickets = stories(reliabilityStories);
  console.log(
    `answers like a small model: ${reliabilityStories} stories, ${(broken * 100).toFixed(1)}% of first answers and ${(repairBroken * 100).toFixed(1)}% of retry answers ` +
      `broken, latency median ${medianMs} ms (lognormal sigma ${sigma}), concurrency ${reliabilityConcurrency}, response format ${format}` +
      `${format === "json_schema" ? "" : ` (${(wrapped * 100).toFixed(0)}% of good answers wrapped)`}, seed ${seed}`,
  );
  // A pass over other stories first, not counted: the first pass would otherwise pay for the JIT and the tagger's start.
  await reliabilityPass(fake, stories(reliabilityStories + Math.min(200, reliabilityStories)).slice(reliabilityStories), 1);
  // Rounds alternate the two engines, so load from elsewhere on the machine falls on both alike.
  const passes: { label: string; outcome: Outcome }[] = [];
  for (let round = 1; round <= rounds; round++) {
    passes.push({ label: `without the retry`, outcome: await reliabilityPass(fake, tickets, 0) });
    passes.push({ label: `with one retry`, outcome: await reliabilityPass(fake, tickets, 1) });
  }
  const header = `  ${"".padEnd(20)}${"stories/s".padStart(10)}${"requests/s".padStart(12)}${"requests".padStart(10)}${"failed (caller)".padStart(18)}${"broken answers".padStart(16)}${"tokens/story".padStart(14)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"p99 ms".padStart(8)}`;
  console.log(header);
  const rate = (o: Outcome) => (o.scored + o.failed + o.otherErrors) / o.seconds;
  for (const [i, { label, outcome: o }] of passes.entries()) {
    const total = o.scored + o.failed + o.otherErrors;
    const failed = `${o.failed} (${((o.failed / total) * 100).toFixed(2)}%)`;
    console.log(
      `  ${`${Math.floor(i / 2) + 1}. ${label}`.padEnd(20)}${rate(o).toFixed(1).padStart(10)}${(o.requests / o.seconds).toFixed(1).padStart(12)}${String(o.requests).padStart(10)}` +
        `${failed.padStart(18)}${String(o.brokenAnswers).padStart(16)}${(o.tokens / total).toFixed(0).padStart(14)}` +
        `${percentile(o.latencies, 50).toFixed(0).padStart(8)}${percentile(o.latencies, 95).toFixed(0).padStart(8)}${percentile(o.latencies, 99).toFixed(0).padStart(8)}`,
    );
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const without = passes.filter((_, i) => i % 2 === 0).map((p) => p.outcome);
  const withRetry = passes.filter((_, i) => i % 2 === 1).map((p) => p.outcome);
  console.log(
    `  median stories/s: ${median(without.map(rate)).toFixed(1)} without the retry, ${median(withRetry.map(rate)).toFixed(1)} with it; ` +
      `failures seen by the caller: ${without[0].failed} of ${reliabilityStories} without the retry, ${withRetry[0].failed} with it`,
  );
  const meanMs = medianMs * Math.exp((sigma * sigma) / 2);
  console.log(`  (no machine overhead: ${((reliabilityConcurrency * 1000) / meanMs).toFixed(1)} stories/s without the retry, the mean latency being ${meanMs.toFixed(0)} ms)`);
  const all = [...without, ...withRetry];
  const ok = all.every((o) => o.otherErrors === 0) && (broken === 0 || withRetry.every((o) => o.failed < without[0].failed));
  return ok;
}

async function main() {
  if (process.argv.includes("--serve")) return serve();
  const fake = await startFakeOpenAI({ latencyMs });
  try {
    let ok = true;
    if (only !== "reliability") ok = (await throughput(fake)) && ok;
    if (only !== "throughput") ok = (await reliability(fake)) && ok;
    console.log(ok ? "targets met" : "TARGETS NOT MET");
    if (!ok) process.exitCode = 1;
  } finally {
    await fake.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
