import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { requestEnded, requestStarted, servingRequests, yieldToRequests } from "./activity";

beforeEach(() => {
  // Each test starts with a process that has answered nothing yet (the counter lives on globalThis).
  delete (globalThis as { __sscActivity?: unknown }).__sscActivity;
});

afterEach(() => {
  vi.useRealTimers();
});

describe("background work yields to requests", () => {
  it("knows when requests are being answered, and for a moment after the last", () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    vi.advanceTimersByTime(1_000);
    expect(servingRequests()).toBe(false);
    requestStarted();
    requestStarted();
    requestEnded();
    expect(servingRequests()).toBe(true);
    requestEnded();
    expect(servingRequests()).toBe(true);
    vi.advanceTimersByTime(30);
    expect(servingRequests()).toBe(false);
    // More ends than starts never make the count negative.
    requestEnded();
    vi.advanceTimersByTime(30);
    requestStarted();
    expect(servingRequests()).toBe(true);
    requestEnded();
  });

  it("pauses factor times the busy time while requests are in flight, and not at all otherwise", async () => {
    vi.useFakeTimers({ toFake: ["performance", "setTimeout"] });
    vi.advanceTimersByTime(1_000);
    let done = false;
    await yieldToRequests(40, 3);

    requestStarted();
    const pause = yieldToRequests(40, 3).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(119);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pause;
    expect(done).toBe(true);
    // A factor of 0 turns it off; a long batch pauses at most 2 s.
    await yieldToRequests(40, 0);
    done = false;
    const capped = yieldToRequests(10_000, 3).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_000);
    await capped;
    expect(done).toBe(true);
    requestEnded();
  });
});
