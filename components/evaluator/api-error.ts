// Turns any failed call of the CSV API into one sentence a visitor can act on.

export interface ApiProblem {
  status: number;
  message: string;
  /** Seconds until a per-IP limit lets the visitor in again (429 only). */
  retryAfterSeconds?: number;
}

function clockTime(seconds: number): string {
  return new Date(Date.now() + seconds * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export async function problemFrom(response: Response, action: "upload" | "score"): Promise<ApiProblem> {
  let detail = "";
  try {
    const body = (await response.json()) as { detail?: unknown };
    if (typeof body.detail === "string") detail = body.detail;
  } catch {
    // not JSON (a proxy error page, for instance): fall back to the status below
  }
  const status = response.status;
  if (status === 429) {
    const retryAfterSeconds = Math.max(1, Number(response.headers.get("retry-after")) || 60);
    const limit = detail || `Too many ${action === "upload" ? "uploads" : "scoring requests"} from your address.`;
    return { status, retryAfterSeconds, message: `${limit} You can ${action} again at ${clockTime(retryAfterSeconds)}.` };
  }
  if (status === 404 && action === "score") {
    return { status, message: "This upload has expired or no longer exists (uploads are kept for 24 hours). Choose the file again." };
  }
  if (status >= 500) return { status, message: `Something went wrong on our side (error ${status}). Please try again in a moment.` };
  return { status, message: detail || `The request failed (error ${status}).` };
}

export const NETWORK_PROBLEM: ApiProblem = { status: 0, message: "Could not reach the server. Check your connection and try again." };
