import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeOpenAI } from "@/testing/fake-openai";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import {
  createEngine,
  DIMENSIONS,
  EngineUnavailable,
  EngineUnavailableError,
  ModelAnswerError,
  scoringResultSchema,
  type ScoringEngine,
  type TicketData,
} from "@/lib/scoring";
import { explainOverall, overallScore } from "../overall";
import { extractJson, MODEL_ANSWER_JSON_SCHEMA, parseModelAnswer } from "./answer";
import type { LlmEvent } from "./engine";

const fake = setupFakeOpenAI();

const engine = (extra: Record<string, unknown> = {}): ScoringEngine =>
  createEngine("openai", { baseURL: fake().baseURL, model: "fake-model", temperature: 0.2, timeoutMs: 2000, maxRetries: 2, concurrency: 8, ...extra });

let n = 0;
const story = (extra: Partial<TicketData> = {}): TicketData => ({
  summary: `As a shopper, I want to save my cart number ${++n} so that I can finish checkout later.`,
  acceptance_criteria: "Given a saved cart, when I return, then I see the same items.",
  ...extra,
});

describe("openai engine: request and result", () => {
  it("sends a strict JSON schema derived from the result schema, the versioned prompt and the evidence", async () => {
    const ticket = story({ key: "SHOP-7" });
    const result = await engine().score(ticket, [{ id: "EPIC-1", type: "epic", title: "Checkout", content: "Increase revenue" }]);
    expect(fake().requests).toHaveLength(1);
    const { body } = fake().requests[0];
    expect(body.model).toBe("fake-model");
    expect(body.temperature).toBe(0.2);
    expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "invest_score", strict: true } });
    expect(body.response_format?.json_schema?.schema).toEqual(MODEL_ANSWER_JSON_SCHEMA);
    const promptFile = readFileSync(path.join(process.cwd(), "lib/scoring/openai/prompts/invest-v5.md"), "utf8").trim();
    expect(body.messages?.[0]).toEqual({ role: "system", content: promptFile });
    const user = JSON.parse(body.messages?.[1].content ?? "{}");
    expect(user.ticket).toMatchObject({ key: "SHOP-7", summary: ticket.summary });
    expect(user.context_items).toEqual([{ id: "EPIC-1", type: "epic", title: "Checkout", content: "Increase revenue" }]);
    expect(Array.isArray(user.heuristic_findings)).toBe(true);

    expect(scoringResultSchema.parse(result)).toEqual(result);
    expect(result.metadata.model).toEqual({ provider: "openai-compatible", model_name: "fake-model", temperature: 0.2 });
    expect(result.metadata.prompt_version).toBe("invest-v5");
    expect(result.metadata.token_usage.total_tokens).toBeGreaterThan(0);
    expect(result.metadata.token_usage.total_tokens).toBe(result.metadata.token_usage.prompt_tokens + result.metadata.token_usage.completion_tokens);
    for (const d of DIMENSIONS) {
      expect(result.individual_scores[d]).toBe(result.scores[d].score);
      expect(result.reasoning_per_dimension[d]).toBe(result.scores[d].reasoning);
    }
  });

  it("closes every object of the JSON schema and requires all its properties (strict mode)", () => {
    const objects: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (!node || typeof node !== "object") return;
      const record = node as Record<string, unknown>;
      if (record.type === "object") objects.push(record);
      Object.values(record).forEach(walk);
    };
    walk(MODEL_ANSWER_JSON_SCHEMA);
    expect(objects.length).toBeGreaterThanOrEqual(8);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties as object));
    }
    expect(MODEL_ANSWER_JSON_SCHEMA).not.toHaveProperty("$schema");
  });

  it("drops cited ids that were not supplied, deduplicates them, and rounds a fraction within 0-10", async () => {
    fake().enqueue({
      kind: "ok",
      edit: (answer) => ({
        ...answer,
        scores: {
          ...answer.scores,
          independent: { ...answer.scores.independent, score: 10, reference_context: ["LINK-1", "made-up", "LINK-1"] },
          negotiable: { ...answer.scores.negotiable, score: 0, reference_context: ["DOC-9"] },
          valuable: { ...answer.scores.valuable, score: 6.6, reference_context: [] },
        },
      }),
    });
    const context = [{ id: "LINK-1", type: "blocks" }, { id: "DOC-2", title: "notes" }];
    const result = await engine().score(story(), context);
    expect(fake().requests).toHaveLength(1);
    expect(result.individual_scores).toMatchObject({ independent: 10, negotiable: 0, valuable: 7 });
    expect(result.scores.independent.reference_context).toEqual(["LINK-1"]);
    expect(result.scores.negotiable.reference_context).toEqual([]);
    expect(result.context_references.independent).toEqual(["LINK-1"]);
    expect(result.metadata.enriched_context_references).toEqual(result.context_references);
    expect(result.metadata.context_usage_stats).toMatchObject({
      total_context_items_available: 2,
      context_items_referenced: 1,
      references_per_dimension: { independent: 1, negotiable: 0 },
    });
  });

  it("computes the overall score with the heuristic engine's formula", async () => {
    const uneven = { independent: 10, negotiable: 10, valuable: 10, estimable: 10, small: 2, testable: 2 };
    fake().enqueue({
      kind: "ok",
      edit: (answer) => ({
        ...answer,
        scores: Object.fromEntries(DIMENSIONS.map((d) => [d, { ...answer.scores[d], score: uneven[d] }])),
      }),
    });
    const result = await engine().score(story());
    expect(result.individual_scores).toEqual(uneven);
    expect(result.overall_score).toBe(overallScore(uneven));
    expect(result.overall_reasoning).toBe(explainOverall(uneven));
  });

  it("puts a model that answers 6 on every dimension at 6.0, and a little under 7 between its lowest and highest", async () => {
    for (const answered of [[6, 6, 6, 6, 6, 6], [7, 6, 6, 7, 6, 5]]) {
      fake().enqueue({
        kind: "ok",
        edit: (answer) => ({ ...answer, scores: Object.fromEntries(DIMENSIONS.map((d, i) => [d, { ...answer.scores[d], score: answered[i] }])) }),
      });
      const result = await engine().score(story());
      expect(result.overall_score).toBeGreaterThanOrEqual(Math.min(...answered));
      expect(result.overall_score).toBeLessThanOrEqual(Math.max(...answered));
    }
    fake().enqueue({ kind: "ok", edit: (answer) => ({ ...answer, scores: Object.fromEntries(DIMENSIONS.map((d) => [d, { ...answer.scores[d], score: 6 }])) }) });
    const six = await engine().score(story());
    expect(six.overall_score).toBe(6);
    expect(six.overall_reasoning).toBe(
      "60%: the mean of the six, with Independent 60%, Negotiable 60%, Valuable 60% and 3 more below 70%; with all of them at 100% it would be 100%.",
    );
  });

  it("splits a compound story as the model answers it, the rewrite being the whole story, never a part", async () => {
    const parts = ["As an admin, I want to add users, so that the team stays current.", "As an admin, I want to remove users, so that the team stays current."];
    fake().enqueue({ kind: "ok", edit: (answer) => ({ ...answer, rewrite: "As an admin, I want to manage users.", split: [` ${parts[0]} `, "", parts[1], parts[0], "  "] }) });
    const result = await engine().score({ summary: "As an admin, I want to add or remove users, so that the team stays current." });
    expect(result.split).toEqual(parts);
    expect(result.rewrite).toBe("As an admin, I want to manage users.");
    // A model that offers one part as its rewrite would drop the other requirement: no rewrite is offered.
    fake().enqueue({ kind: "ok", edit: (answer) => ({ ...answer, rewrite: parts[1], split: parts }) });
    const partial = await engine().score({ summary: "As an admin, I want to add or remove users, so that the team stays current.", description: "again" });
    expect(partial.split).toEqual(parts);
    expect(partial.rewrite).toBeNull();
  });

  it("answers no split when the model's list has fewer than two distinct stories, keeping its rewrite", async () => {
    fake().enqueue({ kind: "ok", edit: (answer) => ({ ...answer, rewrite: " As a user, I want x. ", split: ["As a user, I want x.", " As a user, I want x.", ""] }) });
    const result = await engine().score(story());
    expect(result.split).toEqual([]);
    expect(result.rewrite).toBe("As a user, I want x.");
  });

  it("asks for a repair when the answer has no split", async () => {
    fake().enqueue({ kind: "ok", edit: ({ split: _split, ...answer }) => answer }, { kind: "ok" });
    const result = await engine().score(story());
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[1].body.messages?.[3].content).toMatch(/split/);
    expect(result.split).toEqual([]);
  });

  it("keeps the heuristic findings as the result's findings", async () => {
    const ticket = { summary: "Improve the dashboard and the reports" };
    const result = await engine().score(ticket);
    expect(result.findings.length).toBeGreaterThan(0);
    expect(result.findings.map((f) => f.code)).toContain("testable.no_acceptance_criteria");
  });

  it("scores a batch in input order with batch findings as evidence", async () => {
    const summary = "As a clerk, I want to print the daily report so that I can file it.";
    const results = await engine().scoreBatch([{ ticket: { summary } }, { ticket: { summary } }, { ticket: story() }]);
    expect(results).toHaveLength(3);
    // Both copies carry the duplicate finding, so they ask the same question: one call answers both.
    expect(results[0].findings.map((f) => f.code)).toContain("unique.duplicate");
    expect(results[1].findings.map((f) => f.code)).toContain("unique.duplicate");
    expect(results[2].findings.map((f) => f.code)).not.toContain("unique.duplicate");
    expect(fake().requests).toHaveLength(2);
  });

  it("refuses to build without an endpoint or a model", () => {
    expect(() => createEngine("openai", {})).toThrow(EngineUnavailableError);
    expect(() => createEngine("openai", { baseURL: fake().baseURL })).toThrow(/model/);
  });
});

