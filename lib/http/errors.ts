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

/** Turn anything thrown into an ApiError; unexpected errors become a generic 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return new ApiError("validation_error", undefined, zodDetails(error));
  return new ApiError("internal_error");
}
