// The connections API's bodies and answers (POST/PATCH /api/v1/connections, the connection a GET answers),
// used by the routes to validate and by lib/api/openapi/trackers.ts to document.
import { z } from "zod";
import type { TrackerKind } from "./types";

export const TRACKER_KINDS = ["jira", "github", "linear"] as const satisfies readonly TrackerKind[];
export const SCHEDULES = ["manual", "hourly", "daily"] as const;
export type Schedule = (typeof SCHEDULES)[number];

/** A GitHub `owner/repo` (GitHub's own character rules), optionally followed by ` labels=a,b`. */
const GITHUB_QUERY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}(?:\s+labels=[^\s,][^,]*(?:,[^,]+)*)?$/;
/** A Linear team key: letters and digits (Linear makes them up to 7 uppercase characters; case is ignored). */
const LINEAR_QUERY = /^[A-Za-z][A-Za-z0-9_]{0,19}$/;

/** Why a query does not fit its tracker, or null when it does. Jira's JQL is the tracker's to judge (a 400 names it). */
export function queryProblem(kind: TrackerKind, query: string): string | null {
  if (kind === "github" && !GITHUB_QUERY.test(query)) return "must be 'owner/repo', optionally followed by ' labels=a,b'";
  if (kind === "linear" && !LINEAR_QUERY.test(query)) return "must be a Linear team key such as 'ENG'";
  return null;
}

/** The ready threshold when a connection names none: the "ready" band starts at 80% (lib/format.ts). */
export const DEFAULT_WRITE_BACK_BELOW = 80;
/** A label every tracker takes as it is: no spaces (Jira), no commas (GitHub's label lists), 50 characters (GitHub). */
export const WRITE_BACK_LABEL = /^[\p{L}\p{N}][\p{L}\p{N}._:-]*$/u;
export const WRITE_BACK_LABEL_MAX = 50;

const writeBackLabel = z
  .string()
  .min(1, "must be a non-empty label, or null for none")
  .max(WRITE_BACK_LABEL_MAX, `must be at most ${WRITE_BACK_LABEL_MAX} characters`)
  .regex(WRITE_BACK_LABEL, "may contain only letters, digits, '.', '_', ':' and '-', starting with a letter or a digit (no spaces: Jira labels have none)");

/** `write_back` as sent: every field optional (POST fills in the defaults, PATCH keeps what is not sent). */
export const writeBackInputSchema = z
  .strictObject({
    comment: z.boolean().optional().describe("One comment per issue with its score, weakest dimensions, top findings and a link to its story page, edited in place when they change."),
    label: writeBackLabel.nullable().optional().describe("The label issues scoring below `below` carry (added and removed by each sync); null: no label."),
    below: z.number().int("must be a whole percentage").min(0, "must be 0 to 100").max(100, "must be 0 to 100").optional().describe("The ready threshold, a whole percentage (default 80)."),
  })
  .describe("Write the score back to each issue. Off by default.");
export type WriteBackInput = z.output<typeof writeBackInputSchema>;

export const writeBackSchema = z
  .object({
    comment: z.boolean(),
    label: z.string().nullable(),
    below: z.number().int(),
  })
  .describe("What a sync writes back to each issue: a comment, a label below the threshold, and (Jira) an issue property. Comment false and label null: write-back is off.");
export type WriteBackSettings = z.output<typeof writeBackSchema>;

/** Whether a sync writes anything back: a comment, a label, or both (a Jira issue's property comes with either). */
export const writeBackEnabled = (settings: WriteBackSettings): boolean => settings.comment || settings.label !== null;

const name = z.string().trim().min(1, "must be a non-empty string").max(100, "must be at most 100 characters");
const query = z.string().trim().min(1, "must be a non-empty string").max(2000, "must be at most 2000 characters");
const schedule = z.enum(SCHEDULES);
const token = z.string().trim().min(1, "must be a non-empty string").max(4096, "must be at most 4096 characters");
const email = z.email("must be an email address").max(254, "must be at most 254 characters");

export const createConnectionSchema = z
  .strictObject({
    kind: z.enum(TRACKER_KINDS),
    name,
    base_url: z.string().trim().min(1, "must be a URL").max(2048, "must be at most 2048 characters").optional(),
    credentials: z.strictObject({ email: email.optional(), token }),
    query,
    schedule: schedule.optional(),
    write_back: writeBackInputSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === "jira" && !body.credentials.email) {
      ctx.addIssue({ code: "custom", path: ["credentials", "email"], message: "is required for jira (Basic auth is email:token)" });
    }
    if (body.kind === "jira" && !body.base_url) {
      ctx.addIssue({ code: "custom", path: ["base_url"], message: "is required for jira: the Jira Cloud site, e.g. https://acme.atlassian.net" });
    }
    const problem = queryProblem(body.kind, body.query);
    if (problem) ctx.addIssue({ code: "custom", path: ["query"], message: problem });
  });
export type CreateConnectionInput = z.output<typeof createConnectionSchema>;

export const updateConnectionSchema = z
  .strictObject({
    name: name.optional(),
    query: query.optional(),
    schedule: schedule.optional(),
    credentials: z.strictObject({ email: email.optional(), token }).optional(),
    write_back: writeBackInputSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "send at least one of name, query, schedule, credentials, write_back" });
export type UpdateConnectionInput = z.output<typeof updateConnectionSchema>;

export const lastSyncSchema = z
  .object({
    status: z.enum(["running", "completed", "failed"]),
    trigger: z.enum(["manual", "schedule"]).describe('"manual": asked for through the API or the page (reads every issue); "schedule": incremental.'),
    fetched: z.number().int().describe("Items the tracker served so far, pull requests included."),
    scored: z.number().int().describe("Issues scored and recorded (new ones counted against the quota; changed ones re-scored free)."),
    skipped: z.number().int().describe("GitHub pull requests, and issues unchanged since they were last scored (not scored again, nothing billed)."),
    failed: z.number().int().describe("Issues the scoring engine could not score (nothing billed)."),
    error: z.string().optional().describe("Why the sync failed: bad credentials, not found, the tracker's words about a bad query, the quota."),
    written: z.number().int().optional().describe("With write-back on: issues whose comment, label or property was written (an unchanged issue is not written)."),
    write_failed: z.number().int().optional().describe("With write-back on: issues whose write failed or was not tried after the tracker refused one; the next sync tries them again."),
    write_error: z
      .string()
      .optional()
      .describe("The first write error in words, e.g. a token that may only read (the scores are kept: a refused write never fails the sync)."),
    started_at: z.string(),
    finished_at: z.string().optional(),
  })
  .nullable();

export const connectionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(TRACKER_KINDS),
  name: z.string(),
  base_url: z.string(),
  query: z.string(),
  schedule,
  credentials: z
    .object({ email: z.string().nullable(), token_last4: z.string() })
    .describe("Which credentials are stored, never the token: the Jira email and the token's last four characters."),
  write_back: writeBackSchema,
  created_at: z.string(),
  updated_at: z.string(),
  last_sync: lastSyncSchema.describe("null until the first sync is asked for."),
});
export type ConnectionView = z.output<typeof connectionSchema>;

export const connectionListSchema = z.object({ data: z.array(connectionSchema) });
