// Helpers to call route handlers directly, as Next would, with real Request objects.
import { resetEnvCache } from "@/lib/env";

type RouteHandler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>;

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: BodyInit;
}

export async function call<P = Record<string, never>>(
  handler: RouteHandler<P>,
  path: string,
  options: CallOptions = {},
  params?: P,
): Promise<{ status: number; headers: Headers; body: unknown; text: string }> {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(`http://localhost${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve((params ?? {}) as P) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** Set environment variables for the rest of a test file (the env module re-reads them). */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

/** The Authorization header of an API key. */
export const bearer = (key: string): Record<string, string> => ({ authorization: `Bearer ${key}` });
