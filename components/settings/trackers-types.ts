// The JSON shapes of /api/v1/connections as the settings page reads them, as issue #30 specifies them: a
// connection never carries its token back, and `last_sync` says what the latest sync did (null before the first).
import type { TrackerKind } from "@/lib/trackers/types";

export type Schedule = "manual" | "hourly" | "daily";

export interface LastSync {
  status: "running" | "completed" | "failed";
  /** "manual" (Sync now, or the API) or "schedule". */
  trigger?: "manual" | "schedule";
  /** Items the tracker served so far (GitHub's pull requests included). */
  fetched: number;
  /** Pull requests, and issues unchanged since they were last scored. */
  scored: number;
  skipped: number;
  failed: number;
  error?: string | null;
  started_at: string;
  finished_at?: string | null;
}

export interface Connection {
  id: string;
  kind: TrackerKind;
  name: string;
  base_url: string;
  query: string;
  schedule: Schedule;
  /** Which credentials are stored, never the token itself. */
  credentials?: { email: string | null; token_last4: string };
  created_at: string;
  last_sync: LastSync | null;
}

/** The list answer: the connections under `connections` (or `data`, the keys list's field), read either way. */
export type ConnectionList = { connections?: Connection[]; data?: Connection[] };
