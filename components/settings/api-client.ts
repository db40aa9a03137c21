// Browser-side calls to the self-serve API. The session cookie authenticates them and the browser adds the
// Origin header that mutations need; a company login names the customer it acts for on every request, reads
// and mutations alike (the API answers 400 or 404 otherwise once the company has several customers).

/** An error answer of the API: its `message` and `details`, ready to show. */
export class SettingsApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = "SettingsApiError";
  }
}

type Query = Record<string, string | number | null | undefined>;

export interface SettingsApi {
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  send<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown): Promise<T>;
}

/** The path with its query and, for a company login, `customer`. */
export function apiUrl(path: string, customer: string | null, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  if (customer) params.set("customer", customer);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readAnswer<T>(response: Response): Promise<T> {
  // 204 No Content (a DELETE that answers nothing) has no JSON to read.
  if (response.status === 204) return undefined as T;
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { error?: string; message?: string; details?: unknown } | null;
  if (response.status === 401) {
    throw new SettingsApiError("Your session has ended: reload the page to sign in again.", 401, body?.error ?? "unauthorized");
  }
  const details = Array.isArray(body?.details) ? body.details.map(String) : [];
  throw new SettingsApiError(body?.message ?? `The request failed (HTTP ${response.status}).`, response.status, body?.error ?? "http_error", details);
}

/** Calls on behalf of one customer (`customer` is null for a customer login, which acts for its own). */
export function settingsApi(customer: string | null): SettingsApi {
  return {
    async get<T>(path: string, query: Query = {}, signal?: AbortSignal) {
      const response = await fetch(apiUrl(path, customer, query), { signal, headers: { accept: "application/json" }, cache: "no-store" });
      return readAnswer<T>(response);
    },
    async send<T>(method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) {
      const headers: Record<string, string> = { accept: "application/json" };
      if (body !== undefined) headers["content-type"] = "application/json";
      const response = await fetch(apiUrl(path, customer), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
      return readAnswer<T>(response);
    },
  };
}

/** Anything thrown by a call, as an error to show (a network failure has no API message). */
export function asApiError(reason: unknown, fallback: string): SettingsApiError {
  if (reason instanceof SettingsApiError) return reason;
  return new SettingsApiError(fallback, 0, "network_error", reason instanceof Error && reason.message ? [reason.message] : []);
}
