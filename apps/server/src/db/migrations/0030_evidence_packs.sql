CREATE TABLE "audit_anchor_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"reason" text NOT NULL,
	"head_id" integer NOT NULL,
	"anchor_last_seq" integer NOT NULL,
	"reported_at" bigint NOT NULL,
	"reported_by" text,
	"acknowledged_at" bigint,
	"acknowledged_by" text,
	"note" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_anchor_reports_anchor_uq" ON "audit_anchor_reports" USING btree ("day","signature");
