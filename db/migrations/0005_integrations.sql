CREATE TABLE "async_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"installation_id" uuid NOT NULL,
	"story_id" uuid,
	"story_identity" text NOT NULL,
	"identity_resolution" text NOT NULL,
	"newly_counted" integer DEFAULT 0 NOT NULL,
	"issue_key" text,
	"ticket" jsonb NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_delivery_error" text,
	"next_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "installations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"cloud_id" text NOT NULL,
	"source" text NOT NULL,
	"callback_url" text NOT NULL,
	"secret_hash" text NOT NULL,
	"webhook_secret_encrypted" text NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "async_jobs" ADD CONSTRAINT "async_jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "async_jobs" ADD CONSTRAINT "async_jobs_installation_id_installations_id_fk" FOREIGN KEY ("installation_id") REFERENCES "public"."installations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "async_jobs" ADD CONSTRAINT "async_jobs_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installations" ADD CONSTRAINT "installations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "async_jobs_customer_created_idx" ON "async_jobs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "installations_cloud_source_idx" ON "installations" USING btree ("cloud_id","source");--> statement-breakpoint
CREATE INDEX "installations_customer_idx" ON "installations" USING btree ("customer_id");