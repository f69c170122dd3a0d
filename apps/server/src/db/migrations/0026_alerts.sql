CREATE TABLE "alert_thresholds" (
	"rule" text NOT NULL,
	"setting" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"value" numeric(18, 2) NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "alert_thresholds_rule_setting_currency_pk" PRIMARY KEY("rule","setting","currency")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"request_type" text,
	"request_id" text,
	"rule" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"facts" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_to" text,
	"assigned_at" bigint,
	"note" text,
	"resolved_by" text,
	"resolved_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_dedupe_uq" ON "alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "alerts_status_created_idx" ON "alerts" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Appended by hand. The shared-identifier rule (docs/product.md [alerts.rules]) asks which clients used
-- one identifier: these partial indexes answer it without reading any client's whole history.
CREATE INDEX "deposits_source_identifier_idx" ON "deposits" USING btree ("source_identifier","user_id") WHERE "source_identifier" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "withdrawals_destination_identifier_idx" ON "withdrawals" USING btree ("destination_identifier","user_id") WHERE "destination_identifier" IS NOT NULL;--> statement-breakpoint
-- The rules' defaults (docs/product.md [alerts.thresholds]); a SYSOP changes them on /alerts/settings.
INSERT INTO "alert_thresholds" ("rule", "setting", "currency", "value", "updated_by", "updated_at") VALUES
  ('low-trading', 'min-lots', '', 1, 'migration', 0),
  ('split-deposits', 'window-hours', '', 24, 'migration', 0),
  ('shared-identifier', 'min-clients', '', 2, 'migration', 0),
  ('round-trip', 'share-percent', '', 80, 'migration', 0),
  ('round-trip', 'window-days', '', 7, 'migration', 0),
  ('round-trip', 'min-amount', 'EUR', 500, 'migration', 0),
  ('round-trip', 'min-amount', 'GBP', 500, 'migration', 0),
  ('round-trip', 'min-amount', 'USD', 500, 'migration', 0);
