// The JSON shapes of /api/v1/connections as the settings page reads them: inferred from the zod schemas the
// routes answer with (lib/trackers/schemas.ts), so the page and the API cannot drift apart. The import is
// type-only and erased at build time. A connection never carries its token back, only its last four characters.
import type { z } from "zod";
import type { connectionListSchema, connectionSchema, lastSyncSchema, Schedule, WriteBackSettings } from "@/lib/trackers/schemas";

export type { Schedule };

/** What a sync writes back to each issue (comment, label below the threshold). */
export type WriteBack = WriteBackSettings;

export type Connection = z.infer<typeof connectionSchema>;

/** What the latest sync did: running, completed or failed, with its counts. */
export type LastSync = NonNullable<z.infer<typeof lastSyncSchema>>;

/** GET /api/v1/connections: the connections under `data`. */
export type ConnectionList = z.infer<typeof connectionListSchema>;