describe("openai engine: work item kinds", () => {
  const asked = () => {
    const { body } = fake().requests.at(-1)!;
    return { system: body.messages?.[0].content ?? "", user: JSON.parse(body.messages?.[1].content ?? "{}") };
  };

  it("asks about a bug as a bug: the kind and the tracker's name in the message, a bug's evidence in the prompt", async () => {
    const bug: TicketData = {
      key: "SHOP-404",
      summary: "Checkout shows a blank page when the cart holds a discounted item",
      description: "Steps to reproduce: add a discounted item, open checkout. Expected: the payment form. Actual: a blank page.",
      issue_type: "Defect",
    };
    const result = await engine().score(bug);
    const { system, user } = asked();
    expect(user.work_item_type).toEqual({ kind: "bug", tracker_type_name: "Defect", statement: expect.stringContaining('Work item type: bug (named "Defect" by the tracker)') });
    expect(user.ticket).toMatchObject({ key: "SHOP-404", issue_type: "Defect" });
    expect(system).toMatch(/- bug: a defect report\. Evidence:/);
    for (const evidence of [/who is affected and how badly/, /expected result that can be checked against the actual one/, /steps to reproduce, and the environment or version/, /one defect per report/, /describes the failure, not the code change/]) {
      expect(system).toMatch(evidence);
    }
    expect(system).toMatch(/never advise turning one into\s+"As a user, I want/);
    expect(result.metadata).toMatchObject({ work_item_type: "bug", prompt_version: "invest-v5" });
  });

  it("asks about a task as a task: a done condition, no role or benefit asked", async () => {
    const result = await engine().score({ summary: "Rotate the payment provider's API credentials", issue_type: "Sub-task" });
    const { system, user } = asked();
    expect(user.work_item_type).toMatchObject({ kind: "task", tracker_type_name: "Sub-task" });
    expect(user.work_item_type.statement).toMatch(/^Work item type: task \(named "Sub-task" by the tracker\)/);
    expect(system).toMatch(/- task: technical or operational work\. Evidence: why it is needed \(valuable\) and a checkable done condition/);
    expect(system).toMatch(/No role and no "so that" are asked for/);
    expect(result.metadata.work_item_type).toBe("task");
  });

  it("asks again when only the type changes (a bug and a story of the same text are different questions)", async () => {
    const scorer = engine();
    const text = { summary: `Order emails show the price without tax ${++n}` };
    await scorer.score({ ...text, issue_type: "Bug" });
    await scorer.score({ ...text, issue_type: "Bug" });
    expect(fake().requests).toHaveLength(1);
    const story = await scorer.score({ ...text, issue_type: "Story" });
    expect(fake().requests).toHaveLength(2);
    expect(asked().user.work_item_type).toEqual({ kind: "story", tracker_type_name: "Story", statement: expect.stringMatching(/^Work item type: story\. /) });
    expect(story.metadata.work_item_type).toBe("story");
  });
});

describe("openai engine: repair and failure", () => {
  it("repairs a malformed answer with one follow-up that carries the bad output and the errors", async () => {
    fake().enqueue({ kind: "malformed" }, { kind: "ok" });
    const result = await engine().score(story());
    expect(fake().requests).toHaveLength(2);
    const messages = fake().requests[1].body.messages ?? [];
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({ role: "assistant", content: expect.stringContaining("cut off") });
    expect(messages[3]).toMatchObject({ role: "user", content: expect.stringContaining("not valid JSON") });
    expect(scoringResultSchema.safeParse(result).success).toBe(true);
  });

  it("repairs a schema-invalid answer and adds both calls' token usage", async () => {
    fake().enqueue({ kind: "invalid" }, { kind: "ok" });
    const result = await engine().score(story());
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[1].body.messages?.[3].content).toMatch(/scores\.independent\.score/);
    const single = await engine().score(story());
    expect(result.metadata.token_usage.total_tokens).toBeGreaterThan(single.metadata.token_usage.total_tokens);
  });

  it("fails clearly after one repair (a ModelAnswerError, not 'unavailable')", async () => {
    fake().enqueue({ kind: "malformed" }, { kind: "invalid" });
    const error = await engine().score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelAnswerError);
    expect((error as Error).message).toMatch(/did not follow the schema \(after 1 retry with the errors\)/);
    expect(fake().requests).toHaveLength(2);
  });

  it("retries a 429 honouring Retry-After, then succeeds", async () => {
    fake().enqueue({ kind: "status", status: 429, retryAfter: "0.05" }, { kind: "ok" });
    const started = performance.now();
    await engine().score(story());
    expect(fake().requests.map((r) => r.status)).toEqual([429, 200]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("gives up on repeated 500s after the retries: EngineUnavailable", async () => {
    const fail = { kind: "status", status: 500, retryAfterMs: 5 } as const;
    fake().enqueue(fail, fail, fail, fail);
    const error = await engine({ maxRetries: 2 }).score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect((error as Error).message).toMatch(/500/);
    expect(fake().requests).toHaveLength(3);
  });

  it("times out a request that never answers: EngineUnavailable", async () => {
    fake().enqueue({ kind: "hang" }, { kind: "hang" });
    const error = await engine({ timeoutMs: 150, maxRetries: 1 }).score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect((error as Error).message).toMatch(/timed out/);
    expect(fake().requests).toHaveLength(2);
  });

  it("reports an unreachable endpoint as EngineUnavailable", async () => {
    const gone = await startFakeOpenAI();
    const baseURL = gone.baseURL;
    await gone.close();
    const error = await createEngine("openai", { baseURL, model: "m", maxRetries: 0 }).score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailable);
  });

  it("does not retry or hide a 400 (a configuration problem, not an outage)", async () => {
    fake().enqueue({ kind: "status", status: 400 });
    const error = await engine().score(story()).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(EngineUnavailable);
    expect((error as Error).message).toMatch(/refused the request \(400\)/);
    expect(fake().requests).toHaveLength(1);
  });
});

describe("openai engine: answers that break the schema", () => {
  const events = () => {
    const seen: LlmEvent[] = [];
    return { seen, onEvent: (event: LlmEvent) => void seen.push(event) };
  };

  it("asks again for an answer missing five of the six dimensions, naming them, and scores the retry's answer", async () => {
    const { seen, onEvent } = events();
    fake().enqueue({ kind: "partial" }, { kind: "ok" });
    const result = await engine({ onEvent }).score(story({ key: "SHOP-12" }));
    expect(fake().requests).toHaveLength(2);
    const retry = fake().requests[1].body.messages ?? [];
    expect(retry.slice(0, 2)).toEqual(fake().requests[0].body.messages);
    expect(JSON.parse(retry[2].content).scores).toHaveProperty("independent");
    const asked = retry[3].content;
    for (const d of ["negotiable", "valuable", "estimable", "small", "testable"]) expect(asked).toContain(`your answer had no scores.${d}`);
    expect(asked).not.toContain("scores.independent");
    expect(asked).toContain("answer again with all six dimensions");
    expect(scoringResultSchema.parse(result)).toEqual(result);
    expect(seen.map((e) => e.type)).toEqual(["answer", "schema_violation", "answer", "repaired", "scored"]);
    expect(seen[1]).toMatchObject({ attempt: 1, reasons: ["missing_field"], retrying: true, key: "SHOP-12" });
    expect(seen[4]).toMatchObject({ attempts: 2 });
  });

  it("never clamps a score outside 0-10: 42 and -3 are asked again, and fail the score when the retry repeats them", async () => {
    const { seen, onEvent } = events();
    fake().enqueue({ kind: "out_of_range" }, { kind: "out_of_range" });
    const error = await engine({ onEvent }).score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelAnswerError);
    const failure = error as ModelAnswerError;
    expect(failure.reasons).toEqual(["out_of_range"]);
    expect(failure.errors).toEqual(["scores.small.score was 42; a score is a number from 0 to 10", "scores.testable.score was -3; a score is a number from 0 to 10"]);
    expect(failure.attempts).toBe(2);
    expect(failure.usage.total_tokens).toBeGreaterThan(0);
    expect(fake().requests[1].body.messages?.[3].content).toContain("scores.small.score was 42");
    expect(seen.map((e) => e.type)).toEqual(["answer", "schema_violation", "answer", "schema_violation", "schema_failure"]);
    expect(seen[3]).toMatchObject({ attempt: 2, retrying: false });
  });

  it("refuses 10.4 as well (outside the scale before any rounding)", async () => {
    fake().enqueue({ kind: "ok", edit: (answer) => ({ ...answer, scores: { ...answer.scores, valuable: { ...answer.scores.valuable, score: 10.4 } } }) }, { kind: "ok" });
    await engine().score(story());
    expect(fake().requests[1].body.messages?.[3].content).toContain("scores.valuable.score was 10.4");
  });

  it("says an answer cut off at the token limit was cut off", async () => {
    const { seen, onEvent } = events();
    fake().enqueue({ kind: "truncated" }, { kind: "ok" });
    await engine({ onEvent }).score(story());
    expect(fake().requests[1].body.messages?.[3].content).toContain("the answer is not valid JSON (it was cut off at the token limit)");
    expect(seen[1]).toMatchObject({ type: "schema_violation", reasons: ["cut_off"] });
    expect(seen[0]).toMatchObject({ type: "answer", finish_reason: "length" });
  });

  it("names wrong types with what was given", async () => {
    fake().enqueue({ kind: "invalid" }, { kind: "invalid" });
    const error = (await engine().score(story()).catch((e: unknown) => e)) as ModelAnswerError;
    expect(error.reasons).toEqual(expect.arrayContaining(["wrong_type", "missing_field"]));
    expect(error.errors).toContain('scores.independent.score was a string ("high"); it must be a number from 0 to 10');
    expect(error.errors).toContain('recommendations was a string ("none"); it must be a list');
  });

  it("with schemaRetries 0, fails at the first broken answer", async () => {
    fake().enqueue({ kind: "partial" });
    const error = await engine({ schemaRetries: 0 }).score(story()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelAnswerError);
    expect((error as Error).message).toMatch(/with no retry/);
    expect(fake().requests).toHaveLength(1);
  });

  it("never caches a failure: the same story is asked again next time", async () => {
    const scorer = engine();
    const ticket = story();
    fake().enqueue({ kind: "partial" }, { kind: "partial" });
    await expect(scorer.score(ticket)).rejects.toBeInstanceOf(ModelAnswerError);
    const result = await scorer.score(ticket);
    expect(fake().requests).toHaveLength(3);
    expect(result.metadata.token_usage.total_tokens).toBeGreaterThan(0);
  });
});

