-- Four-eyes approvals: thresholds per request type and currency (set by a SYSOP), and the approvals
-- of requests above them (first and second approver, times and comments).
CREATE TABLE "approval_thresholds" (
	"request_type" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "approval_thresholds_request_type_currency_pk" PRIMARY KEY("request_type","currency")
);
--> statement-breakpoint
CREATE TABLE "funding_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"request_type" text NOT NULL,
	"request_id" text NOT NULL,
	"action" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"currency" text NOT NULL,
	"threshold" numeric(18, 2) NOT NULL,
	"state" text NOT NULL,
	"first_by" text NOT NULL,
	"first_at" bigint NOT NULL,
	"first_comment" text DEFAULT '' NOT NULL,
	"second_by" text,
	"second_at" bigint,
	"second_comment" text,
	"cancelled_by" text,
	"cancelled_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "funding_approvals_awaiting_uq" ON "funding_approvals" USING btree ("request_type","request_id") WHERE "funding_approvals"."state" = 'awaiting';--> statement-breakpoint
CREATE INDEX "funding_approvals_request_idx" ON "funding_approvals" USING btree ("request_type","request_id","first_at");
