/** A counting semaphore: at most `limit` tasks run at once; the rest wait in arrival order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(public limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    // A slot passes straight to the next waiter (active stays the same) unless the limit was lowered.
    if (this.active <= this.limit && this.waiting.length > 0) this.waiting.shift()!();
    else this.active--;
  }
}

const holder = globalThis as unknown as { __sscLlmLimiters?: Map<string, Semaphore> };

/**
 * The process-wide limit of calls in flight to one endpoint, shared by every engine instance (the sync API,
 * the CSV flow, the job worker) so together they never exceed it. The latest configured size wins.
 */
export function sharedLimiter(endpoint: string, limit: number): Semaphore {
  holder.__sscLlmLimiters ??= new Map();
  let semaphore = holder.__sscLlmLimiters.get(endpoint);
  if (!semaphore) {
    semaphore = new Semaphore(limit);
    holder.__sscLlmLimiters.set(endpoint, semaphore);
  } else semaphore.limit = limit;
  return semaphore;
}