describe("openai engine: response formats for servers that support less", () => {
  it("json_object: asks for JSON mode and puts the schema in the system prompt", async () => {
    await engine({ responseFormat: "json_object" }).score(story());
    const { body } = fake().requests[0];
    expect(body.response_format).toEqual({ type: "json_object" });
    const system = body.messages?.[0].content ?? "";
    const promptFile = readFileSync(path.join(process.cwd(), "lib/scoring/openai/prompts/invest-v5.md"), "utf8").trim();
    expect(system.startsWith(promptFile)).toBe(true);
    expect(system).toContain("# The answer's format");
    expect(system).toContain(JSON.stringify(MODEL_ANSWER_JSON_SCHEMA));
  });

  it("none: sends no response_format, and reads answers wrapped in a fence, in prose or after a think block", async () => {
    const scorer = engine({ responseFormat: "none" });
    fake().enqueue({ kind: "ok", wrap: "fence" }, { kind: "ok", wrap: "prose" }, { kind: "ok", wrap: "think" });
    const results = await Promise.all([scorer.score(story()), scorer.score(story()), scorer.score(story())]);
    expect(fake().requests).toHaveLength(3);
    for (const request of fake().requests) {
      expect(request.body).not.toHaveProperty("response_format");
      expect(request.body.messages?.[0].content).toContain(JSON.stringify(MODEL_ANSWER_JSON_SCHEMA));
    }
    expect(fake().requests.map((r) => r.wrap).sort()).toEqual(["fence", "prose", "think"]);
    for (const result of results) expect(scoringResultSchema.safeParse(result).success).toBe(true);
  });

  it("none: validates the answer as strictly as json_schema does", async () => {
    fake().enqueue({ kind: "out_of_range" }, { kind: "ok", wrap: "prose" });
    const result = await engine({ responseFormat: "none" }).score(story());
    expect(fake().requests).toHaveLength(2);
    expect(fake().requests[1].body.messages?.[3].content).toContain("scores.small.score was 42");
    expect(result.individual_scores.small).toBeLessThanOrEqual(10);
  });

  it("says which setting to change when the server refuses the response format", async () => {
    fake().rejectFormats = ["json_schema"];
    const error = await engine().score(story()).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/refused the request \(400\): .*json_schema.* \(set SCORING_RESPONSE_FORMAT=json_object, or none, if this server does not support response_format json_schema\)/);
    expect(fake().requests).toHaveLength(1);
    await engine({ responseFormat: "json_object" }).score(story());
    expect(fake().requests).toHaveLength(2);
  });
});

