import { createHeuristicEngine } from "./heuristic";
import type { ScoringEngine } from "./types";

export * from "./types";
export * from "./errors";
export { createHeuristicEngine, scoreTicket, scoreTickets } from "./heuristic";

export const ENGINE_NAMES = ["heuristic", "openai"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** Options a later engine may need (the openai engine: endpoint, key, model, an injected client). */
export type EngineOptions = Record<string, unknown>;

export class EngineUnavailableError extends Error {
  constructor(readonly engine: string) {
    super(`the ${engine} engine is not available yet`);
    this.name = "EngineUnavailableError";
  }
}

export function isEngineName(value: string): value is EngineName {
  return (ENGINE_NAMES as readonly string[]).includes(value);
}

/** Builds an engine by name. The openai engine plugs in here once it exists. */
export function createEngine(name: EngineName = "heuristic", _options: EngineOptions = {}): ScoringEngine {
  switch (name) {
    case "heuristic":
      return createHeuristicEngine();
    case "openai":
      throw new EngineUnavailableError("openai");
    default:
      throw new Error(`unknown scoring engine: ${String(name)}`);
  }
}
