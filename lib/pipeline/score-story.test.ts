import { describe, expect, it, vi } from "vitest";
import { createEngine, scoreTicket, type ScoringEngine, type ScoringResult, type TicketData } from "@/lib/scoring";
import { ApiError } from "@/lib/http/errors";
import { scoreWithEngine } from "@/lib/pipeline/score-story";

const stories: TicketData[] = [
  { summary: "As a shopper, I want to save my cart so that I can check out later." },
  { summary: "Fix login", description: "Users see a blank page after signing in on Safari." },
  { summary: "As an admin, I want to export invoices so that accounting can reconcile them.", acceptance_criteria: "Given a month, when I export, then I get a CSV." },
];

/** A cheap engine that records when it is called (and fails on the stories `fail` names). */
function recordingEngine(events: string[], fail?: (ticket: TicketData) => "throw" | "reject" | undefined): ScoringEngine {
  const heuristic = createEngine("heuristic", {});
  return {
    name: "recording",
    cost: "cheap",
    score: (ticket, context) => {
      events.push(`score ${ticket.summary}`);
      const how = fail?.(ticket);
      if (how === "throw") throw new Error("engine broke");
      if (how === "reject") return Promise.reject(new Error("engine broke"));
      return heuristic.score(ticket, context);
    },
    scoreBatch: (items) => heuristic.scoreBatch(items),
  };
}

describe("scoreWithEngine with a cheap engine: the stories of a turn are scored together, each on its own", () => {
  it("scores the stories that reached it in one turn after that turn's other work, in order", async () => {
    const events: string[] = [];
    const engine = recordingEngine(events);
    const pending = stories.map((ticket) => {
      const scored = scoreWithEngine(engine, ticket, []);
      events.push(`asked ${ticket.summary}`);
      return scored;
    });
    expect(events).toEqual(stories.map((t) => `asked ${t.summary}`));
    const results = await Promise.all(pending);
    expect(events.slice(3)).toEqual(stories.map((t) => `score ${t.summary}`));
    // Each exactly as the engine scores it alone (not as a batch, whose stories are checked against each other).
    expect(results.map((r) => r.result)).toEqual(stories.map((t) => scoreTicket(t)));
    expect(results.every((r) => r.engine === "recording")).toBe(true);
  });

  it("times each story on its own", async () => {
    // A clock that moves only while the engine works: 15 ms a story.
    let clock = 0;
    const now = vi.spyOn(performance, "now").mockImplementation(() => clock);
    try {
      const heuristic = createEngine("heuristic", {});
      const engine: ScoringEngine = {
        ...heuristic,
        cost: "cheap",
        score: (ticket, context) => {
          clock += 15;
          return heuristic.score(ticket, context);
        },
      };
      const results = await Promise.all(stories.map((ticket) => scoreWithEngine(engine, ticket, [])));
      expect(results.map((r) => r.processingTimeMs)).toEqual([15, 15, 15]);
    } finally {
      now.mockRestore();
    }
  });

  it("fails only the story whose scoring failed, as the API's 500, thrown or rejected", async () => {
    const engine = recordingEngine([], (ticket) => (ticket === stories[0] ? "throw" : ticket === stories[2] ? "reject" : undefined));
    const outcomes = await Promise.allSettled(stories.map((ticket) => scoreWithEngine(engine, ticket, [])));
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "fulfilled", "rejected"]);
    for (const outcome of [outcomes[0], outcomes[2]]) {
      const reason = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(reason).toBeInstanceOf(ApiError);
      expect(reason.code).toBe("internal_error");
    }
    expect((outcomes[1] as PromiseFulfilledResult<{ result: ScoringResult }>).value.result).toEqual(scoreTicket(stories[1]));
  });

  it("calls an expensive engine (a remote model) at once, timing it to its answer", async () => {
    let clock = 0;
    const now = vi.spyOn(performance, "now").mockImplementation(() => clock);
    try {
      const calls: string[] = [];
      const remote: ScoringEngine = {
        name: "remote",
        cost: "expensive",
        score: async (ticket) => {
          calls.push(ticket.summary);
          await new Promise((resolve) => setImmediate(resolve));
          clock += 20; // the model's answer arrives
          return scoreTicket(ticket);
        },
        scoreBatch: async (items) => items.map((item) => scoreTicket(item.ticket)),
      };
      const scored = scoreWithEngine(remote, stories[0], []);
      expect(calls).toEqual([stories[0].summary]);
      expect((await scored).processingTimeMs).toBe(20);
    } finally {
      now.mockRestore();
    }
  });
});
