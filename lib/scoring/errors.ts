/**
 * The engine's provider is down, overloaded or timing out (after its own retries). The synchronous API
 * answers 503 and bills nothing; an asynchronous job is retried later.
 */
export class EngineUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EngineUnavailable";
  }
}
