-- Queue claims and worker leases (docs/operations.md, "The queue"): with PostgreSQL and several worker
-- processes, a process that dies leaves its claimed pg-boss jobs `active`; these tables let the others hand
-- such jobs back within seconds instead of waiting for the queue's expiry.
-- queue_workers: one row per running worker process, its heartbeat refreshed every few seconds.
CREATE TABLE IF NOT EXISTS "queue_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- queue_claims: who claimed each queue job last, and when (the job's started_on at that claim). Written by a
-- trigger on pgboss.job (installed by the process that starts the queue: pg-boss creates its tables after the
-- migrations), so every way of fetching a job records its holder in the statement that claims it.
CREATE TABLE IF NOT EXISTS "queue_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"worker_id" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "queue_claims_worker_idx" ON "queue_claims" USING btree ("worker_id");--> statement-breakpoint
-- The holder is the claiming connection's application_name: every connection of a service process carries
-- the process's id there (db/client.ts, PROCESS_TAG).
CREATE OR REPLACE FUNCTION ssc_record_queue_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.queue_claims (job_id, queue, worker_id, claimed_at)
  VALUES (NEW.id, NEW.name, current_setting('application_name'), NEW.started_on)
  ON CONFLICT (job_id) DO UPDATE SET queue = EXCLUDED.queue, worker_id = EXCLUDED.worker_id, claimed_at = EXCLUDED.claimed_at;
  RETURN NULL;
END $$;
