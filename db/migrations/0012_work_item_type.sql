-- The kind (story, bug, task, spike, epic) each story's latest run judged it as, for the stats filter and split.
ALTER TABLE "stories" ADD COLUMN "work_item_type" text DEFAULT 'story' NOT NULL;--> statement-breakpoint
-- Existing stories take the kind their latest run recorded (runs before kinds existed recorded none: story).
UPDATE "stories" s SET "work_item_type" = latest.kind
FROM (
  SELECT DISTINCT ON (r."story_id") r."story_id", r."result" -> 'metadata' ->> 'work_item_type' AS kind
  FROM "score_runs" r
  ORDER BY r."story_id", r."created_at" DESC
) latest
WHERE latest."story_id" = s."id" AND latest.kind IN ('story', 'bug', 'task', 'spike', 'epic');
