/**
 * How the engine asks for JSON (`SCORING_RESPONSE_FORMAT`): `json_schema` sends the schema as a strict structured
 * output (the server constrains the answer to it); `json_object` asks for any JSON object (JSON mode) and `none`
 * asks for nothing, for servers that support less. With those two the schema goes into the system prompt, and
 * every answer is validated the same way. Kept free of imports: lib/env.ts reads it.
 */
export const RESPONSE_FORMATS = ["json_schema", "json_object", "none"] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
