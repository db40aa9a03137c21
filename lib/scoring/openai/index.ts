export { createOpenAIEngine, ModelAnswerError, type ChatClient, type LlmEvent, type OpenAIEngineOptions } from "./engine";
export { cacheKey, createMemoryCache, type ScoringCache } from "./cache";
export { extractJson, MODEL_ANSWER_JSON_SCHEMA, modelAnswerSchema, parseModelAnswer, VIOLATION_REASONS, type ModelAnswer, type ViolationReason } from "./answer";
export { PROMPT_VERSION, RESPONSE_FORMATS, type ResponseFormat } from "./prompt";
