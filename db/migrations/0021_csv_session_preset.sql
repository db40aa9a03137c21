-- The rule preset a public evaluator session was scored with (default, strict or lenient: docs/rules.md), shown
-- with its results. Null for sessions scored before it was recorded: the evaluator offered the presets before it
-- stored the choice, so such a session's preset is unknown, not "default".
ALTER TABLE "csv_sessions" ADD COLUMN IF NOT EXISTS "preset" text;
