// Browser-side calls to the stats API (the session cookie authenticates them).
import { useEffect, useRef, useState } from "react";

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

type StatsParams = Record<string, string | number | undefined | null>;

/**
 * Stats data for a client component: starts from the server-rendered `initial` and fetches again whenever
 * the parameters change (the previous request is aborted). Errors become a message for people.
 */
export function useStats<T>(path: string, params: StatsParams, initial: T, failure: string): { data: T; loading: boolean; error: string | null } {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    fetchStats<T>(path, JSON.parse(key) as StatsParams, controller.signal)
      .then(setData)
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(reason instanceof Error ? reason.message : failure);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, key, failure]);

  return { data, loading, error };
}
