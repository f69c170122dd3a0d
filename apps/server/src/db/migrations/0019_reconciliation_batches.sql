-- Reconciliation reads deals a group at a time (a call per account was a million calls at
-- 1,000,000 accounts). Each finished batch of a run is kept with what it found, in the transaction that
-- writes its mismatches, so a run stopped with its server resumes after the last finished batch and
-- never counts a batch twice (the primary key).
CREATE TABLE IF NOT EXISTS "reconciliation_batches" (
	"report_id" text NOT NULL,
	"batch" text NOT NULL,
	"accounts_checked" integer DEFAULT 0 NOT NULL,
	"deals_checked" integer DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"finished_at" bigint NOT NULL,
	CONSTRAINT "reconciliation_batches_report_id_batch_pk" PRIMARY KEY("report_id","batch")
);
--> statement-breakpoint
ALTER TABLE "reconciliation_batches" ADD CONSTRAINT "reconciliation_batches_report_id_reconciliation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reconciliation_reports"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The groups of the live accounts, each group's count and its members, without reading every account.
CREATE INDEX IF NOT EXISTS "trading_accounts_live_group_idx" ON "trading_accounts" USING btree ("platform","account_group","number") WHERE "trading_accounts"."live" and "trading_accounts"."approved";
--> statement-breakpoint
-- The simulator reads a group's deals of a window.
CREATE INDEX IF NOT EXISTS "sim_deals_time_idx" ON "sim_deals" USING btree ("time");
