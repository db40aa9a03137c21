export { createOpenAIEngine, ModelAnswerError, type ChatClient, type OpenAIEngineOptions } from "./engine";
export { cacheKey, createMemoryCache, type ScoringCache } from "./cache";
export { MODEL_ANSWER_JSON_SCHEMA, modelAnswerSchema, type ModelAnswer } from "./answer";
export { PROMPT_VERSION } from "./prompt";
