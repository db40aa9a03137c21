-- Dashboard stories by their names (lib/stories/ticket-ref.ts): each run records the ticket as a person knows it
-- (`ticket_ref`: ticket_data.key, else ticket_id, else for an async issue without a key the billing identity), and
-- `tickets` keeps one row per (customer, ticket_ref) with the latest run's scores. Billing (stories) is unchanged.
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"ticket_ref" text NOT NULL,
	"ticket_key" text,
	"summary" text NOT NULL,
	"story_id" uuid,
	"story_identity" text NOT NULL,
	"identity_resolution" text NOT NULL,
	"first_scored_at" timestamp with time zone NOT NULL,
	"last_scored_at" timestamp with time zone NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"latest_overall_score" real,
	"latest_scores" jsonb,
	"work_item_type" text DEFAULT 'story' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "score_runs" ADD COLUMN "ticket_ref" text;--> statement-breakpoint
-- Existing runs: the key they were sent with, else their ticket id; an async run without a key recorded its job
-- id as ticket_id, a uuid no person knows, so it takes its story's billing identity instead.
UPDATE "score_runs" r SET "ticket_ref" = coalesce(
  nullif(btrim(r."ticket" ->> 'key'), ''),
  CASE WHEN r."source" = 'async' THEN (SELECT s."story_identity" FROM "stories" s WHERE s."id" = r."story_id") ELSE nullif(btrim(r."ticket_id"), '') END,
  (SELECT s."story_identity" FROM "stories" s WHERE s."id" = r."story_id"));--> statement-breakpoint
ALTER TABLE "score_runs" ALTER COLUMN "ticket_ref" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_customer_ref_idx" ON "tickets" USING btree ("customer_id","ticket_ref");--> statement-breakpoint
CREATE INDEX "tickets_customer_last_scored_idx" ON "tickets" USING btree ("customer_id","last_scored_at","id");--> statement-breakpoint
CREATE INDEX "tickets_customer_overall_idx" ON "tickets" USING btree ("customer_id","latest_overall_score","id");--> statement-breakpoint
CREATE INDEX "tickets_customer_run_count_idx" ON "tickets" USING btree ("customer_id","run_count","id");--> statement-breakpoint
CREATE INDEX "tickets_customer_story_idx" ON "tickets" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "score_runs_customer_ticket_created_idx" ON "score_runs" USING btree ("customer_id","ticket_ref","created_at");;--> statement-breakpoint
-- Sorting by summary, as stories_customer_summary_idx of 0003 (a whole summary could exceed the btree row limit).
CREATE INDEX IF NOT EXISTS "tickets_customer_summary_idx" ON "tickets" USING btree ("customer_id", lower(left("summary", 200)), "id");--> statement-breakpoint
-- One ticket per (customer, ticket_ref) of the existing runs: the latest run's values, the counts of all of them.
INSERT INTO "tickets" ("customer_id", "ticket_ref", "ticket_key", "summary", "story_id", "story_identity", "identity_resolution",
  "first_scored_at", "last_scored_at", "run_count", "latest_overall_score", "latest_scores", "work_item_type")
SELECT latest."customer_id", latest."ticket_ref", latest.ticket_key, coalesce(latest."ticket" ->> 'summary', s."summary"), s."id",
  s."story_identity", s."identity_resolution", agg.first_at, agg.last_at, agg.runs, latest."overall_score", latest."individual_scores",
  CASE WHEN latest."result" -> 'metadata' ->> 'work_item_type' IN ('story', 'bug', 'task', 'spike', 'epic')
    THEN latest."result" -> 'metadata' ->> 'work_item_type' ELSE 'story' END
FROM (
  SELECT DISTINCT ON (r."customer_id", r."ticket_ref") r.*, nullif(btrim(r."ticket" ->> 'key'), '') AS ticket_key
  FROM "score_runs" r
  ORDER BY r."customer_id", r."ticket_ref", r."created_at" DESC, r."id" DESC
) latest
JOIN "stories" s ON s."id" = latest."story_id"
JOIN (
  SELECT "customer_id", "ticket_ref", min("created_at") AS first_at, max("created_at") AS last_at, count(*)::int AS runs
  FROM "score_runs" GROUP BY "customer_id", "ticket_ref"
) agg ON agg."customer_id" = latest."customer_id" AND agg."ticket_ref" = latest."ticket_ref";
