import { ZodError } from "zod";

/** Every gateway error code, its status and a default message. One place, one body shape. */
export const ERROR_CODES = {
  bad_request: { status: 400, message: "The request could not be understood." },
  invalid_json: { status: 400, message: "The request body is not valid JSON." },
  validation_error: { status: 400, message: "The request failed validation." },
  unauthorized: { status: 401, message: "Authentication is required." },
  forbidden: { status: 403, message: "You are not allowed to do this." },
  not_found: { status: 404, message: "Not found." },
  method_not_allowed: { status: 405, message: "Method not allowed." },
  conflict: { status: 409, message: "The resource already exists." },
  payload_too_large: { status: 413, message: "The request body is too large." },
  unsupported_media_type: { status: 415, message: "The request body must be application/json." },
  rate_limited: { status: 429, message: "Too many requests." },
  internal_error: { status: 500, message: "An unexpected error occurred." },
  bad_gateway: { status: 502, message: "An upstream service gave an answer that could not be used." },
  service_unavailable: { status: 503, message: "The service is temporarily unavailable." },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Throw this from anywhere below a route; the wrapper turns it into the documented response. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.name = "ApiError";
    this.status = ERROR_CODES[code].status;
  }
}

/** Human-readable validation details: `ticket_data.summary: expected string, received number`. */
export function zodDetails(error: ZodError): string[] {
  return error.issues.map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join(".") : "body";
    if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return `${where}: is required`;
    return `${where}: ${issue.message}`;
  });
}

/** Gateway shape (`/api/v1/*`, `/stats/*`, `/api/admin/*`): `{error, message, details[]}`. */
export function gatewayErrorBody(error: ApiError): { error: string; message: string; details: string[] } {
  return { error: error.code, message: error.message, details: error.details };
}

/** PostgreSQL error classes and codes that mean "the database is away", not "this request is wrong". */
const UNAVAILABLE_SQLSTATE_CLASSES = ["08"]; // connection exceptions
const UNAVAILABLE_SQLSTATES = new Set([
  "57P01", // admin_shutdown: the server is restarting
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
  "53100", // disk_full
  "58030", // io_error
  "25006", // read_only_sql_transaction: a standby after a failover, or a read-only data directory
]);
/** Node socket and postgres.js connection codes, and the embedded database's file system errors. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ENOSPC",
  "EROFS",
  "EDQUOT",
  "EIO",
]);
/** node-postgres (the queue's pool) reports lost connections by message only. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /terminating connection due to administrator command/,
  /^PGlite is closed/,
  /could not (write|extend|fsync|create)/i,
];

/**
 * Whether an error means the database cannot be reached or written just now (a restart, a failover, a
 * network cut, a full or read-only disk): the request should be tried again later (503), it is not a bug
 * (500). Looks through `cause` chains: drizzle wraps driver errors in its own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 8; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string") {
      if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database is away: 503 with Retry-After, in the route's error shape. */
export function databaseUnavailable(): ApiError {
  return new ApiError("service_unavailable", "The database is temporarily unavailable; try again shortly.", [], {
    "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
  });
}

/**
 * Turn anything thrown into an ApiError: the database being away becomes a 503 with Retry-After (every route
 * goes through here, lib/http/route.ts), anything else unexpected a generic 500.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError("validation_error", undefined, zodDetails(error));
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return new ApiError("internal_error");
}
