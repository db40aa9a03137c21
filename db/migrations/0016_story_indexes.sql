-- The stories table keeps the indexes its queries use: the primary key and the unique (customer_id,
-- story_identity) index, which also serves any filter on customer_id alone. The five dropped here served the
-- dashboard's list before it moved to `tickets` (0013_ticket_refs, which has its own such indexes), and the
-- monthly count before the quota got its ledger (quota_usage); no query reads them any more. Every new story
-- wrote an entry in each, and every re-score too (it changes the last scored time, run count, latest score and
-- summary they were on), so a re-score could never be a heap-only update. Without them the score statement's
-- group of 8 runs takes about 10% less, a re-score rewrites no index, and no plan can pick one of them to look
-- a story up by its customer alone (the summary index once did: db/pglite-hot.ts).
DROP INDEX IF EXISTS "stories_customer_overall_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stories_customer_run_count_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stories_customer_summary_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stories_customer_month_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "stories_customer_last_scored_idx";
