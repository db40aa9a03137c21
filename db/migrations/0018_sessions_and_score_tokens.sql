-- Sign-out ends a dashboard session on the server (lib/auth/session-end.ts): the ids of sessions signed out
-- before they expired, kept until they would have expired anyway.
CREATE TABLE IF NOT EXISTS "ended_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "dashboard_users"("id") ON DELETE CASCADE,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ended_sessions_expires_idx" ON "ended_sessions" USING btree ("expires_at");--> statement-breakpoint
-- Scoring a public evaluator session again needs its uploader's token (lib/csv-flow/score-token.ts); only its
-- SHA-256 is stored. Sessions uploaded before have none and cannot be scored again (they expire within a day).
ALTER TABLE "csv_sessions" ADD COLUMN IF NOT EXISTS "score_token_hash" text;
