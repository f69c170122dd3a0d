-- Scheduled reports: staff subscribed by a SYSOP to a daily, weekly or monthly report in a time zone,
-- and each period's report of each subscription (one mail), claimed by one server before it is sent.
CREATE TABLE "report_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"frequency" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" bigint NOT NULL,
	"created_by" text NOT NULL,
	"cancelled_at" bigint,
	"cancelled_by" text
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"staff_id" text NOT NULL,
	"frequency" text NOT NULL,
	"time_zone" text NOT NULL,
	"period_from" bigint NOT NULL,
	"period_to" bigint NOT NULL,
	"period_key" text NOT NULL,
	"period_label" text NOT NULL,
	"trigger" text NOT NULL,
	"requested_by" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"claimed_until" bigint,
	"figures" jsonb,
	"made_at" bigint,
	"sent_at" bigint,
	"error" text DEFAULT '' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_subscription_id_report_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."report_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_scheduled_uq" ON "report_runs" USING btree ("subscription_id","period_from") WHERE "report_runs"."trigger" = 'scheduled';--> statement-breakpoint
CREATE INDEX "report_runs_created_idx" ON "report_runs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_runs_subscription_idx" ON "report_runs" USING btree ("subscription_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "report_runs_due_idx" ON "report_runs" USING btree ("next_attempt_at") WHERE "report_runs"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "report_subscriptions_live_uq" ON "report_subscriptions" USING btree ("staff_id","frequency","time_zone") WHERE "report_subscriptions"."cancelled_at" is null;
--> statement-breakpoint
-- A report's money by currency and method reads the approved deposits and withdrawals of its period by
-- approval time from these alone (index-only: the columns it sums are included), a month of a large book
-- in a fraction of a second and without touching the lists' indexes. Written by hand: drizzle-kit
-- cannot express INCLUDE.
CREATE INDEX IF NOT EXISTS "deposits_approved_at_idx" ON "deposits" USING btree ("time_approved") INCLUDE ("deposit_currency", "deposit_type", "deposit_amount_sent") WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "withdrawals_approved_at_idx" ON "withdrawals" USING btree ("time_approved") INCLUDE ("withdrawal_currency", "withdrawal_type", "withdrawal_amount") WHERE "status" = 'approved';
