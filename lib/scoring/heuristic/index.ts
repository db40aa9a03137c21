export { createHeuristicEngine, scoreTicket, scoreTickets, HEURISTIC_MODEL, HEURISTIC_PROMPT_VERSION } from "./engine";
export { parseStory, type ParsedStory } from "./parse-story";
