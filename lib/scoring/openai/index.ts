export { createOpenAIEngine, ModelAnswerError, type ChatClient, type LlmEvent, type OpenAIEngineOptions } from "./engine";
export { cacheKey, createMemoryCache, type ScoringCache } from "./cache";
export { extractJson, MODEL_ANSWER_JSON_SCHEMA, modelAnswerSchema, parseModelAnswer, type ModelAnswer } from "./answer";
export { VIOLATION_REASONS, type ViolationReason } from "./formats";
export { PROMPT_VERSION, RESPONSE_FORMATS, type ResponseFormat } from "./prompt";
