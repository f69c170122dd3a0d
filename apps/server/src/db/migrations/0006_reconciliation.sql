-- Reconciliation reports (kept) and their mismatches; indexes that find the approved, platform-done
-- funding requests of a period.
CREATE TABLE "reconciliation_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"login" bigint,
	"period_from" bigint NOT NULL,
	"period_to" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint,
	"actor_id" text,
	"accounts_checked" integer DEFAULT 0 NOT NULL,
	"legs_checked" integer DEFAULT 0 NOT NULL,
	"deals_checked" integer DEFAULT 0 NOT NULL,
	"mismatch_count" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_mismatches" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"kind" text NOT NULL,
	"login" bigint NOT NULL,
	"request_type" text,
	"request_id" text,
	"request_status" text,
	"leg" text,
	"user_id" text,
	"currency" text DEFAULT '' NOT NULL,
	"expected_amount" numeric(18, 2),
	"approved_at" bigint,
	"deal_id" text,
	"deal_amount" numeric(18, 2),
	"deal_time" bigint,
	"comment" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_report_id_reconciliation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reconciliation_reports"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_started_idx" ON "reconciliation_reports" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "reconciliation_reports_login_idx" ON "reconciliation_reports" USING btree ("login","started_at" DESC NULLS LAST);
--> statement-breakpoint
-- One live daily run per day, across every server: a second server's claim of the same day conflicts.
CREATE UNIQUE INDEX "reconciliation_reports_daily_uq" ON "reconciliation_reports" USING btree ("period_from") WHERE "reconciliation_reports"."trigger" = 'daily' and "reconciliation_reports"."status" <> 'failed';
--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_report_idx" ON "reconciliation_mismatches" USING btree ("report_id","id");
--> statement-breakpoint
CREATE INDEX "deposits_platform_done_idx" ON "deposits" USING btree ("time_approved","account_number") WHERE "deposits"."status" = 'approved' and "deposits"."mt_status" = 'SUCCESS';
--> statement-breakpoint
CREATE INDEX "withdrawals_platform_done_idx" ON "withdrawals" USING btree ("time_approved","account_number") WHERE "withdrawals"."status" = 'approved' and "withdrawals"."mt_status" = 'SUCCESS';
--> statement-breakpoint
CREATE INDEX "transfers_approved_at_idx" ON "transfers" USING btree ((("times" ->> 'approved')::bigint)) WHERE ("transfers"."times" ->> 'approved') is not null;
