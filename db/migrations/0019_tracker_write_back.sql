-- Write-back (issue #48): a connection can comment each imported issue's score and findings, label the issues
-- below a threshold, and (Jira) keep the scores in an issue property (lib/trackers/write-back). Off by default.
-- tracker_write_backs keeps what was last written to each issue (its comment's id and hashes), so a sync edits
-- the one comment in place and writes nothing for an unchanged issue; tracker_webhook_writes holds a Jira
-- webhook's issue until its score is recorded.
ALTER TABLE "tracker_connections" ADD COLUMN IF NOT EXISTS "write_back_comment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN IF NOT EXISTS "write_back_label" text;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD COLUMN IF NOT EXISTS "write_back_below" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tracker_write_backs" (
	"customer_id" text NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"external_id" text NOT NULL,
	"connection_id" uuid REFERENCES "tracker_connections"("id") ON DELETE SET NULL,
	"issue_key" text NOT NULL,
	"comment_id" text,
	"comment_hash" text,
	"label" text,
	"property_hash" text,
	"source_hash" text,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracker_write_backs_customer_id_external_id_pk" PRIMARY KEY("customer_id","external_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tracker_webhook_writes" (
	"customer_id" text NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"story_identity" text NOT NULL,
	"connection_id" uuid NOT NULL REFERENCES "tracker_connections"("id") ON DELETE CASCADE,
	"external_id" text NOT NULL,
	"issue_key" text NOT NULL,
	"url" text NOT NULL,
	"labels" jsonb NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracker_webhook_writes_customer_id_story_identity_pk" PRIMARY KEY("customer_id","story_identity")
);
