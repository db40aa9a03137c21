// Browser-side calls to the stats API (the session cookie authenticates them).

export class StatsRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function fetchStats<T>(path: string, params: Record<string, string | number | undefined | null>, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  const response = await fetch(`${path}?${query}`, { signal, headers: { accept: "application/json" }, cache: "no-store" });
  if (response.status === 401) throw new StatsRequestError("Your session has ended: reload the page to sign in again.", 401);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; details?: string[] } | null;
    throw new StatsRequestError([body?.message ?? `Request failed (${response.status}).`, ...(body?.details ?? [])].join(" "), response.status);
  }
  return (await response.json()) as T;
}