describe("extractJson", () => {
  const object = '{"a": "text with } and { and \\" inside", "b": [1, {"c": 2}]}';
  it.each([
    ["bare", object, object],
    ["in a json fence", "```json\n" + object + "\n```", object],
    ["in a bare fence", "```\n" + object + "\n```\n", object],
    ["after prose and before prose", `Here is the assessment:\n${object}\nHope it helps {really}.`, object],
    ["after a think block holding braces", `<think>the {criteria} look fine</think>\n${object}`, object],
    ["with a fence inside a string", '{"reasoning": "use ```code``` here"}', '{"reasoning": "use ```code``` here"}'],
  ])("finds the object %s", (_label, text, expected) => {
    expect(extractJson(text)).toEqual({ kind: "object", text: expected });
    expect(() => JSON.parse((extractJson(text) as { text: string }).text)).not.toThrow();
  });

  it("says when the object never closes, and when there is none", () => {
    expect(extractJson('Sure! {"scores": {"independent": {"score": 7')).toEqual({ kind: "unclosed", text: '{"scores": {"independent": {"score": 7' });
    expect(extractJson("I cannot score this ticket.")).toEqual({ kind: "none" });
    expect(extractJson("<think>still thinking about {it}")).toEqual({ kind: "none" });
  });

  it("classifies what is wrong with an answer", () => {
    expect(parseModelAnswer("")).toMatchObject({ ok: false, reasons: ["empty"] });
    expect(parseModelAnswer("I cannot help with that.")).toMatchObject({ ok: false, reasons: ["not_json"] });
    expect(parseModelAnswer("{'scores': 1}")).toMatchObject({ ok: false, reasons: ["not_json"] });
    expect(parseModelAnswer("", { refusal: "not allowed" })).toMatchObject({ ok: false, reasons: ["refused", "empty"], errors: ["the model refused: not allowed", "the answer was empty"] });
  });
});

