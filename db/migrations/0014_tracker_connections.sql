-- Tracker connections (issue #30): a customer's link to Jira, GitHub or Linear (credentials sealed like the webhook
-- signing secrets), the content each imported issue was last scored with (so an unchanged issue is not scored
-- again), and the link and source of a dashboard ticket imported from a tracker.
CREATE TABLE "tracker_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"base_url" text NOT NULL,
	"query" text NOT NULL,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"credentials_sealed" text NOT NULL,
	"credentials_email" text,
	"token_last4" text NOT NULL,
	"last_sync" jsonb,
	"last_success_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_issues" (
	"customer_id" text NOT NULL,
	"story_identity" text NOT NULL,
	"connection_id" uuid,
	"issue_key" text NOT NULL,
	"url" text NOT NULL,
	"content_hash" text NOT NULL,
	"tracker_updated_at" text,
	"last_scored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tracker_issues_customer_id_story_identity_pk" PRIMARY KEY("customer_id","story_identity")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tracker_connections" ADD CONSTRAINT "tracker_connections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_issues" ADD CONSTRAINT "tracker_issues_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_issues" ADD CONSTRAINT "tracker_issues_connection_id_tracker_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."tracker_connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_connections_customer_idx" ON "tracker_connections" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tracker_issues_connection_idx" ON "tracker_issues" USING btree ("connection_id");