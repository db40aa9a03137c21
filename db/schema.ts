import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { WORK_ITEM_KINDS } from "../lib/scoring/kind";
import { RULE_PRESETS } from "../lib/scoring/rules";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** Subscription plans: how many new unique stories a customer may score per UTC month. */
export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  displayName: text("display_name").notNull(),
  monthlyQuota: integer("monthly_quota").notNull(),
  priceUsdMonthly: integer("price_usd_monthly").notNull().default(0),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** A company groups customers; its dashboard users see every linked customer's stories. */
export const companies = pgTable("companies", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  createdAt: createdAt(),
});

/** A customer is the account an API key belongs to (the spec's customer_id). */
export const customers = pgTable(
  "customers",
  {
    id: text("id").primaryKey(),
    planId: text("plan_id")
      .notNull()
      .references(() => plans.id),
    quotaOverride: integer("quota_override"),
    companyId: text("company_id").references(() => companies.id),
    createdAt: createdAt(),
  },
  (table) => [index("customers_company_idx").on(table.companyId)],
);

/** API keys are stored as a SHA-256 hash only; the prefix lets a person recognise a key in lists and logs. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    /** A person's label for the key ("CI", "Jira app"); keys issued by provisioning are named for it. */
    name: text("name").notNull().default("API key"),
    /** Who issued it: a dashboard user's email, "API key ssk_..." or "operator (provisioning)". */
    createdBy: text("created_by").notNull().default("operator (provisioning)"),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [uniqueIndex("api_keys_key_hash_idx").on(table.keyHash), index("api_keys_customer_idx").on(table.customerId)],
);

/** Dashboard logins: each belongs to exactly one customer or one company. */
export const dashboardUsers = pgTable(
  "dashboard_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    customerId: text("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    companyId: text("company_id").references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("dashboard_users_email_idx").on(table.email),
    check("dashboard_users_one_owner", sql`(${table.customerId} is null) <> (${table.companyId} is null)`),
  ],
);

/**
 * A unique story of a customer, keyed by its billing identity. `countedMonth` (YYYY-MM, UTC) is the month of
 * its first successful score: the month it was billed in. The latest scores are kept here for stats.
 */
export const stories = pgTable(
  "stories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    storyIdentity: text("story_identity").notNull(),
    identityResolution: text("identity_resolution", { enum: ["external_id", "content_hash"] }).notNull(),
    countedMonth: text("counted_month").notNull(),
    ticketKey: text("ticket_key"),
    summary: text("summary").notNull(),
    firstScoredAt: timestamp("first_scored_at", { withTimezone: true, mode: "date" }).notNull(),
    lastScoredAt: timestamp("last_scored_at", { withTimezone: true, mode: "date" }).notNull(),
    runCount: integer("run_count").notNull().default(0),
    latestOverallScore: real("latest_overall_score"),
    latestScores: jsonb("latest_scores").$type<Record<string, number>>(),
    /** The kind its latest run judged it as (`metadata.work_item_type`): stats filter and split by it. */
    workItemType: text("work_item_type", { enum: WORK_ITEM_KINDS }).notNull().default("story"),
  },
  (table) => [
    // Its only index besides the key: every query finds stories by customer and identity, or by id (the
    // dashboard lists `tickets`). Migration 0016 says why there are no more.
    uniqueIndex("stories_customer_identity_idx").on(table.customerId, table.storyIdentity),
  ],
);

/**
 * New stories counted per customer and UTC month: the quota's ledger. It always equals the number of the
 * customer's stories whose counted_month is that month; admission bumps it atomically only while it is below
 * the quota (an UPDATE re-checks its WHERE on the latest row version, so concurrent admissions never overrun).
 */
export const quotaUsage = pgTable(
  "quota_usage",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    used: integer("used").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.month] })],
);

