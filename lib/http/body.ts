import { z } from "zod";
import { ApiError, zodDetails } from "./errors";

export const ONE_MEGABYTE = 1024 * 1024;

/**
 * Read a request body as bytes, refusing with 413 as soon as it passes `maxBytes`: a declared
 * Content-Length over the limit is refused before reading, a chunked body is cut off while streaming.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ApiError("payload_too_large", `The request body must not exceed ${maxBytes} bytes.`);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ApiError("payload_too_large", `The request body must not exceed ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Parse a JSON body: 413 when too large, 400 when malformed or not an object. */
export async function readJsonObject(request: Request, maxBytes = ONE_MEGABYTE): Promise<Record<string, unknown>> {
  const bytes = await readBodyBytes(request, maxBytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid UTF-8.");
  }
  if (text.trim() === "") throw new ApiError("invalid_json", "The request body is empty; send a JSON object.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", "The request body is not valid JSON.", [(error as Error).message]);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ApiError("invalid_json", "The request body must be a JSON object.", [
      `body: expected object, received ${Array.isArray(value) ? "array" : value === null ? "null" : typeof value}`,
    ]);
  }
  // PostgreSQL stores neither U+0000 nor a lone surrogate (text that is not Unicode) in text or JSON: refuse
  // them here, naming where they are, rather than fail at the write. Both can only arrive as \u escapes.
  if (/\\u(?:0000|d[89a-f])/i.test(text)) {
    const problems = badTextPaths(value).slice(0, 5);
    if (problems.length > 0) throw new ApiError("validation_error", "Text must be valid Unicode without U+0000.", problems);
  }
  return value as Record<string, unknown>;
}

const LONE_SURROGATE = /\p{Cs}/u;

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain U+0000";
  if (LONE_SURROGATE.test(text)) return "must be valid Unicode (it holds a lone surrogate)";
  return null;
}

/** Each string or key of a parsed JSON value PostgreSQL could not store, as "path: problem". */
function badTextPaths(value: unknown, at = ""): string[] {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? [`${at || "body"}: ${problem}`] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => badTextPaths(item, at ? `${at}.${i}` : String(i)));
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => {
      const name = JSON.stringify(key).slice(1, -1);
      const path = at ? `${at}.${name}` : name;
      const problem = textProblem(key);
      return problem ? [`${path}: ${problem}`] : badTextPaths(item, path);
    });
  }
  return [];
}

/** The error for a body the schema refuses, from its details; a family of routes with its own shape passes its own. */
export type InvalidBody = (details: string[]) => ApiError;

const validationError: InvalidBody = (details) => new ApiError("validation_error", undefined, details);

/** Read and validate a JSON body against a zod schema. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = ONE_MEGABYTE, invalid = validationError): Promise<z.output<S>> {
  const value = await readJsonObject(request, maxBytes);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(zodDetails(parsed.error));
  return parsed.data;
}
