-- The parts of the money flow around the outbox worker.
-- A rejected withdrawal records when it was rejected, as a deposit does; timeApproved stays for approvals.
-- Rows rejected before this kept the rejection time in time_approved: it moves to time_rejected.
ALTER TABLE "withdrawals" ADD COLUMN "time_rejected" bigint;
--> statement-breakpoint
UPDATE "withdrawals" SET "time_rejected" = "time_approved", "time_approved" = NULL
WHERE "status" = 'rejected' AND "time_rejected" IS NULL;
--> statement-breakpoint
-- Provider sync walks the open card-provider orders by id (keyset): a range scan of this small index.
CREATE INDEX IF NOT EXISTS "withdrawals_provider_open_idx" ON "withdrawals" USING btree ("id")
WHERE "provider_handled" AND "status" IN ('pending', 'incomplete') AND "provider_status" <> 'PROCESSED';
--> statement-breakpoint
-- A running reconciliation beats while it works; one whose beat stopped (its server died) is marked failed.
ALTER TABLE "reconciliation_reports" ADD COLUMN "heartbeat_at" bigint;
--> statement-breakpoint
UPDATE "reconciliation_reports" SET "heartbeat_at" = "started_at" WHERE "status" = 'running';
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD COLUMN "critical" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- One row per operation key found on the platform more than once (money moved twice), across reports:
-- what the console's red badge counts until staff acknowledge it.
CREATE TABLE "reconciliation_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"login" bigint NOT NULL,
	"comment" text NOT NULL,
	"deal_count" integer NOT NULL,
	"deal_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_type" text,
	"request_id" text,
	"report_id" text NOT NULL,
	"found_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"acknowledged_at" bigint,
	"acknowledged_by" text
);
--> statement-breakpoint
ALTER TABLE "reconciliation_alerts" ADD CONSTRAINT "reconciliation_alerts_report_id_reconciliation_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reconciliation_reports"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_alerts_key_uq" ON "reconciliation_alerts" USING btree ("login","comment");
--> statement-breakpoint
CREATE INDEX "reconciliation_alerts_open_idx" ON "reconciliation_alerts" USING btree ("found_at" DESC,"id" DESC) WHERE "acknowledged_at" IS NULL;
--> statement-breakpoint
-- Live updates: a new or acknowledged alert reaches every console at once (the badge refetches).
CREATE TRIGGER "reconciliation_alerts_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "reconciliation_alerts"
FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
