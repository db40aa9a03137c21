// The `estimated_completion_time` of an accepted job: seconds as a text range ("1-5"), from the jobs ahead of
// it in the queue and the recent throughput, never a fixed promise.

/** Throughput assumed when too little has completed lately to measure it (an idle or fresh queue). */
export const ASSUMED_JOBS_PER_SECOND = { cheap: 50, expensive: 0.5 } as const;

/**
 * `ahead` jobs wait before this one; `completedLately` jobs completed in the last `windowSeconds`. The rate is
 * the measured one, or the assumed one for the engine when it is higher (a queue that was idle completed little
 * because little was sent, not because it is slow). The range runs from the time to score everything ahead
 * at that rate (at least 1 s: pick-up, scoring, the callback) to twice that plus 5 s for delivery and noise.
 */
export function estimateCompletion(ahead: number, completedLately: number, cost: "cheap" | "expensive" = "cheap", windowSeconds = 30): string {
  const rate = Math.max(completedLately / windowSeconds, ASSUMED_JOBS_PER_SECOND[cost]);
  const seconds = (ahead + 1) / rate;
  const low = Math.max(1, Math.floor(seconds));
  const high = Math.max(low + 4, Math.ceil(seconds * 2) + 5);
  return `${low}-${high}`;
}
