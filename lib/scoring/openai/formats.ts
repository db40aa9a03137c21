/**
 * How the engine asks for JSON (`SCORING_RESPONSE_FORMAT`): `json_schema` sends the schema as a strict structured
 * output (the server constrains the answer to it); `json_object` asks for any JSON object (JSON mode) and `none`
 * asks for nothing, for servers that support less. With those two the schema goes into the system prompt, and
 * every answer is validated the same way. This file is kept free of imports: lib/env.ts and the API document read it.
 */
export const RESPONSE_FORMATS = ["json_schema", "json_object", "none"] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/**
 * Why an answer was refused, one word per kind of departure (the metrics count answers by these):
 * `empty`; `not_json` (text that is no JSON object); `cut_off` (JSON that stops before its end, or an answer the
 * server ended at its token limit); `missing_field`; `out_of_range` (a score outside 0-10); `wrong_type` (a
 * string for a score, a string for a list); `refused` (the model declined); `other`.
 */
export const VIOLATION_REASONS = ["empty", "not_json", "cut_off", "missing_field", "out_of_range", "wrong_type", "refused", "other"] as const;
export type ViolationReason = (typeof VIOLATION_REASONS)[number];
