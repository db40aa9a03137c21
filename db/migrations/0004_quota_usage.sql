CREATE TABLE "quota_usage" (
	"customer_id" text NOT NULL,
	"month" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quota_usage_customer_id_month_pk" PRIMARY KEY("customer_id","month")
);
--> statement-breakpoint
ALTER TABLE "quota_usage" ADD CONSTRAINT "quota_usage_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "quota_usage" ("customer_id", "month", "used")
SELECT "customer_id", "counted_month", count(*)::int FROM "stories" GROUP BY "customer_id", "counted_month"
ON CONFLICT DO NOTHING;
