// npm run bench:llm -- [--stories N] [--latency MS] [--concurrency C]: the LLM engine against a local
// OpenAI-compatible server. Scores N distinct stories at C calls in flight and compares the time with the
// ideal N / C x latency (target: at most 1.4x), then scores them again: unchanged stories must make no call.
// `--serve [--port P] [--latency MS]` only runs the fake provider (http://127.0.0.1:P/v1) until interrupted,
// for trying the server or the CLI with SCORING_ENGINE=openai / --engine openai without a real endpoint.
import { createEngine, type TicketData } from "@/lib/scoring";
import { startFakeOpenAI } from "@/lib/testing/fake-openai";

function intArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer`);
    process.exit(2);
  }
  return value;
}

const count = intArg("--stories", 100);
const latencyMs = intArg("--latency", 200);
const concurrency = intArg("--concurrency", 8);

const ROLES = ["shopper", "clerk", "nurse", "driver", "teacher", "student", "admin", "author", "buyer", "tenant"];
const GOALS = ["save my cart", "export the monthly report", "reset my password", "filter orders by date", "share a document",
  "book a room", "see my invoices", "mute notifications", "rate a delivery", "upload a photo"];

function stories(): TicketData[] {
  return Array.from({ length: count }, (_, i) => ({
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
  console.log(`fake OpenAI-compatible server on ${fake.baseURL} (${latencyMs} ms per answer); Ctrl-C to stop`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

async function main() {
  if (process.argv.includes("--serve")) return serve();
  const fake = await startFakeOpenAI({ latencyMs });
  try {
    const engine = createEngine("openai", { baseURL: fake.baseURL, model: "fake-model", concurrency, timeoutMs: 10_000 });
    const tickets = stories();
    const ideal = (count / concurrency) * (latencyMs / 1000);
    const first = await pass((t) => engine.score(t), tickets);
    const firstCalls = fake.requests.length;
    const peak = fake.maxInFlight;
    fake.reset();
    const second = await pass((t) => engine.score(t), tickets);
    const secondCalls = fake.requests.length;
    const ratio = first / ideal;
    console.log(`${count} stories, ${latencyMs} ms per call, concurrency ${concurrency}`);
    console.log(`first pass:  ${first.toFixed(2)} s (ideal ${ideal.toFixed(2)} s, ratio ${ratio.toFixed(2)}x, target <= 1.40x), ` +
      `${firstCalls} upstream calls, at most ${peak} in flight`);
    console.log(`second pass: ${second.toFixed(3)} s, ${secondCalls} upstream calls (target 0)`);
    const ok = ratio <= 1.4 && secondCalls === 0 && firstCalls === count && peak <= concurrency;
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
