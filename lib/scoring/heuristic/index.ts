export { createHeuristicEngine, judgedKind, scoreTicket, scoreTickets, HEURISTIC_MODEL, HEURISTIC_PROMPT_VERSION } from "./engine";
export { parseStory, type Story } from "./parse-story";
export { overallScore } from "../overall";
export { inferKind, workItemKindOf } from "./kind-of";
