-- Stats API: page and sort one scope's stories by each sortable column, ties broken by id
-- (last_scored_at is served by stories_customer_last_scored_idx of 0000_core).
-- Summaries are indexed as lower(left(summary, 200)): a whole summary could exceed the btree row limit.
CREATE INDEX IF NOT EXISTS "stories_customer_overall_idx" ON "stories" USING btree ("customer_id", "latest_overall_score", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_customer_run_count_idx" ON "stories" USING btree ("customer_id", "run_count", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stories_customer_summary_idx" ON "stories" USING btree ("customer_id", lower(left("summary", 200)), "id");
