// Requests being answered by this process, so background work in the same process (the embedded queue
// workers) can give them the thread first. Kept on globalThis: Next.js bundles route handlers and the
// worker start-up separately, and both must see the same counter.
interface Activity {
  inFlight: number;
  lastEndedAt: number;
}
const holder = globalThis as unknown as { __sscActivity?: Activity };
const activity = (): Activity => (holder.__sscActivity ??= { inFlight: 0, lastEndedAt: 0 });

export function requestStarted(): void {
  activity().inFlight++;
}

export function requestEnded(): void {
  const current = activity();
  current.inFlight = Math.max(0, current.inFlight - 1);
  current.lastEndedAt = performance.now();
}

/** Whether this process is answering requests now (or answered one in the last `withinMs`). */
export function servingRequests(withinMs = 25): boolean {
  const current = activity();
  return current.inFlight > 0 || performance.now() - current.lastEndedAt < withinMs;
}

/**
 * After `busyMs` of background work: while requests are being answered, pause `factor` times as long, so they
 * get at least factor / (factor + 1) of the thread. Returns at once when there are none (a worker process).
 */
export async function yieldToRequests(busyMs: number, factor: number): Promise<void> {
  if (factor <= 0 || !servingRequests()) return;
  await new Promise((resolve) => setTimeout(resolve, Math.min(busyMs * factor, 2_000)));
}
