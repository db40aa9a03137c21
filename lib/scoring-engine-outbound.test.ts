// The LLM engine's requests from the attacker's side: the configured endpoint (a model server on this machine is a
// normal setup) is reached through the guarded client, and a redirect from it to any other origin is checked like
// every outbound request, so an endpoint that turns hostile cannot lead the service to its own network.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "@/testing/db";
import { setupFakeOpenAI } from "@/testing/fake-openai-hooks";
import { setEnv } from "@/testing/http";
import { resetScoringEngine, scoringEngine } from "./scoring-engine";

setupTestDatabase();
const fake = setupFakeOpenAI();
let endpoint: http.Server; // the configured endpoint: redirects wherever `target` says
let endpointUrl: string;
let target = "";

beforeAll(async () => {
  endpoint = http.createServer((req, res) => {
    req.resume();
    res.writeHead(307, { location: `${target}${req.url}` });
    res.end();
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
});

afterAll(async () => {
  setEnv({ SCORING_ENGINE: undefined, OPENAI_BASE_URL: undefined, SCORING_MODEL: undefined, SCORING_MAX_RETRIES: undefined, ALLOW_PRIVATE_CALLBACKS: undefined });
  resetScoringEngine();
  endpoint.closeAllConnections();
  await new Promise((resolve) => endpoint.close(resolve));
});

function configure(baseUrl: string) {
  setEnv({ SCORING_ENGINE: "openai", OPENAI_BASE_URL: baseUrl, SCORING_MODEL: "fake-model", SCORING_MAX_RETRIES: "0", ALLOW_PRIVATE_CALLBACKS: "false" });
  resetScoringEngine();
}

describe("the LLM engine's outbound requests", () => {
  it("reach the configured endpoint on loopback: the operator chose it", async () => {
    configure(fake().baseURL);
    const result = await scoringEngine().score({ summary: "As a shopper, I want to save my cart so that I can finish checkout later." });
    expect(result.metadata.model.model_name).toBe("fake-model");
    expect(fake().requests).toHaveLength(1);
  });

  it("refuse a redirect from it to another origin on loopback", async () => {
    configure(`${endpointUrl}/v1`);
    target = fake().baseURL.replace(/\/v1$/, "");
    // The endpoint's origin is trusted; the fake's (another port) is not: refused although both are loopback.
    await expect(scoringEngine().score({ summary: "As an editor, I want to schedule a post so that it goes out at nine." })).rejects.toThrow(
      "the model endpoint is unreachable",
    );
    expect(fake().requests).toHaveLength(0);
  });

  it("refuse a redirect to a name that resolves to loopback, and say why in the cause", async () => {
    configure(`${endpointUrl}/v1`);
    target = `http://localhost:${new URL(fake().baseURL).port}`;
    const error = await scoringEngine()
      .score({ summary: "As a courier, I want to see my route so that I can plan the day." })
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    const causes: string[] = [];
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) causes.push(cause.message);
    expect(causes.join(" | ")).toMatch(/redirected to http:\/\/localhost:\d+, and localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(fake().requests).toHaveLength(0);
  });
});
