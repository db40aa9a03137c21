-- Rule settings (issue #46, docs/rules.md): each customer's preset and per-code settings, applied wherever a
-- score is made; and the findings dismissed on the story page, each with its reason, kept while the story's text
-- (its content fingerprint) is unchanged.
CREATE TABLE IF NOT EXISTS "rule_settings" (
	"customer_id" text PRIMARY KEY NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"preset" text DEFAULT 'default' NOT NULL,
	"codes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "finding_dismissals" (
	"customer_id" text NOT NULL REFERENCES "customers"("id") ON DELETE CASCADE,
	"content_hash" text NOT NULL,
	"code" text NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finding_dismissals_customer_id_content_hash_code_pk" PRIMARY KEY("customer_id","content_hash","code")
);
