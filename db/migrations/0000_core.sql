CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"quota_override" integer,
	"company_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"customer_id" text,
	"company_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_users_one_owner" CHECK (("dashboard_users"."customer_id" is null) <> ("dashboard_users"."company_id" is null))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"monthly_quota" integer NOT NULL,
	"price_usd_monthly" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "score_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"story_id" uuid NOT NULL,
	"ticket_id" text NOT NULL,
	"source" text DEFAULT 'api' NOT NULL,
	"engine" text NOT NULL,
	"overall_score" real NOT NULL,
	"individual_scores" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"ticket" jsonb NOT NULL,
	"processing_time_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"story_identity" text NOT NULL,
	"identity_resolution" text NOT NULL,
	"counted_month" text NOT NULL,
	"ticket_key" text,
	"summary" text NOT NULL,
	"first_scored_at" timestamp with time zone NOT NULL,
	"last_scored_at" timestamp with time zone NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"latest_overall_score" real,
	"latest_scores" jsonb
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_users" ADD CONSTRAINT "dashboard_users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_users" ADD CONSTRAINT "dashboard_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_runs" ADD CONSTRAINT "score_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "score_runs" ADD CONSTRAINT "score_runs_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_idx" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_customer_idx" ON "api_keys" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_company_idx" ON "customers" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_users_email_idx" ON "dashboard_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "score_runs_customer_created_idx" ON "score_runs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "score_runs_story_created_idx" ON "score_runs" USING btree ("story_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_customer_identity_idx" ON "stories" USING btree ("customer_id","story_identity");--> statement-breakpoint
CREATE INDEX "stories_customer_month_idx" ON "stories" USING btree ("customer_id","counted_month");--> statement-breakpoint
CREATE INDEX "stories_customer_last_scored_idx" ON "stories" USING btree ("customer_id","last_scored_at");--> statement-breakpoint
INSERT INTO "plans" ("id", "display_name", "monthly_quota", "price_usd_monthly", "sort_order") VALUES
  ('free', 'Free', 25, 0, 1),
  ('starter', 'Starter', 250, 29, 2),
  ('team', 'Team', 2500, 199, 3),
  ('enterprise', 'Enterprise', 25000, 999, 4)
ON CONFLICT ("id") DO NOTHING;