/** Every scoring run, synchronous or asynchronous, with its full result for history and stats. */
export const scoreRuns = pgTable(
  "score_runs",
  {
    id: uuid("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    storyId: uuid("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    ticketId: text("ticket_id").notNull(),
    /**
     * The ticket as a person knows it (lib/stories/ticket-ref.ts): `ticket_data.key`, else the caller's
     * `ticket_id` (an async issue without a key: the billing identity). The dashboard's stories are grouped by it.
     */
    ticketRef: text("ticket_ref").notNull(),
    source: text("source").notNull().default("api"),
    engine: text("engine").notNull(),
    overallScore: real("overall_score").notNull(),
    individualScores: jsonb("individual_scores").$type<Record<string, number>>().notNull(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    ticket: jsonb("ticket").$type<Record<string, unknown>>().notNull(),
    processingTimeMs: integer("processing_time_ms").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("score_runs_customer_created_idx").on(table.customerId, table.createdAt),
    index("score_runs_story_created_idx").on(table.storyId, table.createdAt),
    index("score_runs_customer_ticket_created_idx").on(table.customerId, table.ticketRef, table.createdAt),
  ],
);

/**
 * A dashboard story: one ticket of a customer as a person knows it (`ticket_ref`: its key, else its ticket id,
 * else its billing identity), with the latest run's scores. Billing stays on `stories` (keyed by the billing
 * identity); tickets with different ids and the same text are one billed story but two dashboard stories. Kept
 * by the same statements that record runs; the stats API and the dashboard list, count and average these.
 */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    ticketRef: text("ticket_ref").notNull(),
    ticketKey: text("ticket_key"),
    summary: text("summary").notNull(),
    /** The billing story of the latest run, and its identity (the small print of the story page). */
    storyId: uuid("story_id").references(() => stories.id, { onDelete: "set null" }),
    storyIdentity: text("story_identity").notNull(),
    identityResolution: text("identity_resolution", { enum: ["external_id", "content_hash"] }).notNull(),
    firstScoredAt: timestamp("first_scored_at", { withTimezone: true, mode: "date" }).notNull(),
    lastScoredAt: timestamp("last_scored_at", { withTimezone: true, mode: "date" }).notNull(),
    runCount: integer("run_count").notNull().default(0),
    latestOverallScore: real("latest_overall_score"),
    latestScores: jsonb("latest_scores").$type<Record<string, number>>(),
    workItemType: text("work_item_type", { enum: WORK_ITEM_KINDS }).notNull().default("story"),
    /** Where the ticket lives, for tickets imported from a tracker: its web link and the tracker ("jira", ...). */
    url: text("url"),
    source: text("source"),
  },
  (table) => [
    uniqueIndex("tickets_customer_ref_idx").on(table.customerId, table.ticketRef),
    index("tickets_customer_last_scored_idx").on(table.customerId, table.lastScoredAt, table.id),
    index("tickets_customer_overall_idx").on(table.customerId, table.latestOverallScore, table.id),
    index("tickets_customer_run_count_idx").on(table.customerId, table.runCount, table.id),
    index("tickets_customer_story_idx").on(table.storyId),
  ],
);

export type Plan = typeof plans.$inferSelect;
export type Company = typeof companies.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type ApiKey = typeof apiKeys.$inferSelect;
export type DashboardUser = typeof dashboardUsers.$inferSelect;
export type Story = typeof stories.$inferSelect;
export type ScoreRun = typeof scoreRuns.$inferSelect;
export type Ticket = typeof tickets.$inferSelect;
export type QuotaUsage = typeof quotaUsage.$inferSelect;
export type NewScoreRun = typeof scoreRuns.$inferInsert;

// Public CSV flow ------------------------------------------------------------------------------------------

/** The column each ticket field is read from in an uploaded file (null: not mapped). */
export interface CsvColumnMapping {
  summary: string | null;
  description: string | null;
  acceptance_criteria: string | null;
  key: string | null;
  /** Absent in sessions uploaded before work item types were read. */
  type?: string | null;
}

/**
 * An anonymous upload of the public evaluator: the parsed rows, the mapping, and (once scored) the results.
 * Sessions expire after 24 hours and are deleted lazily, on later uploads.
 */
