// One fake OpenAI-compatible provider per test file: started before the file's tests, reset (recorded requests,
// behaviours, latency) before each test, closed after the file. Kept apart from fake-openai.ts, which the LLM
// benchmark imports outside of Vitest.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "./fake-openai";

export function setupFakeOpenAI(): () => FakeOpenAI {
  let fake: FakeOpenAI | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake?.reset();
    if (fake) fake.latencyMs = 0;
  });
  return () => {
    if (!fake) throw new Error("the fake provider is not started yet");
    return fake;
  };
}