describe("openai engine: cache, single flight and concurrency", () => {
  it("never asks twice for unchanged content, even after a whitespace-only edit", async () => {
    const scorer = engine();
    const ticket = story();
    const first = await scorer.score(ticket);
    const again = await scorer.score({ ...ticket });
    const spaced = await scorer.score({ ...ticket, summary: `  ${ticket.summary.replace(/ /g, "  ")}\r\n` });
    expect(fake().requests).toHaveLength(1);
    expect(again.individual_scores).toEqual(first.individual_scores);
    expect(spaced.individual_scores).toEqual(first.individual_scores);
    expect(again.metadata.token_usage.total_tokens).toBe(0);
  });

  it("asks again when the content, the context or the model changes", async () => {
    const scorer = engine();
    const ticket = story();
    await scorer.score(ticket);
    await scorer.score({ ...ticket, summary: `${ticket.summary}!` });
    await scorer.score(ticket, [{ id: "DOD", title: "Definition of done" }]);
    await engine({ model: "other-model" }).score(ticket);
    expect(fake().requests).toHaveLength(4);
  });

  it("uses an injected cache", async () => {
    const store = new Map<string, unknown>();
    const cache = { get: async (k: string) => store.get(k) as never, set: async (k: string, v: unknown) => void store.set(k, v) };
    const ticket = story();
    await engine({ cache }).score(ticket);
    expect([...store.keys()][0]).toMatch(/^invest-v5:fake-model:sha256:[0-9a-f]{64}$/);
    await engine({ cache }).score(ticket);
    expect(fake().requests).toHaveLength(1);
  });

  it("shares one call between identical requests in flight", async () => {
    fake().latencyMs = 100;
    const scorer = engine();
    const ticket = story();
    const results = await Promise.all([scorer.score(ticket), scorer.score(ticket), scorer.score(ticket)]);
    expect(fake().requests).toHaveLength(1);
    expect(results[1].overall_score).toBe(results[0].overall_score);
  });

  it("keeps at most `concurrency` calls in flight, across engine instances of the process", async () => {
    fake().latencyMs = 60;
    const a = engine({ concurrency: 3 });
    const b = engine({ concurrency: 3 });
    await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).score(story())));
    expect(fake().requests).toHaveLength(12);
    expect(fake().maxInFlight).toBe(3);
  });
});