export const csvSessions = pgTable(
  "csv_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    filename: text("filename").notNull(),
    delimiter: text("delimiter"),
    /** The backlog format recognised at upload (lib/backlog/formats.ts); null for sessions from before. */
    format: text("format"),
    columns: jsonb("columns").$type<string[]>().notNull(),
    rows: jsonb("rows").$type<Record<string, string>[]>().notNull(),
    mapping: jsonb("mapping").$type<CsvColumnMapping>().notNull(),
    status: text("status", { enum: ["uploaded", "completed"] }).notNull().default("uploaded"),
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    results: jsonb("results").$type<Record<string, unknown>[]>(),
    skippedRows: jsonb("skipped_rows").$type<number[]>(),
    /**
     * The rule preset the results were scored with (default, strict, lenient: docs/rules.md). Null until scored, and
     * for sessions scored before it was recorded (migration 0021): their preset is unknown.
     */
    preset: text("preset", { enum: RULE_PRESETS }),
    /**
     * SHA-256 of the uploader's token (lib/csv-flow/score-token.ts): a scored session is scored again only with it,
     * while its results stay open to whoever holds the link. Null for sessions from before tokens.
     */
    scoreTokenHash: text("score_token_hash"),
    createdAt: createdAt(),
    scoredAt: timestamp("scored_at", { withTimezone: true, mode: "date" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("csv_sessions_expires_idx").on(table.expiresAt)],
);

/**
 * Per-IP request counters of the public CSV flow (one row per scope and client), shared by every server
 * instance: a fixed window that starts with the first request and is renewed atomically by an upsert.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").primaryKey(),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    count: integer("count").notNull(),
  },
  (table) => [index("rate_limit_counters_window_idx").on(table.windowStart)],
);

export type CsvSession = typeof csvSessions.$inferSelect;
export type NewCsvSession = typeof csvSessions.$inferInsert;

// Dashboard and stats --------------------------------------------------------------------------------------

/**
 * Dashboard sessions signed out before they expired (lib/auth/session-end.ts). A session is a signed cookie the
 * browser keeps; signing out records its id here, so a copy of the cookie no longer signs anyone in. Rows go once
 * the session would have expired anyway.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    sessionId: uuid("session_id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => dashboardUsers.id, { onDelete: "cascade" }),
    endedAt: timestamp("ended_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [index("ended_sessions_expires_idx").on(table.expiresAt)],
);

export type EndedSession = typeof endedSessions.$inferSelect;

/**
 * Small service-wide settings every instance must share. Never a key: the encryption key lives outside the
 * database (lib/secrets/encryption-key.ts); only its check value (which reveals nothing of it) is kept here.
 */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

// The stats API pages and sorts up to 100,000 stories of one scope through indexes on (customer_id, sort
// column, id) of the stories table. They live in the hand-written migration `dashboard_indexes` because
// drizzle declares indexes only inside a table's own definition, above.

export type AppSetting = typeof appSettings.$inferSelect;

// Integrations: installations, asynchronous jobs and their callback deliveries ------------------------------

/**
 * An integration registered by a customer: one tenant (`cloudId`) of one channel (`source`), its callback URL,
 * the hash of the shared secret it sends as X-Service-Secret, and its Standard Webhooks signing secret
 * (encrypted at rest: it must be recoverable to sign). Disabled installations answer 401.
 */
export const installations = pgTable(
  "installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    cloudId: text("cloud_id").notNull(),
    source: text("source").notNull(),
    callbackUrl: text("callback_url").notNull(),
    secretHash: text("secret_hash").notNull(),
    webhookSecretEncrypted: text("webhook_secret_encrypted").notNull(),
    enabled: integer("enabled").notNull().default(1),
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("installations_cloud_source_idx").on(table.cloudId, table.source), index("installations_customer_idx").on(table.customerId)],
);

/** An accepted asynchronous scoring job and the delivery of its callback. */
export const asyncJobs = pgTable(
  "async_jobs",
  {
    id: uuid("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    installationId: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    storyId: uuid("story_id").references(() => stories.id, { onDelete: "set null" }),
    storyIdentity: text("story_identity").notNull(),
    identityResolution: text("identity_resolution", { enum: ["external_id", "content_hash"] }).notNull(),
    newlyCounted: integer("newly_counted").notNull().default(0),
    issueKey: text("issue_key"),
    ticket: jsonb("ticket").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["accepted", "processing", "completed", "failed"] }).notNull().default("accepted"),
    attempts: integer("attempts").notNull().default(0),
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
    deliveryStatus: text("delivery_status", { enum: ["pending", "delivered", "retrying", "failed"] }).notNull().default("pending"),
    deliveryAttempts: integer("delivery_attempts").notNull().default(0),
    lastStatusCode: integer("last_status_code"),
    lastDeliveryError: text("last_delivery_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    index("async_jobs_customer_created_idx").on(table.customerId, table.createdAt),
    // The queue's depth ahead of a job (acceptance's estimate, a job's queue position) and the recent throughput.
    index("async_jobs_waiting_idx").on(table.createdAt).where(sql`${table.status} in ('accepted', 'processing')`),
    index("async_jobs_completed_idx").on(table.completedAt),
  ],
);

/**
 * One webhook event sent (or to be sent) to an installation's callback: a job's `score.completed` or
 * `score.failed` callback (its id is the job's id, created with the job's completion) or a `ping` test event.
 * `status` is `pending` until an attempt gets a 2xx (`delivered`) or delivery stops (`failed`). A redelivery
 * adds attempts to the same delivery under the same webhook-id. Deleted after WEBHOOK_DELIVERY_RETENTION_DAYS.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    installationId: uuid("installation_id")
      .notNull()
      .references(() => installations.id, { onDelete: "cascade" }),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    jobId: uuid("job_id"),
    event: text("event").notNull(),
    issueKey: text("issue_key"),
    webhookId: text("webhook_id").notNull(),
    /** The body of a ping (a job's callback is rebuilt from the job, identical on every attempt). */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull().default("pending"),
    /** Set while a person's redelivery or test event is being sent; a crash leaves it to expire. */
    sendingUntil: timestamp("sending_until", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("webhook_deliveries_installation_idx").on(table.installationId, table.createdAt, table.id), index("webhook_deliveries_created_idx").on(table.createdAt)],
);

/** Every attempt at a delivery: when, the receiver's status and the start of its answer, or the connection error. */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (table) => [index("webhook_delivery_attempts_delivery_idx").on(table.deliveryId, table.attemptedAt)],
);

/** Who changed what, when: key and integration changes of a customer, listed on the settings page. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("audit_events_customer_created_idx").on(table.customerId, table.createdAt, table.id)],
);

export type Installation = typeof installations.$inferSelect;
export type AsyncJob = typeof asyncJobs.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookDeliveryAttempt = typeof webhookDeliveryAttempts.$inferSelect;
export type AuditEvent = typeof auditEvents.$inferSelect;

// LLM answer cache ------------------------------------------------------------------------------------------

/**
 * Scores of the LLM engine keyed by (prompt version, model, fingerprint of the normalized ticket and its
 * context items), so unchanged content never calls the model twice, across restarts and instances.
 */
export const llmCache = pgTable(
  "llm_cache",
  {
    key: text("key").primaryKey(),
    result: jsonb("result").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  // Expired answers are deleted by age (LLM_CACHE_TTL_DAYS).
  (table) => [index("llm_cache_created_idx").on(table.createdAt)],
);

export type LlmCacheEntry = typeof llmCache.$inferSelect;

// Tracker connections ----------------------------------------------------------------------------------------

/** What `last_sync` of a connection says (lib/trackers/connections.ts); null until the first sync is asked for. */
export interface TrackerSyncState {
  status: "running" | "completed" | "failed";
  /** What asked for it: "manual" (the API or the page) or "schedule" (incremental). */
  trigger: "manual" | "schedule";
  fetched: number;
  scored: number;
  skipped: number;
  failed: number;
  error?: string;
  /** With write-back on: issues whose comment, label or property was written, and those whose write failed. */
  written?: number;
  write_failed?: number;
  /** The first write error, in words (a refused token says so: the scores are kept all the same). */
  write_error?: string;
  started_at: string;
  finished_at?: string;
}

/**
 * A customer's link to a Jira site, a GitHub repository or a Linear team: where (base URL and query), how
 * (the credentials, sealed with lib/secrets/secret-box.ts: only the email and the token's last four
 * characters are readable), when (schedule) and how the last sync went.
 */
export const trackerConnections = pgTable(
  "tracker_connections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["jira", "github", "linear"] }).notNull(),
    name: text("name").notNull(),
    baseUrl: text("base_url").notNull(),
    query: text("query").notNull(),
    schedule: text("schedule", { enum: ["manual", "hourly", "daily"] }).notNull().default("manual"),
    /** `v1.` sealed JSON of {email?, token}. */
    credentialsSealed: text("credentials_sealed").notNull(),
    credentialsEmail: text("credentials_email"),
    tokenLast4: text("token_last4").notNull(),
    lastSync: jsonb("last_sync").$type<TrackerSyncState>(),
    /** Write-back (lib/trackers/write-back): one comment per issue with its score and findings. Off by default. */
    writeBackComment: boolean("write_back_comment").notNull().default(false),
    /** Write-back: the label issues scoring below `writeBackBelow` percent carry (null: no label). */
    writeBackLabel: text("write_back_label"),
    /** Write-back: the ready threshold, a whole percentage 0-100. */
    writeBackBelow: integer("write_back_below").notNull().default(80),
    /** When the last successful sync started: a scheduled sync reads the issues updated since (minus an overlap). */
    lastSuccessStartedAt: timestamp("last_success_started_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (table) => [index("tracker_connections_customer_idx").on(table.customerId, table.createdAt, table.id)],
);

/**
 * The content each imported issue was last scored with, per customer and billing identity (the tracker's
 * stable id): a sync skips an issue whose content and type are unchanged, without scoring it again. Kept when
 * a connection is deleted (its stories stay), so connecting the same tracker again re-scores nothing.
 */
export const trackerIssues = pgTable(
  "tracker_issues",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    storyIdentity: text("story_identity").notNull(),
    connectionId: uuid("connection_id").references(() => trackerConnections.id, { onDelete: "set null" }),
    issueKey: text("issue_key").notNull(),
    url: text("url").notNull(),
    /** sha256 of the scored ticket (summary, description, criteria and issue type). */
    contentHash: text("content_hash").notNull(),
    trackerUpdatedAt: text("tracker_updated_at"),
    lastScoredAt: timestamp("last_scored_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.storyIdentity] }), index("tracker_issues_connection_idx").on(table.connectionId)],
);

/**
 * What write-back last left on each tracker issue (lib/trackers/write-back), per customer and the issue's stable
 * id as a sync records it (`acme.atlassian.net:10001`, a GitHub node id, a Linear id): its comment's id and a hash
 * of the comment's text, the label it put there, a hash of the Jira issue property, and a hash of what the
 * write was decided from (the scored content and the settings), so an unchanged issue costs no write and no
 * lookup. Kept when the connection is deleted: connecting again edits the same comments.
 */
export const trackerWriteBacks = pgTable(
  "tracker_write_backs",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    connectionId: uuid("connection_id").references(() => trackerConnections.id, { onDelete: "set null" }),
    issueKey: text("issue_key").notNull(),
    commentId: text("comment_id"),
    commentHash: text("comment_hash"),
    /** The label this service left on the issue (null: none). */
    label: text("label"),
    propertyHash: text("property_hash"),
    sourceHash: text("source_hash"),
    writtenAt: timestamp("written_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.externalId] })],
);

/**
 * A Jira webhook's issue waiting for its score to be written back (POST /api/v1/evaluate/{source} for a site with a
 * write-back connection): keyed like the async job's story, so the statement that records the score queues the
 * write (lib/jobs/async-jobs.ts). A newer webhook of the same issue replaces it.
 */
export const trackerWebhookWrites = pgTable(
  "tracker_webhook_writes",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    storyIdentity: text("story_identity").notNull(),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => trackerConnections.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    issueKey: text("issue_key").notNull(),
    url: text("url").notNull(),
    labels: jsonb("labels").$type<string[]>().notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.storyIdentity] })],
);

export type TrackerConnection = typeof trackerConnections.$inferSelect;
export type TrackerIssueRow = typeof trackerIssues.$inferSelect;

/** A customer's rule settings (lib/scoring/rules.ts, docs/rules.md); none: the default preset. Migration 0020. */
export const ruleSettings = pgTable("rule_settings", {
  customerId: text("customer_id")
    .primaryKey()
    .references(() => customers.id, { onDelete: "cascade" }),
  preset: text("preset").notNull().default("default"),
  codes: jsonb("codes").$type<Record<string, { enabled?: boolean; cost?: number }>>().notNull().default({}),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

/** A finding dismissed on the story page, with its reason: kept while the story's text (its fingerprint) is unchanged. */
export const findingDismissals = pgTable(
  "finding_dismissals",
  {
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    contentHash: text("content_hash").notNull(),
    code: text("code").notNull(),
    reason: text("reason").notNull(),
    actor: text("actor").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.contentHash, table.code] })],
);
